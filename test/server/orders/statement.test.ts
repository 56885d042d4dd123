/**
 * The bank statement import (issue 12): a matched row confirms its order through settle(); the
 * same file again changes nothing; a partial payment, an over-payment and an unknown reference go
 * to the payment queue; a queued row assigned by the manager confirms its order; an amount that
 * cannot be read with certainty ("RMB 100.00", full-width digits, "1.000,00", too many decimals)
 * is queued with its reason, never dropped or misread; a manager's deal on a bank transfer closes
 * its attempt, so the statement row that follows is the same payment, not a second one; the column
 * mapping is saved per conference; bad files are refused with their message.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { t } from '../../../server/platform/i18n';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let fee: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'statement'));
  manager = await h.login({ email: 'finance@example.org', conferenceId: cid, roles: ['manager'] });
  fee = await addFee(h, cid, { kind: 'register', price: 120_000 });
  await enableBankRemit(h, cid, { combined: true });
});
afterAll(() => h?.stop());

async function order(): Promise<{ id: number; reference: string; orderNo: string; token: string }> {
  const { token } = await attendee(h, cid);
  const [id] = (await call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId: fee, quantity: 1 }] } })).body.data.orderIds;
  const row = await h.db('orders').where({ id }).first();
  return { id, reference: row.reference, orderNo: row.order_no, token };
}

const mapping = { date: '交易日期', amount: '贷方金额', text: '摘要', payer: '对方户名' };
const csv = (rows: string[][]) => ['交易日期,贷方金额,摘要,对方户名', ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))].join('\r\n');
const importCsv = (text: string, map: object = mapping) => call(h, host, 'post', '/conference/platform/manage/order/statement', { token: manager, body: { csv: text, mapping: map, currency: 'CNY' } });

test('matched, duplicate, partial, over-paid and unknown rows', async () => {
  const [matched, partial, over] = [await order(), await order(), await order()];
  const file = csv([
    ['2026-11-20', '1,200.00', `Registration fee ${matched.reference.toLowerCase()} Zhang Wei`, '张伟'],
    ['2026-11-20', '1000.00', `fee ${partial.reference}`, 'Li Na'],
    ['2026-11-21', '1300.00', `conf ${over.reference.slice(0, 5)} ${over.reference.slice(5)}`, 'Alex'],
    ['2026-11-21', '500.00', 'CPZZZZZZZZ unknown', 'Nobody'],
    ['2026-11-21', '-20.00', 'bank charge', ''],
  ]);
  const first = await importCsv(file);
  expect(first.body.code).toBe(200);
  expect(first.body.data).toMatchObject({ rows: 5, confirmed: 2, queued: 2, duplicate: 0 });
  const reasons = Object.fromEntries(first.body.data.outcomes.map((o: { line: number; reason: string }) => [o.line, o.reason]));
  expect(reasons).toEqual({ 2: 'matched', 3: 'partial', 4: 'overpaid', 5: 'unknownReference' });
  const status = async (id: number) => (await h.db('orders').where({ id }).first()).status;
  expect(await status(matched.id)).toBe('paid');
  expect(await status(partial.id)).toBe('unpaid');
  expect(await status(over.id)).toBe('paid');

  const again = await importCsv(file);
  expect(again.body.data).toMatchObject({ confirmed: 0, queued: 0, duplicate: 4 });
  expect(await h.db('payment_attempts').where({ conference_id: cid, state: 'succeeded' })).toHaveLength(2);

  const queue = (await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body.data as Array<{ id: number; kind: string; orderId: number | null }>;
  expect(queue.map((a) => a.kind).sort()).toEqual(['overpaid', 'partial', 'unmatched']);

  // The unknown row belongs to the partial order's person after all (a second transfer): not enough alone.
  const unmatched = queue.find((a) => a.kind === 'unmatched')!;
  const short = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, { token: manager, body: { action: 'assign', orderNo: partial.orderNo } });
  expect(short.body).toMatchObject({ code: 400, message: 'orders:dealShort' });
  const fresh = await order();
  const assigned = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, { token: manager, body: { action: 'assign', orderNo: fresh.orderNo } });
  expect(assigned.body).toMatchObject({ code: 400, message: 'orders:dealShort' });
  const dismissed = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, { token: manager, body: { action: 'dismiss', note: 'returned to sender' } });
  expect(dismissed.body.data.find((a: { id: number }) => a.id === unmatched.id)).toMatchObject({ resolution: 'returned to sender' });
  expect((await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, { token: manager, body: { action: 'dismiss' } })).body.message).toBe('orders:alreadyResolved');
});

test('a queued row assigned to an order it covers confirms it', async () => {
  const target = await order();
  const res = await importCsv(csv([['2026-11-22', '1200.00', 'paid by colleague, no reference', 'ICT']]));
  expect(res.body.data).toMatchObject({ queued: 1 });
  const queued = ((await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body.data as Array<{ id: number; kind: string; resolvedAt: string | null; detail: string }>).find((a) => !a.resolvedAt && a.detail.includes('no reference'))!;
  const ok = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${queued.id}/resolve`, { token: manager, body: { action: 'assign', orderNo: target.orderNo } });
  expect(ok.body.code).toBe(200);
  expect((await h.db('orders').where({ id: target.id }).first()).status).toBe('paid');
});

test('amounts read only when certain: plain and 3-digit-grouped decimals; currency words and signs, full-width digits, European and over-precise amounts are queued with their reason', async () => {
  const [plain, grouped] = [await order(), await order()];
  const unread = await order();
  const cases: Array<[string, string]> = [
    ['RMB 1200.00', 'amountUnreadable'],
    ['1200.00元', 'amountUnreadable'],
    ['CNY1200.00', 'amountUnreadable'],
    ['１２００.００', 'amountUnreadable'],
    ['1.200,00', 'amountUnreadable'],
    ['12,00.00', 'amountUnreadable'],
    ['1200.001', 'amountTooManyDecimals'],
  ];
  const file = csv([
    ['2026-11-23', '1200', `fee ${plain.reference}`, 'A'],
    ['2026-11-23', '1,200.00', `fee ${grouped.reference}`, 'B'],
    ...cases.map(([amount], i) => [`2026-11-${10 + i}`, amount, `fee ${unread.reference}`, 'C']),
    ['2026-11-23', '-1,200.00', `refund ${unread.reference}`, 'bank'],
    ['2026-11-23', '', 'balance brought forward', ''],
  ]);
  const res = await importCsv(file);
  expect(res.body.code).toBe(200);
  expect(res.body.data).toMatchObject({ confirmed: 2, queued: cases.length, duplicate: 0 });
  const reasons = (res.body.data.outcomes as Array<{ line: number; outcome: string; reason: string; orderNos: string[] }>).filter((o) => o.line > 3);
  expect(reasons).toEqual(cases.map(([, reason], i) => ({ line: 4 + i, outcome: 'queued', reason, orderNos: [unread.orderNo] })));
  expect((await h.db('orders').where({ id: unread.id }).first()).status).toBe('unpaid');
  for (const o of [plain, grouped]) expect((await h.db('orders').where({ id: o.id }).first()).status).toBe('paid');
  // In the managers' queue, tied to the order, with the amount as the bank wrote it; the reasons are in both languages.
  const queue = ((await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body.data as Array<{ id: number; kind: string; orderNo: string | null; detail: string }>).filter((a) => a.kind === 'unreadable');
  expect(queue).toHaveLength(cases.length);
  expect(queue.every((a) => a.orderNo === unread.orderNo)).toBe(true);
  expect(queue.map((a) => a.detail).join('\n')).toContain('"1.200,00"');
  for (const lang of ['zh', 'en'] as const) for (const key of ['reason.amountUnreadable', 'reason.amountTooManyDecimals', 'manage.kinds.unreadable', 'assignUnreadable']) expect(t(lang, `orders:${key}`)).not.toMatch(/^orders:|^$/);
  // The same file again: the queued rows are recognised, not queued twice.
  expect((await importCsv(file)).body.data).toMatchObject({ confirmed: 0, queued: 0, duplicate: 2 + cases.length });
  // An amount nobody could read cannot be assigned as if it were known: dismissed, then dealt by hand.
  const assign = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${queue[0].id}/resolve`, { token: manager, body: { action: 'assign', orderNo: unread.orderNo } });
  expect(assign.body).toMatchObject({ code: 409, message: 'orders:assignUnreadable' });
});

test("a manager's deal on a bank transfer closes its attempt: the statement row that follows is that payment, not a second one", async () => {
  const o = await order();
  const paying = await call(h, host, 'post', '/conference/order/pay', { token: o.token, body: { orderIds: [o.id], method: 'bankRemit' } });
  expect(paying.body.code, JSON.stringify(paying.body)).toBe(200);
  const dealt = await call(h, host, 'post', `/conference/platform/manage/order/${o.id}/deal`, { token: manager, body: { status: 'paid', actualPay: '1200.00' } });
  expect(dealt.body.code, JSON.stringify(dealt.body)).toBe(200);
  const attempts = await h.db('payment_attempts as a').join('attempt_orders as ao', 'ao.attempt_id', 'a.id').where('ao.order_id', o.id).select('a.*');
  expect(attempts.map((a) => [a.method, a.state])).toEqual([['bankRemit', 'succeeded']]);
  expect(attempts[0].confirmed_by).not.toBeNull();

  const arrived = await importCsv(csv([['2026-11-24', '1,200.00', `transfer ${o.reference}`, 'Payer']]));
  expect(arrived.body.data).toMatchObject({ confirmed: 1, queued: 0, duplicate: 0, outcomes: [{ outcome: 'confirmed', reason: 'confirmedByManager', orderNos: [o.orderNo] }] });
  expect(await h.db('payment_anomalies').where({ conference_id: cid, order_id: o.id })).toEqual([]);
  expect((await h.db('statement_rows').where({ conference_id: cid, attempt_id: attempts[0].id })).length).toBe(1);
  for (const lang of ['zh', 'en'] as const) expect(t(lang, 'orders:reason.confirmedByManager')).not.toMatch(/^orders:|^$/);

  // A second transfer of the same order is a second payment: queued for the manager.
  const again = await importCsv(csv([['2026-11-25', '1200.00', `transfer ${o.reference}`, 'Payer']]));
  expect(again.body.data).toMatchObject({ queued: 1, outcomes: [{ reason: 'alreadyPaid' }] });
});

test('the mapping is saved; missing columns and broken files are refused and change nothing', async () => {
  expect((await call(h, host, 'get', '/conference/platform/manage/order/statement/mapping', { token: manager })).body.data).toEqual(mapping);
  const before = await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first();
  expect((await importCsv(csv([['2026-11-22', '1', 'x', 'y']]), { ...mapping, amount: 'Amount' })).body).toMatchObject({ code: 400, message: 'orders:mappingMissing', field: 'amount' });
  expect((await importCsv('a,b\n"unterminated', mapping)).body).toMatchObject({ code: 400, message: 'orders:csvInvalid' });
  expect((await importCsv('', mapping)).body).toMatchObject({ code: 400, message: 'orders:csvRequired' });
  expect(await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first()).toEqual(before);
});

test('only managers import statements', async () => {
  const { token } = await attendee(h, cid);
  const res = await call(h, host, 'post', '/conference/platform/manage/order/statement', { token, body: { csv: 'a', mapping, currency: 'CNY' } });
  expect(res.status).toBe(403);
});
