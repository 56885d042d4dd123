/**
 * Queries of the orders module's orders and their lines. It owns (server/db/owners.ts) `orders`,
 * `order_items`, `payment_attempts`, `attempt_orders`, `payment_anomalies`, `payment_refunds`,
 * `statement_mappings`, `statement_rows` and `order_log`, typed in tables.ts. The attempts'
 * queries are attemptsRepo.ts, the payment queue's anomalyRepo.ts and the lines' writes
 * linesRepo.ts, all re-exported here; the managers' list manageRepo.ts, the statement import
 * statementRepo.ts, refunds, the log, the jobs and a person's data have their own. Every
 * function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { OrderStatus, OrderType } from '../../contract/orders';
import { localDaySql, num } from '../../platform/overviewFigures';
import type { ItemRow, OrderRow, StoredItemRow, StoredOrderRow } from './tables';

export type {
  AnomalyRow,
  AttemptRow,
  ItemRow,
  OrderRow,
  StatementRowRow,
  StoredItemRow,
  StoredOrderRow,
} from './tables';
import { readByIdChunks } from '../../db/idChunks';
// the attempts' and the payment queue's queries, under the one name the module's files use (repo.x)
export * from './attemptsRepo';
export * from './anomalyRepo';
export * from './linesRepo';

type Conn = Db | Tx;

export const OPEN: readonly OrderStatus[] = ['unpaid', 'invalid'];

/** An order line read with its order's currencies (itemsSelect). */
export type StoredItemWithCurrencies = StoredItemRow & {
  order_currency: string;
  order_display_currency: string | null;
};

/** The line as the repositories hand it out: its prices as `Money` in the order's currency and display currency. */
export function itemOf(r: StoredItemWithCurrencies): ItemRow {
  const { order_currency, order_display_currency, unit_amount, display_unit_amount, ...rest } = r;
  return {
    ...rest,
    unit_amount: moneyFromColumn(unit_amount, order_currency),
    display_unit_amount:
      display_unit_amount == null
        ? null
        : moneyFromColumn(display_unit_amount, order_display_currency || order_currency),
  };
}

/** Order lines joined to their orders, selecting what itemOf needs. */
export function itemsSelect(db: Conn) {
  return db('order_items as i')
    .join('orders as o', function () {
      this.on('o.id', '=', 'i.order_id').andOn('o.conference_id', '=', 'i.conference_id');
    })
    .select<StoredItemWithCurrencies[]>(
      'i.*',
      'o.currency as order_currency',
      'o.display_currency as order_display_currency',
    );
}

/** The order as the repositories hand it out: its money in its currency, its instants as `Date`. */
export function orderOf(r: StoredOrderRow): OrderRow {
  const { personal_data_erased_at, ...rest } = r;
  return {
    ...rest,
    total_amount: moneyFromColumn(r.total_amount, r.currency),
    paid_amount: moneyFromColumn(r.paid_amount, r.currency),
    deadline_at: fromDbInstant(r.deadline_at)!,
    paid_at: fromDbInstant(r.paid_at),
    closed_at: fromDbInstant(r.closed_at),
    reminded_at: fromDbInstant(r.reminded_at),
    hidden_at: fromDbInstant(r.hidden_at),
    created_at: fromDbInstant(r.created_at)!,
    updated_at: fromDbInstant(r.updated_at)!,
    ...(personal_data_erased_at !== undefined && { personal_data_erased_at: fromDbInstant(personal_data_erased_at) }),
  };
}

export async function findOrder(db: Conn, conferenceId: number, id: number): Promise<OrderRow | undefined> {
  const row = await db('orders').where({ conference_id: conferenceId, id }).first();
  return row && orderOf(row);
}

export async function findOrderByNo(db: Conn, conferenceId: number, orderNo: string): Promise<OrderRow | undefined> {
  const row = await db('orders').where({ conference_id: conferenceId, order_no: orderNo }).first();
  return row && orderOf(row);
}

/** The orders' rows locked for the rest of the transaction, in id order (the fixed order: no deadlock between two payers). */
export async function lockOrders(tx: Tx, conferenceId: number, ids: number[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = (await lockForUpdate(tx, tx('orders').where({ conference_id: conferenceId, id })).first()) as
      StoredOrderRow | undefined;
    if (row) rows.push(orderOf(row));
  }
  return rows;
}

export async function insertOrder(
  tx: Tx,
  row: Omit<
    StoredOrderRow,
    'id' | 'paid_amount' | 'paid_at' | 'closed_at' | 'reminded_at' | 'hidden_at' | 'updated_at'
  >,
): Promise<number> {
  return insertId(tx('orders').insert({ ...row, paid_amount: 0, updated_at: row.created_at }));
}

export async function updateOrder(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Partial<StoredOrderRow>,
  whereStatus?: readonly OrderStatus[],
): Promise<number> {
  const q = db('orders').where({ conference_id: conferenceId, id });
  if (whereStatus) q.whereIn('status', whereStatus);
  return q.update({ ...values, updated_at: toDbInstant() });
}

