/**
 * Queries of the orders module. It owns (server/db/owners.ts) `orders`, `order_items`,
 * `payment_attempts`, `attempt_orders`, `payment_anomalies`, `statement_mappings` and
 * `statement_rows`. Every function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { OrderStatus, OrderType } from '../../contract/orders';
import { equalMoney, moneyFromColumn, subtractMoney, sumMoney, type Money } from '../../contract/money';
import { localDaySql, num } from '../../platform/overviewFigures';

type Conn = Db | Tx;

export type OrderRow = {
  id: number;
  conference_id: number;
  user_id: number;
  order_no: string;
  type: OrderType;
  reference: string;
  currency: string;
  total_amount: number | string;
  paid_amount: number | string;
  status: OrderStatus;
  /** the currency it is shown in (038); null: its own */
  display_currency?: string | null;
  open_slot: string | null;
  lang: string;
  deadline_at: string;
  paid_at: string | null;
  closed_at: string | null;
  reminded_at: string | null;
  hidden_at: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
};

export type ItemRow = {
  id: number; conference_id: number; order_id: number; kind: string; ref_id: number | null; title_zh: string; title_en: string; unit_amount: number | string; quantity: number; price_version: number; valid: number | boolean;
  /** the fee's category when the line was written (049); null for a line of no category (a hotel stay, a submission fee) */
  category_zh?: string | null;
  category_en?: string | null;
  /** the unit price in the order's display currency (049); null when the order is shown in its own currency or the price is not known */
  display_unit_amount?: number | string | null;
};

export type AttemptRow = {
  id: number;
  conference_id: number;
  user_id: number | null;
  attempt_no: string;
  method: string;
  currency: string;
  amount: number | string;
  received_amount: number | string | null;
  state: string;
  provider_ref: string | null;
  expires_at: string;
  checked_at?: string | null;
  succeeded_at: string | null;
  confirmed_by: number | null;
  created_at: string;
  updated_at: string;
};

export const OPEN: readonly OrderStatus[] = ['unpaid', 'invalid'];

export async function findOrder(db: Conn, conferenceId: number, id: number): Promise<OrderRow | undefined> {
  return db<OrderRow>('orders').where({ conference_id: conferenceId, id }).first();
}

export async function findOrderByNo(db: Conn, conferenceId: number, orderNo: string): Promise<OrderRow | undefined> {
  return db<OrderRow>('orders').where({ conference_id: conferenceId, order_no: orderNo }).first();
}

/** The orders' rows locked for the rest of the transaction, in id order (the fixed order: no deadlock between two payers). */
export async function lockOrders(tx: Tx, conferenceId: number, ids: number[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = (await lockForUpdate(tx, tx('orders').where({ conference_id: conferenceId, id })).first()) as OrderRow | undefined;
    if (row) rows.push(row);
  }
  return rows;
}

export async function insertOrder(tx: Tx, row: Omit<OrderRow, 'id' | 'paid_amount' | 'paid_at' | 'closed_at' | 'reminded_at' | 'hidden_at' | 'updated_at'>): Promise<number> {
  return insertId(tx('orders').insert({ ...row, paid_amount: 0, updated_at: row.created_at }));
}

export async function updateOrder(db: Conn, conferenceId: number, id: number, values: Partial<OrderRow>, whereStatus?: readonly OrderStatus[]): Promise<number> {
  const q = db('orders').where({ conference_id: conferenceId, id });
  if (whereStatus) q.whereIn('status', whereStatus);
  return q.update({ ...values, updated_at: toDbInstant() });
}

export async function insertItems(tx: Tx, conferenceId: number, orderId: number, items: Array<Omit<ItemRow, 'id' | 'conference_id' | 'order_id' | 'valid'>>): Promise<void> {
  if (items.length) await tx('order_items').insert(items.map((i) => ({ ...i, conference_id: conferenceId, order_id: orderId, valid: true })));
}

export async function itemsOf(db: Conn, conferenceId: number, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return [];
  return db<ItemRow>('order_items').where('conference_id', conferenceId).whereIn('order_id', orderIds).orderBy('id');
}

