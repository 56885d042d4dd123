/**
 * A database that cannot answer in time (issue 10, low): under a lock held elsewhere the pool was
 * exhausted and signed-in requests waited with no limit (knex waits 60 s for a connection). Now a
 * request waits at most the acquire timeout for a connection and (MariaDB) the statement timeout
 * for a statement, and answers 503 with the translated commonMsg.busy, on API calls and pages.
 *
 * The test account may not take FLUSH TABLES WITH READ LOCK (it needs RELOAD): the lock is a
 * LOCK TABLES ... WRITE held from a connection of its own, which stalls the session look-up every
 * signed-in request makes, and (both dialects) every pooled connection held by open transactions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { loadConfig } from '../../../server/config';
import { createApp, type App } from '../../../server/app';
import { createDb, isMysql, type Db } from '../../../server/db/index';
import { MemoryRateLimiter } from '../../../server/platform/rateLimit';
import { t } from '../../../server/platform/i18n';

const host = 'contract.localhost';
const ACQUIRE_MS = 1000;
const STATEMENT_MS = 2000;
const POOL = 3;

let h: Harness;
let db: Db;
let app: App;
let token: string;
let conferenceId: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  token = await h.login({ email: 'reader@example.org', conferenceId });
  // The same database through a pool with short timeouts, as DB_ACQUIRE_TIMEOUT_MS and
  // DB_STATEMENT_TIMEOUT_MS would set it.
  db = createDb({
    databaseUrl: h.testDb.databaseUrl,
    dataDir: h.testDb.dataDir,
    acquireTimeoutMs: ACQUIRE_MS,
    statementTimeoutMs: STATEMENT_MS,
    poolMax: POOL,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: h.testDb.dataDir,
    SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  app = await createApp({ config, db, production: true, limiter: new MemoryRateLimiter() });
  // Warm up: the conference of the host is cached, as on a running server.
  expect((await statusCall()).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await h?.stop();
});

const statusCall = (as = token) =>
  request(app.app).get('/api/conference/platform/findConferenceStatus').set('Host', host).set('Cookie', `token=${as}`);
const profilePage = (as = token) =>
  request(app.app).get('/profile/userInfo').set('Host', host).set('Cookie', `token=${as}; locale=en`);
/** A session this app has not seen yet: its first request must read the sessions table (a seen one is remembered, sessionCache.ts). */
const unseenSession = () => h.login({ email: 'reader@example.org', conferenceId });

async function timed<T>(work: () => PromiseLike<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

describe('every pooled connection is taken', () => {
  let held: Knex.Transaction[] = [];
  afterEach(async () => {
    for (const trx of held) await trx.rollback();
    held = [];
  });

  test('a signed-in API call and a signed-in page answer 503 busy after the acquire timeout, then work again', async () => {
    const unseen = await unseenSession();
    // Long transactions hold every connection (SQLite has one).
    for (let i = 0; i < (isMysql(db) ? POOL : 1); i++) held.push(await db.transaction());
    const api = await timed(() => statusCall(unseen));
    expect(api.result.status).toBe(503);
    expect(api.result.body).toMatchObject({ code: 503, message: 'commonMsg.busy' });
    expect(api.result.headers['retry-after']).toBe('5');
    expect(api.ms).toBeGreaterThanOrEqual(ACQUIRE_MS - 50);
    expect(api.ms).toBeLessThan(ACQUIRE_MS + 3000);
    const page = await timed(() => profilePage(unseen));
    expect(page.result.status).toBe(503);
    expect(page.result.text).toBe(t('en', 'commonMsg.busy'));
    expect(page.ms).toBeLessThan(ACQUIRE_MS + 3000);
    for (const trx of held) await trx.rollback();
    held = [];
    expect((await statusCall(unseen)).status).toBe(200);
  }, 30_000);
});

describe.runIf(process.env.TEST_DIALECT === 'mysql')('a table lock held by another connection (MariaDB)', () => {
  let locker: Knex | undefined;
  afterEach(async () => {
    await locker?.destroy();
    locker = undefined;
  });

  test('30 signed-in calls at once all answer 503 busy within the timeouts instead of hanging, and the service recovers', async () => {
    const unseen = await Promise.all(Array.from({ length: 30 }, unseenSession));
    locker = knexFactory({ ...(db.client.config as Knex.Config), pool: { min: 1, max: 1 } });
    const conn = await locker.client.acquireConnection();
    await new Promise<void>((resolve, reject) =>
      conn.query('LOCK TABLES sessions WRITE', (err: Error | null) => (err ? reject(err) : resolve())),
    );
    try {
      const { result, ms } = await timed(() => Promise.all(unseen.map((as) => statusCall(as))));
      expect(result.map((r) => `${r.status} ${r.body.message}`)).toEqual(Array(30).fill('503 commonMsg.busy'));
      // The first calls wait out the statement timeout on the lock; the others the acquire timeout
      // for a connection, while the first hold theirs.
      expect(ms).toBeLessThan(STATEMENT_MS + ACQUIRE_MS + 3000);
    } finally {
      await new Promise<void>((resolve) => conn.query('UNLOCK TABLES', () => resolve()));
      await locker.client.releaseConnection(conn);
    }
    expect((await statusCall()).status).toBe(200);
  }, 30_000);
});
