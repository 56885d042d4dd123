/**
 * The capacity helper (server/db/capacity.ts) under a rush, on SQLite and on MariaDB: N times the
 * cap in concurrent transactions gives exactly the cap; requests that take several rows (a stay
 * of several nights), naming them in opposite orders, neither oversell nor deadlock (the helper
 * locks in one fixed order, and the retries are switched off to prove it); and the misuses
 * (outside a transaction, a row that does not exist) are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/db';
import {
  CapacityRowMissing,
  compareLocks,
  lockGroups,
  refuseOverfull,
  reserveCapacity,
  type CapacityLock,
} from '../../../server/db/capacity';
import { inTransaction } from '../../../server/db/transaction';
import { AppError } from '../../../server/platform/errors';
import type { Tx } from '../../../server/db/index';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  // A resource with a limit (a room type's night) and what has been taken of it.
  await t.db.schema.createTable('cap_nights', (table) => {
    table.integer('id').primary();
    table.integer('rooms').notNullable();
  });
  await t.db.schema.createTable('cap_bookings', (table) => {
    table.increments('id');
    table.integer('night_id').notNullable().index();
    table.string('who', 40).notNullable();
  });
  await t.db('cap_nights').insert([
    { id: 1, rooms: 20 },
    { id: 2, rooms: 7 },
    { id: 3, rooms: 7 },
    { id: 10, rooms: 5 },
  ]);
  // Groups: a room type (the parent) and its nights, each night with its own counter.
  await t.db.schema.createTable('cap_rooms', (table) => {
    table.integer('id').primary();
    table.integer('total').notNullable();
  });
  await t.db.schema.createTable('cap_room_nights', (table) => {
    table.integer('room_id').notNullable();
    table.string('night', 10).notNullable();
    table.integer('held').notNullable().defaultTo(0);
    table.primary(['room_id', 'night']);
  });
  await t.db('cap_rooms').insert([
    { id: 1, total: 6 },
    { id: 2, total: 3 },
  ]);
  await t.db('cap_room_nights').insert(
    ['2026-05-01', '2026-05-02', '2026-05-03'].flatMap((night) => [
      { room_id: 1, night },
      { room_id: 2, night },
    ]),
  );
}, 60_000);
afterAll(() => t?.drop());

const full = () => new AppError(400, 'hotel.noRoom');
const night = (id: number): CapacityLock => ({ table: 'cap_nights', where: { id } });

async function taken(tx: Tx, nightId: number): Promise<number> {
  const row = await tx('cap_bookings').where({ night_id: nightId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Books a night, the limit read from its locked row. */
function book(nightId: number, who: string) {
  return inTransaction(t.db, async (tx) => {
    await reserveCapacity(tx, {
      lock: [night(nightId)],
      count: () => taken(tx, nightId),
      limit: (rows) => Number(rows[0].rooms),
      refuse: full,
    });
    await tx('cap_bookings').insert({ night_id: nightId, who });
  });
}