/** The orders among these that an unresolved anomaly concerns, directly or through one of their attempts ("Payment exception."). */
export async function flaggedOrders(db: Conn, conferenceId: number, orderIds: number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const direct = (await db('payment_anomalies').where('conference_id', conferenceId).whereNull('resolved_at').whereIn('order_id', orderIds).select('order_id')) as Array<{ order_id: number }>;
  const through = (await db('payment_anomalies as an')
    .join('attempt_orders as ao', function () {
      this.on('ao.attempt_id', '=', 'an.attempt_id').andOn('ao.conference_id', '=', 'an.conference_id');
    })
    .where('an.conference_id', conferenceId)
    .whereNull('an.resolved_at')
    .whereNull('an.order_id')
    // a partial payment is the order's "dePay", not an exception
    .whereNot('an.kind', 'partial')
    .whereIn('ao.order_id', orderIds)
    .select('ao.order_id as order_id')) as Array<{ order_id: number }>;
  return new Set([...direct, ...through].map((r) => Number(r.order_id)));
}

export async function attemptsOf(db: Conn, conferenceId: number, orderIds: number[]): Promise<Array<AttemptRow & { order_id: number; part: number | string }>> {
  if (!orderIds.length) return [];
  return db('attempt_orders as ao')
    .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
    .where('ao.conference_id', conferenceId)
    .whereIn('ao.order_id', orderIds)
    .orderBy('a.id', 'desc')
    .select('a.*', 'ao.order_id', 'ao.amount as part');
}

export async function findAttempt(db: Conn, conferenceId: number, attemptNo: string): Promise<AttemptRow | undefined> {
  return db<AttemptRow>('payment_attempts').where({ conference_id: conferenceId, attempt_no: attemptNo }).first();
}

export async function lockAttempt(tx: Tx, conferenceId: number, id: number): Promise<AttemptRow | undefined> {
  return (await lockForUpdate(tx, tx('payment_attempts').where({ conference_id: conferenceId, id })).first()) as AttemptRow | undefined;
}

export async function ordersOfAttempt(db: Conn, conferenceId: number, attemptId: number): Promise<Array<{ order_id: number; amount: number | string }>> {
  return db('attempt_orders').where({ conference_id: conferenceId, attempt_id: attemptId }).orderBy('order_id').select('order_id', 'amount');
}

/** What the succeeded attempts have paid towards an order (its parts of them). */
/** What the order's succeeded attempts brought towards it, in its currency. */
export async function paidTowards(db: Conn, conferenceId: number, order: Pick<OrderRow, 'id' | 'currency'>): Promise<Money> {
  const row = (await db('attempt_orders as ao')
    .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
    .where({ 'ao.conference_id': conferenceId, 'ao.order_id': order.id, 'a.state': 'succeeded' })
    .sum({ n: 'ao.amount' })
    .first()) as { n: number | string | null } | undefined;
  return moneyFromColumn(row?.n ?? 0, order.currency);
}

/** What the order still owes: its total less what its succeeded attempts brought. */
export async function owedOn(db: Conn, conferenceId: number, order: Pick<OrderRow, 'id' | 'currency' | 'total_amount'>): Promise<Money> {
  return subtractMoney(moneyFromColumn(order.total_amount, order.currency), await paidTowards(db, conferenceId, order));
}

/** One order's part of an attempt: what it owed when the attempt began. */
export type AttemptPart = { orderId: number; owed: Money };

/** The parts of the given orders (locked by the caller) and their sum, which the attempt asks for. */
export async function partsOf(tx: Tx, conferenceId: number, orders: OrderRow[], currency: string): Promise<{ parts: AttemptPart[]; total: Money }> {
  const parts: AttemptPart[] = [];
  for (const o of orders) parts.push({ orderId: Number(o.id), owed: await owedOn(tx, conferenceId, o) });
  return { parts, total: sumMoney(parts.map((p) => p.owed), currency) };
}

