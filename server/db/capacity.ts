/**
 * The one capacity mechanism (DESIGN.md 3): the registration cap and the submissions cap
 * (reserveCapacity: one counted thing), fee maxima and categories, and hotel room-nights
 * (lockGroups and refuseOverfull: many rows, each with its own limit). A limited resource is
 * decided inside one transaction that
 *   1. locks the rows that stand for the counted thing (the conference's registration settings,
 *      a fee category, a room type's night), in one fixed order whatever order the caller gave;
 *   2. counts what is already taken, reading through the same transaction;
 *   3. compares with the limit and refuses with the caller's error, or lets the caller write.
 *
 * Why: two requests that both count before either writes both see room for one more (the
 * classic oversell). Locking the counted row first makes the second wait until the first has
 * committed, so it counts the first one's row. On MySQL/MariaDB the lock is SELECT ... FOR UPDATE
 * on rows found by key (no gap locks); SQLite has one writer, which already serialises the
 * transactions. The fixed order means two requests that need the same rows (a booking of
 * several nights) never hold one each and wait for the other: no deadlock to begin with, and the
 * transaction helper (inTransaction) retries the rare ones InnoDB still reports.
 *
 * Call it late in the transaction (after the reads that need no lock, before the writes), and
 * lock rows that exist: a missing row locks nothing on InnoDB, so that is refused as a bug.
 */
import type { Tx } from './index';
import { lockForUpdate } from './dialect';

type Key = string | number;

/** One row to lock: a table and the key columns that find exactly one row. */
export type CapacityLock = { table: string; where: Readonly<Record<string, Key>> };

export type LockedRow = Record<string, unknown>;

/**
 * A lock named a row that is not there (a fee deleted since the client read it): typed, so a
 * caller answers its own 4xx by `instanceof`, never by reading the message.
 */
export class CapacityRowMissing extends Error {
  constructor(
    readonly table: string,
    readonly where: Readonly<Record<string, Key>>,
  ) {
    super(`reserveCapacity: no ${table} row ${JSON.stringify(where)} to lock`);
    this.name = 'CapacityRowMissing';
  }
}

export type CapacityRequest = {
  /** the rows that stand for the counted thing; sorted here into the fixed order */
  lock: readonly CapacityLock[];
  /** how many are taken now, read through the transaction after the locks are held */
  count: () => Promise<number>;
  /** the most there may be; null for no limit; or read from the locked rows (in the caller's order) */
  limit: number | null | ((rows: LockedRow[]) => number | null);
  /** how many this request takes (default 1) */
  want?: number;
  /** the error the caller answers with when there is no room (an AppError with its message key) */
  refuse: () => Error;
};

