/**
 * accountsByIds, which other features use to name the people of a page, an export or a log: every
 * account asked for, however many (asked for a thousand at a time, so an export of a large
 * conference stays under SQLite's limit of bindings in one statement), each once, and none that
 * does not exist.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountsByIds } from '../../../server/modules/accounts/index';
import { toDbInstant } from '../../../server/db/dialect';
import { createTestDb, type TestDb } from '../../helpers/db';

let t: TestDb;
let ids: number[];
const COUNT = 2_345;

beforeAll(async () => {
  t = await createTestDb();
  const now = toDbInstant();
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    email: `many${i}@example.org`,
    true_name: `Many ${i}`,
    password_hash: i % 2 ? null : 'x',
    cstnet_id: `many${i}@example.org`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await t.db('users').insert(rows.slice(i, i + 200));
  ids = (await t.db('users').where('email', 'like', 'many%').pluck('id')).map(Number);
});
afterAll(() => t?.drop());

test(`${COUNT} accounts asked for among 40,000 ids that do not exist, with repeats: each found once`, async () => {
  expect(ids).toHaveLength(COUNT);
  // 40,000 ids of no account: asked for in one statement, SQLite refuses them (too many SQL variables)
  const after = Math.max(...ids) + 1;
  const missing = Array.from({ length: 40_000 }, (_, i) => after + i);
  const found = await accountsByIds(t.db, [...ids, ...ids.slice(0, 10), ...missing]);
  expect(found.size).toBe(COUNT);
  expect(found.has(after)).toBe(false);
  const last = ids[ids.length - 1];
  expect(found.get(last)).toMatchObject({ id: last, email: expect.stringMatching(/^many\d+@example\.org$/) });
  expect([...found.values()].filter((a) => a.hasPassword).length).toBe(Math.ceil(COUNT / 2));
});

test('no ids: no query, an empty map', async () => {
  expect((await accountsByIds(t.db, [])).size).toBe(0);
});
