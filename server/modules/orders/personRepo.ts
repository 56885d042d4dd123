/**
 * Queries of a person's own orders data (personalData.ts): by person, across the conferences,
 * unlike repo.ts's, which are scoped by conference. Rows come back as stored.
 */
import type { Db, Tx } from '../../db/index';
import {
  attemptOf,
  itemOf,
  itemsSelect,
  orderOf,
  type AttemptRow,
  type ItemRow,
  type OrderRow,
  type StoredOrderRow,
} from './repo';
import { refundOf, type RefundRow } from './refundsRepo';
import { logRowsOf, type LogLine } from './logRepo';

export async function ordersOfPerson(db: Db, userId: number): Promise<OrderRow[]> {
  return (await db('orders').where({ user_id: userId }).orderBy('id')).map(orderOf);
}

export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return [];
  return (await itemsSelect(db).whereIn('i.order_id', orderIds).orderBy('i.id')).map(itemOf);
}

export async function attemptsOfPerson(db: Db, userId: number): Promise<AttemptRow[]> {
  return (await db('payment_attempts').where({ user_id: userId }).orderBy('id')).map(attemptOf);
}

export async function refundsOfOrders(db: Db, orderIds: number[]): Promise<RefundRow[]> {
  if (!orderIds.length) return [];
  return (await db('payment_refunds').whereIn('order_id', orderIds).orderBy('id')).map(refundOf);
}

/** The person's orders of the other conferences not hidden from them, newest first, at most `limit`. */
export async function visibleOrdersElsewhere(
  db: Db,
  conferenceId: number,
  userId: number,
  limit: number,
): Promise<OrderRow[]> {
  return (
    await db('orders')
      .where({ user_id: userId })
      .whereNot({ conference_id: conferenceId })
      .whereNull('hidden_at')
      .orderBy('id', 'desc')
      .limit(limit)
  ).map(orderOf);
}

/** The person's orders whose remark is not yet erased, at most `limit`. */
export async function ordersToErase(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<Array<Pick<StoredOrderRow, 'id' | 'conference_id' | 'paid_amount'>>> {
  return tx('orders')
    .where({ user_id: userId })
    .whereNull('personal_data_erased_at')
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id', 'paid_amount');
}

/**
 * An order keeps its amounts, number, dates and payments, and loses its remark, with the copy of
 * it in its log's 'remarked' lines (the one change a log line ever sees).
 */
export async function eraseOrderRemark(
  tx: Tx,
  order: Pick<StoredOrderRow, 'id' | 'conference_id'>,
  now: string,
): Promise<void> {
  await tx('orders').where({ id: order.id }).update({ remark: null, personal_data_erased_at: now });
  await tx('order_log')
    .where({ conference_id: order.conference_id, order_id: order.id, action: 'remarked' })
    .update({ detail: '' });
}

/** The log lines of these orders (the person's own), oldest first; read per conference, as the log's index is. */
export async function logOfOrders(db: Db, orders: Array<Pick<OrderRow, 'id' | 'conference_id'>>): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  for (const conferenceId of new Set(orders.map((o) => o.conference_id))) {
    const ids = orders.filter((o) => o.conference_id === conferenceId).map((o) => o.id);
    lines.push(...(await logRowsOf(db, conferenceId, ids)));
  }
  return lines.sort((x, y) => x.id - y.id);
}
