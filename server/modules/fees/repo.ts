/** The fees tables (fee_items, fee_categories, fee_holds, fee_settings): knex only, every function takes conferenceId first. */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import { lockGroups } from '../../db/capacity';
import type { FeeKind } from '../../contract/fees';
import { moneyFromColumn, type Money } from '../../contract/money';

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
  category_id: number | null;
  created_at?: string;
  updated_at?: string;
};

/** A fee as the feature reads it: its price and the price it is shown at as `Money`. */
export type Fee = Omit<FeeRow, 'price_amount' | 'currency' | 'display_price_amount' | 'display_currency'> & {
  price: Money;
  display: Money;
};

const cleanFee = <T extends FeeRow>({
  price_amount,
  currency,
  display_price_amount,
  display_currency,
  ...rest
}: T): Omit<T, 'price_amount' | 'currency' | 'display_price_amount' | 'display_currency'> & {
  price: Money;
  display: Money;
} => ({
  ...rest,
  price: moneyFromColumn(price_amount, currency),
  display: moneyFromColumn(display_price_amount, display_currency),
});

type CategoryColumns = { category_zh: string | null; category_en: string | null; category_max: number | null };

/** A fee with its category's names and maximum (listFees, feesByIds): the category row is the truth. */
export type FeeWithCategory = Fee & CategoryColumns;

/**
 * A fee row as knex's `Tables` has it (tables.ts): its kind as a plain string, because migration
 * 038 (landed, so never edited) writes and matches fee rows by kinds read back as strings.
 */
export type StoredFeeRow = Omit<FeeRow, 'kind'> & { kind: string };

export type FeeColumns = Omit<FeeRow, 'id' | 'conference_id' | 'price_version' | 'sort'>;

export type CategoryRow = {
  id: number;
  conference_id: number;
  kind: FeeKind;
  name_zh: string;
  name_en: string;
  max_total: number;
  created_at?: string;
  updated_at?: string;
};

/**
 * A category row as knex's `Tables` has it (tables.ts): the columns landed migration 038 (never
 * edited) writes, its kind a plain string and no `id`, because 038 uses the `first('id')` it reads
 * back without a check, which knex only lets through for a column it does not know. The
 * repository reads and writes the table through `CategoryRow` (`categories`).
 */
export type StoredCategoryRow = Omit<CategoryRow, 'kind' | 'id'> & { kind: string };

/** A place an order holds of a fee (paid once the order is). */
export type HoldRow = {
  conference_id: number;
  fee_id: number;
  order_id: number;
  user_id: number;
  quantity: number;
  paid: number | boolean;
  created_at: string;
};

/** The conference's fee rules: how many registration fees one person may hold. */
export type SettingsRow = { conference_id: number; register_per_person: number; updated_at: string };

const withCategory = (db: Conn, conferenceId: number) =>
  db('fee_items')
    .leftJoin('fee_categories', 'fee_categories.id', 'fee_items.category_id')
    .where('fee_items.conference_id', conferenceId)
    .select(
      'fee_items.*',
      'fee_categories.name_zh as category_zh',
      'fee_categories.name_en as category_en',
      'fee_categories.max_total as category_max',
    );

export async function listFees(db: Conn, conferenceId: number, kind?: FeeKind): Promise<FeeWithCategory[]> {
  const q = withCategory(db, conferenceId);
  if (kind) q.andWhere('fee_items.kind', kind);
  const rows = (await q.orderBy('fee_items.sort').orderBy('fee_items.id')) as Array<FeeRow & CategoryColumns>;
  return rows.map(cleanFee);
}

export async function feesByIds(db: Conn, conferenceId: number, ids: number[]): Promise<FeeWithCategory[]> {
  if (!ids.length) return [];
  const rows = (await withCategory(db, conferenceId).whereIn('fee_items.id', ids)) as Array<FeeRow & CategoryColumns>;
  return rows.map(cleanFee);
}

/** The categories table read through its clean row type (the stored one in `Tables` has no id). */
const categories = (db: Conn) => db<CategoryRow, CategoryRow[]>('fee_categories');

export async function findCategoryByName(
  db: Conn,
  conferenceId: number,
  kind: FeeKind,
  nameZh: string,
): Promise<CategoryRow | undefined> {
  return categories(db).where({ conference_id: conferenceId, kind, name_zh: nameZh }).first();
}

/** The category row, locked until the transaction ends (MySQL; SQLite serialises writers). */
export async function lockCategory(tx: Tx, conferenceId: number, id: number): Promise<CategoryRow | undefined> {
  return lockForUpdate(tx, categories(tx).where({ conference_id: conferenceId, id })).first();
}

