/**
 * receipts.xlsx of many invoice requests as a piece of work (issue 30): past REQUESTS_AT_ONCE the
 * export answers 202 `{ work }` and the file has a row per request; the same request joins it; a
 * kept file is built again once a manager changes a request's status; a few are answered at once.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toDbInstant } from '../../../server/db/dialect';
import { REQUESTS_AT_ONCE } from '../../../server/modules/receipts/exportWork';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, workFile, bytesOf, firstSheet } from '../../helpers/work';
import { attendee, call, dayOf, feeConference, paidOrder } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let target: number;
const COUNT = REQUESTS_AT_ONCE + 10;
const EXPORT = '/conference/platform/manage/receipt/export';

const visitor = () => ({ host, token: manager });
const bytes = bytesOf;
const sheetOf = firstSheet;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'receipt-export'));
  manager = await h.login({ email: 'receipt-export-boss@example.org', conferenceId: cid, roles: ['manager'] });
  const p = await attendee(h, cid);
  // One request through the real API, then many like it on orders like its own, as a fixture.
  const orderId = await paidOrder(h, cid, p.userId);
  const body = {
    type: 'ordinary',
    content: 'details',
    titleType: 'personal',
    titleName: 'Alice Zhang',
    taxpayerId: '',
    recipientName: 'Alice',
    phone: '+86 10 6260 0000',
    address: '北京',
    email: 'r@example.org',
    amount: '1500',
    paidDate: dayOf(new Date()),
    attendees: ['Alice'],
    comment: '=cmd|calc',
  };
  expect(
    (await call(h, host, 'post', `/conference/order/receipt/${orderId}`, { token: p.token, body })).body.code,
  ).toBe(200);
  const { id: _o, ...order } = (await h.db('orders').where({ id: orderId }).first())!;
  const { id: _r, ...invoice } = (await h.db('invoice_requests').where({ order_id: orderId }).first())!;
  const now = toDbInstant();
  const orders = Array.from({ length: COUNT - 1 }, (_, i) => ({
    ...order,
    order_no: `RX${i}`,
    reference: `RXR${i}`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < orders.length; i += 200) await h.db('orders').insert(orders.slice(i, i + 200));
  const clones = (await h
    .db('orders')
    .where({ conference_id: cid })
    .where('order_no', 'like', 'RX%')
    .select('id', 'order_no')) as Array<{ id: number; order_no: string }>;
  const invoices = clones.map((o) => ({
    ...invoice,
    order_id: o.id,
    order_no: o.order_no,
    title_name: `Title ${o.order_no}`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < invoices.length; i += 200) await h.db('invoice_requests').insert(invoices.slice(i, i + 200));
  target = Number((await h.db('invoice_requests').where({ conference_id: cid, order_no: 'RX5' }).first())!.id);
});
afterAll(() => h?.stop());

describe('receipts.xlsx', () => {
  test(`${COUNT} requests: 202, then a row each; the same request joins; kept until a status changes`, async () => {
    const started = await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' });
    expect(started.status).toBe(202);
    expect(started.body.data.work).toMatchObject({ kind: 'receipts.export' });
    expect((await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' })).body.data.work.id).toBe(
      started.body.data.work.id,
    );
    const done = await finishWork(h.app, visitor(), started.body.data);
    expect(done).toMatchObject({ state: 'done', fileName: 'receipts.xlsx' });
    const sheet = await sheetOf((await workFile(h.app, visitor(), done)).body as Buffer);
    expect(sheet.rowCount).toBe(COUNT + 1);
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    const row = (orderNo: string, s = sheet) => s.getRows(2, COUNT)!.find((r) => r.getCell(1).text === orderNo)!;
    expect(row('RX5').getCell(header.indexOf('Title') + 1).text).toBe('Title RX5');
    expect(row('RX5').getCell(header.indexOf('Status') + 1).text).toBe('Unbilled');
    const comment = row('RX5').getCell(header.indexOf('Comment') + 1);
    expect(comment.value).toBe('=cmd|calc');
    expect(comment.type).not.toBe(ExcelJS.ValueType.Formula);

    expect(
      (await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' })).body.data.work,
    ).toMatchObject({ id: done.id, state: 'done' });
    const saved = await call(h, host, 'post', `/conference/platform/manage/receipt/${target}/save`, {
      token: manager,
      body: { status: 'toInvoice', expressNo: '', billNo: '' },
    });
    expect(saved.body.code).toBe(200);
    const next = await call(h, host, 'post', EXPORT, { token: manager, body: {}, lang: 'en' });
    expect(next.body.data.work.id).not.toBe(done.id);
    const rebuilt = await sheetOf(
      (await workFile(h.app, visitor(), await finishWork(h.app, visitor(), next.body.data))).body as Buffer,
    );
    expect(row('RX5', rebuilt).getCell(header.indexOf('Status') + 1).text).toBe('To be invoiced');
  });

  test('a filter of a few requests: the workbook at once', async () => {
    const res = await bytes(call(h, host, 'post', EXPORT, { token: manager, body: { orderNo: 'RX9' } }));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('receipts.xlsx');
    expect((await sheetOf(res.body as Buffer)).rowCount).toBe(2);
  });
});
