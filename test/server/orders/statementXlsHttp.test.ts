/**
 * The old Excel format (.xls) in the statement import (issue 32), over HTTP (SQLite and MariaDB):
 * the preview says how the file was read, the import confirms the orders the rows name. Reading
 * the bytes: statementXlsRead.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork } from '../../helpers/work';
import type { StatementResult } from '../../../server/contract/orders';
import { bof, compoundFile, eof, record, xlsOf } from '../../fixtures/xls';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';
import { HEADER, statement, mapping } from './statementXlsFixtures';

describe('an .xls over HTTP', () => {
  let h: Harness;
  let cid: number;
  let host: string;
  let manager: string;
  let fee: number;
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    ({ cid, host } = await feeConference(h, 'statement-xls'));
    manager = await h.login({ email: 'finance-xls@example.org', conferenceId: cid, roles: ['manager'] });
    fee = await addFee(h, cid, { kind: 'register', price: 120_000 });
    await enableBankRemit(h, cid, { combined: true });
  });
  afterAll(() => h?.stop());

  async function order(): Promise<{ id: number; reference: string }> {
    const { token } = await attendee(h, cid);
    const [id] = (
      await call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId: fee, quantity: 1 }] } })
    ).body.data.orderIds;
    return { id, reference: (await h.db('orders').where({ id }).first())!.reference };
  }
  const preview = (file: Buffer, lang: 'zh' | 'en' = 'en') =>
    call(h, host, 'post', '/conference/platform/manage/order/statement/preview', {
      token: manager,
      lang,
      body: { file: file.toString('base64') },
    });
  const status = async (id: number) => (await h.db('orders').where({ id }).first())!.status;

  test('previewed (format, columns, rows) and imported: the credits confirm their orders, the debit is skipped; the same file again is known', async () => {
    const [a, b] = [await order(), await order()];
    const bytes = xlsOf(statement([a.reference, b.reference]));
    const p = await preview(bytes);
    expect(p.body, JSON.stringify(p.body)).toMatchObject({
      code: 200,
      data: { format: 'xls', encoding: 'xlsx', rows: 3, header: HEADER },
    });
    const imported = async () => {
      const res = await call(h, host, 'post', '/conference/platform/manage/order/statement', {
        token: manager,
        body: { file: bytes.toString('base64'), mapping, currency: 'CNY' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const work = await finishWork(h.app, { host, token: manager }, res.body.data);
      expect(work.state, JSON.stringify(work)).toBe('done');
      return work.summary as StatementResult;
    };
    const result = await imported();
    expect(result).toMatchObject({ rows: 3, confirmed: 2, queued: 0, skipped: 1 });
    // The second credit (1200.50, an RK cell) covers its order of 1200.00.
    expect(result.outcomes.map((o) => [o.line, o.outcome])).toEqual([
      [4, 'confirmed'],
      [5, 'skipped'],
      [6, 'confirmed'],
    ]);
    expect([await status(a.id), await status(b.id)]).toEqual(['paid', 'paid']);
    expect(
      (await h.db('statement_rows').where({ conference_id: cid }).orderBy('id')).map((r: { payer: string }) => r.payer),
    ).toEqual(['张伟', '李娜']);
    expect(await imported()).toMatchObject({ confirmed: 0, duplicate: 2, skipped: 1 });
  });

  test('damaged and protected files: their message in both languages, nothing written', async () => {
    const before = Number((await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
    const damaged = xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB'])).subarray(0, 1024);
    const locked = compoundFile({ Workbook: Buffer.concat([bof(5), record(0x2f, [1, 0, 1, 0, 1, 0]), eof()]) });
    for (const lang of ['zh', 'en'] as const) {
      expect((await preview(damaged, lang)).body).toMatchObject({
        code: 400,
        message: 'orders:xlsInvalid',
        field: 'file',
      });
      expect((await preview(locked, lang)).body).toMatchObject({ code: 400, message: 'orders:xlsOld', field: 'file' });
      const res = await call(h, host, 'post', '/conference/platform/manage/order/statement', {
        token: manager,
        lang,
        body: { file: damaged.toString('base64'), mapping, currency: 'CNY' },
      });
      if (res.status === 202)
        expect((await finishWork(h.app, { host, token: manager }, res.body.data)).state).toBe('failed');
      else expect(res.body).toMatchObject({ code: 400, message: 'orders:xlsInvalid' });
    }
    expect(Number((await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first())!.n)).toBe(
      before,
    );
  });
});
