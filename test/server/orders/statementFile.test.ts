/**
 * Bank statements as Chinese banks export them (issue 32): a real GBK-encoded CSV (bytes written
 * by iconv-lite's GBK codec), GB18030, UTF-16 and UTF-8 with and without a byte-order mark,
 * tab-separated text, lines above the header and an .xlsx workbook written by exceljs in the test
 * (number and date cells), all read without the manager choosing an encoding: first the reading
 * (the pool's tasks, called directly), then over HTTP, where the preview names the columns and
 * the import confirms the orders the rows name, on SQLite and MariaDB.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork } from '../../helpers/work';
import { t } from '../../../server/platform/i18n';
import type { StatementResult } from '../../../server/contract/orders';
import { decodeText, tableOfFile } from '../../../server/modules/orders/statementFile';
import { previewStatement, readStatementFile } from '../../../server/modules/orders/statementRead';
import { tasks } from '../../../server/modules/orders/tasks';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

/** A statement as an ICBC-style export: account lines above the header, a total under the rows. */
function statementLines(refs: string[]): string[][] {
  return [
    ['账号：6222 0000 1111 2222'],
    ['户名：中国科学院某研究所', '币种：人民币'],
    ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名', '余额'],
    ['2026-11-20', `会议注册费 ${refs[0]}`, '', '1,200.00', '张伟', '10,000.00'],
    ['2026-11-21', '手续费', '20.00', '-20.00', '', '9,980.00'],
    ['2026-11-22', `注册费${refs[1]}李娜`, '', '1200', '李娜', '11,180.00'],
  ];
}
const csvText = (rows: string[][], sep = ',') =>
  rows
    .map((r) => r.map((c) => (c.includes(sep) || c.includes('"') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep))
    .join('\r\n');
const mapping = { date: '交易日期', amount: '贷方发生额', text: '摘要', payer: '对方户名' };

async function xlsxOf(rows: Array<Array<string | number | Date | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('空白');
  const sheet = book.addWorksheet('对账单');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading a statement file in any encoding or format', () => {
  test('a GBK CSV is read as GB18030 (its superset), not as UTF-8; UTF-8 stays UTF-8', async () => {
    const gbk = iconv.encode(csvText(statementLines(['CPAAAAAAAA', 'CPBBBBBBBB'])), 'gbk');
    // The bytes are really GBK: "交易日期" is 0xBD 0xBB 0xD2 0xD7 ..., not valid UTF-8.
    expect([...gbk.subarray(gbk.indexOf(0xbd), gbk.indexOf(0xbd) + 4)]).toEqual([0xbd, 0xbb, 0xd2, 0xd7]);
    expect(decodeText(gbk)).toMatchObject({ encoding: 'gb18030' });
    const table = await tableOfFile(gbk);
    if ('error' in table) throw new Error(table.error);
    expect(table).toMatchObject({
      format: 'csv',
      encoding: 'gb18030',
      header: ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名', '余额'],
    });
    expect(table.rows.map((r) => r.line)).toEqual([4, 5, 6]);
    expect(table.rows[0].cells).toEqual(['2026-11-20', '会议注册费 CPAAAAAAAA', '', '1,200.00', '张伟', '10,000.00']);

    const utf8 = await tableOfFile(Buffer.from(csvText(statementLines(['CPAAAAAAAA', 'CPBBBBBBBB']))));
    expect(utf8).toMatchObject({
      encoding: 'utf-8',
      header: ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名', '余额'],
    });
  });

  test('GB18030 beyond GBK, UTF-16 with its mark, UTF-8 with its mark, tab-separated text', async () => {
    const rows = [
      ['日期', '金额', '摘要'],
      ['2026-11-20', '100.00', '𠀀 付款 CPAAAAAAAA'],
    ];
    const gb = await tableOfFile(iconv.encode(csvText(rows), 'gb18030'));
    expect(gb).toMatchObject({ encoding: 'gb18030', rows: [{ cells: rows[1] }] });
    const utf16 = await tableOfFile(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(rows, '\t'), 'utf16le')]),
    );
    expect(utf16).toMatchObject({ encoding: 'utf-16le', header: rows[0], rows: [{ cells: rows[1] }] });
    const bom = await tableOfFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(rows))]));
    expect(bom).toMatchObject({ encoding: 'utf-8', header: rows[0] });
  });

  test('an .xlsx written by exceljs: the first sheet with cells, numbers and dates as the bank meant them', async () => {
    const bytes = await xlsxOf([
      ['账号', '6222000011112222'],
      ['交易日期', '摘要', '贷方发生额', '对方户名'],
      [new Date(Date.UTC(2026, 10, 20)), '会议注册费 CPAAAAAAAA', 1200, '张伟'],
      ['2026-11-21', { richText: [{ text: '注册费 ' }, { text: 'CPBBBBBBBB' }] } as unknown as string, 1200.5, '李娜'],
      ['2026-11-22', '手续费', -20, null],
    ]);
    const table = await tableOfFile(bytes);
    if ('error' in table) throw new Error(table.error);
    expect(table).toMatchObject({ format: 'xlsx', header: ['交易日期', '摘要', '贷方发生额', '对方户名'] });
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['2026-11-20', '会议注册费 CPAAAAAAAA', '1200', '张伟'],
      ['2026-11-21', '注册费 CPBBBBBBBB', '1200.5', '李娜'],
      ['2026-11-22', '手续费', '-20'],
    ]);
    const read = await readStatementFile({
      conferenceId: 1,
      file: bytes.toString('base64'),
      mapping,
      currency: 'CNY',
    } as never);
    if ('error' in read) throw new Error(read.error);
    // Every row is a line of the result: two credits, the debit skipped.
    expect(read.records).toBe(3);
    expect(read.lines.map((l) => l.kind)).toEqual(['settle', 'settle', 'skipped']);
    expect(read.lines[1]).toMatchObject({ amount: { amount: 120050, currency: 'CNY' }, references: ['CPBBBBBBBB'] });
  });

  test('refusals with their messages: a damaged .xls (statementXls.test.ts has the rest), a PDF, a damaged .xlsx, a header and nothing under it', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(await tableOfFile(ole2)).toMatchObject({ error: 'orders:xlsInvalid' });
    expect(await tableOfFile(Buffer.from('%PDF-1.4\n\u0000\u0001binary'))).toMatchObject({ error: 'orders:csvNotCsv' });
    expect(
      await tableOfFile(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)])),
    ).toMatchObject({ error: 'orders:xlsxInvalid' });
    expect(await tableOfFile(Buffer.from('日期,金额,摘要\r\n'))).toMatchObject({ error: 'orders:csvEmpty' });
    for (const lang of ['zh', 'en'] as const)
      for (const key of ['xlsOld', 'xlsInvalid', 'xlsxInvalid', 'csvNotCsv'])
        expect(t(lang, `orders:${key}`)).not.toMatch(/^orders:|^$/);
  });

  test('the tasks are declared and answer plain data', async () => {
    expect(tasks['orders.readStatementFile']).toBe(readStatementFile);
    expect(tasks['orders.previewStatement']).toBe(previewStatement);
    const out = await previewStatement({
      file: iconv.encode(csvText(statementLines(['CPAAAAAAAA', 'CPBBBBBBBB'])), 'gbk').toString('base64'),
    });
    expect(structuredClone(out)).toEqual({
      format: 'csv',
      encoding: 'gb18030',
      header: ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名', '余额'],
      rows: 3,
    });
  });
});

