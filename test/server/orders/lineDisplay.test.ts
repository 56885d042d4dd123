/**
 * What an order line shows (issue 32): the fee's category in both languages, and the amounts in
 * the order's display currency beside the charged ones; the category as a column of orders.xlsx
 * and of user.xlsx, read back with exceljs in both languages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { firstSheet } from '../../helpers/work';
import { postForBytes } from '../../helpers/zip';
import { feeInput } from '../../../server/contract/fees';
import { feeBody } from '../fees/helpers';
import { attendee, call, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let shownElse: number;
let shownSame: number;
let tourInDollars: number;

async function newFee(change: object): Promise<number> {
  const list = await h.fees.create(cid, feeInput.parse(feeBody(change)));
  return list.at(-1)!.id;
}

const choose = (token: string, feeId: number, quantity = 1) =>
  call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId, quantity }] }, lang: 'en' });

async function sheetOf(path: string, body: object, lang: 'zh' | 'en') {
  const res = await postForBytes(h.app, host, path, body, manager).set('Cookie', `token=${manager}; locale=${lang}`);
  expect(res.status).toBe(200);
  const sheet = await firstSheet(res.body as Buffer);
  const header = (sheet.getRow(1).values as string[]).slice(1);
  return { sheet, header, column: (title: string) => header.indexOf(title) + 1 };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'order-lines'));
  manager = await h.login({ email: 'order-lines-boss@example.org', conferenceId: cid, roles: ['manager'] });
  // Charged in yuan, shown in dollars; and one shown in its own currency.
  shownElse = await newFee({
    kind: 'register',
    categoryZh: '学生',
    categoryEn: 'Students',
    titleZh: '学生注册',
    titleEn: 'Student registration',
    price: '1200.50',
    displayCurrency: 'USD',
    displayPrice: '170',
  });
  shownSame = await newFee({
    kind: 'optional',
    categoryZh: '活动',
    categoryEn: 'Events',
    titleZh: '晚宴',
    titleEn: 'Dinner',
    price: '300',
    displayCurrency: 'CNY',
    displayPrice: '300',
    maxPerAccount: 3,
  });
  tourInDollars = await newFee({
    kind: 'optional',
    categoryZh: '活动',
    categoryEn: 'Events',
    titleZh: '参观',
    titleEn: 'Tour',
    price: '300',
    displayCurrency: 'USD',
    displayPrice: '42',
    maxPerAccount: 3,
  });
}, 60_000);
afterAll(() => h?.stop());

describe('an order line', () => {
  test('carries its category in both languages and its price in the display currency; the order its display total', async () => {
    const p = await attendee(h, cid);
    expect((await choose(p.token, shownElse)).body.code).toBe(200);
    const [order] = (await call(h, host, 'get', '/conference/order/list', { token: p.token })).body.data.here;
    expect(order).toMatchObject({
      displayCurrency: 'USD',
      total: { amount: 120050, currency: 'CNY' },
      displayTotal: { amount: 17000, currency: 'USD' },
    });
    expect(order.items[0]).toMatchObject({
      categoryZh: '学生',
      categoryEn: 'Students',
      unit: { amount: 120050, currency: 'CNY' },
      display: { amount: 17000, currency: 'USD' },
    });
    // The managers' list says the same.
    const managed = (
      await call(h, host, 'get', `/conference/platform/manage/order?orderNo=${order.orderNo}`, { token: manager })
    ).body.data.rows[0];
    expect(managed).toMatchObject({ displayTotal: { amount: 17000, currency: 'USD' } });
    expect(managed.items[0]).toMatchObject({ categoryEn: 'Students', display: { amount: 17000, currency: 'USD' } });
  });

  test('an order shown in its own currency has no display total; quantities multiply the display price', async () => {
    const p = await attendee(h, cid);
    expect((await choose(p.token, shownSame, 2)).body.code).toBe(200);
    const [order] = (await call(h, host, 'get', '/conference/order/list', { token: p.token })).body.data.here;
    expect(order).toMatchObject({
      displayCurrency: 'CNY',
      displayTotal: null,
      total: { amount: 60000, currency: 'CNY' },
    });
    expect(order.items[0]).toMatchObject({ categoryZh: '活动', categoryEn: 'Events', display: null });
    const q = await attendee(h, cid);
    expect((await choose(q.token, tourInDollars, 3)).body.code).toBe(200);
    const [three] = (await call(h, host, 'get', '/conference/order/list', { token: q.token })).body.data.here;
    expect(three).toMatchObject({
      total: { amount: 90000, currency: 'CNY' },
      displayTotal: { amount: 12600, currency: 'USD' },
    });
  });

  test('a change of the fee afterwards changes no line already written', async () => {
    const p = await attendee(h, cid);
    expect((await choose(p.token, shownElse)).body.code).toBe(200);
    await h.db('fee_categories').where({ conference_id: cid, name_zh: '学生' }).update({ name_en: 'Pupils' });
    await h.db('fee_items').where({ id: shownElse }).update({ display_price_amount: 99 });
    const [order] = (await call(h, host, 'get', '/conference/order/list', { token: p.token })).body.data.here;
    expect(order.items[0]).toMatchObject({ categoryEn: 'Students', display: { amount: 17000, currency: 'USD' } });
    await h.db('fee_categories').where({ conference_id: cid, name_zh: '学生' }).update({ name_en: 'Students' });
    await h.db('fee_items').where({ id: shownElse }).update({ display_price_amount: 17000 });
  });
});

describe('exports', () => {
  test('orders.xlsx has the lines’ categories in the reader’s language', async () => {
    const p = await attendee(h, cid);
    const created = (await choose(p.token, shownElse)).body;
    expect(created.code).toBe(200);
    const [order] = (await call(h, host, 'get', '/conference/order/list', { token: p.token })).body.data.here;
    for (const [lang, title, name] of [
      ['en', 'Fee category', 'Students'],
      ['zh', '费用类别', '学生'],
    ] as const) {
      const { sheet, column } = await sheetOf(
        '/conference/platform/manage/order/export',
        { orderNo: order.orderNo },
        lang,
      );
      expect(column(title)).toBeGreaterThan(0);
      expect(sheet.getRow(2).getCell(column(title)).text).toBe(name);
    }
  });

  test('user.xlsx has a fee category column: what each registrant holds, each category once', async () => {
    const p = await attendee(h, cid);
    expect((await choose(p.token, shownElse)).body.code).toBe(200);
    expect((await choose(p.token, shownSame)).body.code).toBe(200);
    const other = await attendee(h, cid);
    const ids = (await h
      .db('registrants')
      .where({ conference_id: cid })
      .whereIn('user_id', [p.userId, other.userId])
      .orderBy('id')
      .pluck('id')) as number[];
    for (const [lang, title, names] of [
      ['en', 'Fee category', 'Students; Events'],
      ['zh', '费用类别', '学生; 活动'],
    ] as const) {
      const { sheet, column } = await sheetOf('/conference/conferenceUser/download/excel', { ids }, lang);
      expect(column(title)).toBeGreaterThan(0);
      const cells = [2, 3].map((r) => sheet.getRow(r).getCell(column(title)).text);
      expect(cells.sort()).toEqual(['', names].sort());
    }
  });
});
