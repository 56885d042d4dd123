/**
 * A bank statement file as banks export it (issue 32), turned into a table of texts in the worker
 * pool: the manager never chooses an encoding or a format.
 *
 * - **Excel** (.xlsx, a zip): the first sheet that has cells, read with exceljs. Numbers are
 *   written as the shortest decimal that reads back as the same number ("1200.5"), dates as
 *   "YYYY-MM-DD" (a date cell is the bank's wall-clock day), formulas by their cached result.
 * - **The old Excel format** (.xls, an OLE2 compound file): BIFF8 (Excel 97–2003) or BIFF5 (Excel
 *   95, strings in the workbook's code page, GBK for a Chinese one), read by statementXls.ts; its
 *   first sheet with cells, numbers and dates as for .xlsx. A damaged file has its own message
 *   (`orders:xlsInvalid`); a password-protected one, or Excel 2–4's, `orders:xlsOld` (save it as
 *   .xlsx or CSV).
 * - **CSV or tab-separated text**: a byte-order mark decides (UTF-8, UTF-16 LE/BE); without one,
 *   the bytes are UTF-8 when they are valid UTF-8 (a GBK text of Chinese almost never is), else
 *   GB18030, the superset of GBK and GB2312 that Chinese banks' exports are written in. The
 *   separator is the one of comma, tab and semicolon that the first lines hold most of.
 *
 * Chinese banks put lines before the header (account number, holder, period) and a total after
 * the rows: the header is the first of the first 30 rows that has as many filled cells as the
 * fullest of them; rows above it are not data and are not counted; rows with no filled cell are
 * dropped. A row's line is its place among the file's non-blank rows (the header's is its own),
 * which is what a person counts in the sheet.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { MAX_STATEMENT_ROWS } from '../../contract/orders';
import { readXls } from './statementXls';
import { sniff } from '../../platform/sniff';

export type StatementFormat = 'csv' | 'xlsx' | 'xls';
/** The rows under the header, each with its line number, the cells as texts. */
export type StatementTable = {
  format: StatementFormat;
  encoding: string;
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
};
export type TableRefusal = { error: string; field: string; params?: Record<string, string> };

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);
/** Rows looked at to find the header. */
const HEADER_SEARCH = 30;

export async function tableOfFile(bytes: Uint8Array): Promise<StatementTable | TableRefusal> {
  if (!bytes.length) return { error: 'orders:csvRequired', field: 'file' };
  const sniffed = sniff(bytes);
  if (sniffed === 'ole') return xlsTable(bytes);
  if (sniffed === 'zip') return xlsxTable(bytes);
  const text = decodeText(bytes);
  if (!text) return { error: 'orders:csvNotCsv', field: 'file' };
  return textTable(text.text, text.encoding);
}

/** The text of a CSV file, or null when it is not text in any of the encodings banks use. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } | null {
  const attempt = (encoding: string, from = 0): string | null => {
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from));
    } catch {
      return null;
    }
  };
  let found: { text: string | null; encoding: string };
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) found = { text: attempt('utf-8', 3), encoding: 'utf-8' };
  else if (startsWith(bytes, [0xff, 0xfe])) found = { text: attempt('utf-16le', 2), encoding: 'utf-16le' };
  else if (startsWith(bytes, [0xfe, 0xff])) found = { text: attempt('utf-16be', 2), encoding: 'utf-16be' };
  else {
    const utf8 = attempt('utf-8');
    found = utf8 !== null ? { text: utf8, encoding: 'utf-8' } : { text: attempt('gb18030'), encoding: 'gb18030' };
  }
  // NUL is never in a bank's text export: a binary file that happened to decode.
  if (found.text === null || found.text.includes('\u0000')) return null;
  return { text: found.text, encoding: found.encoding };
}

function separatorOf(text: string): string {
  const head = text.split(/\r?\n/, 5).join('\n');
  const count = (c: string) => head.split(c).length - 1;
  return [',', '\t', ';'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

function textTable(text: string, encoding: string): StatementTable | TableRefusal {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to: MAX_STATEMENT_ROWS + HEADER_SEARCH + 1,
    }) as string[][];
  } catch {
    return { error: 'orders:csvInvalid', field: 'file' };
  }
  return withHeader(rows, 'csv', encoding);
}

/** The cell's value as a statement's text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return String(value);
}

async function xlsxTable(bytes: Uint8Array): Promise<StatementTable | TableRefusal> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    return { error: 'orders:xlsxInvalid', field: 'file' };
  }
  const sheet = book.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return { error: 'orders:csvEmpty', field: 'file' };
  if (sheet.actualRowCount > MAX_STATEMENT_ROWS + HEADER_SEARCH + 1)
    return { error: 'orders:csvTooManyRows', field: 'file', params: { max: String(MAX_STATEMENT_ROWS) } };
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  });
  return withHeader(rows, 'xlsx', 'xlsx');
}

function xlsTable(bytes: Uint8Array): StatementTable | TableRefusal {
  const sheet = readXls(bytes, MAX_STATEMENT_ROWS + HEADER_SEARCH + 1);
  if ('error' in sheet)
    return {
      error: sheet.error,
      field: 'file',
      ...(sheet.error === 'orders:csvTooManyRows' ? { params: { max: String(MAX_STATEMENT_ROWS) } } : {}),
    };
  return withHeader(sheet.rows, 'xls', sheet.encoding);
}

function withHeader(all: string[][], format: StatementFormat, encoding: string): StatementTable | TableRefusal {
  const filled = (r: string[]) => r.filter((c) => c !== '').length;
  const rows = all.map((cells, i) => ({ line: i + 1, cells })).filter((r) => filled(r.cells) > 0);
  if (!rows.length) return { error: 'orders:csvEmpty', field: 'file' };
  const most = Math.max(...rows.slice(0, HEADER_SEARCH).map((r) => filled(r.cells)));
  const at = rows.findIndex((r) => filled(r.cells) === most);
  const data = rows.slice(at + 1);
  if (!data.length) return { error: 'orders:csvEmpty', field: 'file' };
  if (data.length > MAX_STATEMENT_ROWS)
    return { error: 'orders:csvTooManyRows', field: 'file', params: { max: String(MAX_STATEMENT_ROWS) } };
  return { format, encoding, header: rows[at].cells, rows: data };
}
