/**
 * Queries of the payment attempts (`payment_attempts`, and `attempt_orders`: each attempt's part
 * for each order it pays): what an order's attempts brought and what it still owes, starting and
 * ending an attempt, and the bank transfers a manager's deal or a statement row closes. Every
 * function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import { equalMoney, moneyFromColumn, subtractMoney, sumMoney, type Money } from '../../contract/money';
import type { AttemptRow, OrderRow, StoredAttemptRow } from './tables';

type Conn = Db | Tx;

/** The attempt as the repositories hand it out: its money in its currency, its instants as `Date`. */
export function attemptOf(r: StoredAttemptRow): AttemptRow {
  const { checked_at, ...rest } = r;
  return {
    ...rest,
    amount: moneyFromColumn(r.amount, r.currency),
    received_amount: r.received_amount == null ? null : moneyFromColumn(r.received_amount, r.currency),
    expires_at: fromDbInstant(r.expires_at)!,
    ...(checked_at !== undefined && { checked_at: fromDbInstant(checked_at) }),
    succeeded_at: fromDbInstant(r.succeeded_at),
    created_at: fromDbInstant(r.created_at)!,
    updated_at: fromDbInstant(r.updated_at)!,
  };
}

export async function attemptsOf(
  db: Conn,
  conferenceId: number,
  orderIds: number[],
): Promise<Array<AttemptRow & { order_id: number; part: Money }>> {
  if (!orderIds.length) return [];
  const rows: Array<StoredAttemptRow & { order_id: number; part: number | string }> = await db('attempt_orders as ao')
    .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
    .where('ao.conference_id', conferenceId)
    .whereIn('ao.order_id', orderIds)
    .orderBy('a.id', 'desc')
    .select('a.*', 'ao.order_id', 'ao.amount as part');
  return rows.map((r) => ({ ...attemptOf(r), order_id: r.order_id, part: moneyFromColumn(r.part, r.currency) }));
}

export async function findAttempt(db: Conn, conferenceId: number, attemptNo: string): Promise<AttemptRow | undefined> {
  const row = await db('payment_attempts').where({ conference_id: conferenceId, attempt_no: attemptNo }).first();
  return row && attemptOf(row);
}

export async function lockAttempt(tx: Tx, conferenceId: number, id: number): Promise<AttemptRow | undefined> {
  const row = (await lockForUpdate(tx, tx('payment_attempts').where({ conference_id: conferenceId, id })).first()) as
    StoredAttemptRow | undefined;
  return row && attemptOf(row);
}

export async function ordersOfAttempt(
  db: Conn,
  conferenceId: number,
  attemptId: number,
): Promise<Array<{ order_id: number; amount: Money }>> {
  // a part is in its attempt's currency
  const rows: Array<{ order_id: number; amount: number | string; currency: string }> = await db('attempt_orders as ao')
    .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
    .where({ 'ao.conference_id': conferenceId, 'ao.attempt_id': attemptId })
    .orderBy('ao.order_id')
    .select('ao.order_id', 'ao.amount', 'a.currency');
  return rows.map((r) => ({ order_id: r.order_id, amount: moneyFromColumn(r.amount, r.currency) }));
}

/** What the succeeded attempts have paid towards an order (its parts of them). */
/** What the order's succeeded attempts brought towards it, in its currency. */
export async function paidTowards(
  db: Conn,
  conferenceId: number,
  order: Pick<OrderRow, 'id' | 'currency'>,
): Promise<Money> {
  const row = (await db('attempt_orders as ao')
    .join('payment_attempts as a', 'a.id', 'ao.attempt_id')
    .where({ 'ao.conference_id': conferenceId, 'ao.order_id': order.id, 'a.state': 'succeeded' })
    .sum({ n: 'ao.amount' })
    .first()) as { n: number | string | null } | undefined;
  return moneyFromColumn(row?.n ?? 0, order.currency);
}

/** What the order still owes: its total less what its succeeded attempts brought. */
export async function owedOn(
  db: Conn,
  conferenceId: number,
  order: Pick<OrderRow, 'id' | 'currency' | 'total_amount'>,
): Promise<Money> {
  return subtractMoney(order.total_amount, await paidTowards(db, conferenceId, order));
}

