/**
 * Queries of the orders' periodic work (jobs.ts). The job scans every conference, so the scans
 * are not scoped by conference; each order or attempt found is then changed through the
 * conference-scoped functions (claimReminder here, repo.ts's otherwise).
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { ONLINE_METHODS } from '../../contract/payments';
import { attemptOf, OPEN, orderOf, type AttemptRow, type OrderRow } from './repo';

/** Open orders whose deadline passed by `now`, the earliest first, at most `limit`. */
export async function ordersPastDeadline(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return (
    await db('orders')
      .whereIn('status', OPEN)
      .where('deadline_at', '<=', toDbInstant(now))
      .orderBy('deadline_at')
      .limit(limit)
  ).map(orderOf);
}

/**
 * Unpaid, unreminded orders whose deadline falls within `beforeMs` of `now` and that are at least
 * `olderThanMs` old, at most `limit`.
 */
export async function ordersToRemind(
  db: Db,
  now: Date,
  beforeMs: number,
  olderThanMs: number,
  limit: number,
): Promise<OrderRow[]> {
  return (
    await db('orders')
      .where('status', 'unpaid')
      .whereNull('reminded_at')
      .where('deadline_at', '>', toDbInstant(now))
      .where('deadline_at', '<=', toDbInstant(new Date(now.getTime() + beforeMs)))
      .where('created_at', '<=', toDbInstant(new Date(now.getTime() - olderThanMs)))
      .limit(limit)
  ).map(orderOf);
}

/** Marks the order reminded if it is still unpaid and unreminded: true for the one caller that did. */
export async function claimReminder(tx: Tx, conferenceId: number, id: number, now: Date): Promise<boolean> {
  const n = await tx('orders')
    .where({ conference_id: conferenceId, id, status: 'unpaid' })
    .whereNull('reminded_at')
    .update({ reminded_at: toDbInstant(now) });
  return n > 0;
}

/** Online attempts still open that began before `before` and were not asked about since, oldest first, at most `limit`. */
export async function attemptsToReconcile(db: Db, before: Date, limit: number): Promise<AttemptRow[]> {
  const at = toDbInstant(before);
  return (
    await db('payment_attempts')
      .whereIn('state', ['created', 'pending'])
      .whereIn('method', ONLINE_METHODS as string[])
      .where('created_at', '<=', at)
      .where((q) => q.whereNull('checked_at').orWhere('checked_at', '<=', at))
      .orderBy('id')
      .limit(limit)
  ).map(attemptOf);
}
