/**
 * A fresh database per test file: a temporary SQLite file, or (TEST_DIALECT=mysql) a throwaway
 * database on the MariaDB/MySQL named by TEST_DATABASE_URL, dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Db } from '../../server/db/index';

export type TestDb = { db: Db; dataDir: string; dialect: 'sqlite' | 'mysql'; databaseUrl?: string; drop(): Promise<void> };

export function testDialect(): 'sqlite' | 'mysql' {
  return process.env.TEST_DIALECT === 'mysql' ? 'mysql' : 'sqlite';
}

export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-'));
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
  const adminUrl = new URL(base);
  const admin = knexFactory({
    client: 'mysql2',
    connection: { host: adminUrl.hostname, port: Number(adminUrl.port || 3306), user: decodeURIComponent(adminUrl.username), password: decodeURIComponent(adminUrl.password) },
  });
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
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
