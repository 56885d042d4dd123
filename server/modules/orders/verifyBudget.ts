/**
 * How much gateway work anonymous callbacks may cause (DESIGN.md 5: an anonymous request costs
 * little). PayPal verifies a webhook only by a call to PayPal, so every callback that passes the
 * cheap checks (gateway.ts) still costs an outbound call; this bounds them:
 *
 * - calls in flight at once, per conference and in total: an in-process count, so per instance;
 * - calls a minute, per conference and in total: the platform's rate limiter, shared by every
 *   instance when Redis is configured;
 * - byte-identical callbacks arriving together (a gateway's retry racing its first delivery) share
 *   one handling instead of each taking a slot.
 *
 * Past a bound the callback is answered BUSY (503 with Retry-After): the gateway delivers it
 * again later, and the payer's return and the reconciler reach the same result meanwhile.
 */
import type { RateLimiter } from '../../platform/rateLimit';

export const VERIFY_LIMITS = {
  concurrentPerConference: 4,
  concurrentTotal: 16,
  perMinutePerConference: 120,
  perMinuteTotal: 1200,
};
export type VerifyLimits = typeof VERIFY_LIMITS;

export const BUSY = Symbol('busy');

export class VerifyBudget {
  private readonly inFlight = new Map<number, number>();
  private total = 0;
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: VerifyLimits = VERIFY_LIMITS,
  ) {}

  /**
   * Runs `work` (whatever outbound calls one callback needs) when the budgets allow, else answers
   * BUSY. `sameAs` names the callback's exact bytes: a run for the same bytes in progress is
   * shared, never run twice at once.
   */
  async run<T>(conferenceId: number, sameAs: string, work: () => Promise<T>): Promise<T | typeof BUSY> {
    const key = `${conferenceId}:${sameAs}`;
    const running = this.shared.get(key) as Promise<T | typeof BUSY> | undefined;
    if (running) return running;
    const here = this.inFlight.get(conferenceId) ?? 0;
    if (here >= this.limits.concurrentPerConference || this.total >= this.limits.concurrentTotal) return BUSY;
    // The slot is taken before the first await, so a burst cannot all pass the check above.
    this.inFlight.set(conferenceId, here + 1);
    this.total++;
    const done = (async () => {
      try {
        return (await this.minuteAllows(conferenceId)) ? await work() : BUSY;
      } finally {
        const left = (this.inFlight.get(conferenceId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(conferenceId, left);
        else this.inFlight.delete(conferenceId);
        this.total--;
        this.shared.delete(key);
      }
    })();
    this.shared.set(key, done);
    return done;
  }

  private async minuteAllows(conferenceId: number): Promise<boolean> {
    const conference = `gateway-verify:conference:${conferenceId}`;
    if (!(await this.limiter.hit(conference, this.limits.perMinutePerConference, 60_000)).allowed) return false;
    if ((await this.limiter.hit('gateway-verify:total', this.limits.perMinuteTotal, 60_000)).allowed) return true;
    // Refused by the total: this conference's minute was not used.
    await this.limiter.release(conference);
    return false;
  }
}
