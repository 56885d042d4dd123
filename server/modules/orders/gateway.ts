/**
 * What a payment gateway says, and what it does to an attempt (issue 13). Three roads lead here —
 * the gateway's notification, the payer's "refresh status" (or return from the gateway), and the
 * reconciler — and all of them end in `apply`, so they cannot disagree:
 *
 * - paid, for exactly the amount and currency the attempt asked: settle.ts (idempotent; a late
 *   payment of an older attempt is still accepted; a second payment of a paid order is flagged);
 * - paid for another amount or currency: flagged 'mismatch', never marked paid;
 * - failed, canceled or expired: the attempt says so, unless it already succeeded.
 *
 * A notification is answered only after its change committed, so a gateway whose answer was lost
 * sends it again and finds it done. One that is not genuine changes nothing; it is logged and shown
 * to the managers once per attempt (not once per forged request).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { equalMoney, formatMoney } from '../../contract/money';
import { logger } from '../../platform/logger';
import type { AttemptRef, GatewayReply, NotificationClaim, NotificationRequest, ProviderOutcome } from '../payments';
import { GatewayError, NotificationRefused } from '../payments';
import type { PaymentsPort, Provider } from './ports';
import * as repo from './repo';
import type { Arrival, SettleOutcome } from './settle';
import type { Tx } from '../../db/index';
import { BUSY, type VerifyBudget } from './verifyBudget';

/** What this needs of the order service: settle in a transaction and send the paid mails (service.ts). */
export type Settling = {
  settleAndMail(
    conferenceId: number,
    work: (
      tx: Tx,
      settleNow: (attemptId: number, arrival: Arrival) => Promise<SettleOutcome>,
    ) => Promise<SettleOutcome | null>,
  ): Promise<SettleOutcome | null>;
};

export type Applied = 'paid' | 'already' | 'mismatch' | 'pending' | 'closed';

/** The last segment, in place of an attempt number, of the one address a gateway posts all its events to: PayPal's webhook, /payment/notify/onlineWallet/webhook. */
export const WEBHOOK = 'webhook';
/** The same for the address a gateway posts refund results to (UnionPay's backUrl of a refund, /payment/notify/<method>/refund): read, verified, acknowledged. */
export const REFUND_NOTICE = 'refund';

/** How often the same attempt may be asked about at its gateway (the payer's button, the dialog's polling). */
export const ASK_EVERY_MS = 3_000;

const FINAL = new Set(['succeeded', 'failed', 'canceled', 'expired']);

/** The answer to a callback past the verification budget (verifyBudget.ts): the gateway delivers it again later. */
const BUSY_REPLY: GatewayReply = { status: 503, contentType: 'text/plain', body: 'busy', retryAfterSeconds: 60 };

/**
 * Whether a callback's claim names an attempt that still waits for its gateway: of this method,
 * not yet succeeded (a cancelled or expired one may still be paid late: settle.ts accepts and
 * flags it), and started at the gateway under the very id the callback names.
 */
function awaitsGateway(
  attempt: repo.AttemptRow | undefined,
  method: string,
  claim: NotificationClaim,
): attempt is repo.AttemptRow {
  return Boolean(
    attempt &&
    attempt.method === method &&
    attempt.state !== 'succeeded' &&
    attempt.provider_ref &&
    attempt.provider_ref.split('/')[0] === claim.gatewayRef,
  );
}

/** A callback's exact bytes (headers as the provider reads them, and the body), to share one handling between identical ones. */
function fingerprint(req: NotificationRequest): string {
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(req.headers).sort()) hash.update(`${name}:${String(req.headers[name])}\n`);
  return hash.update(req.rawBody).digest('base64url');
}

export class GatewayPayments {
  constructor(
    private readonly db: Db,
    private readonly orders: Settling,
    private readonly payments: () => PaymentsPort,
    private readonly budget: VerifyBudget,
  ) {}

