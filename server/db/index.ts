/**
 * The knex instance: embedded SQLite under DATA_DIR by default, MySQL/MariaDB with DATABASE_URL.
 * Both return dates as strings and booleans as 0/1 so modules see one shape.
 */
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../../migrations/index';

export type Db = Knex;
export type Tx = Knex.Transaction;

export function createDb(opts: { databaseUrl?: string; dataDir: string; filename?: string }): Db {
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl.replace(/^mariadb:/, 'mysql:'));
    return knexFactory({
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
      pool: { min: 0, max: 10 },
    });
  }
  const filename = opts.filename ?? path.join(opts.dataDir, 'platform.sqlite');
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers run while the single writer commits; foreign keys are off by default.
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
}

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export function isMysql(db: Db): boolean {
  return db.client.config.client === 'mysql2';
}
