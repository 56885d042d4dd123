/**
 * The generic spreadsheet task, `platform.table`: the rows of an export made into an .xlsx in a
 * pool thread. Every Excel export of the platform is a table the feature reads and formats on the
 * main thread (cheap) and this task writes (exceljs, the expensive part: seconds for tens of
 * thousands of rows). A cell is a text, or (issue 32) a number or a date that organisers can sum,
 * sort and filter: made with the helpers of ../tableCells.ts. Cells people typed that a
 * spreadsheet would read as formulas keep the quote prefix (../xlsx.ts).
 */
import ExcelJS from 'exceljs';
import { addTableRow, type TableCell } from '../xlsx';
import type { ComputeTask } from './types';

export type { TableCell };

export type TableSheet = {
  /** the sheet's tab (Excel allows 31 characters) */
  name: string;
  head: string[];
  rows: TableCell[][];
  /** column widths in characters; 16 where absent */
  widths?: number[];
};

export type TableInput = { sheets: TableSheet[] };

/** Rows between two progress reports. */
const REPORT_EVERY = 500;

export const buildTable: ComputeTask<TableInput, Uint8Array> = async ({ sheets }, progress) => {
  const total = sheets.reduce((n, s) => n + s.rows.length, 0);
  let done = 0;
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name.slice(0, 31) || 'Sheet1');
    addTableRow(sheet, s.head).font = { bold: true };
    for (const row of s.rows) {
      addTableRow(sheet, row);
      if (++done % REPORT_EVERY === 0) progress(done, total, 'work:stage.building');
    }
    sheet.columns.forEach((c, i) => (c.width = s.widths?.[i] ?? 16));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  progress(total, total, 'work:stage.saving');
  return new Uint8Array(await book.xlsx.writeBuffer());
};

export const tasks = { 'platform.table': buildTable };