async function settle(work: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(work);
  const refused = results.filter(
    (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.messageKey === 'hotel.noRoom',
  );
  const other = results
    .filter((r) => r.status === 'rejected' && !refused.includes(r))
    .map((r) => (r as PromiseRejectedResult).reason);
  return { ok: results.filter((r) => r.status === 'fulfilled').length, refused: refused.length, other };
}

describe('a rush', () => {
  test("200 concurrent requests against a limit of 20: exactly 20 succeed, 180 are refused with the caller's error", async () => {
    const { ok, refused, other } = await settle(Array.from({ length: 200 }, (_, i) => book(1, `single-${i}`)));
    expect(other).toEqual([]);
    expect(ok).toBe(20);
    expect(refused).toBe(180);
    expect(await t.db('cap_bookings').where({ night_id: 1 }).count({ n: '*' }).first()).toMatchObject({ n: 20 });
  });

  test('stays of two nights named in either order, retries off: exactly 7, no deadlock, no half stay', async () => {
    const work = Array.from({ length: 200 }, (_, i) =>
      inTransaction(
        t.db,
        async (tx) => {
          // Half the requests name night 3 first: the helper locks night 2, then night 3, for all of them.
          const nights = i % 2 ? [3, 2] : [2, 3];
          await reserveCapacity(tx, {
            lock: nights.map(night),
            count: async () => Math.max(await taken(tx, 2), await taken(tx, 3)),
            limit: (rows) => Math.min(...rows.map((r) => Number(r.rooms))),
            refuse: full,
          });
          await tx('cap_bookings').insert(nights.map((id) => ({ night_id: id, who: `stay-${i}` })));
        },
        { retries: 0 },
      ),
    );
    const { ok, refused, other } = await settle(work);
    expect(other).toEqual([]);
    expect(ok).toBe(7);
    expect(refused).toBe(193);
    const byNight = await t
      .db('cap_bookings')
      .whereIn('night_id', [2, 3])
      .select('night_id')
      .count<{ night_id: number; n: number | string }[]>({ n: '*' })
      .groupBy('night_id')
      .orderBy('night_id');
    expect(byNight.map((r) => [Number(r.night_id), Number(r.n)])).toEqual([
      [2, 7],
      [3, 7],
    ]);
  });

  test('want takes several places at once; a request for more than is left is refused whole', async () => {
    const results = await settle(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(t.db, async (tx) => {
          await reserveCapacity(tx, { lock: [night(10)], count: () => taken(tx, 10), limit: 5, want: 2, refuse: full });
          await tx('cap_bookings').insert([
            { night_id: 10, who: `pair-${i}` },
            { night_id: 10, who: `pair-${i}` },
          ]);
        }),
      ),
    );
    expect(results).toMatchObject({ ok: 2, refused: 38, other: [] });
    expect(await t.db('cap_bookings').where({ night_id: 10 }).count({ n: '*' }).first()).toMatchObject({ n: 4 });
  });
});

describe('the helper', () => {
  test("no limit: locks, does not count, returns the rows in the caller's order", async () => {
    let counted = false;
    const reserved = await inTransaction(t.db, (tx) =>
      reserveCapacity(tx, {
        lock: [night(10), night(1), night(10)],
        count: async () => ((counted = true), 0),
        limit: null,
        refuse: full,
      }),
    );
    expect(counted).toBe(false);
    expect(reserved).toEqual({
      taken: null,
      rows: [
        { id: 10, rooms: 5 },
        { id: 1, rooms: 20 },
        { id: 10, rooms: 5 },
      ],
    });
  });

  test('the fixed order: table, then key columns, numbers as numbers', () => {
    const locks: CapacityLock[] = [
      night(10),
      { table: 'a_fees', where: { id: 3 } },
      night(9),
      { table: 'cap_nights', where: { id: 9, day: '2026-01-02' } },
      { table: 'cap_nights', where: { id: 9, day: '2026-01-01' } },
    ];
    expect([...locks].sort(compareLocks)).toEqual([
      { table: 'a_fees', where: { id: 3 } },
      { table: 'cap_nights', where: { id: 9, day: '2026-01-01' } },
      { table: 'cap_nights', where: { id: 9, day: '2026-01-02' } },
      night(9),
      night(10),
    ]);
  });

  test('outside a transaction, a missing row, nothing to lock or a bad want: a bug, not a refusal', async () => {
    const request = { lock: [night(1)], count: async () => 0, limit: 1, refuse: full };
    await expect(reserveCapacity(t.db as unknown as Tx, request)).rejects.toThrow('inside a transaction');
    await expect(inTransaction(t.db, (tx) => reserveCapacity(tx, { ...request, lock: [night(404)] }))).rejects.toThrow(
      'no cap_nights row',
    );
    await expect(inTransaction(t.db, (tx) => reserveCapacity(tx, { ...request, lock: [] }))).rejects.toThrow(
      'nothing to lock',
    );
    await expect(inTransaction(t.db, (tx) => reserveCapacity(tx, { ...request, want: 0 }))).rejects.toThrow('want');
  });
});