/** An attempt asking for `amount`, which pays `parts` (their owed amounts add up to it). */
export async function insertAttempt(tx: Tx, row: Omit<AttemptRow, 'id' | 'currency' | 'amount' | 'received_amount' | 'provider_ref' | 'succeeded_at' | 'confirmed_by' | 'updated_at'>, amount: Money, parts: AttemptPart[]): Promise<number> {
  const id = await insertId(tx('payment_attempts').insert({ ...row, currency: amount.currency, amount: amount.amount, updated_at: row.created_at }));
  await tx('attempt_orders').insert(parts.map((p) => ({ conference_id: row.conference_id, attempt_id: id, order_id: p.orderId, amount: p.owed.amount })));
  return id;
}

export async function updateAttempt(db: Conn, conferenceId: number, id: number, values: Partial<AttemptRow>): Promise<void> {
  await db('payment_attempts').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: toDbInstant() });
}

export type AnomalyKind = 'overpaid' | 'duplicate' | 'paidWhileClosed' | 'partial' | 'unmatched' | 'unreadable' | 'mismatch' | 'refused';

/** Whether the attempt already has an unresolved anomaly of this kind (one flag per attempt, however often the gateway repeats itself). */
export async function openAnomalyOf(db: Conn, conferenceId: number, attemptId: number, kind: AnomalyKind): Promise<boolean> {
  return Boolean(await db('payment_anomalies').where({ conference_id: conferenceId, attempt_id: attemptId, kind }).whereNull('resolved_at').first('id'));
}

/** An attempt ends (failed, canceled, expired) unless it already ended: a success is never overwritten. */
export async function finishAttempt(db: Conn, conferenceId: number, id: number, state: 'failed' | 'canceled' | 'expired', providerRef?: string): Promise<void> {
  await db('payment_attempts')
    .where({ conference_id: conferenceId, id })
    .whereIn('state', ['created', 'pending'])
    .update({ state, ...(providerRef ? { provider_ref: providerRef } : {}), updated_at: toDbInstant() });
}

/**
 * Takes the right to ask the gateway about an attempt now: true for one caller per `everyMs`,
 * decided by one conditional update (atomic, outside any transaction), so a burst of refreshes
 * and the reconciler on several instances ask once.
 */
export async function claimCheck(db: Db, conferenceId: number, id: number, now: Date, everyMs: number): Promise<boolean> {
  const before = toDbInstant(new Date(now.getTime() - everyMs));
  const n = await db('payment_attempts')
    .where({ conference_id: conferenceId, id })
    .where((q) => q.whereNull('checked_at').orWhere('checked_at', '<=', before))
    .update({ checked_at: toDbInstant(now) });
  return n === 1;
}

export async function insertAnomaly(db: Conn, conferenceId: number, a: { kind: AnomalyKind; attemptId?: number | null; orderId?: number | null; statementRowId?: number | null; amount?: Money | null; detail: string }): Promise<void> {
  await db('payment_anomalies').insert({
    conference_id: conferenceId,
    kind: a.kind,
    attempt_id: a.attemptId ?? null,
    order_id: a.orderId ?? null,
    statement_row_id: a.statementRowId ?? null,
    currency: a.amount?.currency ?? null,
    amount: a.amount?.amount ?? null,
    detail: a.detail,
    created_at: toDbInstant(),
  });
}

/**
 * The order's open bank-transfer attempt that pays this order alone (the payer chose "bank
 * remittance" and was shown the reference): the one a manager's deal closes. A combined transfer
 * (several orders) is not closed by one order's deal.
 */
export async function openTransferOf(tx: Tx, conferenceId: number, orderId: number): Promise<AttemptRow | undefined> {
  const candidates = (await attemptsOf(tx, conferenceId, [orderId])).filter((a) => a.method === 'bankRemit' && (a.state === 'created' || a.state === 'pending'));
  for (const a of candidates) if ((await ordersOfAttempt(tx, conferenceId, a.id)).length === 1) return a;
  return undefined;
}

/**
 * A bank transfer a manager confirmed by hand (deal) for this order alone, for exactly `amount`,
 * that no statement row has been matched to yet: the transfer a statement row of that order and
 * amount reports. Read under the order's lock, so two imports cannot both take it.
 */