  /** The attempt as its provider sees it, with the method's opened configuration; null when the method has no gateway or no configuration. */
  async refOf(attempt: repo.AttemptRow): Promise<{ provider: Provider; ref: AttemptRef } | null> {
    const provider = this.payments().provider(attempt.method);
    if (!provider?.online) return null;
    const config = await this.payments().configOf(attempt.conference_id, attempt.method);
    if (!config) return null;
    return {
      provider,
      ref: {
        conferenceId: attempt.conference_id,
        attemptNo: attempt.attempt_no,
        amount: attempt.amount,
        providerRef: attempt.provider_ref,
        createdAt: attempt.created_at,
        config,
      },
    };
  }

  /** What the gateway said, applied to the attempt (see the header). */
  async apply(conferenceId: number, attempt: repo.AttemptRow, outcome: ProviderOutcome): Promise<Applied> {
    if (outcome.state === 'succeeded') {
      const asked = attempt.amount;
      if (!outcome.amount || !equalMoney(outcome.amount, asked)) {
        const said = outcome.amount ? formatMoney(outcome.amount, 'en') : 'no amount';
        await inTransaction(this.db, async (tx) => {
          const locked = await repo.lockAttempt(tx, conferenceId, attempt.id);
          if (outcome.providerRef && locked && !locked.provider_ref)
            await repo.updateAttempt(tx, conferenceId, attempt.id, { provider_ref: outcome.providerRef });
          if (await repo.openAnomalyOf(tx, conferenceId, attempt.id, 'mismatch')) return;
          await repo.insertAnomaly(tx, conferenceId, {
            kind: 'mismatch',
            attemptId: attempt.id,
            amount: outcome.amount ?? null,
            detail: `${attempt.attempt_no}: the gateway reported ${said} paid for ${formatMoney(asked, 'en')}`,
          });
        });
        logger.warn(
          { attemptNo: attempt.attempt_no, said, asked: formatMoney(asked, 'en') },
          'payment amount or currency mismatch: not marked paid',
        );
        return 'mismatch';
      }
      const settled = await this.orders.settleAndMail(conferenceId, async (_tx, settleNow) =>
        settleNow(attempt.id, {
          amount: outcome.amount!,
          providerRef: outcome.providerRef ?? null,
          at: outcome.paidAt,
        }),
      );
      return settled?.state === 'already' ? 'already' : settled?.state === 'closed' ? 'closed' : 'paid';
    }
    if (outcome.state !== 'pending') {
      await repo.finishAttempt(this.db, conferenceId, attempt.id, outcome.state, outcome.providerRef);
      return 'closed';
    }
    return 'pending';
  }

  /**
   * A gateway's callback at POST /payment/notify/:method/:attemptNo on a conference's host, outside
   * /api (notify.ts reads its raw body). The attempt is looked up in that conference only, so a
   * notification sent to another conference's address finds nothing.
   */
  async notify(
    conferenceId: number | null,
    method: string,
    attemptNo: string,
    req: NotificationRequest,
    now = new Date(),
  ): Promise<GatewayReply> {
    const provider = this.payments().provider(method);
    if (!provider?.online || !provider.parseNotification)
      return { status: 404, contentType: 'text/plain', body: 'unknown payment method' };
    const reply = (ok: boolean) =>
      provider.notificationReply?.(ok) ?? {
        status: ok ? 200 : 400,
        contentType: 'text/plain',
        body: ok ? 'ok' : 'refused',
      };
    if (provider.claimOf) return this.claimed(conferenceId, method, attemptNo, provider, req, now, reply);
    if ((attemptNo === WEBHOOK || attemptNo === REFUND_NOTICE) && conferenceId)
      return this.webhook(conferenceId, method, provider, req, now, reply);
    const attempt =
      conferenceId && /^[A-Za-z0-9]{1,32}$/.test(attemptNo)
        ? await repo.findAttempt(this.db, conferenceId, attemptNo)
        : undefined;
    if (!conferenceId || !attempt || attempt.method !== method) {
      logger.warn(
        { conferenceId, method, attemptNo },
        'payment notification for no attempt of this conference: refused',
      );
      return reply(false);
    }
    const found = await this.refOf(attempt);
    if (!found) return reply(false);
    let outcome: ProviderOutcome | null;
    try {
      outcome = await provider.parseNotification(req, found.ref.config, now);
      if (outcome && outcome.attemptNo !== attempt.attempt_no)
        throw new NotificationRefused(`it is about ${outcome.attemptNo}, sent to the address of ${attempt.attempt_no}`);
    } catch (err) {
      if (!(err instanceof NotificationRefused) && !(err instanceof GatewayError)) throw err;
      await this.refused(conferenceId, attempt, err.message);
      return reply(false);
    }
    if (outcome) await this.apply(conferenceId, attempt, outcome);
    return reply(true);
  }