describe('lock groups and the per-row check', () => {
  const NIGHTS = ['2026-05-01', '2026-05-02', '2026-05-03'];

  /** A stay of some nights of a room: the room locked first, then its nights by night; each night's own count against the room's total. */
  function stay(roomId: number, nights: string[], want: number, retries = 0) {
    return inTransaction(
      t.db,
      async (tx) => {
        const [[room], rows] = await lockGroups(tx, [
          { table: 'cap_rooms', where: {}, by: 'id', keys: [roomId] },
          { table: 'cap_room_nights', where: { room_id: roomId }, by: 'night', keys: nights },
        ]);
        refuseOverfull(rows, {
          taken: (r) => Number(r.held),
          limit: () => Number(room.total),
          want: () => want,
          refuse: (r, left) =>
            new AppError(409, 'hotel.noRoom', { params: { night: String(r.night), left: String(left) } }),
        });
        await tx('cap_room_nights').where({ room_id: roomId }).whereIn('night', nights).increment('held', want);
      },
      { retries },
    );
  }

  test('stays of overlapping nights named in any order, retries off: no night past its total, no deadlock, no half stay', async () => {
    const orders = [
      [0, 1],
      [1, 0],
      [0, 1, 2],
      [2, 1, 0],
      [1, 2],
      [2, 1],
    ];
    const { refused, other } = await settle(
      Array.from({ length: 120 }, (_, i) =>
        stay(
          1,
          orders[i % orders.length].map((n) => NIGHTS[n]),
          1,
        ),
      ),
    );
    expect(other).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    const held = await t.db('cap_room_nights').where({ room_id: 1 }).orderBy('night').pluck('held');
    expect(held.map(Number).every((n) => n <= 6)).toBe(true);
    // Night 2 is in every stay: it is full, and every stay that got in holds all its nights (no half stay).
    expect(Number(held[1])).toBe(6);
  });

  test("the rows answer in the caller's order, a key named twice answers its row twice; the refusal names the first full row and what is left", async () => {
    await t.db('cap_room_nights').where({ room_id: 2, night: NIGHTS[1] }).update({ held: 2 });
    await inTransaction(t.db, async (tx) => {
      const [rows] = await lockGroups(tx, [
        { table: 'cap_room_nights', where: { room_id: 2 }, by: 'night', keys: [NIGHTS[2], NIGHTS[0], NIGHTS[2]] },
      ]);
      expect(rows.map((r) => r.night)).toEqual([NIGHTS[2], NIGHTS[0], NIGHTS[2]]);
      expect(
        await lockGroups(tx, [{ table: 'cap_room_nights', where: { room_id: 2 }, by: 'night', keys: [] }]),
      ).toEqual([[]]);
    });
    const refusal = await stay(2, [NIGHTS[0], NIGHTS[1]], 2).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).params).toEqual({ night: NIGHTS[1], left: '1' });
    expect((await t.db('cap_room_nights').where({ room_id: 2 }).orderBy('night').pluck('held')).map(Number)).toEqual([
      0, 2, 0,
    ]);
  });

  test('a key with no row is CapacityRowMissing naming it, and nothing is written; outside a transaction is a bug', async () => {
    const missing = await stay(2, [NIGHTS[0], '2026-05-09'], 1).catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(CapacityRowMissing);
    expect((missing as CapacityRowMissing).where).toEqual({ room_id: 2, night: '2026-05-09' });
    expect(Number((await t.db('cap_room_nights').where({ room_id: 2, night: NIGHTS[0] }).first()).held)).toBe(0);
    await expect(
      lockGroups(t.db as unknown as Tx, [{ table: 'cap_rooms', where: {}, by: 'id', keys: [1] }]),
    ).rejects.toThrow(/inside a transaction/);
  });
});
