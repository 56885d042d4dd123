/**
 * The transaction helper (server/db/transaction.ts): deadlocks and lock-wait timeouts are run
 * again, a bounded number of times, each attempt rolled back whole; other errors are not. On
 * MariaDB a real deadlock between two transactions is resolved by the retry. Also the limiter's
 * release, with which quota is given back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/db';
import { migrate } from '../../../server/db/index';
import { inTransaction, isDatabaseBusy, isRetryable } from '../../../server/db/transaction';
import { insertUser } from '../../../server/modules/accounts/repo';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../../../server/platform/rateLimit';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
}, 60_000);
afterAll(() => t?.drop());

const driverError = (errno: number, code: string) => Object.assign(new Error(code), { errno, code });
const names = async () =>
  (await t.db('users').where('email', 'like', 'tx-%').orderBy('email').pluck('email')) as string[];

describe('which errors', () => {
  test('deadlocks, lock-wait timeouts and SQLite busy are retried; other errors are not', () => {
    expect(isRetryable(driverError(1213, 'ER_LOCK_DEADLOCK'))).toBe(true);
    expect(isRetryable(driverError(1205, 'ER_LOCK_WAIT_TIMEOUT'))).toBe(true);
    expect(isRetryable({ code: 'SQLITE_BUSY' })).toBe(true);
    expect(isRetryable(driverError(1062, 'ER_DUP_ENTRY'))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
    expect(isRetryable(null)).toBe(false);
  });

  test('busy: no connection in time, a statement stopped by its timeout, or locks still contended', () => {
    expect(
      isDatabaseBusy(Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' })),
    ).toBe(true);
    expect(isDatabaseBusy(driverError(1969, 'ER_STATEMENT_TIMEOUT'))).toBe(true);
    expect(isDatabaseBusy(driverError(3024, 'ER_QUERY_TIMEOUT'))).toBe(true);
    expect(isDatabaseBusy(driverError(1213, 'ER_LOCK_DEADLOCK'))).toBe(true);
    expect(isDatabaseBusy(driverError(1062, 'ER_DUP_ENTRY'))).toBe(false);
  });
});

describe('inTransaction', () => {
  test('runs again after a deadlock; the failed attempts leave nothing behind', async () => {
    let runs = 0;
    const id = await inTransaction(t.db, async (tx) => {
      runs++;
      const id = await insertUser(tx, { email: `tx-run-${runs}@example.org`, trueName: 'T', passwordHash: null });
      if (runs < 3) throw driverError(1213, 'ER_LOCK_DEADLOCK');
      return id;
    });
    expect(runs).toBe(3);
    expect(id).toBeGreaterThan(0);
    expect(await names()).toEqual(['tx-run-3@example.org']);
  });

  test('gives up after the bounded retries with the last error', async () => {
    let runs = 0;
    const work = inTransaction(
      t.db,
      async () => {
        runs++;
        throw driverError(1205, 'ER_LOCK_WAIT_TIMEOUT');
      },
      { retries: 2, backoffMs: 1 },
    );
    await expect(work).rejects.toMatchObject({ errno: 1205 });
    expect(runs).toBe(3);
  });

  test('any other error is thrown at once', async () => {
    let runs = 0;
    await expect(
      inTransaction(t.db, async () => {
        runs++;
        throw new Error('not a lock problem');
      }),
    ).rejects.toThrow('not a lock problem');
    expect(runs).toBe(1);
  });

  test.runIf(process.env.TEST_DIALECT === 'mysql')(
    'two transactions that lock two rows in opposite orders both complete (MariaDB picks a victim; it is run again)',
    async () => {
      const a = await insertUser(t.db, { email: 'tx-a@example.org', trueName: 'A', passwordHash: null });
      const b = await insertUser(t.db, { email: 'tx-b@example.org', trueName: 'B', passwordHash: null });
      // Both take their first lock before either asks for its second: a deadlock on the first run.
      let arrived = 0;
      let bothHoldOne!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
      let runs = 0;
      const crossing = (first: number, second: number, name: string) =>
        inTransaction(t.db, async (tx) => {
          runs++;
          await tx('users').where({ id: first }).update({ true_name: name });
          if (++arrived === 2) bothHoldOne();
          await barrier;
          await tx('users').where({ id: second }).update({ true_name: name });
        });
      await Promise.all([crossing(a, b, 'first'), crossing(b, a, 'second')]);
      expect(runs).toBe(3);
      const rows = await t.db('users').whereIn('id', [a, b]).pluck('true_name');
      // Whichever ran last wrote both rows.
      expect(new Set(rows).size).toBe(1);
    },
  );
});

describe.each([
  ['memory', () => new MemoryRateLimiter()],
  ...(process.env.TEST_REDIS_URL ? [['redis', () => new RedisRateLimiter(process.env.TEST_REDIS_URL!)] as const] : []),
] as Array<[string, () => RateLimiter]>)('the %s rate limiter', (_name, make) => {
  test('release gives back one hit, never below zero', async () => {
    const limiter = make();
    const key = `release-test:${Date.now()}:${Math.random()}`;
    try {
      await limiter.hit(key, 2, 60_000);
      await limiter.hit(key, 2, 60_000);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(false);
      await limiter.release(key);
      await limiter.release(key);
      expect(await limiter.count(key)).toBe(1);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(true);
      await limiter.reset(key);
      await limiter.release(key);
      expect(await limiter.count(key)).toBe(0);
    } finally {
      await limiter.reset(key);
      await limiter.close();
    }
  });
});