describe('over HTTP', () => {
  let h: Harness;
  let cid: number;
  let host: string;
  let manager: string;
  let fee: number;
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    ({ cid, host } = await feeConference(h, 'statement-files'));
    manager = await h.login({ email: 'finance-files@example.org', conferenceId: cid, roles: ['manager'] });
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
  async function imported(file: Buffer): Promise<StatementResult> {
    const res = await call(h, host, 'post', '/conference/platform/manage/order/statement', {
      token: manager,
      body: { file: file.toString('base64'), mapping, currency: 'CNY' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const work = await finishWork(h.app, { host, token: manager }, res.body.data);
    expect(work.state, JSON.stringify(work)).toBe('done');
    return work.summary as StatementResult;
  }
  const status = async (id: number) => (await h.db('orders').where({ id }).first())!.status;

  test('a GBK CSV: the preview names its columns and encoding; the import confirms the orders its rows name', async () => {
    const [a, b] = [await order(), await order()];
    const gbk = iconv.encode(csvText(statementLines([a.reference, b.reference])), 'gbk');
    const p = await preview(gbk);
    expect(p.body, JSON.stringify(p.body)).toMatchObject({
      code: 200,
      data: {
        format: 'csv',
        encoding: 'gb18030',
        rows: 3,
        header: ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名', '余额'],
      },
    });
    const result = await imported(gbk);
    expect(result).toMatchObject({ rows: 3, confirmed: 2, queued: 0, duplicate: 0, skipped: 1 });
    expect(result.outcomes.map((o) => [o.line, o.outcome])).toEqual([
      [4, 'confirmed'],
      [5, 'skipped'],
      [6, 'confirmed'],
    ]);
    expect([await status(a.id), await status(b.id)]).toEqual(['paid', 'paid']);
    // The payer's name came through as Chinese, not as mojibake.
    expect(
      (await h.db('statement_rows').where({ conference_id: cid }).orderBy('id')).map((r: { payer: string }) => r.payer),
    ).toEqual(['张伟', '李娜']);
    // The same file again: already known.
    expect(await imported(gbk)).toMatchObject({ confirmed: 0, duplicate: 2, skipped: 1 });
  });

  test('an .xlsx: previewed and imported the same way', async () => {
    const c = await order();
    const bytes = await xlsxOf([
      ['交易日期', '摘要', '贷方发生额', '对方户名'],
      [new Date(Date.UTC(2026, 10, 23)), `注册 ${c.reference}`, 1200, '王芳'],
    ]);
    expect((await preview(bytes)).body.data).toMatchObject({ format: 'xlsx', rows: 1 });
    expect(await imported(bytes)).toMatchObject({ rows: 1, confirmed: 1, skipped: 0 });
    expect(await status(c.id)).toBe('paid');
  });

  test('bad files: their message in both languages, nothing written', async () => {
    const before = Number((await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
    for (const lang of ['zh', 'en'] as const) {
      expect(
        (
          await preview(
            Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
            lang,
          )
        ).body,
      ).toMatchObject({ code: 400, message: 'orders:xlsInvalid', field: 'file' });
      expect(
        (
          await call(h, host, 'post', '/conference/platform/manage/order/statement/preview', {
            token: manager,
            lang,
            body: { file: 'not base64!' },
          })
        ).body,
      ).toMatchObject({ code: 400, message: 'orders:csvNotCsv' });
      expect(
        (
          await call(h, host, 'post', '/conference/platform/manage/order/statement', {
            token: manager,
            lang,
            body: { mapping, currency: 'CNY' },
          })
        ).body,
      ).toMatchObject({ code: 400, message: 'orders:csvRequired' });
    }
    const attendeeToken = (await attendee(h, cid)).token;
    expect(
      (
        await call(h, host, 'post', '/conference/platform/manage/order/statement/preview', {
          token: attendeeToken,
          body: { file: 'AAAA' },
        })
      ).status,
    ).toBe(403);
    expect(Number((await h.db('statement_rows').where({ conference_id: cid }).count({ n: '*' }).first())!.n)).toBe(
      before,
    );
  });
});
