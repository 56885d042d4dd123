/**
 * Number and date cells of the Excel exports (issue 32): written by 'platform.table' and read
 * back as numbers and dates with their formats, times as the conference's wall clock, texts that
 * look like formulas still quoted.
 */
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { money } from '../../../server/contract/money';
import { countCell, dayCell, instantCell, moneyCell } from '../../../server/platform/tableCells';
import { wallClockIn } from '../../../server/platform/localTime';
import { buildTable } from '../../../server/platform/work/table';

test('a table of texts, numbers, amounts, days and instants reads back with its cell types', async () => {
  const at = new Date('2026-11-27T16:30:00Z');
  const bytes = await buildTable(
    {
      sheets: [
        {
          name: 'S',
          head: ['text', 'count', 'cny', 'jpy', 'day', 'time', 'formula', 'empty'],
          rows: [
            [
              '张伟',
              countCell(3),
              moneyCell(money(120050, 'CNY')),
              moneyCell(money(1200, 'JPY'), { currency: true }),
              dayCell('2026-11-27'),
              instantCell(at, 'Asia/Shanghai'),
              '=1+1',
              instantCell(null, 'UTC'),
            ],
          ],
        },
      ],
    },
    () => undefined,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const row = book.worksheets[0].getRow(2);
  expect(row.getCell(1)).toMatchObject({ type: ExcelJS.ValueType.String, value: '张伟' });
  expect(row.getCell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 3, numFmt: '0' });
  expect(row.getCell(3)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1200.5, numFmt: '#,##0.00' });
  expect(row.getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1200, numFmt: '"JPY "#,##0' });
  expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Date);
  expect((row.getCell(5).value as Date).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  // 16:30 UTC is 00:30 the next day in Shanghai: the sheet shows Shanghai's wall clock.
  expect(row.getCell(6)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: 'yyyy-mm-dd hh:mm' });
  expect((row.getCell(6).value as Date).toISOString()).toBe('2026-11-28T00:30:00.000Z');
  expect(row.getCell(7)).toMatchObject({ type: ExcelJS.ValueType.String, value: '=1+1' });
  expect(row.getCell(8).value ?? '').toBe('');
});

test('the wall clock of an instant in a zone; a text that is not a day stays text', () => {
  expect(wallClockIn(new Date('2026-03-08T09:59:59Z'), 'America/New_York')).toBe('2026-03-08T05:59:59');
  expect(wallClockIn(new Date('2026-03-08T10:00:00Z'), 'America/New_York')).toBe('2026-03-08T06:00:00');
  expect(dayCell('27/11/2026')).toBe('27/11/2026');
  expect(dayCell('')).toBe('');
  expect(moneyCell(null)).toBe('');
});
