/**
 * Migration 038's conversion of fee categories (issue 32), on SQLite and MariaDB: a database
 * migrated to the one before it holds fee items in the old shape (a single-language category text
 * on each item, each counting its own maximum); 038 makes one bilingual category per (conference,
 * kind, text), named the same in both languages, whose maximum is the sum of its items' maxima,
 * and points the items at it; 049 then gives order lines written before their fee's category
 * names and, where the order is shown in another currency and the fee's price is unchanged, its
 * display price.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Knex } from 'knex';
import { migrationSource } from '../../../migrations/index';
import { toDbInstant } from '../../../server/db/dialect';
import { createEmptyTestDb, createTestDb, testDialect, type TestDb } from '../../helpers/db';

let t: TestDb;
const now = toDbInstant();

/** Only the migrations before `name`: the database as an older release left it. */
const before = (name: string): Knex.MigrationSource<string> => ({
  ...migrationSource,
  getMigrations: async () => (await migrationSource.getMigrations([])).filter((m) => m < name),
});

async function conference(slug: string): Promise<number> {
  const [id] = await t.db('conferences').insert({ slug, status: '4', created_at: now, updated_at: now }, ['id']);
  return Number(typeof id === 'object' ? id.id : id);
}

async function fee(
  conferenceId: number,
  kind: 'register' | 'optional',
  category: string,
  maxTotal: number,
  title: string,
  extra: object = {},
): Promise<number> {
  const [id] = await t.db('fee_items').insert(
    {
      conference_id: conferenceId,
      kind,
      category,
      title_zh: title,
      title_en: title,
      description_zh: '',
      description_en: '',
      price_amount: 10_000,
      currency: 'CNY',
      display_currency: 'USD',
      display_price_amount: 1_400,
      open_date: '2020-01-01',
      deadline: '2099-12-31',
      max_total: maxTotal,
      max_per_account: 1,
      price_version: 1,
      sort: 0,
      created_at: now,
      updated_at: now,
      ...extra,
    },
    ['id'],
  );
  return Number(typeof id === 'object' ? id.id : id);
}

beforeAll(async () => {
  // SQLite: migrated from nothing. MariaDB: a copy of the migrated template taken back down to
  // 037 through each later migration's down() (from nothing took ~40 s of MariaDB's DDL).
  if (testDialect() === 'sqlite') {
    t = await createEmptyTestDb();
    await t.db.migrate.latest({ migrationSource: before('038') });
  } else {
    t = await createTestDb();
    while ((await t.db.migrate.currentVersion({ migrationSource })) >= '038')
      await t.db.migrate.down({ migrationSource });
  }
}, 120_000);
afterAll(() => t?.drop());

