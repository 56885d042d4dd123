/**
 * The orders' periodic work, each under the scheduler's lease (one instance at a time) and, more
 * to the point, safe when two instances do it at once: every order is closed or reminded by a
 * conditional update of its own row, so of two runs that pick the same order one changes it and
 * the other finds nothing to change, and only the one that changed it gives the places back or
 * writes the mail.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { JobDefinition } from '../../platform/jobs';
import { logger } from '../../platform/logger';
import { reminderMail } from './mails';
import { PLATFORM } from './log';
import * as repo from './repo';
import * as jobsRepo from './jobsRepo';
import type { OrderService } from './service';

/** The reminder goes this long before the deadline (once; never for an order younger than an hour). */
export const REMIND_BEFORE_MS = 24 * 3600 * 1000;
const BATCH = 200;

/**
 * Expires the open orders whose deadline passed, except those waiting for an announced transfer
 * (a pending offline attempt that has not run out): answers how many it expired.
 */
export async function expireDue(db: Db, orders: OrderService, now = new Date()): Promise<number> {
  const due = await jobsRepo.ordersPastDeadline(db, now, BATCH);
  let expired = 0;
  for (const candidate of due) {
    const conferenceId = candidate.conference_id;
    const done = await inTransaction(db, async (tx) => {
      const [order] = await repo.lockOrders(tx, conferenceId, [candidate.id]);
      if (!order || !repo.OPEN.includes(order.status)) return false;
      const waiting = (await repo.attemptsOf(tx, conferenceId, [order.id])).some(
        (a) => a.state === 'pending' && a.expires_at > now,
      );
      if (waiting) return false;
      return orders.close(tx, conferenceId, order, 'expired', PLATFORM, 'deadlinePassed');
    });
    if (done) expired++;
  }
  return expired;
}

export async function remindDue(db: Db, orders: OrderService, now = new Date()): Promise<number> {
  const due = await jobsRepo.ordersToRemind(db, now, REMIND_BEFORE_MS, 3600 * 1000, BATCH);
  let sent = 0;
  for (const order of due) {
    const conferenceId = order.conference_id;
    const site = await orders.mailSite(conferenceId);
    if (!site) continue;
    const claimed = await inTransaction(db, async (tx) => {
      const claimed = await jobsRepo.claimReminder(tx, conferenceId, order.id, now);
      if (claimed) await reminderMail(tx, conferenceId, site, order);
      return claimed;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** An online attempt still open this long after it began is asked about at its gateway (a notification may have been lost). */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * The reconciler (issue 13): online attempts still open a while after they began are asked about
 * at their gateways, so a lost notification never leaves a paid order unpaid; one past its
 * deadline is asked a last time, then closed at the gateway and expired. Each attempt is claimed
 * by a conditional update (repo.claimCheck), so two instances never ask about it twice at once.
 */
export async function reconcile(
  db: Db,
  orders: OrderService,
  now = new Date(),
): Promise<{ asked: number; paid: number; expired: number }> {
  const open = await jobsRepo.attemptsToReconcile(db, new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH);
  const tally = { asked: 0, paid: 0, expired: 0 };
  for (const attempt of open) {
    const conferenceId = attempt.conference_id;
    const applied = await orders.gateways.ask(conferenceId, attempt, now, RECONCILE_AFTER_MS);
    if (applied !== 'skipped') tally.asked++;
    if (applied === 'paid') tally.paid++;
    // Past its deadline and not paid (or its gateway cannot be asked any more): it ends here. A
    // payment that still arrives is accepted by settle.ts and shown if its order closed meanwhile.
    if ((applied === 'pending' || applied === 'skipped') && attempt.expires_at <= now) {
      await orders.gateways.expire(conferenceId, attempt);
      tally.expired++;
    }
  }
  return tally;
}

export function orderJobs(db: Db, orders: OrderService): JobDefinition[] {
  return [
    {
      name: 'orders.expire',
      everyMs: 60_000,
      run: async ({ now }) => {
        const n = await expireDue(db, orders, now);
        if (n) logger.info({ expired: n }, 'orders expired');
      },
    },
    {
      name: 'orders.reconcile',
      everyMs: 60_000,
      run: async ({ now }) => {
        const tally = await reconcile(db, orders, now);
        if (tally.asked) logger.info(tally, 'payment attempts reconciled with their gateways');
      },
    },
    { name: 'orders.remind', everyMs: 5 * 60_000, run: async ({ now }) => void (await remindDue(db, orders, now)) },
  ];
}
