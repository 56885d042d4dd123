/**
 * Transactions that survive concurrency (DESIGN.md 3). On MySQL/MariaDB, InnoDB may pick a
 * transaction as a deadlock victim (1213) or give up waiting for a row lock (1205); both roll the
 * whole transaction back and are meant to be retried. SQLite's single writer answers SQLITE_BUSY
 * when another process holds the file past busy_timeout. `inTransaction` runs the work again a
 * bounded number of times, after a short jittered pause so the contenders do not collide again.
 *
 * The work must be safe to run again: everything it does goes through `tx` (rolled back with
 * it); nothing outside the database (mail is an outbox row, counters are counted before) and no
 * read through `db` (on SQLite that waits for the one pooled connection this transaction holds).
 *
 * On MySQL/MariaDB the transactions run at READ COMMITTED, not InnoDB's default REPEATABLE READ.
 * The capacity pattern (server/db/capacity.ts) locks the counted row and then counts with a plain
 * read; under REPEATABLE READ that read sees the snapshot taken by the transaction's first plain
 * read, which may be older than the lock — a transaction that read anything before it locked (an
 * order written, a second fee held) would miss the holds committed in between and oversell. At
 * READ COMMITTED every read sees what is committed when it runs, so "lock, then count" holds
 * wherever the lock is taken; it also takes no gap locks on plain writes, so fewer deadlocks.
 * SQLite has one writer and is serializable anyway.
 *
 * New code opens its transactions here. The account and registration writes use it already;
 * the other modules still call `db.transaction` directly and will move to it as they are touched.
 */
import type { Db, Tx } from './index';

export type TransactionOptions = {
  /** further runs after the first fails with a retryable error (default 4) */
  retries?: number;
  /** the first pause in ms, doubled on each retry, with ±50% jitter (default 15) */
  backoffMs?: number;
};

const DEADLOCK = { errno: 1213, code: 'ER_LOCK_DEADLOCK' };
const LOCK_WAIT_TIMEOUT = { errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT' };
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

type DriverError = { errno?: number; code?: string; name?: string } | null | undefined;

/** A deadlock or lock-wait timeout: the transaction was rolled back and may simply run again. */
export function isRetryable(err: unknown): boolean {
  const { errno, code } = (err ?? {}) as NonNullable<DriverError>;
  if (errno === DEADLOCK.errno || code === DEADLOCK.code) return true;
  if (errno === LOCK_WAIT_TIMEOUT.errno || code === LOCK_WAIT_TIMEOUT.code) return true;
  return typeof code === 'string' && SQLITE_BUSY.has(code);
}

/**
 * The database is too busy to answer in time: no pooled connection within the acquire timeout
 * (knex), a statement stopped by the statement timeout (MariaDB 1969, MySQL 3024), or locks that
 * stayed contended after the retries. The error handler answers 503 commonMsg.busy for these.
 */
export function isDatabaseBusy(err: unknown): boolean {
  const e = (err ?? {}) as NonNullable<DriverError>;
  if (e.name === 'KnexTimeoutError') return true;
  if (e.errno === 1969 || e.code === 'ER_STATEMENT_TIMEOUT') return true;
  if (e.errno === 3024 || e.code === 'ER_QUERY_TIMEOUT') return true;
  return isRetryable(err);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 15;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(
        work,
        db.client.config.client === 'mysql2' ? { isolationLevel: 'read committed' } : undefined,
      );
    } catch (err) {
      if (attempt >= retries || !isRetryable(err)) throw err;
      const pause = backoffMs * 2 ** attempt;
      await sleep(pause / 2 + Math.random() * pause);
    }
  }
}
