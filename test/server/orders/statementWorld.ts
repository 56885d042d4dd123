/**
 * The bank statement tests' conference, orders and import calls (statementMatching,
 * statementImports): one harness per test file. The bindings are live, set by
 * useStatementConference()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork } from '../../helpers/work';
import type { StatementResult } from '../../../server/contract/orders';
import type { WorkView } from '../../../server/contract/work';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

/** Starts this file's harness before its tests and stops it after. */
export function useStatementConference(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    ({ cid, host } = await feeConference(h, 'statement'));
    manager = await h.login({ email: 'finance@example.org', conferenceId: cid, roles: ['manager'] });
    fee = await addFee(h, cid, { kind: 'register', price: 120_000 });
    await enableBankRemit(h, cid, { combined: true });
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let cid: number;
export let host: string;
export let manager: string;
export let fee: number;

export async function order(): Promise<{ id: number; reference: string; orderNo: string; token: string }> {
  const { token } = await attendee(h, cid);
  const [id] = (
    await call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId: fee, quantity: 1 }] } })
  ).body.data.orderIds;
  const row = (await h.db('orders').where({ id }).first())!;
  return { id, reference: row.reference, orderNo: row.order_no, token };
}

export const counts = async () => {
  const n = async (table: string) =>
    Number((await h.db(table).where({ conference_id: cid }).count({ n: '*' }).first())!.n);
  return {
    rows: await n('statement_rows'),
    anomalies: await n('payment_anomalies'),
    attempts: await n('payment_attempts'),
    mappings: await n('statement_mappings'),
  };
};
/** How many succeeded payments an order has: one, however often its transfer is imported. */
export const succeeded = async (orderId: number) =>
  (
    await h
      .db('payment_attempts as a')
      .join('attempt_orders as ao', 'ao.attempt_id', 'a.id')
      .where({ 'ao.order_id': orderId, 'a.state': 'succeeded' })
  ).length;

export const mapping = { date: '交易日期', amount: '贷方金额', text: '摘要', payer: '对方户名' };
export const csv = (rows: string[][]) =>
  ['交易日期,贷方金额,摘要,对方户名', ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))].join(
    '\r\n',
  );
export const importCsv = (text: string, map: object = mapping) =>
  call(h, host, 'post', '/conference/platform/manage/order/statement', {
    token: manager,
    body: { csv: text, mapping: map, currency: 'CNY' },
  });
/** The import's work (202 at once), followed until it ends (issue 30). */
export async function importWork(text: string, map: object = mapping): Promise<WorkView> {
  const res = await importCsv(text, map);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.data.work).toMatchObject({ kind: 'orders.statement' });
  return finishWork(h.app, { host, token: manager }, res.body.data);
}
/** The import's summary: the StatementResult the route answered before issue 30. */
export async function imported(text: string, map: object = mapping): Promise<StatementResult> {
  const work = await importWork(text, map);
  expect(work.state, JSON.stringify(work)).toBe('done');
  return work.summary as StatementResult;
}