  /**
   * A gateway that posts every event to one registered address (PayPal's webhook): the event is
   * verified with the conference's configuration of the method, then the attempt it names is
   * looked up in that conference.
   */
  private async webhook(
    conferenceId: number,
    method: string,
    provider: Provider,
    req: NotificationRequest,
    now: Date,
    reply: (ok: boolean) => GatewayReply,
  ): Promise<GatewayReply> {
    const config = await this.payments().configOf(conferenceId, method);
    if (!config) return reply(false);
    let outcome: ProviderOutcome | null;
    try {
      outcome = await provider.parseNotification!(req, config, now);
    } catch (err) {
      if (!(err instanceof NotificationRefused) && !(err instanceof GatewayError)) throw err;
      logger.warn({ conferenceId, method, reason: err.message }, 'payment webhook refused');
      return reply(false);
    }
    if (!outcome) return reply(true);
    const attempt = await repo.findAttempt(this.db, conferenceId, outcome.attemptNo);
    if (!attempt || attempt.method !== method) {
      logger.warn(
        { conferenceId, method, attemptNo: outcome.attemptNo },
        'payment webhook for no attempt of this conference: refused',
      );
      return reply(false);
    }
    await this.apply(conferenceId, attempt, outcome);
    return reply(true);
  }

  /**
   * A gateway that verifies by being called (PayPal; see claimOf): cheap checks first — the
   * callback is well formed, about an event we act on, and names an attempt of this conference
   * waiting for this gateway under the order id it names — and only then the outbound calls,
   * within the verification budget (verifyBudget.ts). A callback naming no such attempt is
   * acknowledged (200) and ignored: nothing to change, and a genuine event about something else
   * (an app shared with another shop, an attempt already paid) is not redelivered for days.
   */
  private async claimed(
    conferenceId: number | null,
    method: string,
    addressedTo: string,
    provider: Provider,
    req: NotificationRequest,
    now: Date,
    reply: (ok: boolean) => GatewayReply,
  ): Promise<GatewayReply> {
    if (!conferenceId) return reply(false);
    let claim: NotificationClaim | null;
    try {
      claim = provider.claimOf!(req, now);
    } catch (err) {
      if (!(err instanceof NotificationRefused)) throw err;
      logger.warn({ conferenceId, method, reason: err.message }, 'payment callback refused unverified');
      return reply(false);
    }
    if (!claim) return reply(true);
    // The gateway posts to its one address; an attempt's own address takes only that attempt.
    if (addressedTo !== WEBHOOK && addressedTo !== claim.attemptNo) return reply(false);
    const attempt = await repo.findAttempt(this.db, conferenceId, claim.attemptNo);
    if (!awaitsGateway(attempt, method, claim)) {
      logger.info(
        { conferenceId, method, attemptNo: claim.attemptNo },
        'payment callback names no attempt waiting here: ignored unverified',
      );
      return reply(true);
    }
    const config = await this.payments().configOf(conferenceId, method);
    if (!config) return reply(false);
    const answer = await this.budget.run(conferenceId, fingerprint(req), async () => {
      let outcome: ProviderOutcome | null;
      try {
        outcome = await provider.parseNotification!(req, config, now);
        if (outcome && outcome.attemptNo !== attempt.attempt_no)
          throw new NotificationRefused(`it is about ${outcome.attemptNo}, claimed ${attempt.attempt_no}`);
      } catch (err) {
        if (!(err instanceof NotificationRefused) && !(err instanceof GatewayError)) throw err;
        logger.warn(
          { conferenceId, method, attemptNo: attempt.attempt_no, reason: err.message },
          'payment callback refused',
        );
        return reply(false);
      }
      if (outcome) await this.apply(conferenceId, attempt, outcome);
      return reply(true);
    });
    if (answer !== BUSY) return answer;
    logger.warn({ conferenceId, method }, 'payment callback past the verification budget: answered busy');
    return BUSY_REPLY;
  }

