/**
 * The knex instance: embedded SQLite under DATA_DIR by default, MySQL/MariaDB with DATABASE_URL.
 * Both return dates as strings and booleans as 0/1 so modules see one shape.
 */
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../../migrations/index';

export type Db = Knex;
export type Tx = Knex.Transaction;

export type DbOptions = {
  databaseUrl?: string;
  dataDir: string;
  filename?: string;
  /** how long a query waits for a pooled connection before failing (knex's default is 60 s) */
  acquireTimeoutMs?: number;
  /** MySQL/MariaDB: the longest a statement may run, lock waits included; 0 for no limit */
  statementTimeoutMs?: number;
  /** MySQL/MariaDB pool size */
  poolMax?: number;
};

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 10_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Sets the statement timeout on a new MySQL/MariaDB connection, so that a request stuck behind
 * a global read lock or a table lock fails (and frees its connection) instead of holding it.
 * MariaDB calls it max_statement_time (seconds, every statement); MySQL 8 max_execution_time
 * (milliseconds, SELECT only).
 */
function statementTimeoutHook(ms: number) {
  type Conn = { query(sql: string, cb: (err: (Error & { errno?: number }) | null) => void): void };
  return (conn: Conn, done: (err: Error | null, conn: Conn) => void) => {
    if (!ms) return done(null, conn);
    conn.query(`SET SESSION max_statement_time = ${ms / 1000}`, (err) => {
      // 1193: unknown system variable, i.e. MySQL rather than MariaDB.
      if (err?.errno !== 1193) return done(err, conn);
      conn.query(`SET SESSION max_execution_time = ${Math.round(ms)}`, (err2) => done(err2, conn));
    });
  };
}

export function createDb(opts: DbOptions): Db {
  const acquireConnectionTimeout = opts.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl.replace(/^mariadb:/, 'mysql:'));
    return knexFactory({
      acquireConnectionTimeout,
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.replace(/^\//, ''),
        socketPath: url.searchParams.get('socket') ?? undefined,
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: true,
        supportBigNumbers: true,
      },
      pool: {
        min: 0,
        max: opts.poolMax ?? 10,
        afterCreate: statementTimeoutHook(opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS),
      },
    });
  }
  const filename = opts.filename ?? path.join(opts.dataDir, 'platform.sqlite');
  return knexFactory({
    client: 'better-sqlite3',
    acquireConnectionTimeout,
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers run while the single writer commits; foreign keys are off by default.
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        reusePreparedStatements(conn);
        done(null, conn);
      },
    },
  });
}

type SqliteConnection = { pragma(s: string): unknown; prepare(sql: string): unknown };
const PREPARED_PER_CONNECTION = 1000;

/**
 * knex prepares every query's SQL again on each run (its better-sqlite3 dialect), which costs as
 * much as running a simple query. The app's statements are a fixed set of texts with bindings, so
 * each connection keeps its prepared statements by text (bounded; SQLite re-prepares one by itself
 * when the schema changes). knex sets no per-statement option here (no safeIntegers).
 */
function reusePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const prepared = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (prepared.size >= PREPARED_PER_CONNECTION) prepared.delete(prepared.keys().next().value as string);
      prepared.set(sql, statement);
    }
    return statement;
  };
}

/**
 * Migrations may run long (an ALTER TABLE on a big table): on MySQL/MariaDB they run on a
 * connection of their own, without the statement timeout the request pool has.
 */
export async function migrate(db: Db): Promise<void> {
  if (!isMysql(db)) return void (await db.migrate.latest({ migrationSource }));
  const { pool: _pool, ...config } = db.client.config as Knex.Config;
  const unlimited = knexFactory({ ...config, pool: { min: 0, max: 1 } });
  try {
    await unlimited.migrate.latest({ migrationSource });
  } finally {
    await unlimited.destroy();
  }
}

export function isMysql(db: Db): boolean {
  return db.client.config.client === 'mysql2';
}
