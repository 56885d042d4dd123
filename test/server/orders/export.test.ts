/**
 * orders.xlsx of many orders as a piece of work (issue 30): past ORDERS_AT_ONCE the export answers
 * 202 `{ work }` and the file has a row per order; the same request joins it; a kept file is built
 * again once an order is added; a filter of a few orders is answered at once.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toDbInstant } from '../../../server/db/dialect';
import { ORDERS_AT_ONCE } from '../../../server/modules/orders/exportWork';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, workFile, bytesOf, firstSheet } from '../../helpers/work';
import { paidOrder } from '../receipts/helpers';
import { attendee, call, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let payer: { token: string; userId: number };
const COUNT = ORDERS_AT_ONCE + 10;
const EXPORT = '/conference/platform/manage/order/export';

const visitor = () => ({ host, token: manager });
const bytes = bytesOf;
const sheetOf = firstSheet;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'orders-export'));
  manager = await h.login({ email: 'orders-export-boss@example.org', conferenceId: cid, roles: ['manager'] });
  payer = await attendee(h, cid);
  // One order paid through the real settle(), then many like it as a fixture (ordering them one by one would take minutes).
  const first = (await h
    .db('orders')
    .where({ id: await paidOrder(h, cid, payer.userId) })
    .first())!;
  const now = toDbInstant();
  const { id: _id, ...row } = first;
  const clones = Array.from({ length: COUNT - 1 }, (_, i) => ({
    ...row,
    order_no: `EXP${i}`,
    reference: `EXPR${i}`,
    remark: i === 3 ? '=cmd|calc' : null,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < clones.length; i += 200) await h.db('orders').insert(clones.slice(i, i + 200));
  const ids: number[] = await h
    .db('orders')
    .where({ conference_id: cid })
    .where('order_no', 'like', 'EXP%')
    .pluck('id');
  const items = ids.map((orderId) => ({
    conference_id: cid,
    order_id: orderId,
    kind: 'register',
    ref_id: null,
    title_zh: '注册费',
    title_en: 'Registration fee',
    unit_amount: 150_000,
    quantity: 1,
    price_version: 0,
    valid: true,
  }));
  for (let i = 0; i < items.length; i += 200) await h.db('order_items').insert(items.slice(i, i + 200));
});
afterAll(() => h?.stop());

describe('orders.xlsx', () => {
  test(`${COUNT} orders: 202, then a row per order; the same request joins; kept until an order is added`, async () => {
    const started = await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' });
    expect(started.status).toBe(202);
    expect(started.body.data.work).toMatchObject({ kind: 'orders.export' });
    const again = await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' });
    expect(again.body.data.work.id).toBe(started.body.data.work.id);
    const done = await finishWork(h.app, visitor(), started.body.data);
    expect(done).toMatchObject({ state: 'done', fileName: 'orders.xlsx' });
    const sheet = await sheetOf((await workFile(h.app, visitor(), done)).body as Buffer);
    expect(sheet.rowCount).toBe(COUNT + 1);
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header.at(-1)).toBe('Times in: Asia/Shanghai');
    const rows = sheet.getRows(2, COUNT)!;
    const clone = rows.find((r) => r.getCell(1).text === 'EXP3')!;
    expect(clone.getCell(header.indexOf('Items') + 1).text).toBe('Registration fee × 1');
    const remark = clone.getCell(header.indexOf('Remark') + 1);
    expect(remark.value).toBe('=cmd|calc');
    expect(remark.type).not.toBe(ExcelJS.ValueType.Formula);

    // Nothing changed: the kept file.
    expect(
      (await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' })).body.data.work,
    ).toMatchObject({ id: done.id, state: 'done' });
    // One more order: built again, with it.
    await paidOrder(h, cid, payer.userId);
    const next = await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' });
    expect(next.status).toBe(202);
    expect(next.body.data.work.id).not.toBe(done.id);
    expect(
      (
        await sheetOf(
          (await workFile(h.app, visitor(), await finishWork(h.app, visitor(), next.body.data))).body as Buffer,
        )
      ).rowCount,
    ).toBe(COUNT + 2);
  });

  test('a filter of a few orders: the workbook at once', async () => {
    const res = await bytes(call(h, host, 'post', EXPORT, { token: manager, body: { orderNo: 'EXP7' } }));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('orders.xlsx');
    const sheet = await sheetOf(res.body as Buffer);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).text).toBe('EXP7');
    // Amounts are number cells and times date cells in the conference's zone (issue 32): summed and sorted in the sheet.
    // Columns: 6 the fee category (issue 32), 8 the total, 14 the time of the order.
    const row = sheet.getRow(2);
    const total = row.getCell(8);
    expect(total.type).toBe(ExcelJS.ValueType.Number);
    expect(total.numFmt).toBe('#,##0.00');
    const order = (await h.db('orders').where({ conference_id: cid, order_no: 'EXP7' }).first())!;
    expect(total.value).toBe(Number(order.total_amount) / 100);
    const created = row.getCell(14);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm');
    // The wall clock of Shanghai (UTC+8), written as such.
    const at = new Date(`${String(order.created_at).replace(' ', 'T').replace(/Z?$/, 'Z')}`);
    expect((created.value as Date).toISOString().slice(0, 16)).toBe(
      new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16),
    );
  });
});
