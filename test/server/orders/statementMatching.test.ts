/**
 * The bank statement import (issue 12): a matched row confirms its order through settle(); the
 * same file again changes nothing; a partial payment, an over-payment and an unknown reference go
 * to the payment queue; a queued row assigned by the manager confirms its order; an amount that
 * cannot be read with certainty ("RMB 100.00", full-width digits, "1.000,00", too many decimals)
 * is queued with its reason, never dropped or misread; a manager's deal on a bank transfer closes
 * its attempt, so the statement row that follows is the same payment, not a second one; the column
 * mapping is saved per conference; not-CSV, empty, too many rows and a missing column are refused
 * with their keys and change nothing. Large files and the import as a work: statementImports.test.ts.
 */
import { expect, test } from 'vitest';
import { t } from '../../../server/platform/i18n';
import { call } from './helpers';
import {
  useStatementConference,
  h,
  cid,
  host,
  manager,
  order,
  counts,
  mapping,
  csv,
  importCsv,
  importWork,
  imported,
} from './statementWorld';

useStatementConference();

test('matched, duplicate, partial, over-paid and unknown rows', async () => {
  const [matched, partial, over] = [await order(), await order(), await order()];
  const file = csv([
    ['2026-11-20', '1,200.00', `Registration fee ${matched.reference.toLowerCase()} Zhang Wei`, '张伟'],
    ['2026-11-20', '1000.00', `fee ${partial.reference}`, 'Li Na'],
    ['2026-11-21', '1300.00', `conf ${over.reference.slice(0, 5)} ${over.reference.slice(5)}`, 'Alex'],
    ['2026-11-21', '500.00', 'CPZZZZZZZZ unknown', 'Nobody'],
    ['2026-11-21', '-20.00', 'bank charge', ''],
  ]);
  const first = await imported(file);
  // Every row counted is in the result (issue 32: the debit was counted and appeared nowhere).
  expect(first).toMatchObject({ rows: 5, confirmed: 2, queued: 2, duplicate: 0, skipped: 1 });
  const reasons = Object.fromEntries(first.outcomes.map((o: { line: number; reason: string }) => [o.line, o.reason]));
  expect(reasons).toEqual({ 2: 'matched', 3: 'partial', 4: 'overpaid', 5: 'unknownReference', 6: 'debit' });
  expect(first.outcomes.find((o) => o.line === 6)).toEqual({
    line: 6,
    outcome: 'skipped',
    reason: 'debit',
    orderNos: [],
  });
  const status = async (id: number) => (await h.db('orders').where({ id }).first())!.status;
  expect(await status(matched.id)).toBe('paid');
  expect(await status(partial.id)).toBe('unpaid');
  expect(await status(over.id)).toBe('paid');

  const again = await imported(file);
  expect(again).toMatchObject({ confirmed: 0, queued: 0, duplicate: 4, skipped: 1 });
  expect(await h.db('payment_attempts').where({ conference_id: cid, state: 'succeeded' })).toHaveLength(2);

  const queue = (await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body
    .data as Array<{ id: number; kind: string; orderId: number | null }>;
  expect(queue.map((a) => a.kind).sort()).toEqual(['overpaid', 'partial', 'unmatched']);

  // The unknown row belongs to the partial order's person after all (a second transfer): not enough alone.
  const unmatched = queue.find((a) => a.kind === 'unmatched')!;
  const short = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, {
    token: manager,
    body: { action: 'assign', orderNo: partial.orderNo },
  });
  expect(short.body).toMatchObject({ code: 400, message: 'orders:dealShort' });
  const fresh = await order();
  const assigned = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, {
    token: manager,
    body: { action: 'assign', orderNo: fresh.orderNo },
  });
  expect(assigned.body).toMatchObject({ code: 400, message: 'orders:dealShort' });
  const dismissed = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, {
    token: manager,
    body: { action: 'dismiss', note: 'returned to sender' },
  });
  expect(dismissed.body.data.find((a: { id: number }) => a.id === unmatched.id)).toMatchObject({
    resolution: 'returned to sender',
  });
  expect(
    (
      await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${unmatched.id}/resolve`, {
        token: manager,
        body: { action: 'dismiss' },
      })
    ).body.message,
  ).toBe('orders:alreadyResolved');
});

test('a queued row assigned to an order it covers confirms it', async () => {
  const target = await order();
  expect(await imported(csv([['2026-11-22', '1200.00', 'paid by colleague, no reference', 'ICT']]))).toMatchObject({
    queued: 1,
  });
  const queued = (
    (await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body.data as Array<{
      id: number;
      kind: string;
      resolvedAt: string | null;
      detail: string;
    }>
  ).find((a) => !a.resolvedAt && a.detail.includes('no reference'))!;
  const ok = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${queued.id}/resolve`, {
    token: manager,
    body: { action: 'assign', orderNo: target.orderNo },
  });
  expect(ok.body.code).toBe(200);
  expect((await h.db('orders').where({ id: target.id }).first())!.status).toBe('paid');
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
  const res = await imported(file);
  expect(res).toMatchObject({ confirmed: 2, queued: cases.length, duplicate: 0, skipped: 2 });
  const reasons = res.outcomes.filter((o) => o.line > 3);
  expect(reasons).toEqual([
    ...cases.map(([, reason], i) => ({ line: 4 + i, outcome: 'queued', reason, orderNos: [unread.orderNo] })),
    { line: 4 + cases.length, outcome: 'skipped', reason: 'debit', orderNos: [] },
    { line: 5 + cases.length, outcome: 'skipped', reason: 'noAmount', orderNos: [] },
  ]);
  for (const lang of ['zh', 'en'] as const)
    for (const key of ['reason.debit', 'reason.noAmount', 'manage.outcomes.skipped'])
      expect(t(lang, `orders:${key}`)).not.toMatch(/^orders:|^$/);
  expect((await h.db('orders').where({ id: unread.id }).first())!.status).toBe('unpaid');
  for (const o of [plain, grouped]) expect((await h.db('orders').where({ id: o.id }).first())!.status).toBe('paid');
  // In the managers' queue, tied to the order, with the amount as the bank wrote it; the reasons are in both languages.
  const queue = (
    (await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body.data as Array<{
      id: number;
      kind: string;
      orderNo: string | null;
      detail: string;
    }>
  ).filter((a) => a.kind === 'unreadable');
  expect(queue).toHaveLength(cases.length);
  expect(queue.every((a) => a.orderNo === unread.orderNo)).toBe(true);
  expect(queue.map((a) => a.detail).join('\n')).toContain('"1.200,00"');
  for (const lang of ['zh', 'en'] as const)
    for (const key of [
      'reason.amountUnreadable',
      'reason.amountTooManyDecimals',
      'manage.kinds.unreadable',
      'assignUnreadable',
    ])
      expect(t(lang, `orders:${key}`)).not.toMatch(/^orders:|^$/);
  // The same file again: the queued rows are recognised, not queued twice.
  expect(await imported(file)).toMatchObject({ confirmed: 0, queued: 0, duplicate: 2 + cases.length });
  // An amount nobody could read cannot be assigned as if it were known: dismissed, then dealt by hand.
  const assign = await call(h, host, 'post', `/conference/platform/manage/order/anomalies/${queue[0].id}/resolve`, {
    token: manager,
    body: { action: 'assign', orderNo: unread.orderNo },
  });
  expect(assign.body).toMatchObject({ code: 409, message: 'orders:assignUnreadable' });
});

