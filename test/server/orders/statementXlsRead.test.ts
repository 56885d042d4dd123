/**
 * The old Excel format (.xls) in the statement import (issue 32): real BIFF8 and BIFF5 bytes
 * written by test/fixtures/xls.ts in an OLE2 container written by `cfb` (Chinese text in the
 * shared string table, split over CONTINUE records; numbers, RK/MULRK, dates built-in and Chinese,
 * formulas' cached results), read by the pool's task; then damaged and hostile files (truncated, a
 * huge declared string count, strings longer than their bytes, loops in the FAT, the DIFAT and the
 * mini FAT, records past the stream's end, too many rows, random corruption): each one a refusal
 * with a translated message, quickly, never an exception. Over HTTP: statementXlsHttp.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { t } from '../../../server/platform/i18n';
import { tableOfFile } from '../../../server/modules/orders/statementFile';
import { isDateFormat, readXls } from '../../../server/modules/orders/statementXls';
import { readStatementFile } from '../../../server/modules/orders/statementRead';
import { bof, compoundFile, eof, record, sst, xlsOf, type XlsCell } from '../../fixtures/xls';
import { HEADER, statement, mapping, table, layout } from './statementXlsFixtures';

describe('reading an .xls', () => {
  test('BIFF8: Chinese shared strings, dates (built-in and 年月日), RK, formulas; lines above the header skipped', async () => {
    const read = await table(xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB'])));
    expect(read).toMatchObject({ format: 'xls', encoding: 'xlsx', header: HEADER });
    expect(read.rows).toEqual([
      { line: 4, cells: ['2026-11-20', '会议注册费 CPAAAAAAAA', '', '1200', '张伟'] },
      { line: 5, cells: ['2026-11-21', '手续费', '20', '-20'] },
      { line: 6, cells: ['2026-11-22', '注册费CPBBBBBBBB李娜', '', '1200.5', '李娜'] },
    ]);
  });

  test('the shared strings cut over CONTINUE records mid-character-run, 8-bit and 16-bit, read the same', async () => {
    const rows = statement(['CPAAAAAAAA', 'CPBBBBBBBB']);
    const whole = await table(xlsOf(rows));
    for (const part of [12, 13, 20, 33]) expect(await table(xlsOf(rows, { sstPart: part }))).toEqual(whole);
    // A string longer than a record, as Excel cuts it.
    const long = '跨记录的长摘要 '.repeat(700) + 'CPCCCCCCCC';
    const cut = await table(
      xlsOf([
        ['日期', '摘要'],
        ['2026-11-20', long],
        ['2026-11-21', 'ascii '.repeat(3000)],
      ]),
    );
    expect(cut.rows.map((r) => r.cells[1])).toEqual([long, 'ascii '.repeat(3000).trim()]);
  });

  test('every cell kind: MULRK, NUMBER, booleans, inline LABEL, formulas with a number and a boolean; blank sheet skipped; 1904 dates', async () => {
    const read = await table(
      xlsOf(
        [
          ['a', 'b', 'c', 'd', 'e'],
          [{ rk: 1 }, { rk: 12.34 }, { rk: -7 }, { rk: 0.1 }, { rk: 2 ** 40 }],
          [1.5e-7, 0.30000000000000004, true, { label: 'Müller' }, { formula: 3.25 }],
          [{ formula: true }, null, null, null, new Date(Date.UTC(2026, 0, 31))],
        ],
        { emptySheetFirst: true, date1904: true },
      ),
    );
    expect(read.rows.map((r) => r.cells)).toEqual([
      ['1', '12.34', '-7', '0.1', '1099511627776'],
      ['1.5e-7', '0.30000000000000004', 'TRUE', 'Müller', '3.25'],
      ['TRUE', '', '', '', '2026-01-31'],
    ]);
  });

  test('BIFF5 (Excel 95): strings in the workbook code page, GBK, read as Chinese', async () => {
    const read = await table(xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB']), { biff5: true }));
    expect(read).toMatchObject({ format: 'xls', encoding: 'gb18030', header: HEADER });
    expect(read.rows[0].cells).toEqual(['2026-11-20', '会议注册费 CPAAAAAAAA', '', '1200', '张伟']);
    expect(read.rows[2].cells[1]).toBe('注册费CPBBBBBBBB李娜');
  });

  test('a statement of 5000 rows (the stream in the FAT, not the mini stream) is read whole, in well under two seconds', async () => {
    const rows: XlsCell[][] = [HEADER];
    for (let i = 0; i < 5000; i++)
      rows.push([
        new Date(Date.UTC(2026, 0, 1 + (i % 300))),
        `转账 第${i}笔`,
        null,
        { rk: 100 + i / 100 },
        `付款人${i % 50}`,
      ]);
    const bytes = xlsOf(rows);
    const started = performance.now();
    const read = await table(bytes);
    const ms = performance.now() - started;
    expect(read.rows).toHaveLength(5000);
    expect(read.rows[4999].cells).toEqual(['2026-07-19', '转账 第4999笔', '', '149.99', '付款人49']);
    // About 120 ms once warm, 200–600 ms cold on a loaded two-core machine.
    expect(ms, `${ms} ms for ${bytes.length} bytes`).toBeLessThan(2000);
  });

  test('the pool task reads it like a CSV: two credits, the debit skipped, references found', async () => {
    const bytes = xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB']));
    const read = await readStatementFile({ conferenceId: 1, file: bytes.toString('base64'), mapping, currency: 'CNY' });
    if ('error' in read) throw new Error(read.error);
    expect(read.records).toBe(3);
    expect(read.lines.map((l) => l.kind)).toEqual(['settle', 'skipped', 'settle']);
    expect(read.lines[2]).toMatchObject({
      amount: { amount: 120050, currency: 'CNY' },
      bookedOn: '2026-11-22',
      references: ['CPBBBBBBBB'],
    });
  });

  test("date formats: built-in ids and the workbook's own codes, Chinese ones included; numbers are not dates", () => {
    for (const code of [
      'yyyy"年"m"月"d"日"',
      'yyyy-mm-dd',
      '[$-804]yyyy年m月d日',
      'm/d/yy h:mm',
      '[h]:mm:ss',
      'dd/mm/yyyy;@',
    ])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of [
      'General',
      'G/通用格式',
      '0.00',
      '#,##0.00_);[Red](#,##0.00)',
      '"¥"#,##0.00',
      '0.00"元"',
      '@',
      '[DBNum1]0',
    ])
      expect(isDateFormat(code), code).toBe(false);
  });
});

describe('damaged and hostile .xls files: a translated refusal, at once, never an exception', () => {
  const good = xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB']));
  const refusal = async (bytes: Uint8Array) => {
    const started = performance.now();
    const read = await tableOfFile(bytes);
    expect(performance.now() - started).toBeLessThan(500);
    return 'error' in read ? read.error : 'read';
  };
  const inStream = (stream: Buffer) => compoundFile({ Workbook: stream });

  test('truncated anywhere: refused as damaged (or, cut in the padding, still read)', async () => {
    for (let cut = 512; cut < good.length; cut += 61)
      expect(['orders:xlsInvalid', 'read']).toContain(await refusal(good.subarray(0, cut)));
    expect(await refusal(good.subarray(0, 1024))).toBe('orders:xlsInvalid');
    expect(await refusal(Buffer.concat([good.subarray(0, 8), Buffer.alloc(504)]))).toBe('orders:xlsInvalid');
    expect(await refusal(good.subarray(0, 100))).toBe('orders:xlsInvalid');
  });

  test('a shared string table that declares 4 294 967 295 strings reads the ones its bytes hold', async () => {
    const stream = Buffer.concat([
      bof(5),
      ...sst(['日期', '金额'], 8224, 0xffffffff),
      eof(),
      bof(0x10),
      record(0xfd, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      record(0xfd, [0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
      record(0xfd, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      record(0x203, Buffer.concat([Buffer.from([1, 0, 1, 0, 0, 0]), Buffer.from(new Float64Array([5]).buffer)])),
      eof(),
    ]);
    expect(await tableOfFile(inStream(stream))).toMatchObject({
      header: ['日期', '金额'],
      rows: [{ cells: ['日期', '5'] }],
    });
  });

  test('a string longer than its bytes, a shared string index past the table, a record past the stream: damaged', async () => {
    const longer = Buffer.concat([
      bof(5),
      record(0xfc, [1, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 1, 0x41, 0]),
      eof(),
      bof(0x10),
      eof(),
    ]);
    expect(await refusal(inStream(longer))).toBe('orders:xlsInvalid');
    const pastTable = Buffer.concat([
      bof(5),
      ...sst(['a']),
      eof(),
      bof(0x10),
      record(0xfd, [0, 0, 0, 0, 0, 0, 9, 0, 0, 0]),
      eof(),
    ]);
    expect(await refusal(inStream(pastTable))).toBe('orders:xlsInvalid');
    const pastEnd = Buffer.concat([bof(5), eof(), bof(0x10), Buffer.from([0x03, 0x02, 0xff, 0xff, 1, 2, 3])]);
    expect(await refusal(inStream(pastEnd))).toBe('orders:xlsInvalid');
    // Records too short for what they hold (a NUMBER of 3 bytes, a MULRK of 1).
    expect(await refusal(inStream(Buffer.concat([bof(5), eof(), bof(0x10), record(0x203, [1, 2, 3]), eof()])))).toBe(
      'orders:xlsInvalid',
    );
    expect(await refusal(inStream(Buffer.concat([bof(5), eof(), bof(0x10), record(0xbd, [1]), eof()])))).toBe(
      'orders:xlsInvalid',
    );
  });

  test('loops: a stream chain back on itself in the FAT, a DIFAT chain on itself, a mini FAT loop', async () => {
    // A stream of more than 4096 bytes lives in the FAT: its second sector pointed back at its first.
    const rows: XlsCell[][] = [
      HEADER,
      ...Array.from({ length: 300 }, (_, i) => ['2026-11-20', `第${i}笔`, null, i, '张伟'] as XlsCell[]),
    ];
    const big = xlsOf(rows);
    const { fatAt, start } = layout(big, 'Workbook');
    const loop = Buffer.from(big);
    const second = loop.readUInt32LE(fatAt + start * 4);
    loop.writeUInt32LE(start, fatAt + second * 4);
    expect(await refusal(loop)).toBe('orders:xlsInvalid');
    // The first sector on itself.
    const self = Buffer.from(big);
    self.writeUInt32LE(start, fatAt + start * 4);
    expect(await refusal(self)).toBe('orders:xlsInvalid');

    // The header claims 200 FAT sectors (more than its 109 slots): the DIFAT chain starts at and points to itself.
    const difat = Buffer.from(big);
    difat.writeUInt32LE(200, 0x2c);
    difat.writeUInt32LE(1, 0x44);
    difat.writeUInt32LE(1, 0x48);
    difat.writeUInt32LE(1, (1 + 1) * 512 + 508);
    expect(await refusal(difat)).toBe('orders:xlsInvalid');

    // A small stream lives in the mini stream: its mini FAT entry on itself.
    const small = Buffer.from(good);
    const miniFatAt = (small.readUInt32LE(0x3c) + 1) * 512;
    const miniStart = layout(small, 'Workbook').start;
    small.writeUInt32LE(miniStart, miniFatAt + miniStart * 4);
    expect(await refusal(small)).toBe('orders:xlsInvalid');
  });

  test('a stream that claims to be larger than the file, a sector number past the end', async () => {
    const claims = Buffer.from(good);
    claims.writeUInt32LE(0x7fffffff, layout(claims, 'Workbook').entryAt + 120);
    expect(await refusal(claims)).toBe('orders:xlsInvalid');
    const past = Buffer.from(good);
    past.writeUInt32LE(0x00ffffff, 0x30);
    expect(await refusal(past)).toBe('orders:xlsInvalid');
  });

  test('not a readable workbook: another OLE2 document, a password, Excel 4: "save it as .xlsx"', async () => {
    expect(await refusal(compoundFile({ WordDocument: Buffer.alloc(100, 1) }))).toBe('orders:xlsOld');
    expect(await refusal(inStream(Buffer.concat([bof(5), record(0x2f, [1, 0, 1, 0, 1, 0]), eof()])))).toBe(
      'orders:xlsOld',
    );
    expect(await refusal(inStream(Buffer.concat([record(0x0409, [0, 0, 0x10, 0, 0, 0]), eof()])))).toBe(
      'orders:xlsOld',
    );
    expect(await refusal(inStream(Buffer.concat([bof(5), eof(), bof(0x10), eof()])))).toBe('orders:csvEmpty');
  });

  test('too many rows: refused with the limit, before all are kept; columns past IV ignored', async () => {
    const rows: XlsCell[][] = Array.from({ length: 5100 }, (_, i) => [{ rk: i }, { rk: i }]);
    expect(await tableOfFile(xlsOf(rows))).toEqual({
      error: 'orders:csvTooManyRows',
      field: 'file',
      params: { max: '5000' },
    });
    const far = Buffer.concat([
      bof(5),
      eof(),
      bof(0x10),
      record(0x203, Buffer.concat([Buffer.from([0, 0, 0xff, 0xff, 0, 0]), Buffer.from(new Float64Array([1]).buffer)])),
      record(0x203, Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0]), Buffer.from(new Float64Array([2]).buffer)])),
      record(0x203, Buffer.concat([Buffer.from([1, 0, 0, 0, 0, 0]), Buffer.from(new Float64Array([3]).buffer)])),
      eof(),
    ]);
    expect(await tableOfFile(inStream(far))).toMatchObject({ header: ['2'], rows: [{ cells: ['3'] }] });
  });

  test('random corruption of a real file (500 files, a fixed seed): a table or a refusal, never an exception or a wait', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const base = xlsOf(statement(['CPAAAAAAAA', 'CPBBBBBBBB']), { sstPart: 30 });
    const seen = new Set<string>();
    const started = performance.now();
    for (let n = 0; n < 500; n++) {
      const bytes = Buffer.from(base);
      for (let k = 0; k < 1 + Math.floor(random() * 8); k++)
        bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      const read = readXls(bytes, 5031);
      seen.add('error' in read ? read.error : 'read');
    }
    expect(performance.now() - started).toBeLessThan(5000);
    expect(
      [...seen].every((s) =>
        ['read', 'orders:xlsInvalid', 'orders:xlsOld', 'orders:csvEmpty', 'orders:csvTooManyRows'].includes(s),
      ),
    ).toBe(true);
  });

  test('the messages exist in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const key of ['xlsOld', 'xlsInvalid']) expect(t(lang, `orders:${key}`)).not.toMatch(/^orders:|^$/);
      expect(t(lang, 'orders:manage.formats.xls')).not.toMatch(/^orders:/);
    }
  });
});
