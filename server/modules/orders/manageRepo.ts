/**
 * Queries of the managers' order list and its export (manage.ts, manageExport.ts): the orders of a
 * filter (status, type, number, people, days created or paid, currency, method), counted, paged or
 * read whole, and the fingerprint of what an export of them shows. Every function takes the
 * conference first.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import type { OrderQuery } from '../../contract/orders';
import { whereLocalDays } from '../../platform/overviewFigures';
import { accountIdsMatching } from '../accounts/index';
import type { OrderRow, StoredOrderRow } from './tables';
import { orderOf } from './repo';

/** The list's filter, without its page. */
export type OrderFilter = Omit<OrderQuery, 'page' | 'size'>;

function filtered(db: Db, conferenceId: number, q: OrderFilter, timeZoneOffsetMs = 0) {
  const query = db('orders as o').where('o.conference_id', conferenceId);
  if (q.status) query.where('o.status', q.status);
  if (q.type) query.where('o.type', q.type);
  if (q.orderNo) query.where('o.order_no', q.orderNo);
  // by e-mail or name: accounts owns them, and the database joins its subquery to this conference's orders
  if (q.person) query.whereIn('o.user_id', accountIdsMatching(db, q.person));
  if (q.from)
    query.where('o.created_at', '>=', toDbInstant(new Date(Date.parse(`${q.from}T00:00:00Z`) - timeZoneOffsetMs)));
  if (q.to)
    query.where(
      'o.created_at',
      '<',
      toDbInstant(new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 - timeZoneOffsetMs)),
    );
  if (q.currency) query.where('o.currency', q.currency);
  // paid on those days: a succeeded payment of the order, its day as the overview counts it (moneyFigures)
  if (q.paidFrom || q.paidTo) {
    query.whereExists((e) => {
      e.select(db.raw('1'))
        .from('attempt_orders as ap')
        .join('payment_attempts as pa', 'pa.id', 'ap.attempt_id')
        .whereRaw('ap.order_id = o.id')
        .where('pa.state', 'succeeded');
      whereLocalDays(e, 'pa.succeeded_at', { from: q.paidFrom, to: q.paidTo }, Math.round(timeZoneOffsetMs / 60_000));
    });
  }
  if (q.method)
    query.whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('attempt_orders as ao')
        .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
        .whereRaw('ao.order_id = o.id')
        .where('a.method', q.method!),
    );
  return query;
}

/** How many orders the filter finds. */
export async function countOrders(db: Db, conferenceId: number, q: OrderFilter, offsetMs: number): Promise<number> {
  const row = await filtered(db, conferenceId, q, offsetMs).count<Array<{ n: number | string }>>({ n: 'o.id' });
  return Number(row[0]?.n ?? 0);
}

/** The orders of the filter, newest first, a page of them. */
export async function pageOfOrders(
  db: Db,
  conferenceId: number,
  q: OrderFilter,
  offsetMs: number,
  page: { page: number; size: number },
): Promise<OrderRow[]> {
  return filtered(db, conferenceId, q, offsetMs)
    .orderBy('o.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .select<StoredOrderRow[]>('o.*')
    .then((rows) => rows.map(orderOf));
}

/** The orders of the filter, oldest first, at most `max` (an export). */
export async function ordersOfFilter(
  db: Db,
  conferenceId: number,
  q: OrderFilter,
  offsetMs: number,
  max: number,
): Promise<OrderRow[]> {
  return (await filtered(db, conferenceId, q, offsetMs).orderBy('o.id').limit(max).select<StoredOrderRow[]>('o.*')).map(
    orderOf,
  );
}

/**
 * The fingerprint of the filter's orders (their count and last change) and of the conference's
 * payment attempts (an order's method, reference and transaction come from them).
 */
export async function filterStamps(db: Db, conferenceId: number, q: OrderFilter, offsetMs: number): Promise<string[]> {
  type Stamp = Array<{ n: number | string; last: string | null }>;
  const [orders] = await filtered(db, conferenceId, q, offsetMs)
    .count({ n: 'o.id' })
    .max<Stamp>({ last: 'o.updated_at' });
  const [attempts] = await db('payment_attempts')
    .where('conference_id', conferenceId)
    .count({ n: '*' })
    .max<Stamp>({ last: 'updated_at' });
  return [orders, attempts].map((s) => `${Number(s?.n ?? 0)}@${s?.last ?? ''}`);
}