test("a manager's deal on a bank transfer closes its attempt: the statement row that follows is that payment, not a second one", async () => {
  const o = await order();
  const paying = await call(h, host, 'post', '/conference/order/pay', {
    token: o.token,
    body: { orderIds: [o.id], method: 'bankRemit' },
  });
  expect(paying.body.code, JSON.stringify(paying.body)).toBe(200);
  const dealt = await call(h, host, 'post', `/conference/platform/manage/order/${o.id}/deal`, {
    token: manager,
    body: { status: 'paid', actualPay: '1200.00' },
  });
  expect(dealt.body.code, JSON.stringify(dealt.body)).toBe(200);
  const attempts = await h
    .db('payment_attempts as a')
    .join('attempt_orders as ao', 'ao.attempt_id', 'a.id')
    .where('ao.order_id', o.id)
    .select('a.*');
  expect(attempts.map((a) => [a.method, a.state])).toEqual([['bankRemit', 'succeeded']]);
  expect(attempts[0].confirmed_by).not.toBeNull();

  const arrived = await imported(csv([['2026-11-24', '1,200.00', `transfer ${o.reference}`, 'Payer']]));
  expect(arrived).toMatchObject({
    confirmed: 1,
    queued: 0,
    duplicate: 0,
    outcomes: [{ outcome: 'confirmed', reason: 'confirmedByManager', orderNos: [o.orderNo] }],
  });
  expect(await h.db('payment_anomalies').where({ conference_id: cid, order_id: o.id })).toEqual([]);
  expect((await h.db('statement_rows').where({ conference_id: cid, attempt_id: attempts[0].id })).length).toBe(1);
  for (const lang of ['zh', 'en'] as const)
    expect(t(lang, 'orders:reason.confirmedByManager')).not.toMatch(/^orders:|^$/);

  // A second transfer of the same order is a second payment: queued for the manager.
  const again = await imported(csv([['2026-11-25', '1200.00', `transfer ${o.reference}`, 'Payer']]));
  expect(again).toMatchObject({ queued: 1, outcomes: [{ reason: 'alreadyPaid' }] });
});