  private async refused(conferenceId: number, attempt: repo.AttemptRow, reason: string): Promise<void> {
    logger.warn(
      { conferenceId, attemptNo: attempt.attempt_no, method: attempt.method, reason },
      'payment notification refused',
    );
    await inTransaction(this.db, async (tx) => {
      await repo.lockAttempt(tx, conferenceId, attempt.id);
      if (await repo.openAnomalyOf(tx, conferenceId, attempt.id, 'refused')) return;
      await repo.insertAnomaly(tx, conferenceId, {
        kind: 'refused',
        attemptId: attempt.id,
        detail: `${attempt.attempt_no} (${attempt.method}): a notification was refused: ${reason}`,
      });
    });
  }

  /**
   * Asks the gateway about an attempt that is not final (the payer's "refresh status", the
   * reconciler), at most once per ASK_EVERY_MS per attempt across all instances: the right to ask
   * is taken by a conditional update of the attempt's `checked_at`, outside any transaction.
   * PayPal captures here (confirmReturn); the others answer a query.
   */
  async ask(
    conferenceId: number,
    attempt: repo.AttemptRow,
    now = new Date(),
    everyMs = ASK_EVERY_MS,
  ): Promise<Applied | 'skipped'> {
    if (FINAL.has(attempt.state)) return 'skipped';
    const found = await this.refOf(attempt);
    const asking = found?.provider.confirmReturn ?? found?.provider.query;
    if (!found || !asking) return 'skipped';
    if (!(await repo.claimCheck(this.db, conferenceId, attempt.id, now, everyMs))) return 'skipped';
    try {
      const outcome = await asking.call(found.provider, found.ref, {});
      return await this.apply(conferenceId, attempt, outcome);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      logger.warn({ attemptNo: attempt.attempt_no, detail: err.detail }, 'payment gateway query failed');
      return 'skipped';
    }
  }

  /**
   * A newer attempt opened for some of these orders: the older online attempts still open are
   * closed at their gateways where the protocol allows (best effort: a payment that arrives
   * anyway is still accepted by settle.ts) and marked canceled here.
   */
  async closeOlder(conferenceId: number, orderIds: number[], keepAttemptNo: string): Promise<void> {
    const older = (await repo.attemptsOf(this.db, conferenceId, orderIds)).filter(
      (a) => a.attempt_no !== keepAttemptNo && (a.state === 'created' || a.state === 'pending'),
    );
    const seen = new Set<number>();
    for (const attempt of older) {
      if (seen.has(attempt.id)) continue;
      seen.add(attempt.id);
      const found = await this.refOf(attempt);
      if (!found) continue;
      try {
        await found.provider.close?.(found.ref);
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        logger.warn(
          { attemptNo: attempt.attempt_no, detail: err.detail },
          'closing an older payment attempt at its gateway failed',
        );
      }
      await repo.finishAttempt(this.db, conferenceId, attempt.id, 'canceled');
    }
  }

  /** When the reconciler gives up on an attempt: closed at the gateway, then expired here. */
  async expire(conferenceId: number, attempt: repo.AttemptRow): Promise<void> {
    const found = await this.refOf(attempt);
    try {
      await found?.provider.close?.(found.ref);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
    }
    await repo.finishAttempt(this.db, conferenceId, attempt.id, 'expired');
  }
}
