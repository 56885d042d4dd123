/** The fees tables (fee_items, fee_holds): knex only, every function takes conferenceId first. */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { FeeKind } from '../../contract/fees';

export type Conn = Db | Tx;

export type FeeRow = {
  id: number;
  conference_id: number;
  kind: FeeKind;
  category: string;
  title_zh: string;
  title_en: string;
  description_zh: string;
  description_en: string;
  price_amount: number | string;
  currency: string;
  display_currency: string;
  display_price_amount: number | string;
  open_date: string;
  deadline: string;
  open: number | boolean;
  user_scope: string;
  lang_scope: string;
  invitation_code: string;
  max_total: number;
  max_per_account: number;
  price_version: number;
  sort: number;
};

export type FeeColumns = Omit<FeeRow, 'id' | 'conference_id' | 'price_version' | 'sort'>;

export function feeLock(conferenceId: number, feeId: number) {
  return { table: 'fee_items', where: { conference_id: conferenceId, id: feeId } } as const;
}

export async function listFees(db: Conn, conferenceId: number, kind?: FeeKind): Promise<FeeRow[]> {
  const q = db<FeeRow>('fee_items').where({ conference_id: conferenceId });
  if (kind) q.andWhere({ kind });
  return (await q.orderBy('sort').orderBy('id')) as FeeRow[];
}

export async function feesByIds(db: Conn, conferenceId: number, ids: number[]): Promise<FeeRow[]> {
  if (!ids.length) return [];
  return (await db<FeeRow>('fee_items').where({ conference_id: conferenceId }).whereIn('id', ids)) as FeeRow[];
}

export async function findFee(db: Conn, conferenceId: number, id: number): Promise<FeeRow | undefined> {
  return db<FeeRow>('fee_items').where({ conference_id: conferenceId, id }).first();
}

/** The fee row, locked until the transaction ends (MySQL; SQLite serialises writers). */
export async function lockFee(tx: Tx, conferenceId: number, id: number): Promise<FeeRow | undefined> {
  return (await lockForUpdate(tx, tx('fee_items').where({ conference_id: conferenceId, id })).first()) as FeeRow | undefined;
}

export async function insertFee(tx: Tx, conferenceId: number, columns: FeeColumns): Promise<number> {
  const last = await tx('fee_items').where({ conference_id: conferenceId, kind: columns.kind }).max<{ m: number | null }[]>({ m: 'sort' }).first();
  const now = toDbInstant();
  return insertId(tx('fee_items').insert({ ...columns, conference_id: conferenceId, sort: Number(last?.m ?? 0) + 1, price_version: 1, created_at: now, updated_at: now }));
}

export async function updateFee(tx: Tx, conferenceId: number, id: number, columns: Partial<FeeRow>): Promise<void> {
  await tx('fee_items').where({ conference_id: conferenceId, id }).update({ ...columns, updated_at: toDbInstant() });
}

export async function deleteFee(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('fee_items').where({ conference_id: conferenceId, id }).delete();
}

/** Places held per fee: SUM(quantity) by fee id (fees without holds are absent). */
export async function usedByFee(db: Conn, conferenceId: number, feeIds?: number[]): Promise<Map<number, number>> {
  const q = db('fee_holds').where({ conference_id: conferenceId });
  if (feeIds) q.whereIn('fee_id', feeIds);
  const rows = (await q.groupBy('fee_id').select('fee_id').sum({ n: 'quantity' })) as Array<{ fee_id: number; n: number | string | null }>;
  return new Map(rows.map((r) => [Number(r.fee_id), Number(r.n ?? 0)]));
}

/** Places one person holds per fee. */
export async function usedByUser(db: Conn, conferenceId: number, userId: number, feeIds?: number[]): Promise<Map<number, number>> {
  const q = db('fee_holds').where({ conference_id: conferenceId, user_id: userId });
  if (feeIds) q.whereIn('fee_id', feeIds);
  const rows = (await q.groupBy('fee_id').select('fee_id').sum({ n: 'quantity' })) as Array<{ fee_id: number; n: number | string | null }>;
  return new Map(rows.map((r) => [Number(r.fee_id), Number(r.n ?? 0)]));
}

/** How many unpaid orders hold places of the fee (a price change invalidates them; spec 4). */
export async function countUnpaidHolders(db: Conn, conferenceId: number, feeId: number): Promise<number> {
  const row = await db('fee_holds').where({ conference_id: conferenceId, fee_id: feeId, paid: false }).countDistinct<{ n: number | string }[]>({ n: 'order_id' }).first();
  return Number(row?.n ?? 0);
}

/** The order's holds are paid places now (orders' 'order.paid', in the paying transaction). */
export async function markHoldsPaid(tx: Tx, conferenceId: number, orderId: number): Promise<void> {
  await tx('fee_holds').where({ conference_id: conferenceId, order_id: orderId }).update({ paid: true });
}

export async function insertHolds(tx: Tx, conferenceId: number, rows: Array<{ fee_id: number; order_id: number; user_id: number; quantity: number }>): Promise<void> {
  const now = toDbInstant();
  await tx('fee_holds').insert(rows.map((r) => ({ ...r, conference_id: conferenceId, created_at: now })));
}

/** Deletes an order's holds by the key's prefix (conference_id, order_id): no gap lock on another order. */
export async function deleteHolds(tx: Tx, conferenceId: number, orderId: number): Promise<number> {
  return tx('fee_holds').where({ conference_id: conferenceId, order_id: orderId }).delete();
}

export async function setSort(tx: Tx, conferenceId: number, id: number, sort: number): Promise<void> {
  await tx('fee_items').where({ conference_id: conferenceId, id }).update({ sort });
}

/** How many holds reference the fee at all (a fee that any order holds is not deleted). */
export async function countHoldRows(db: Conn, conferenceId: number, feeId: number): Promise<number> {
  const row = await db('fee_holds').where({ conference_id: conferenceId, fee_id: feeId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The managers' overview (issue 33): each fee item's places held by paid and by unpaid orders, and its maximum. */
export async function feeFigures(db: Conn, conferenceId: number): Promise<Array<{ id: number; title_zh: string; title_en: string; max_total: number; paid: number; unpaid: number }>> {
  const rows = (await db('fee_items as f')
    .leftJoin('fee_holds as h', function joinHolds() {
      this.on('h.fee_id', '=', 'f.id').andOn('h.conference_id', '=', 'f.conference_id');
    })
    .where('f.conference_id', conferenceId)
    .select('f.id', 'f.title_zh', 'f.title_en', 'f.max_total', 'f.kind', 'f.sort',
      db.raw('coalesce(sum(case when h.paid then h.quantity else 0 end), 0) as paid'),
      db.raw('coalesce(sum(case when h.paid then 0 else h.quantity end), 0) as unpaid'))
    .groupBy('f.id', 'f.title_zh', 'f.title_en', 'f.max_total', 'f.kind', 'f.sort')
    .orderBy([{ column: 'f.kind', order: 'desc' }, { column: 'f.sort' }, { column: 'f.id' }])) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ id: Number(r.id), title_zh: String(r.title_zh), title_en: String(r.title_en), max_total: Number(r.max_total), paid: Number(r.paid) || 0, unpaid: Number(r.unpaid) || 0 }));
}