test('the mapping is saved; bad files are refused with their message and change nothing: not CSV, empty, too many rows, unreadable, a missing column', async () => {
  expect(
    (await call(h, host, 'get', '/conference/platform/manage/order/statement/mapping', { token: manager })).body.data,
  ).toEqual(mapping);
  const before = await counts();
  // At once (400), before any work starts.
  const atOnce: Array<[string, string]> = [
    ['', 'orders:csvRequired'],
    ['  \r\n ', 'orders:csvRequired'],
    ['PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml', 'orders:csvNotCsv'],
    ['\uFEFFPK\u0003\u0004 an .xlsx read as text', 'orders:csvNotCsv'],
    ['%PDF-1.7\n%\uFFFD\uFFFD\n1 0 obj', 'orders:csvNotCsv'],
    ['交易日期,贷方金额,摘要,对方户名\r\n2026-11-20,1\uFFFD\uFFFD,x,y', 'orders:csvNotCsv'],
    ['交易日期,贷方金额,摘要,对方户名', 'orders:csvEmpty'],
    ['交易日期,贷方金额,摘要,对方户名\r\n\r\n   \r\n', 'orders:csvEmpty'],
  ];
  for (const [text, key] of atOnce)
    expect((await importCsv(text)).body, JSON.stringify(text)).toMatchObject({ code: 400, message: key, field: 'csv' });
  for (const lang of ['zh', 'en'] as const)
    for (const key of ['csvNotCsv', 'csvEmpty', 'csvTooManyRows', 'csvTooLarge'])
      expect(t(lang, `orders:${key}`, { max: '5000' })).not.toMatch(/^orders:|^$/);
  // Found by reading the file in the pool: the work fails with the message.
  const tooMany = csv(Array.from({ length: 5001 }, (_, i) => ['2026-11-20', '1.00', `row ${i}`, '']));
  expect(await importWork(tooMany)).toMatchObject({
    state: 'failed',
    error: 'orders:csvTooManyRows',
    errorParams: { max: '5000' },
  });
  expect(t('en', 'orders:csvTooManyRows', { max: '5000' })).toContain('5000');
  expect(await importWork('a,b\n"unterminated')).toMatchObject({ state: 'failed', error: 'orders:csvInvalid' });
  expect(await importWork(csv([['2026-11-22', '1', 'x', 'y']]), { ...mapping, amount: 'Amount' })).toMatchObject({
    state: 'failed',
    error: 'orders:mappingMissing',
    errorParams: { column: 'Amount' },
  });
  expect(await counts()).toEqual(before);
  expect(
    (await call(h, host, 'get', '/conference/platform/manage/order/statement/mapping', { token: manager })).body.data,
  ).toEqual(mapping);
});