export async function insertItems(
  tx: Tx,
  conferenceId: number,
  orderId: number,
  items: Array<Omit<StoredItemRow, 'id' | 'conference_id' | 'order_id' | 'valid'>>,
): Promise<void> {
  if (items.length)
    await tx('order_items').insert(
      items.map((i) => ({ ...i, conference_id: conferenceId, order_id: orderId, valid: true })),
    );
}

export async function itemsOf(db: Conn, conferenceId: number, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return [];
  return (
    await itemsSelect(db).where('i.conference_id', conferenceId).whereIn('i.order_id', orderIds).orderBy('i.id')
  ).map(itemOf);
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/** Orders by status and currency; money by currency and method; payments per local day; the open queue. */
export async function moneyFigures(db: Conn, conferenceId: number, offsetMinutes: number) {
  type Row = Record<string, unknown>;
  const byStatus = (
    (await db('orders')
      .where({ conference_id: conferenceId })
      .select(
        'status',
        'currency',
        db.raw('count(*) as n'),
        db.raw('sum(total_amount) as total'),
        db.raw('sum(paid_amount) as paid'),
      )
      .groupBy('status', 'currency')) as Row[]
  ).map((r) => ({
    status: r.status as OrderStatus,
    currency: String(r.currency),
    n: num(r.n),
    total: num(r.total),
    paid: num(r.paid),
  }));
  const refunded = (
    await db('payment_refunds')
      .where({ conference_id: conferenceId, state: 'succeeded' })
      .select('currency')
      .sum<Array<{ currency: string; amount: unknown }>>({ amount: 'amount' })
      .groupBy('currency')
  ).map((r) => ({ currency: r.currency, amount: num(r.amount) }));
  const succeeded = () => db('payment_attempts').where({ conference_id: conferenceId, state: 'succeeded' });
  const byMethod = (
    (await succeeded()
      .select('method', 'currency', db.raw('count(*) as n'), db.raw('sum(coalesce(received_amount, amount)) as amount'))
      .groupBy('method', 'currency')) as Row[]
  ).map((r) => ({ method: String(r.method), currency: String(r.currency), n: num(r.n), amount: num(r.amount) }));
  const day = localDaySql(db, 'succeeded_at', offsetMinutes);
  const perDay = (
    await succeeded()
      .whereNotNull('succeeded_at')
      .select({ day })
      .count<Array<{ day: string; n: unknown }>>({ n: '*' })
      .groupBy('day')
      .orderBy('day')
  ).map((r) => ({ day: r.day, n: num(r.n) }));
  // Flagged payments: what a payment did that nobody asked for; the statement queue: bank rows no order matched.
  const open = () => db('payment_anomalies').where({ conference_id: conferenceId }).whereNull('resolved_at');
  const flagged = (
    await open()
      .whereNull('statement_row_id')
      .select({ key: 'kind' })
      .count<Array<{ key: string; n: unknown }>>({ n: '*' })
      .groupBy('kind')
      .orderBy('kind')
  ).map((r) => ({ key: r.key, n: num(r.n) }));
  const statementQueue = num(
    (await open().whereNotNull('statement_row_id').count<Array<{ n: unknown }>>({ n: '*' }).first())?.n,
  );
  return { byStatus, refunded, byMethod, perDay, flagged, statementQueue };
}

/**
 * The fee categories of people's fee lines here (registration and optional fees; lines still
 * valid, of orders neither cancelled nor expired), a row per person and category, read a thousand
 * people at a time: the registrant export's column.
 */
export async function feeCategoriesOfUsers(
  db: Conn,
  conferenceId: number,
  userIds: number[],
): Promise<Array<{ user_id: number; category_zh: string; category_en: string }>> {
  const out: Array<{ user_id: number; category_zh: string; category_en: string }> = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = (await db('order_items as i')
      .join('orders as o', function () {
        this.on('o.id', '=', 'i.order_id').andOn('o.conference_id', '=', 'i.conference_id');
      })
      .where('i.conference_id', conferenceId)
      .whereIn('o.user_id', userIds.slice(i, i + 1000))
      .whereIn('o.status', ['unpaid', 'paid', 'invalid'])
      .whereIn('i.kind', ['register', 'optional'])
      .where('i.valid', true)
      .whereNotNull('i.category_zh')
      .orderBy('o.user_id')
      .orderBy('i.id')
      .select('o.user_id', 'i.category_zh', 'i.category_en')) as Array<{
      user_id: number;
      category_zh: string;
      category_en: string;
    }>;
    out.push(...rows);
  }
  return out;
}

/** The fingerprint of the conference's order lines for an export kept while they are the same: the orders' count and last change. */
export async function ordersStamp(db: Conn, conferenceId: number): Promise<string> {
  const s = (await db('orders')
    .where('conference_id', conferenceId)
    .count({ n: '*' })
    .max({ last: 'updated_at' })
    .first()) as { n: number | string; last: string | null } | undefined;
  return `${Number(s?.n ?? 0)}@${s?.last ?? ''}`;
}