export async function insertCategory(
  tx: Tx,
  conferenceId: number,
  c: { kind: FeeKind; name_zh: string; name_en: string; max_total: number },
): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('fee_categories').insert({ ...c, conference_id: conferenceId, created_at: now, updated_at: now }));
}

export async function updateCategory(
  tx: Tx,
  conferenceId: number,
  id: number,
  c: { name_en: string; max_total: number },
): Promise<void> {
  await categories(tx)
    .where({ conference_id: conferenceId, id })
    .update({ ...c, updated_at: toDbInstant() });
}

/** Removes the category when no fee item is left in it (after an item moved or was deleted). */
export async function dropCategoryIfEmpty(tx: Tx, conferenceId: number, id: number): Promise<void> {
  const item = await tx('fee_items').where({ conference_id: conferenceId, category_id: id }).first('id');
  if (!item) await categories(tx).where({ conference_id: conferenceId, id }).delete();
}

/** Places held per category: SUM(quantity) of the holds of its fee items. */
export async function usedByCategory(
  db: Conn,
  conferenceId: number,
  categoryIds: number[],
): Promise<Map<number, number>> {
  if (!categoryIds.length) return new Map();
  const rows = (await db('fee_holds')
    .join('fee_items', 'fee_items.id', 'fee_holds.fee_id')
    .where('fee_holds.conference_id', conferenceId)
    .whereIn('fee_items.category_id', categoryIds)
    .groupBy('fee_items.category_id')
    .select('fee_items.category_id as category_id')
    .sum({ n: 'fee_holds.quantity' })) as Array<{ category_id: number; n: number | string | null }>;
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n ?? 0)]));
}

/** How many registration fees (quantities added) a person holds, unpaid or paid, in orders other than `exceptOrderId`. */
export async function registerHeldBy(
  db: Conn,
  conferenceId: number,
  userId: number,
  exceptOrderId = 0,
): Promise<number> {
  const row = await db('fee_holds')
    .join('fee_items', 'fee_items.id', 'fee_holds.fee_id')
    .where('fee_holds.conference_id', conferenceId)
    .where('fee_holds.user_id', userId)
    .where('fee_items.kind', 'register')
    .whereNot('fee_holds.order_id', exceptOrderId)
    .sum({ n: 'fee_holds.quantity' })
    .first();
  return Number(row?.n ?? 0);
}

/** How many registration fees one person may hold (fee_settings; 1 when the manager never set it). */
export async function registerPerPerson(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('fee_settings').where({ conference_id: conferenceId }).first('register_per_person');
  return row ? Number(row.register_per_person) : 1;
}

export async function saveRegisterPerPerson(tx: Tx, conferenceId: number, n: number): Promise<void> {
  await tx('fee_settings')
    .insert({ conference_id: conferenceId, register_per_person: n, updated_at: toDbInstant() })
    .onConflict('conference_id')
    .merge();
}

export async function findFee(db: Conn, conferenceId: number, id: number): Promise<Fee | undefined> {
  const row = await db<FeeRow>('fee_items').where({ conference_id: conferenceId, id }).first();
  return row && cleanFee(row);
}

/** The fee row, locked until the transaction ends (MySQL; SQLite serialises writers). */
export async function lockFee(tx: Tx, conferenceId: number, id: number): Promise<Fee | undefined> {
  const row = await lockForUpdate(tx, tx<FeeRow>('fee_items').where({ conference_id: conferenceId, id })).first();
  return row && cleanFee(row);
}

export async function insertFee(tx: Tx, conferenceId: number, columns: FeeColumns): Promise<number> {
  const last = await tx('fee_items')
    .where({ conference_id: conferenceId, kind: columns.kind })
    .max<{ m: number | null }[]>({ m: 'sort' })
    .first();
  const now = toDbInstant();
  return insertId(
    tx('fee_items').insert({
      ...columns,
      conference_id: conferenceId,
      sort: Number(last?.m ?? 0) + 1,
      price_version: 1,
      created_at: now,
      updated_at: now,
    }),
  );
}

export async function updateFee(tx: Tx, conferenceId: number, id: number, columns: Partial<FeeRow>): Promise<void> {
  await tx('fee_items')
    .where({ conference_id: conferenceId, id })
    .update({ ...columns, updated_at: toDbInstant() });
}

export async function deleteFee(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('fee_items').where({ conference_id: conferenceId, id }).delete();
}