export async function dealtTransferAwaitingRow(tx: Tx, conferenceId: number, orderId: number, amount: Money): Promise<AttemptRow | undefined> {
  const dealt = (await attemptsOf(tx, conferenceId, [orderId])).filter(
    (a) => a.method === 'bankRemit' && a.state === 'succeeded' && a.confirmed_by != null && a.currency === amount.currency && a.received_amount != null && equalMoney(moneyFromColumn(a.received_amount, a.currency), amount),
  );
  for (const a of dealt) {
    if ((await ordersOfAttempt(tx, conferenceId, a.id)).length !== 1) continue;
    if (!(await tx('statement_rows').where({ conference_id: conferenceId, attempt_id: a.id }).first())) return a;
  }
  return undefined;
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/** Orders by status and currency; money by currency and method; payments per local day; the open queue. */
export async function moneyFigures(db: Conn, conferenceId: number, offsetMinutes: number) {
  type Row = Record<string, unknown>;
  const byStatus = ((await db('orders').where({ conference_id: conferenceId }).select('status', 'currency', db.raw('count(*) as n'), db.raw('sum(total_amount) as total'), db.raw('sum(paid_amount) as paid')).groupBy('status', 'currency')) as Row[])
    .map((r) => ({ status: r.status as OrderStatus, currency: String(r.currency), n: num(r.n), total: num(r.total), paid: num(r.paid) }));
  const refunded = (await db('payment_refunds').where({ conference_id: conferenceId, state: 'succeeded' }).select('currency').sum<Array<{ currency: string; amount: unknown }>>({ amount: 'amount' }).groupBy('currency'))
    .map((r) => ({ currency: r.currency, amount: num(r.amount) }));
  const succeeded = () => db('payment_attempts').where({ conference_id: conferenceId, state: 'succeeded' });
  const byMethod = ((await succeeded().select('method', 'currency', db.raw('count(*) as n'), db.raw('sum(coalesce(received_amount, amount)) as amount')).groupBy('method', 'currency')) as Row[])
    .map((r) => ({ method: String(r.method), currency: String(r.currency), n: num(r.n), amount: num(r.amount) }));
  const day = localDaySql(db, 'succeeded_at', offsetMinutes);
  const perDay = (await succeeded().whereNotNull('succeeded_at').select({ day }).count<Array<{ day: string; n: unknown }>>({ n: '*' }).groupBy('day').orderBy('day'))
    .map((r) => ({ day: r.day, n: num(r.n) }));
  // Flagged payments: what a payment did that nobody asked for; the statement queue: bank rows no order matched.
  const open = () => db('payment_anomalies').where({ conference_id: conferenceId }).whereNull('resolved_at');
  const flagged = (await open().whereNull('statement_row_id').select({ key: 'kind' }).count<Array<{ key: string; n: unknown }>>({ n: '*' }).groupBy('kind').orderBy('kind'))
    .map((r) => ({ key: r.key, n: num(r.n) }));
  const statementQueue = num((await open().whereNotNull('statement_row_id').count<Array<{ n: unknown }>>({ n: '*' }).first())?.n);
  return { byStatus, refunded, byMethod, perDay, flagged, statementQueue };
}

/**
 * The fee categories of people's fee lines here (registration and optional fees; lines still
 * valid, of orders neither cancelled nor expired), a row per person and category, read a thousand
 * people at a time: the registrant export's column.
 */
export async function feeCategoriesOfUsers(db: Conn, conferenceId: number, userIds: number[]): Promise<Array<{ user_id: number; category_zh: string; category_en: string }>> {
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
      .select('o.user_id', 'i.category_zh', 'i.category_en')) as Array<{ user_id: number; category_zh: string; category_en: string }>;
    out.push(...rows);
  }
  return out;
}

/** The fingerprint of the conference's order lines for an export kept while they are the same: the orders' count and last change. */
export async function ordersStamp(db: Conn, conferenceId: number): Promise<string> {
  const s = (await db('orders').where('conference_id', conferenceId).count({ n: '*' }).max({ last: 'updated_at' }).first()) as { n: number | string; last: string | null } | undefined;
  return `${Number(s?.n ?? 0)}@${s?.last ?? ''}`;
}