export type Reserved = {
  /** the locked rows, in the order the caller listed them (e.g. a sequence number to advance) */
  rows: LockedRow[];
  /** how many were taken before this request; null when there is no limit (nothing counted) */
  taken: number | null;
};

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** The fixed order: by table, then by the key columns' names, then by their values (numbers as numbers). */
export function compareLocks(a: CapacityLock, b: CapacityLock): number {
  if (a.table !== b.table) return a.table < b.table ? -1 : 1;
  const columns = Object.keys(a.where).sort();
  const shape = columns.join(',');
  const otherShape = Object.keys(b.where).sort().join(',');
  if (shape !== otherShape) return shape < otherShape ? -1 : 1;
  for (const column of columns) {
    const order = compareKeys(a.where[column], b.where[column]);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Locks, counts and compares; throws `refuse()` when `taken + want` would pass the limit.
 * Only inside a transaction: outside one, a lock would end with its statement.
 */
export async function reserveCapacity(tx: Tx, request: CapacityRequest): Promise<Reserved> {
  if (!(tx as { isTransaction?: boolean }).isTransaction) throw new Error('reserveCapacity runs inside a transaction');
  const want = request.want ?? 1;
  if (!Number.isSafeInteger(want) || want < 1)
    throw new Error(`reserveCapacity: want must be a positive integer, not ${want}`);
  if (request.lock.length === 0) throw new Error('reserveCapacity: nothing to lock');

  const order = request.lock
    .map((lock, index) => ({ lock, index }))
    .sort((a, b) => compareLocks(a.lock, b.lock) || a.index - b.index);
  const rows: LockedRow[] = new Array(request.lock.length);
  let previous: { lock: CapacityLock; row: LockedRow } | null = null;
  for (const { lock, index } of order) {
    // The same row named twice is locked once.
    if (previous && compareLocks(previous.lock, lock) === 0) {
      rows[index] = previous.row;
      continue;
    }
    const row = (await lockForUpdate(tx, tx(lock.table).where(lock.where)).first()) as LockedRow | undefined;
    if (!row) throw new CapacityRowMissing(lock.table, lock.where);
    rows[index] = row;
    previous = { lock, row };
  }

  const limit = typeof request.limit === 'function' ? request.limit(rows) : request.limit;
  if (limit === null) return { rows, taken: null };
  const taken = await request.count();
  if (taken + want > limit) throw request.refuse();
  return { rows, taken };
}

/**
 * Many rows of one table, found by a key column: a room type's nights by night, a conference's
 * fees or fee categories by id. Every key must name an existing row.
 */
export type LockGroup = { table: string; where: Readonly<Record<string, Key>>; by: string; keys: readonly Key[] };

/**
 * Locks groups of rows in the order given — the parent first (the room type before its nights,
 * the fees before their categories) — and, within a group, by key ascending whatever order the
 * caller named them in, each row once. Two requests for overlapping rows thus wait on each other
 * in the same order and never crosswise. Answers each group's rows in the order of its keys as
 * given (a key named twice answers its row twice). A key with no row throws CapacityRowMissing,
 * which the caller turns into its own 4xx (a fee deleted since the quote, a night the room does
 * not offer).
 */
export async function lockGroups(tx: Tx, groups: readonly LockGroup[]): Promise<LockedRow[][]> {
  if (!(tx as { isTransaction?: boolean }).isTransaction) throw new Error('lockGroups runs inside a transaction');
  const answer: LockedRow[][] = [];
  for (const group of groups) {
    const keys = [...new Set(group.keys)].sort(compareKeys);
    if (!keys.length) {
      answer.push([]);
      continue;
    }
    const rows = (await lockForUpdate(
      tx,
      tx(group.table).where(group.where).whereIn(group.by, keys).orderBy(group.by),
    )) as LockedRow[];
    const byKey = new Map(rows.map((r) => [String(r[group.by]), r]));
    const missing = keys.find((k) => !byKey.has(String(k)));
    if (missing !== undefined) throw new CapacityRowMissing(group.table, { ...group.where, [group.by]: missing });
    answer.push(group.keys.map((k) => byKey.get(String(k))!));
  }
  return answer;
}

/**
 * A count read from a locked row's column — places, rooms, nights taken: a number of things, never
 * money — as the driver gives it (a string for a bigint on MySQL). A whole number, or a bug.
 */
export function countOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${String(value)}`);
  return n;
}

/** What one locked row allows: how many are taken, the most there may be (null: no limit), how many this request wants of it. */
export type RowCheck<R> = {
  taken: (row: R) => number;
  limit: (row: R) => number | null;
  want: (row: R) => number;
  refuse: (row: R, left: number) => Error;
};

/**
 * The per-row limit check after lockGroups: throws the caller's `refuse(row, left)` for the first
 * row (in the order given) where what is taken plus what is wanted passes its limit.
 */
export function refuseOverfull<R>(rows: readonly R[], check: RowCheck<R>): void {
  for (const row of rows) {
    const limit = check.limit(row);
    if (limit === null) continue;
    const taken = check.taken(row);
    if (taken + check.want(row) > limit) throw check.refuse(row, Math.max(0, limit - taken));
  }
}