describe(`migration 038 (${process.env.TEST_DIALECT === 'mysql' ? 'MariaDB' : 'SQLite'})`, () => {
  test('the database stands before it: no fee_categories, a category text on each item', async () => {
    expect(await t.db.schema.hasTable('fee_categories')).toBe(false);
    expect(await t.db.schema.hasColumn('fee_items', 'category_id')).toBe(false);
    expect(await t.db.schema.hasColumn('orders', 'display_currency')).toBe(false);
  });

  test('groups the items by conference, kind and text into bilingual categories whose maximum is the sum', async () => {
    const a = await conference('m038-a');
    const b = await conference('m038-b');
    const students = [
      await fee(a, 'register', '学生', 30, 'Student early'),
      await fee(a, 'register', '学生', 20, 'Student late'),
    ];
    const regular = await fee(a, 'register', 'Regular', 100, 'Regular');
    const dinner = await fee(a, 'optional', '学生', 5, 'Student dinner'); // same text, another kind: a category of its own
    const elsewhere = await fee(b, 'register', '学生', 7, 'Other conference');

    await t.db.migrate.up({ migrationSource: before('039') });
    expect((await t.db.migrate.currentVersion({ migrationSource })).startsWith('038')).toBe(true);

    const categories = await t
      .db('fee_categories')
      .orderBy('id')
      .select('conference_id', 'kind', 'name_zh', 'name_en', 'max_total');
    expect(
      categories.map((c) => ({ ...c, conference_id: Number(c.conference_id), max_total: Number(c.max_total) })),
    ).toEqual(
      expect.arrayContaining([
        { conference_id: a, kind: 'register', name_zh: '学生', name_en: '学生', max_total: 50 },
        { conference_id: a, kind: 'register', name_zh: 'Regular', name_en: 'Regular', max_total: 100 },
        { conference_id: a, kind: 'optional', name_zh: '学生', name_en: '学生', max_total: 5 },
        { conference_id: b, kind: 'register', name_zh: '学生', name_en: '学生', max_total: 7 },
      ]),
    );
    expect(categories).toHaveLength(4);
    const items = new Map(
      (await t.db('fee_items').select('id', 'category_id', 'max_total', 'category')).map((r) => [Number(r.id), r]),
    );
    const categoryOf = async (id: number) => t.db('fee_categories').where('id', items.get(id)!.category_id).first();
    // Both student items share one category; each item's max_total is now the category's.
    expect(items.get(students[0])!.category_id).toBe(items.get(students[1])!.category_id);
    expect(students.map((id) => Number(items.get(id)!.max_total))).toEqual([50, 50]);
    expect(items.get(students[0])!.category).toBe('学生');
    expect(await categoryOf(regular)).toMatchObject({ name_zh: 'Regular' });
    expect(items.get(dinner)!.category_id).not.toBe(items.get(students[0])!.category_id);
    expect(await categoryOf(dinner)).toMatchObject({ kind: 'optional' });
    expect(Number((await categoryOf(elsewhere))!.conference_id)).toBe(b);
    // The per-conference fee rules exist, and orders can carry a display currency.
    expect(await t.db.schema.hasTable('fee_settings')).toBe(true);
    expect(await t.db.schema.hasColumn('orders', 'display_currency')).toBe(true);
  });

  test('049 gives the lines written before their category and, for an unchanged price, the display price', async () => {
    const c = await conference('m049');
    const [userId] = await t
      .db('users')
      .insert({ email: 'm049@example.org', created_at: now, updated_at: now }, ['id']);
    const user = Number(typeof userId === 'object' ? userId.id : userId);
    const category = async (kind: string, zh: string, en: string) => {
      await t
        .db('fee_categories')
        .insert({ conference_id: c, kind, name_zh: zh, name_en: en, max_total: 10, created_at: now, updated_at: now });
      return Number((await t.db('fee_categories').where({ conference_id: c, kind, name_zh: zh }).first('id')).id);
    };
    const early = await fee(c, 'register', '学生', 10, 'Student', {
      category_id: await category('register', '学生', 'Students'),
    });
    const changed = await fee(c, 'optional', '活动', 10, 'Dinner', {
      price_version: 3,
      category_id: await category('optional', '活动', 'Events'),
    });
    const order = (no: string, displayCurrency: string | null) =>
      t.db('orders').insert(
        {
          conference_id: c,
          user_id: user,
          order_no: no,
          type: 'register',
          reference: no,
          currency: 'CNY',
          total_amount: 10_000,
          status: 'unpaid',
          lang: 'zh',
          deadline_at: now,
          display_currency: displayCurrency,
          created_at: now,
          updated_at: now,
        },
        ['id'],
      );
    const idOf = (r: unknown[]) => Number(typeof r[0] === 'object' ? (r[0] as { id: number }).id : r[0]);
    const shownInDollars = idOf(await order('M049A', 'USD'));
    const shownInYuan = idOf(await order('M049B', null));
    const line = (orderId: number, feeId: number, kind: string, priceVersion: number) => ({
      conference_id: c,
      order_id: orderId,
      kind,
      ref_id: feeId,
      title_zh: 't',
      title_en: 't',
      unit_amount: 10_000,
      quantity: 1,
      price_version: priceVersion,
      valid: true,
    });
    await t
      .db('order_items')
      .insert([
        line(shownInDollars, early, 'register', 1),
        line(shownInDollars, changed, 'optional', 2),
        line(shownInYuan, early, 'register', 1),
        { ...line(shownInYuan, 0, 'hotel', 0), ref_id: 99 },
      ]);

    await t.db.migrate.latest({ migrationSource: before('050') });
    const rows = await t
      .db('order_items')
      .where({ conference_id: c })
      .orderBy('id')
      .select('kind', 'category_zh', 'category_en', 'display_unit_amount');
    expect(
      rows.map((r) => ({
        ...r,
        display_unit_amount: r.display_unit_amount == null ? null : Number(r.display_unit_amount),
      })),
    ).toEqual([
      { kind: 'register', category_zh: '学生', category_en: 'Students', display_unit_amount: 1_400 },
      // the fee's price changed since the line was written: its display price then is not known
      { kind: 'optional', category_zh: '活动', category_en: 'Events', display_unit_amount: null },
      // an order shown in its own currency needs none
      { kind: 'register', category_zh: '学生', category_en: 'Students', display_unit_amount: null },
      { kind: 'hotel', category_zh: null, category_en: null, display_unit_amount: null },
    ]);
  });
});
