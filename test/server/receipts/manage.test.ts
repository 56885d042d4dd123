/**
 * Receipt management (spec 2.12 manage/receipt, 4 "Receipt status"): the list and its filters, the
 * status forwards only (unbilled → to be invoiced → invoiced) with the express and bill numbers,
 * the export read back with exceljs; managers only, and only their conference's requests.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, call, dayOf, feeConference, paidOrder } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let other: { cid: number; host: string };
let otherManager: string;
const ids: number[] = [];
const orderNos: string[] = [];

const body = (at: Date, titleName: string) => ({
  type: 'ordinary',
  content: 'details',
  titleType: 'personal',
  titleName,
  taxpayerId: '',
  recipientName: titleName,
  phone: '+86 10 6260 0000',
  address: '北京',
  email: 'r@example.org',
  amount: '1500',
  paidDate: dayOf(at),
  attendees: [titleName],
  comment: '=cmd|calc',
});

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'receipt-manage'));
  other = await feeConference(h, 'receipt-manage-other');
  manager = await h.login({ email: 'boss@example.org', conferenceId: cid, roles: ['manager'] });
  otherManager = await h.login({ email: 'other-boss@example.org', conferenceId: other.cid, roles: ['manager'] });
  for (const name of ['Alice Zhang', 'Bob Li', '王芳']) {
    const p = await attendee(h, cid);
    const orderId = await paidOrder(h, cid, p.userId);
    const res = await call(h, host, 'post', `/conference/order/receipt/${orderId}`, {
      token: p.token,
      body: body(new Date(), name),
    });
    expect(res.body.code).toBe(200);
    ids.push(res.body.data.id);
    orderNos.push(res.body.data.orderNo);
  }
});
afterAll(() => h?.stop());

const list = (query = '', token = manager) =>
  call(h, host, 'get', `/conference/platform/manage/receipt${query}`, { token });
const save = (id: number, b: object, token = manager, on = host) =>
  call(h, on, 'post', `/conference/platform/manage/receipt/${id}/save`, { token, body: b });

describe('the list', () => {
  test('all, by status, by person, by order number; managers only', async () => {
    expect((await list()).body.data).toMatchObject({ total: 3, page: 1 });
    expect((await list('?person=bob')).body.data.rows.map((r: { titleName: string }) => r.titleName)).toEqual([
      'Bob Li',
    ]);
    expect(
      (await list(`?orderNo=${orderNos[2]}`)).body.data.rows.map((r: { titleName: string }) => r.titleName),
    ).toEqual(['王芳']);
    expect((await list('?status=invoiced')).body.data.total).toBe(0);
    const p = await attendee(h, cid);
    expect((await list('', p.token)).status).toBe(403);
    const { res, $ } = await page(h.app, '/platform/manage/receipt', { host, token: manager, lang: 'zh' });
    expect(res.status).toBe(200);
    expect($('[data-island="ManageReceipts"]').length).toBe(1);
    expect(res.text).toContain('收据管理');
    const phone = await page(h.app, '/platform/manage/receipt', { host, token: manager, lang: 'en', mobile: true });
    expect(phone.res.status).toBe(200);
    expect(phone.res.text).toContain('Bob Li');
  });
});

describe('status', () => {
  test('forwards with the numbers; backwards is refused and changes nothing', async () => {
    const id = ids[0];
    expect((await save(id, { status: 'toInvoice', expressNo: '', billNo: '' })).body).toMatchObject({
      code: 200,
      message: 'receipts:saved',
      data: { status: 'toInvoice' },
    });
    expect(
      (await save(id, { status: 'invoiced', expressNo: 'SF1234567890', billNo: '04400231' })).body.data,
    ).toMatchObject({ status: 'invoiced', expressNo: 'SF1234567890', billNo: '04400231' });
    expect((await save(id, { status: 'unbilled', expressNo: 'X', billNo: 'Y' })).body).toMatchObject({
      code: 409,
      message: 'receipts:statusBackwards',
      field: 'status',
    });
    expect((await save(id, { status: 'toInvoice' })).body.message).toBe('receipts:statusBackwards');
    // the numbers may still be corrected at the same status
    expect(
      (await save(id, { status: 'invoiced', expressNo: 'SF0000000001', billNo: '04400231' })).body.data.expressNo,
    ).toBe('SF0000000001');
    expect((await list('?status=invoiced')).body.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await save(id, { status: 'paid' })).body).toMatchObject({ code: 400, message: 'receipts:statusInvalid' });
  });

  test("another conference's manager cannot see or change them", async () => {
    expect((await save(ids[1], { status: 'invoiced' }, otherManager, other.host)).body).toMatchObject({
      code: 404,
      message: 'receipts:notFound',
    });
    expect(
      (await call(h, other.host, 'get', '/conference/platform/manage/receipt', { token: otherManager })).body.data
        .total,
    ).toBe(0);
    const row = await h.db('invoice_requests').where({ id: ids[1] }).first();
    expect(row?.status).toBe('unbilled');
  });
});

describe('export', () => {
  test('receipts.xlsx with every request, times in the conference time zone, formulas neutralised', async () => {
    const res = await call(h, host, 'post', '/conference/platform/manage/receipt/export', {
      token: manager,
      body: {},
      lang: 'en',
    })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('receipts.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header[0]).toBe('Order number');
    expect(header.at(-1)).toBe('Times in: Asia/Shanghai');
    const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(header.indexOf('Title') + 1).value));
    expect(names.sort()).toEqual(['Alice Zhang', 'Bob Li', '王芳']);
    const comment = sheet.getRow(2).getCell(header.indexOf('Comment') + 1);
    expect(comment.value).toBe('=cmd|calc');
    expect(comment.type).not.toBe(ExcelJS.ValueType.Formula);
    // A date cell (issue 32: organisers sort and filter by it), shown as the conference's wall clock.
    const created = sheet.getRow(2).getCell(header.indexOf('Requested') + 1);
    expect(created.value).toBeInstanceOf(Date);
    expect(created.numFmt).toMatch(/^yyyy-mm-dd hh:mm/);
  });
});
