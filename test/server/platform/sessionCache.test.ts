/**
 * The session cache (issue 17): what a session was found to be is remembered for the requests
 * that read, bounded, never past its session or TTL, never for another conference, and dropped
 * when its person or session changes — once the change is committed, so that a read that raced
 * the transaction cannot leave the old identity behind.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SessionCache } from '../../../server/platform/sessionCache';
import { cachedDataChanged, onCachedDataChanged, type ChangeNotice } from '../../../server/platform/changes';
import type { Identity } from '../../../server/platform/identity';
import type { VerifiedSession } from '../../../server/platform/session';
import { createTestDb, type TestDb } from '../../helpers/db';
import { migrate } from '../../../server/db/index';

const identity = (id: number, roles: Identity['roles'] = []): Identity => ({
  user: { id, email: `u${id}@example.org`, trueName: `User ${id}`, umtId: null, cstnetId: null, lang: null },
  roles,
  superAdmin: false,
});
const session = (sessionId: string, userId: number, expiresAt = Date.now() + 3600_000): VerifiedSession => ({
  sessionId,
  expiresAt,
  claims: { id: userId, trueName: `User ${userId}`, umtId: null, cstnetId: null },
});

describe('SessionCache', () => {
  test('an entry is recalled for its own conference only, until its TTL or its session ends', () => {
    const cache = new SessionCache(1000);
    cache.remember('t1', 5, session('s1', 1), identity(1), cache.epoch);
    expect(cache.recall('t1', 5)?.identity.user.id).toBe(1);
    expect(cache.recall('t1', 6)).toBeUndefined();
    expect(cache.recall('t1', null)).toBeUndefined();
    expect(cache.recall('t1', 5, Date.now() + 1001)).toBeUndefined();
    expect(cache.size()).toBe(0);
    cache.remember('t2', 5, session('s2', 2, Date.now() + 10), identity(2), cache.epoch);
    expect(cache.recall('t2', 5, Date.now() + 11)).toBeUndefined();
  });

  test('an identity whose load began before a drop is used for its request but not kept', () => {
    const cache = new SessionCache();
    const epoch = cache.epoch;
    cache.dropUser(99);
    const entry = cache.remember('t1', 5, session('s1', 1), identity(1), epoch);
    expect(entry.identity.user.id).toBe(1);
    expect(cache.recall('t1', 5)).toBeUndefined();
  });

  test('a person dropped loses every session; a session dropped only itself', () => {
    const cache = new SessionCache();
    cache.remember('a1', 5, session('sa1', 1), identity(1), cache.epoch);
    cache.remember('a2', 6, session('sa2', 1), identity(1), cache.epoch);
    cache.remember('b1', 5, session('sb1', 2), identity(2), cache.epoch);
    cache.dropUser(1);
    expect([cache.recall('a1', 5), cache.recall('a2', 6)]).toEqual([undefined, undefined]);
    expect(cache.recall('b1', 5)).toBeDefined();
    cache.remember('b2', 5, session('sb2', 2), identity(2), cache.epoch);
    cache.dropSession('sb1');
    expect(cache.recall('b1', 5)).toBeUndefined();
    expect(cache.recall('b2', 5)).toBeDefined();
  });

  test('it is bounded: the oldest entry goes, with its indexes', () => {
    const cache = new SessionCache(30_000, 3);
    for (let i = 1; i <= 5; i++) cache.remember(`t${i}`, 1, session(`s${i}`, i), identity(i), cache.epoch);
    expect(cache.size()).toBe(3);
    expect(cache.recall('t1', 1)).toBeUndefined();
    expect(cache.recall('t5', 1)).toBeDefined();
    cache.dropUser(5);
    cache.dropSession('s4');
    expect(cache.size()).toBe(1);
  });

  test('a remembered identity cannot be changed by the request that uses it', () => {
    const cache = new SessionCache();
    const entry = cache.remember('t1', 5, session('s1', 1), identity(1, ['attendee']), cache.epoch);
    expect(() => (entry.identity.roles as string[]).push('manager')).toThrow();
    expect(() => ((entry.identity.user as { trueName: string }).trueName = 'x')).toThrow();
  });
});

describe('cachedDataChanged', () => {
  let testDb: TestDb;
  const told: ChangeNotice[] = [];
  let stop: () => void;
  beforeAll(async () => {
    testDb = await createTestDb();
    await migrate(testDb.db);
    stop = onCachedDataChanged((drop) => told.push(drop));
  });
  afterAll(async () => {
    stop();
    await testDb.drop();
  });

  test('outside a transaction: told once, at once', () => {
    told.length = 0;
    cachedDataChanged(testDb.db, { userId: 7 });
    expect(told).toEqual([{ userId: 7 }]);
  });

  test('inside a transaction: told at once and again when the outermost transaction ends, committed or not', async () => {
    told.length = 0;
    await testDb.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        cachedDataChanged(inner, { sessionId: 'abc' });
      });
      // The savepoint is released; the outer transaction has not committed yet.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(told).toEqual([{ sessionId: 'abc' }]);
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toEqual([{ sessionId: 'abc' }, { sessionId: 'abc' }]);

    told.length = 0;
    await expect(
      testDb.db.transaction(async (tx) => {
        cachedDataChanged(tx, { userId: 3 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toEqual([{ userId: 3 }, { userId: 3 }]);
  });
});
