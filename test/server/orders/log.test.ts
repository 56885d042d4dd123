/**
 * The order log (issue 35): every change of an order leaves one line saying who (the person, a
 * manager, a gateway, the statement import with the manager who ran it, the platform), what and
 * when — written by the orders feature's event handlers in the transaction of the change, so a
 * refused change leaves none. The manager's order view carries the lines, oldest first, and
 * orders.xlsx has them on a second sheet. Gateway payments and refunds: test/server/payments/scenarios.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inTransaction } from '../../../server/db/transaction';
import { toDbInstant } from '../../../server/db/dialect';
import type { OrderLogEntry } from '../../../server/contract/orderLog';
import { expireDue } from '../../../server/modules/orders/jobs';
import { createHarness, type Harness } from '../../helpers/harness';
import { bytesOf, finishWork } from '../../helpers/work';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';
import ExcelJS from 'exceljs';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let managerId: number;
let fee: number;
let extra: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'orders-log'));
  manager = await h.login({ email: 'log-boss@example.org', conferenceId: cid, roles: ['manager'] });
  managerId = Number((await h.db('users').where({ email: 'log-boss@example.org' }).first())!.id);
  await h.db('users').where({ id: managerId }).update({ true_name: 'Li Finance' });
  fee = await addFee(h, cid, { kind: 'register', price: 120_000 });
  extra = await addFee(h, cid, { kind: 'optional', price: 30_000, maxPerAccount: 1 });
  await enableBankRemit(h, cid, { combined: true });
});
afterAll(() => h?.stop());

async function order(
  picks = [{ feeId: fee, quantity: 1 }],
): Promise<{ id: number; reference: string; token: string; userId: number }> {
  const person = await attendee(h, cid);
  const res = await call(h, host, 'post', '/conference/order/fee', { token: person.token, body: { picks } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.orderIds[0] as number;
  return { id, reference: (await h.db('orders').where({ id }).first())!.reference, ...person };
}

/** The log as the manager's order view answers it. */
async function logOf(id: number): Promise<OrderLogEntry[]> {
  const res = await call(h, host, 'post', `/conference/platform/manage/order/${id}/refresh`, { token: manager });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.log;
}
const brief = (log: OrderLogEntry[]) => log.map((l) => [l.action, l.actor, l.who?.name ?? l.who?.email ?? null]);
const deal = (id: number, body: object) =>
  call(h, host, 'post', `/conference/platform/manage/order/${id}/deal`, { token: manager, body });