/** Places held per fee: SUM(quantity) by fee id (fees without holds are absent). */
export async function usedByFee(db: Conn, conferenceId: number, feeIds?: number[]): Promise<Map<number, number>> {
  const q = db('fee_holds').where({ conference_id: conferenceId });
  if (feeIds) q.whereIn('fee_id', feeIds);
  const rows = (await q.groupBy('fee_id').select('fee_id').sum({ n: 'quantity' })) as Array<{
    fee_id: number;
    n: number | string | null;
  }>;
  return new Map(rows.map((r) => [Number(r.fee_id), Number(r.n ?? 0)]));
}

/** Places one person holds per fee. */
export async function usedByUser(
  db: Conn,
  conferenceId: number,
  userId: number,
  feeIds?: number[],
): Promise<Map<number, number>> {
  const q = db('fee_holds').where({ conference_id: conferenceId, user_id: userId });
  if (feeIds) q.whereIn('fee_id', feeIds);
  const rows = (await q.groupBy('fee_id').select('fee_id').sum({ n: 'quantity' })) as Array<{
    fee_id: number;
    n: number | string | null;
  }>;
  return new Map(rows.map((r) => [Number(r.fee_id), Number(r.n ?? 0)]));
}

/** How many unpaid orders hold places of the fee (a price change invalidates them; spec 4). */
export async function countUnpaidHolders(db: Conn, conferenceId: number, feeId: number): Promise<number> {
  const row = await db('fee_holds')
    .where({ conference_id: conferenceId, fee_id: feeId, paid: false })
    .countDistinct<{ n: number | string }[]>({ n: 'order_id' })
    .first();
  return Number(row?.n ?? 0);
}

/** The order's holds are paid places now (orders' 'order.paid', in the paying transaction). */
export async function markHoldsPaid(tx: Tx, conferenceId: number, orderId: number): Promise<void> {
  await tx('fee_holds').where({ conference_id: conferenceId, order_id: orderId }).update({ paid: true });
}

export async function insertHolds(
  tx: Tx,
  conferenceId: number,
  rows: Array<{ fee_id: number; order_id: number; user_id: number; quantity: number }>,
): Promise<void> {
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
  const row = await db('fee_holds')
    .where({ conference_id: conferenceId, fee_id: feeId })
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** The managers' overview (issue 33): each fee item's places held by paid and by unpaid orders, and its maximum. */
export async function feeFigures(
  db: Conn,
  conferenceId: number,
): Promise<Array<{ id: number; title_zh: string; title_en: string; max_total: number; paid: number; unpaid: number }>> {
  const rows = (await db('fee_items as f')
    .leftJoin('fee_holds as h', function joinHolds() {
      this.on('h.fee_id', '=', 'f.id').andOn('h.conference_id', '=', 'f.conference_id');
    })
    .where('f.conference_id', conferenceId)
    .select(
      'f.id',
      'f.title_zh',
      'f.title_en',
      'f.max_total',
      'f.kind',
      'f.sort',
      db.raw('coalesce(sum(case when h.paid then h.quantity else 0 end), 0) as paid'),
      db.raw('coalesce(sum(case when h.paid then 0 else h.quantity end), 0) as unpaid'),
    )
    .groupBy('f.id', 'f.title_zh', 'f.title_en', 'f.max_total', 'f.kind', 'f.sort')
    .orderBy([{ column: 'f.kind', order: 'desc' }, { column: 'f.sort' }, { column: 'f.id' }])) as Array<
    Record<string, unknown>
  >;
  return rows.map((r) => ({
    id: Number(r.id),
    title_zh: String(r.title_zh),
    title_en: String(r.title_en),
    max_total: Number(r.max_total),
    paid: Number(r.paid) || 0,
    unpaid: Number(r.unpaid) || 0,
  }));
}

/**
 * The fee rows of an order's lines, locked through the capacity helper in id order, in the order
 * of `feeIds` (CapacityRowMissing when one is not a fee of the conference). The fees are the
 * parent rows: they are locked before their categories (lockCategoriesOf).
 */
export async function lockFeesOf(tx: Tx, conferenceId: number, feeIds: readonly number[]): Promise<Fee[]> {
  const [rows] = await lockGroups(tx, [
    { table: 'fee_items', where: { conference_id: conferenceId }, by: 'id', keys: feeIds },
  ]);
  return (rows as FeeRow[]).map(cleanFee);
}

/** The categories' rows, locked through the capacity helper in id order (after their fees). */
export async function lockCategoriesOf(
  tx: Tx,
  conferenceId: number,
  categoryIds: readonly number[],
): Promise<CategoryRow[]> {
  const [rows] = await lockGroups(tx, [
    { table: 'fee_categories', where: { conference_id: conferenceId }, by: 'id', keys: categoryIds },
  ]);
  return rows as CategoryRow[];
}
