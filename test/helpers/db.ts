/**
 * A fresh database per test file: a temporary SQLite file, or (TEST_DIALECT=mysql) a throwaway
 * database on the MariaDB/MySQL named by TEST_DATABASE_URL, dropped afterwards.
 *
 * Each starts as a copy of a template that the real migrations built once for the run (issue 36:
 * running the 30-odd migrations again per file took 15–25 s of MariaDB's time each, more than most
 * files' tests). The template is named by a hash of the migrations, so a changed migration makes a
 * new one; the harness still calls `migrate`, which finds nothing to do in a complete copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDb, migrate, type Db } from '../../server/db/index';

export type TestDb = {
  db: Db;
  dataDir: string;
  dialect: 'sqlite' | 'mysql';
  databaseUrl?: string;
  drop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const SQLITE_FILE = 'platform.sqlite';

export function testDialect(): 'sqlite' | 'mysql' {
  return process.env.TEST_DIALECT === 'mysql' ? 'mysql' : 'sqlite';
}

/** What the schema is made from: the migrations and the dialect helpers they use. */
function schemaHash(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['migrations', 'server/db']) {
    for (const file of fs.readdirSync(path.join(ROOT, dir)).sort()) {
      const full = path.join(ROOT, dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-'));
  if (testDialect() === 'sqlite') {
    fs.copyFileSync(await sqliteTemplate(), path.join(dataDir, SQLITE_FILE));
    const db = createDb({ dataDir });
    return {
      db,
      dataDir,
      dialect: 'sqlite',
      async drop() {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DIALECT=mysql needs TEST_DATABASE_URL=mysql://user:pass@host:port/anydb');
  const name = `cp_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = adminConnection(base);
  try {
    await cloneMysqlDatabase(admin, await mysqlTemplate(admin), name);
  } finally {
    await admin.destroy();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = createDb({ databaseUrl, dataDir });
  return {
    db,
    dataDir,
    dialect: 'mysql',
    databaseUrl,
    async drop() {
      await db.raw(`DROP DATABASE \`${name}\``);
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The migrated SQLite file of this schema, made once (by whichever process comes first: written
 * beside and renamed into place, so no process copies a half-written file).
 */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `cp-test-template-${schemaHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-template-'));
  const db = createDb({ dataDir: dir });
  try {
    await migrate(db);
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  fs.renameSync(path.join(dir, SQLITE_FILE), file);
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

function adminConnection(base: string): Knex {
  const url = new URL(base);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      multipleStatements: true,
    },
    pool: { min: 0, max: 1 },
  });
}

/**
 * The migrated MariaDB/MySQL database of this schema, made once under a server-wide lock (several
 * test processes start at once); a template of another schema is dropped a day after it was made.
 */
async function mysqlTemplate(admin: Knex): Promise<string> {
  const name = `cp_test_tpl_${schemaHash()}`;
  const ready = async () =>
    (
      await admin.raw('SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
        name,
        'cp_template_ready',
      ])
    )[0].length > 0;
  if (await ready()) return name;
  const [[lock]] = await admin.raw("SELECT GET_LOCK('cp_test_template', 300) AS taken");
  if (Number(lock?.taken) !== 1)
    throw new Error(`the MariaDB test template ${name} was being made by another run for over 5 minutes`);
  try {
    if (await ready()) return name;
    // Templates of other schemas, once no run can still be copying them (another checkout's
    // tests may use another schema at the same time).
    const stale = await admin.raw(
      "SELECT table_schema AS name FROM information_schema.tables WHERE table_name = 'cp_template_ready' AND table_schema LIKE 'cp\\_test\\_tpl\\_%' AND table_schema <> ? AND create_time < NOW() - INTERVAL 1 DAY",
      [name],
    );
    for (const row of stale[0] as Array<{ name: string }>) await admin.raw(`DROP DATABASE \`${row.name}\``);
    // Not ready while we hold the lock: a run that was interrupted while making it left it half-made.
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    await admin.raw(`CREATE TABLE \`${name}\`.cp_template_ready (id int)`);
    return name;
  } finally {
    await admin.raw("SELECT RELEASE_LOCK('cp_test_template')");
  }
}

/** The statements that copy a template, read once per process. */
const cloneScripts = new Map<string, string[]>();

/** A copy of the template: each table as SHOW CREATE TABLE has it (keys, foreign keys, counters), then its rows. */
async function cloneMysqlDatabase(admin: Knex, template: string, name: string): Promise<void> {
  let script = cloneScripts.get(template);
  if (!script) {
    const tables = (
      (
        await admin.raw(
          'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_name <> ?',
          [template, 'cp_template_ready'],
        )
      )[0] as Array<{ t: string }>
    ).map((r) => r.t);
    const creates: string[] = [];
    const copies: string[] = [];
    for (const table of tables) {
      const [[row]] = await admin.raw(`SHOW CREATE TABLE \`${template}\`.\`${table}\``);
      creates.push(`${row['Create Table']};`);
      const [[{ n }]] = await admin.raw(`SELECT COUNT(*) AS n FROM \`${template}\`.\`${table}\``);
      if (Number(n) > 0) copies.push(`INSERT INTO \`${table}\` SELECT * FROM \`${template}\`.\`${table}\`;`);
    }
    script = ['SET FOREIGN_KEY_CHECKS = 0;', ...creates, ...copies, 'SET FOREIGN_KEY_CHECKS = 1;'];
    cloneScripts.set(template, script);
  }
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.raw([`USE \`${name}\`;`, ...script].join('\n'));
}

/**
 * An empty database (no migration run), for a test that migrates it step by step: a temporary
 * SQLite file, or a throwaway database on the MariaDB/MySQL of TEST_DATABASE_URL.
 */
export async function createEmptyTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-empty-'));
  if (testDialect() === 'sqlite') {
    const db = createDb({ dataDir });
    return {
      db,
      dataDir,
      dialect: 'sqlite',
      async drop() {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DIALECT=mysql needs TEST_DATABASE_URL=mysql://user:pass@host:port/anydb');
  const name = `cp_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = adminConnection(base);
  try {
    // Not ready while we hold the lock: a run that was interrupted while making it left it half-made.
    await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = createDb({ databaseUrl, dataDir });
  return {
    db,
    dataDir,
    dialect: 'mysql',
    databaseUrl,
    async drop() {
      await db.raw(`DROP DATABASE \`${name}\``);
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