describe('who did what, in order', () => {
  test('the person orders and cancels; a manager reopens it and marks it paid with a remark', async () => {
    const o = await order();
    expect((await call(h, host, 'post', `/conference/order/${o.id}/cancel`, { token: o.token })).body.code).toBe(200);
    expect((await deal(o.id, { status: 'unpaid', actualPay: '', remark: '' })).body.code).toBe(200);
    expect((await deal(o.id, { status: 'paid', actualPay: '1200.00', remark: 'wire 2026-11-20' })).body.code).toBe(200);
    const log = await logOf(o.id);
    const email = (await h.db('users').where({ id: o.userId }).first())!.email;
    expect(brief(log)).toEqual([
      ['created', 'person', expect.any(String)],
      ['cancelled', 'person', expect.any(String)],
      ['reopened', 'manager', 'Li Finance'],
      ['remarked', 'manager', 'Li Finance'],
      ['paid', 'manager', 'Li Finance'],
    ]);
    expect(log[0].who?.email).toBe(email);
    expect(log[0].amount).toEqual({ amount: 120_000, currency: 'CNY' });
    expect(log[3].detail).toBe('wire 2026-11-20');
    expect(log[4]).toMatchObject({
      amount: { amount: 120_000, currency: 'CNY' },
      detail: expect.stringMatching(/^manual \S+$/),
    });
    const times = log.map((l) => Date.parse(l.at));
    expect(times.every((at, i) => !Number.isNaN(at) && (i === 0 || at >= times[i - 1]))).toBe(true);
  });

  test('a refused change writes no line: a deal short of the amount, a second cancel', async () => {
    const o = await order();
    expect((await deal(o.id, { status: 'paid', actualPay: '1.00', remark: 'short' })).body).toMatchObject({
      code: 400,
      message: 'orders:dealShort',
    });
    expect((await call(h, host, 'post', `/conference/order/${o.id}/cancel`, { token: o.token })).body.code).toBe(200);
    expect((await call(h, host, 'post', `/conference/order/${o.id}/cancel`, { token: o.token })).body.code).toBe(409);
    expect(brief(await logOf(o.id)).map(([action]) => action)).toEqual(['created', 'cancelled']);
  });

  test('the platform: an expired order, an order invalidated by a price change and then updated by the person, a deleted registrant', async () => {
    const late = await order();
    await h
      .db('orders')
      .where({ id: late.id })
      .update({ deadline_at: toDbInstant(new Date(Date.now() - 60_000)) });
    expect(await expireDue(h.db, h.orders)).toBeGreaterThanOrEqual(1);
    expect((await logOf(late.id)).map((l) => [l.action, l.actor, l.detail])).toEqual([
      ['created', 'person', ''],
      ['expired', 'platform', 'deadlinePassed'],
    ]);

    const both = await order([
      { feeId: fee, quantity: 1 },
      { feeId: extra, quantity: 1 },
    ]);
    const optional = (await h.db('orders').where({ user_id: both.userId, type: 'optional' }).first())!.id as number;
    const register = (await h.db('orders').where({ user_id: both.userId, type: 'register' }).first())!.id as number;
    await h.db('fee_items').where({ id: extra }).update({ price_amount: 35_000, price_version: 1 });
    await inTransaction(h.db, (tx) => h.events.emit(tx, 'fee.priceChanged', { conferenceId: cid, feeId: extra }));
    expect(
      (await call(h, host, 'post', `/conference/order/${optional}/update`, { token: both.token })).body.data,
    ).toBeNull();
    expect((await logOf(optional)).map((l) => [l.action, l.actor, l.detail])).toEqual([
      ['created', 'person', ''],
      ['invalidated', 'platform', 'feePriceChanged'],
      ['updated', 'person', 'nothingValidLeft'],
    ]);

    const registrant = await h.db('registrants').where({ conference_id: cid, user_id: both.userId }).first();
    await h.registration.remove(cid, registrant!.id);
    expect((await logOf(register)).map((l) => [l.action, l.actor, l.detail])).toEqual([
      ['created', 'person', ''],
      ['invalidated', 'platform', 'registrantDeleted'],
    ]);
  });

  test('a bank statement: a matched row pays the order as the statement import, with the manager who ran it; a row reporting a transfer a manager confirmed is noted', async () => {
    const matched = await order();
    const dealt = await order();
    expect(
      (
        await call(h, host, 'post', '/conference/order/pay', {
          token: dealt.token,
          body: { orderIds: [dealt.id], method: 'bankRemit' },
        })
      ).body.code,
    ).toBe(200);
    expect((await deal(dealt.id, { status: 'paid', actualPay: '1200.00', remark: '' })).body.code).toBe(200);
    const csv = [
      'date,amount,text,payer',
      `2026-11-24,1200.00,transfer ${matched.reference},Payer A`,
      `2026-11-24,1200.00,transfer ${dealt.reference},Payer B`,
    ].join('\r\n');
    const started = await call(h, host, 'post', '/conference/platform/manage/order/statement', {
      token: manager,
      body: { csv, mapping: { date: 'date', amount: 'amount', text: 'text', payer: 'payer' }, currency: 'CNY' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await finishWork(h.app, { host, token: manager }, started.body.data)).state).toBe('done');
    expect(brief(await logOf(matched.id))).toEqual([
      ['created', 'person', expect.any(String)],
      ['paid', 'statement', 'Li Finance'],
    ]);
    expect((await logOf(matched.id))[1].detail).toMatch(/^statement \S+$/);
    const noted = await logOf(dealt.id);
    expect(brief(noted)).toEqual([
      ['created', 'person', expect.any(String)],
      ['paid', 'manager', 'Li Finance'],
      ['statementMatched', 'statement', 'Li Finance'],
    ]);
    expect(noted[2]).toMatchObject({ amount: { amount: 120_000, currency: 'CNY' }, detail: '2026-11-24 Payer B' });
  });

  test("another conference's lines are not this one's: the log is scoped by conference", async () => {
    const o = await order();
    const other = await feeConference(h, 'orders-log-other');
    await h.db('order_log').insert({
      conference_id: other.cid,
      order_id: o.id,
      at: toDbInstant(),
      actor: 'manager',
      action: 'paid',
      detail: 'planted',
    });
    expect((await logOf(o.id)).map((l) => l.detail)).not.toContain('planted');
  });
});

describe('orders.xlsx', () => {
  test("has the log of the exported orders on a second sheet, in the reader's language", async () => {
    const o = await order();
    expect((await deal(o.id, { status: 'paid', actualPay: '1200.00', remark: '' })).body.code).toBe(200);
    const orderNo = (await h.db('orders').where({ id: o.id }).first())!.order_no as string;
    for (const [lang, sheetName, paid, byManager] of [
      ['en', 'Order history', 'Paid', 'A manager'],
      ['zh', '订单操作记录', '已支付', '管理员'],
    ] as const) {
      const res = await bytesOf(
        call(h, host, 'post', '/conference/platform/manage/order/export', { token: manager, body: { orderNo }, lang }),
      );
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as never);
      const sheet = book.getWorksheet(sheetName)!;
      expect(sheet, `${lang}: a sheet named ${sheetName}`).toBeTruthy();
      const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
      expect(rows.map((r) => [r[0], r[2], r[4]])).toEqual([
        [orderNo, lang === 'en' ? 'The person' : '本人', lang === 'en' ? 'Ordered' : '下单'],
        [orderNo, byManager, paid],
      ]);
      const paidRow = sheet.getRow(3);
      expect(paidRow.getCell(7).type).toBe(ExcelJS.ValueType.Number);
      expect(paidRow.getCell(7).value).toBe(1200);
      expect(paidRow.getCell(4).text).toContain('Li Finance');
      expect(paidRow.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    }
  });
});