/** One order's part of an attempt: what it owed when the attempt began. */
export type AttemptPart = { orderId: number; owed: Money };

/** The parts of the given orders (locked by the caller) and their sum, which the attempt asks for. */
export async function partsOf(
  tx: Tx,
  conferenceId: number,
  orders: OrderRow[],
  currency: string,
): Promise<{ parts: AttemptPart[]; total: Money }> {
  const parts: AttemptPart[] = [];
  for (const o of orders) parts.push({ orderId: Number(o.id), owed: await owedOn(tx, conferenceId, o) });
  return {
    parts,
    total: sumMoney(
      parts.map((p) => p.owed),
      currency,
    ),
  };
}

/** An attempt asking for `amount`, which pays `parts` (their owed amounts add up to it). */
export async function insertAttempt(
  tx: Tx,
  row: Omit<
    StoredAttemptRow,
    'id' | 'currency' | 'amount' | 'received_amount' | 'provider_ref' | 'succeeded_at' | 'confirmed_by' | 'updated_at'
  >,
  amount: Money,
  parts: AttemptPart[],
): Promise<number> {
  const id = await insertId(
    tx('payment_attempts').insert({
      ...row,
      currency: amount.currency,
      amount: amount.amount,
      updated_at: row.created_at,
    }),
  );
  await tx('attempt_orders').insert(
    parts.map((p) => ({
      conference_id: row.conference_id,
      attempt_id: id,
      order_id: p.orderId,
      amount: p.owed.amount,
    })),
  );
  return id;
}

export async function updateAttempt(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Partial<StoredAttemptRow>,
): Promise<void> {
  await db('payment_attempts')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

/** An attempt ends (failed, canceled, expired) unless it already ended: a success is never overwritten. */
export async function finishAttempt(
  db: Conn,
  conferenceId: number,
  id: number,
  state: 'failed' | 'canceled' | 'expired',
  providerRef?: string,
): Promise<void> {
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
export async function claimCheck(
  db: Db,
  conferenceId: number,
  id: number,
  now: Date,
  everyMs: number,
): Promise<boolean> {
  const before = toDbInstant(new Date(now.getTime() - everyMs));
  const n = await db('payment_attempts')
    .where({ conference_id: conferenceId, id })
    .where((q) => q.whereNull('checked_at').orWhere('checked_at', '<=', before))
    .update({ checked_at: toDbInstant(now) });
  return n === 1;
}

/**
 * The order's open bank-transfer attempt that pays this order alone (the payer chose "bank
 * remittance" and was shown the reference): the one a manager's deal closes. A combined transfer
 * (several orders) is not closed by one order's deal.
 */
export async function openTransferOf(tx: Tx, conferenceId: number, orderId: number): Promise<AttemptRow | undefined> {
  const candidates = (await attemptsOf(tx, conferenceId, [orderId])).filter(
    (a) => a.method === 'bankRemit' && (a.state === 'created' || a.state === 'pending'),
  );
  for (const a of candidates) if ((await ordersOfAttempt(tx, conferenceId, a.id)).length === 1) return a;
  return undefined;
}

/**
 * A bank transfer a manager confirmed by hand (deal) for this order alone, for exactly `amount`,
 * that no statement row has been matched to yet: the transfer a statement row of that order and
 * amount reports. Read under the order's lock, so two imports cannot both take it.
 */
export async function dealtTransferAwaitingRow(
  tx: Tx,
  conferenceId: number,
  orderId: number,
  amount: Money,
): Promise<AttemptRow | undefined> {
  const dealt = (await attemptsOf(tx, conferenceId, [orderId])).filter(
    (a) =>
      a.method === 'bankRemit' &&
      a.state === 'succeeded' &&
      a.confirmed_by != null &&
      a.currency === amount.currency &&
      a.received_amount != null &&
      equalMoney(a.received_amount, amount),
  );
  for (const a of dealt) {
    if ((await ordersOfAttempt(tx, conferenceId, a.id)).length !== 1) continue;
    if (!(await tx('statement_rows').where({ conference_id: conferenceId, attempt_id: a.id }).first())) return a;
  }
  return undefined;
}
