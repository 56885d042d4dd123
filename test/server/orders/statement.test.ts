/**
 * The bank statement import (issue 12): a matched row confirms its order through settle(); the
 * same file again changes nothing; a partial payment, an over-payment and an unknown reference go
 * to the payment queue; a queued row assigned by the manager confirms its order; the column
 * mapping is saved per conference; bad files are refused with their message.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
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

async function order(): Promise<{ id: number; reference: string; orderNo: string }> {
  const { token } = await attendee(h, cid);
  const [id] = (await call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId: fee, quantity: 1 }] } })).body.data.orderIds;
  const row = await h.db('orders').where({ id }).first();
  return { id, reference: row.reference, orderNo: row.order_no };
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