// ── reads and changes of the order pages, mails, jobs and event handlers ─────────────────

/** A person's orders of the conference in these states (all when `statuses` is not given). */
export async function ordersOfUser(
  db: Conn,
  conferenceId: number,
  userId: number,
  statuses?: readonly OrderStatus[],
): Promise<OrderRow[]> {
  const q = db('orders').where({ conference_id: conferenceId, user_id: userId });
  if (statuses) q.whereIn('status', statuses);
  return (await q.orderBy('id')).map(orderOf);
}

/** A person's orders of the conference not hidden from them, newest first (their order list). */
export async function visibleOrdersOfUser(db: Conn, conferenceId: number, userId: number): Promise<OrderRow[]> {
  return (
    await db('orders')
      .where({ conference_id: conferenceId, user_id: userId })
      .whereNull('hidden_at')
      .orderBy('id', 'desc')
  ).map(orderOf);
}

/** These orders of the conference, as stored (an id of another conference is not among them). */
export async function ordersByIds(db: Conn, conferenceId: number, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return (await db('orders').where('conference_id', conferenceId).whereIn('id', ids).orderBy('id')).map(orderOf);
}

/** The person's open order of each type that holds its one open slot (registration, optional fees). */
export async function openSlotsOf(
  db: Conn,
  conferenceId: number,
  userId: number,
): Promise<Array<Pick<OrderRow, 'id' | 'type'>>> {
  return db<OrderRow>('orders')
    .where({ conference_id: conferenceId, user_id: userId })
    .whereNotNull('open_slot')
    .select('id', 'type');
}

/** What a person has of fees (paid, or ordered and open), as the fee page shows it above the choice. */
export async function feeOrdersShown(db: Conn, conferenceId: number, userId: number): Promise<OrderRow[]> {
  return (
    await db('orders')
      .where({ conference_id: conferenceId, user_id: userId })
      .whereIn('type', ['register', 'optional'])
      .whereIn('status', ['unpaid', 'paid', 'invalid'])
      .whereNull('hidden_at')
      .orderBy('id')
  ).map(orderOf);
}

/** The person's orders among these ids (fewer than asked when one is another's or unknown). */
export async function ordersOfUserByIds(
  db: Conn,
  conferenceId: number,
  userId: number,
  ids: number[],
): Promise<OrderRow[]> {
  return (await db('orders').where('conference_id', conferenceId).where('user_id', userId).whereIn('id', ids)).map(
    orderOf,
  );
}

/** The unpaid orders with a valid fee line of this fee (a price change invalidates them). */
export async function unpaidOrdersOfFee(tx: Tx, conferenceId: number, feeId: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await tx('order_items as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .where({ 'i.conference_id': conferenceId, 'i.ref_id': feeId, 'i.valid': true, 'o.status': 'unpaid' })
    .whereIn('i.kind', ['register', 'optional'])
    .distinct('o.id');
  return rows.map((r) => r.id);
}

/** The person's newest open (unpaid or invalid) order of a type here, if any. */
export async function openOrderOfType(
  db: Conn,
  conferenceId: number,
  userId: number,
  type: OrderType,
): Promise<number | null> {
  const row = await db('orders')
    .where({ conference_id: conferenceId, user_id: userId, type })
    .whereIn('status', OPEN)
    .orderBy('id', 'desc')
    .first('id');
  return row?.id ?? null;
}

/** Whether the person has a paid order of the type here. */
export async function hasPaidOrder(db: Conn, conferenceId: number, userId: number, type: OrderType): Promise<boolean> {
  return Boolean(
    await db('orders').where({ conference_id: conferenceId, user_id: userId, type, status: 'paid' }).first('id'),
  );
}

/** These orders' numbers, states and what they were paid (an id of another conference is not among them). */
export async function orderStates(
  db: Conn,
  conferenceId: number,
  ids: number[],
): Promise<Array<{ id: number; orderNo: string; status: OrderStatus; paid: Money }>> {
  const rows = await readByIdChunks(ids, (slice) =>
    db('orders')
      .where('conference_id', conferenceId)
      .whereIn('id', slice)
      .select('id', 'order_no', 'status', 'paid_amount', 'currency'),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderNo: r.order_no,
    status: r.status,
    paid: moneyFromColumn(r.paid_amount, r.currency),
  }));
}

/** Whether an order here already has this number or this reference (a new order's are drawn again). */
export async function numberTaken(
  tx: Conn,
  conferenceId: number,
  orderNo: string,
  reference: string,
): Promise<boolean> {
  return Boolean(
    await tx('orders')
      .where({ conference_id: conferenceId })
      .andWhere((q) => q.where({ order_no: orderNo }).orWhere({ reference }))
      .first('id'),
  );
}
