/**
 * What finishing a sign-in may cost the platform (DESIGN.md 5: an anonymous request costs little).
 * Finishing exchanges the code at the provider, an outbound call, and the callback is anonymous:
 * the flow cookie it needs comes from /sso/start for free, and a signed cookie alone could be sent
 * again and again for ten minutes. So, before the exchange, counted in the platform's rate
 * limiter (shared by every instance with Redis):
 *
 * - a flow is exchanged once: its state is spent by the first exchange;
 * - per client address, EXCHANGES.perIp in ten minutes (room for a campus behind one address);
 * - per provider, EXCHANGES.perProviderPerMinute, whoever asks.
 *
 * Past a limit the callback fails without calling the provider (429 on the API).
 */
import { AppError, tooManyRequests } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import { FLOW_TTL_MS } from './ssoFlow';

export const EXCHANGES = { perIp: 120, perIpWindowMs: 10 * 60_000, perProviderPerMinute: 600 };

export async function spendExchange(
  limiter: RateLimiter,
  flow: { state: string; providerId: number },
  ip: string,
): Promise<void> {
  // Spent even when a later limit refuses: a flow that was refused is not tried again.
  if (!(await limiter.hit(`sso-exchange:flow:${flow.state}`, 1, FLOW_TTL_MS)).allowed)
    throw new AppError(400, 'sso.loginFailed');
  const perIp = `sso-exchange:ip:${ip}`;
  if (!(await limiter.hit(perIp, EXCHANGES.perIp, EXCHANGES.perIpWindowMs)).allowed) {
    await limiter.release(perIp);
    throw tooManyRequests();
  }
  if (
    !(await limiter.hit(`sso-exchange:provider:${flow.providerId}`, EXCHANGES.perProviderPerMinute, 60_000)).allowed
  ) {
    await limiter.release(perIp);
    throw tooManyRequests();
  }
}
