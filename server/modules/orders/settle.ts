/**
 * The one place where an order becomes paid (DESIGN.md 3). A manager's deal, a statement row and a
 * gateway's notification all end here: they record what arrived against one payment attempt, and
 * this function decides, inside the caller's transaction, what that does to the attempt's orders.
 *
 * - Idempotent: an attempt that already succeeded is left alone (a provider notifies twice; a
 *   statement is imported twice).
 * - An attempt paid for less than it asked for stays pending and is flagged "partial".
 * - An order is paid when its succeeded attempts cover its total; money beyond that, money for an
 *   order that is already paid, and money for a cancelled, expired or invalid order is flagged for
 *   the managers, never dropped (an older attempt paid late is still accepted this way).
 *
 * Rows are locked attempt first, then orders in id order, so two settlements never wait on each
 * other crosswise.
 */
import type { Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { formatMoney, money, toDecimalString } from '../../contract/money';
import type { EventBus } from '../../platform/events';
import * as repo from './repo';

export type Arrival = {
  /** what arrived, in the attempt's currency's minor units */
  amount: number;
  providerRef?: string | null;
  at?: Date;
  /** the manager who confirmed it, for a deal or an import */
  confirmedBy?: number | null;
};

export type SettleOutcome = { state: 'succeeded' | 'partial' | 'already' | 'closed'; paidOrderIds: number[] };

export async function settle(tx: Tx, events: EventBus, conferenceId: number, attemptId: number, arrival: Arrival): Promise<SettleOutcome> {
  const attempt = await repo.lockAttempt(tx, conferenceId, attemptId);
  if (!attempt) throw new Error(`settle: no attempt ${attemptId} in conference ${conferenceId}`);
  if (attempt.state === 'succeeded') return { state: 'already', paidOrderIds: [] };
  const at = arrival.at ?? new Date();
  const asked = Number(attempt.amount);
  const currency = attempt.currency;

  if (arrival.amount < asked) {
    const received = Number(attempt.received_amount ?? 0) + arrival.amount;
    await repo.updateAttempt(tx, conferenceId, attemptId, { received_amount: received, provider_ref: arrival.providerRef ?? attempt.provider_ref });
    await repo.insertAnomaly(tx, conferenceId, { kind: 'partial', attemptId, currency, amount: arrival.amount, detail: `${attempt.attempt_no}: ${toDecimalString(money(arrival.amount, currency))} of ${toDecimalString(money(asked, currency))}` });
    return { state: 'partial', paidOrderIds: [] };
  }

  await repo.updateAttempt(tx, conferenceId, attemptId, {
    state: 'succeeded',
    received_amount: arrival.amount,
    provider_ref: arrival.providerRef ?? attempt.provider_ref,
    succeeded_at: toDbInstant(at),
    confirmed_by: arrival.confirmedBy ?? null,
  });
  if (arrival.amount > asked) {
    await repo.insertAnomaly(tx, conferenceId, { kind: 'overpaid', attemptId, currency, amount: arrival.amount - asked, detail: `${attempt.attempt_no}: ${formatMoney(money(arrival.amount, currency), 'en')} for ${formatMoney(money(asked, currency), 'en')}` });
  }

  const parts = await repo.ordersOfAttempt(tx, conferenceId, attemptId);
  const orders = await repo.lockOrders(tx, conferenceId, parts.map((p) => Number(p.order_id)));
  const paidOrderIds: number[] = [];
  let closed = false;
  for (const order of orders) {
    const part = Number(parts.find((p) => Number(p.order_id) === Number(order.id))!.amount);
    if (order.status === 'paid') {
      await repo.insertAnomaly(tx, conferenceId, { kind: 'duplicate', attemptId, orderId: order.id, currency, amount: part, detail: `${order.order_no} was already paid; ${attempt.attempt_no} paid it again` });
      continue;
    }
    if (order.status !== 'unpaid') {
      closed = true;
      await repo.insertAnomaly(tx, conferenceId, { kind: 'paidWhileClosed', attemptId, orderId: order.id, currency, amount: part, detail: `${order.order_no} is ${order.status}; ${attempt.attempt_no} paid it` });
      continue;
    }
    const covered = await repo.paidTowards(tx, conferenceId, order.id);
    if (covered < Number(order.total_amount)) continue;
    await repo.updateOrder(tx, conferenceId, order.id, { status: 'paid', paid_amount: covered, paid_at: toDbInstant(at), closed_at: toDbInstant(at), open_slot: null });
    paidOrderIds.push(Number(order.id));
    await events.emit(tx, 'order.paid', { conferenceId, orderId: Number(order.id), userId: Number(order.user_id), type: order.type });
  }
  return { state: closed && !paidOrderIds.length ? 'closed' : 'succeeded', paidOrderIds };
}
