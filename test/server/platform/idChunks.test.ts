/**
 * Lists of ids that grow with a conference's data are read a thousand ids per statement
 * (server/db/idChunks.ts): SQLite refuses more than 32,766 bindings in one statement, which
 * answered 500 for a large conference's export, bulk mail or a chair's home. Each reader here is
 * asked among 40,000 ids of nothing (each fails on the old single statement) and must find
 * exactly the rows that exist, once each, in id order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDS_PER_STATEMENT, readByIdChunks } from '../../../server/db/idChunks';
import { toDbInstant } from '../../../server/db/dialect';
import { accountsByIds } from '../../../server/modules/accounts/index';
import { registrantsByIds, selectionStamps } from '../../../server/modules/registration/repo';
import { contractSite } from '../../fixtures/contractSite';
import { createHarness, type Harness } from '../../helpers/harness';

describe('readByIdChunks', () => {
  test('each id once, ascending, a thousand per call, the rows of every call in order', async () => {
    const calls: number[][] = [];
    const ids = [...Array.from({ length: 2_500 }, (_, i) => 2_500 - i), 7, 7, 1];
    const rows = await readByIdChunks(ids, async (slice) => (calls.push(slice), slice.map((id) => ({ id }))));
    expect(calls.map((c) => c.length)).toEqual([IDS_PER_STATEMENT, IDS_PER_STATEMENT, 500]);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
  });

  test('no ids: no call', async () => {
    let called = false;
    expect(await readByIdChunks([], async () => ((called = true), []))).toEqual([]);
    expect(called).toBe(false);
  });
});

describe('readers asked among 40,000 ids', () => {
  let t: Harness;
  let userIds: number[];
  let registrantIds: number[];
  let conferenceId: number;
  const COUNT = 2_345;
  const nothing = (after: number) => Array.from({ length: 40_000 }, (_, i) => after + 1 + i);

  beforeAll(async () => {
    t = await createHarness({ seedDemo: false });
    const now = toDbInstant();
    const users = Array.from({ length: COUNT }, (_, i) => ({
      email: `many${i}@example.org`,
      true_name: `Many ${i}`,
      password_hash: i % 2 ? null : 'x',
      cstnet_id: `many${i}@example.org`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < users.length; i += 200) await t.db('users').insert(users.slice(i, i + 200));
    userIds = (await t.db('users').where('email', 'like', 'many%').orderBy('id').pluck('id')).map(Number);
    conferenceId = await t.provision(contractSite());
    const registrants = userIds.slice(0, 1_500).map((userId, i) => ({
      conference_id: conferenceId,
      user_id: userId,
      version: 'default',
      seq: 10_000 + i,
      code: `BIG${i}`,
      email: `many${i}@example.org`,
      answers: '{}',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < registrants.length; i += 200) await t.db('registrants').insert(registrants.slice(i, i + 200));
    registrantIds = (await t.db('registrants').where('code', 'like', 'BIG%').orderBy('id').pluck('id')).map(Number);
  });
  afterAll(() => t?.stop());

  test(`accounts: the ${COUNT} that exist, with repeats asked for, each once`, async () => {
    const found = await accountsByIds(t.db, [...nothing(Math.max(...userIds)), ...userIds, ...userIds.slice(0, 10)]);
    expect(found.size).toBe(COUNT);
    expect([...found.values()].filter((a) => a.hasPassword)).toHaveLength(Math.ceil(COUNT / 2));
  });

  test('registrants: the 1,500 that exist, in id order', async () => {
    const rows = await registrantsByIds(t.db, conferenceId, [...nothing(Math.max(...registrantIds)), ...registrantIds]);
    expect(rows.map((r) => r.id)).toEqual(registrantIds);
  });

  test("an export's stamp counts the 1,500 over its slices and keeps the latest change", async () => {
    const all = await selectionStamps(t.db, conferenceId, [...registrantIds, ...nothing(Math.max(...registrantIds))]);
    expect(all.people.n).toBe(1_500);
    const one = await selectionStamps(t.db, conferenceId, [registrantIds[0]]);
    expect(all.people.last).toEqual(one.people.last);
  });
});
