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
import {
  addMoney,
  compareMoney,
  formatMoney,
  money,
  subtractMoney,
  toDecimalString,
  type Money,
} from '../../contract/money';
import type { EventBus } from '../../platform/events';
import { GATEWAY, type OrderActor } from './log';
import * as repo from './repo';

export type Arrival = {
  /** what arrived, in the attempt's currency */
  amount: Money;
  providerRef?: string | null;
  at?: Date;
  /** the manager who confirmed it, for a deal or an import */
  confirmedBy?: number | null;
  /** who recorded it, for the order log: a gateway's notification unless told */
  by?: OrderActor;
};

export type SettleOutcome = { state: 'succeeded' | 'partial' | 'already' | 'closed'; paidOrderIds: number[] };

export async function settle(
  tx: Tx,
  events: EventBus,
  conferenceId: number,
  attemptId: number,
  arrival: Arrival,
): Promise<SettleOutcome> {
  const attempt = await repo.lockAttempt(tx, conferenceId, attemptId);
  if (!attempt) throw new Error(`settle: no attempt ${attemptId} in conference ${conferenceId}`);
  if (attempt.state === 'succeeded') return { state: 'already', paidOrderIds: [] };
  const at = arrival.at ?? new Date();
  const asked = attempt.amount;

  if (compareMoney(arrival.amount, asked) < 0) {
    const received = addMoney(attempt.received_amount ?? money(0, attempt.currency), arrival.amount);
    await repo.updateAttempt(tx, conferenceId, attemptId, {
      received_amount: received.amount,
      provider_ref: arrival.providerRef ?? attempt.provider_ref,
    });
    await repo.insertAnomaly(tx, conferenceId, {
      kind: 'partial',
      attemptId,
      amount: arrival.amount,
      detail: `${attempt.attempt_no}: ${toDecimalString(arrival.amount)} of ${toDecimalString(asked)}`,
    });
    return { state: 'partial', paidOrderIds: [] };
  }

  await repo.updateAttempt(tx, conferenceId, attemptId, {
    state: 'succeeded',
    received_amount: arrival.amount.amount,
    provider_ref: arrival.providerRef ?? attempt.provider_ref,
    succeeded_at: toDbInstant(at),
    confirmed_by: arrival.confirmedBy ?? null,
  });
  if (compareMoney(arrival.amount, asked) > 0) {
    await repo.insertAnomaly(tx, conferenceId, {
      kind: 'overpaid',
      attemptId,
      amount: subtractMoney(arrival.amount, asked),
      detail: `${attempt.attempt_no}: ${formatMoney(arrival.amount, 'en')} for ${formatMoney(asked, 'en')}`,
    });
  }

  const parts = await repo.ordersOfAttempt(tx, conferenceId, attemptId);
  const orders = await repo.lockOrders(
    tx,
    conferenceId,
    parts.map((p) => p.order_id),
  );
  const paidOrderIds: number[] = [];
  let closed = false;
  for (const order of orders) {
    const part = parts.find((p) => p.order_id === order.id)!.amount;
    if (order.status === 'paid') {
      await repo.insertAnomaly(tx, conferenceId, {
        kind: 'duplicate',
        attemptId,
        orderId: order.id,
        amount: part,
        detail: `${order.order_no} was already paid; ${attempt.attempt_no} paid it again`,
      });
      continue;
    }
    if (order.status !== 'unpaid') {
      closed = true;
      await repo.insertAnomaly(tx, conferenceId, {
        kind: 'paidWhileClosed',
        attemptId,
        orderId: order.id,
        amount: part,
        detail: `${order.order_no} is ${order.status}; ${attempt.attempt_no} paid it`,
      });
      continue;
    }
    const covered = await repo.paidTowards(tx, conferenceId, order);
    if (compareMoney(covered, order.total_amount) < 0) continue;
    await repo.updateOrder(tx, conferenceId, order.id, {
      status: 'paid',
      paid_amount: covered.amount,
      paid_at: toDbInstant(at),
      closed_at: toDbInstant(at),
      open_slot: null,
    });
    paidOrderIds.push(order.id);
    await events.emit(tx, 'order.paid', {
      conferenceId,
      orderId: order.id,
      userId: order.user_id,
      type: order.type,
      amount: part,
      method: attempt.method,
      attemptNo: attempt.attempt_no,
      by: arrival.by ?? GATEWAY,
    });
  }
  return { state: closed && !paidOrderIds.length ? 'closed' : 'succeeded', paidOrderIds };
}
