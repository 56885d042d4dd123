/**
 * The reviewers' import sheet (spec 7 "Reviewer management": import file): the template a manager
 * downloads, and the reading of a filled one. The first row is the header; every other row that
 * is not empty is one reviewer, in IMPORT_COLUMNS order. Every row is checked before anything is
 * saved, and every bad row is reported with its row number as the spreadsheet shows it.
 *
 * Off the request (issue 30): the import is the work 'review.reviewerImport' (reviewers/service.ts saves
 * it); the sheet is read and its rows checked against the contract in the worker pool
 * ('review.readReviewerSheet', tasks.ts → readReviewerSheet below), which returns plain rows or a
 * refusal's message key (an AppError does not cross the thread as itself). The checks that need
 * the database (an address already a reviewer) are made here, on the main side (checkImport).
 */
import ExcelJS from 'exceljs';
import { addTextRow } from '../../../platform/xlsx';
import { sniff } from '../../../platform/sniff';
import { t } from '../../../platform/i18n';
import {
  addInput,
  IMPORT_COLUMNS,
  REVIEWER_LIMITS,
  type AddInput,
  type ImportColumn,
  type ImportRefused,
  type ImportRowError,
} from '../../../contract/reviewers';
import type { Lang } from '../../../contract/enums';
import type { ExistingReviewer } from './repo';

export type ImportRow = AddInput & { row: number };

const FIELD_OF: Record<string, ImportColumn> = {
  email: 'email',
  fullName: 'fullName',
  unit: 'unit',
  phone: 'phone',
  country: 'country',
  direction: 'direction',
};

/** An .xlsx starts as a zip: anything else is refused before any work is started. */
export const looksLikeXlsx = (bytes: Uint8Array): boolean => bytes.length > 4 && sniff(bytes) === 'zip';

export async function buildTemplate(lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t(lang, 'reviewers:import.sheet'));
  addTextRow(
    sheet,
    IMPORT_COLUMNS.map((c) => t(lang, `reviewers:import.column.${c}`)),
  );
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => (col.width = 28));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What the pool answers: the sheet's good rows and its bad ones, or a refusal of the whole file. */
export type SheetRead =
  { rows: ImportRow[]; errors: ImportRowError[] } | { error: string; params?: Record<string, string> };

const cellText = (row: ExcelJS.Row, i: number): string => {
  const cell = row.getCell(i + 1);
  // Hyperlinks, rich text and formulas: the text the sheet shows.
  return String(cell.text ?? '').trim();
};

/**
 * The task 'review.readReviewerSheet': the first sheet's rows checked by the contract's rules,
 * no address twice in the file. At most REVIEWER_LIMITS.importRows rows (the reading stops there).
 */
export async function readReviewerSheet(input: { bytes: Uint8Array }): Promise<SheetRead> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) as unknown as ArrayBuffer,
    );
  } catch {
    return { error: 'reviewers:importFileBad' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { error: 'reviewers:importFileBad' };
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values = IMPORT_COLUMNS.map((_, i) => cellText(row, i));
    if (values.every((v) => v === '')) continue;
    if (++count > REVIEWER_LIMITS.importRows)
      return { error: 'reviewers:importTooMany', params: { max: String(REVIEWER_LIMITS.importRows) } };
    const parsed = addInput.safeParse(Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, values[i]])));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ row: n, field: FIELD_OF[String(issue.path[0])] ?? 'file', message: issue.message });
      continue;
    }
    if (seen.has(parsed.data.email)) {
      errors.push({ row: n, field: 'email', message: 'reviewers:importDuplicate' });
      continue;
    }
    seen.set(parsed.data.email, n);
    rows.push({ ...parsed.data, row: n });
  }
  return { rows, errors };
}

/**
 * A reviewer this sheet's row would create, saved by an earlier run of the same import that
 * stopped midway: same address and details, invited and not yet activated. Counted as already
 * imported, not refused, so that running the sheet again finishes it.
 */
function savedBefore(row: ImportRow, existing: ExistingReviewer): boolean {
  return (
    !existing.active &&
    existing.user_id === null &&
    existing.full_name === row.fullName &&
    existing.unit === row.unit &&
    existing.phone === row.phone &&
    existing.country === row.country &&
    existing.direction === row.direction
  );
}

/**
 * The sheet's rows against the conference's reviewers: a row whose address is already a reviewer
 * is bad ('reviewers:exists'), unless it is that row saved by an earlier run (savedBefore). Every
 * bad row of the sheet and of this check, sorted, refuses the whole import.
 */
export function checkImport(
  read: { rows: ImportRow[]; errors: ImportRowError[] },
  existing: Map<string, ExistingReviewer>,
): { toAdd: ImportRow[]; already: number } | ImportRefused {
  const errors = [...read.errors];
  const toAdd: ImportRow[] = [];
  let already = 0;
  for (const r of read.rows) {
    const found = existing.get(r.email);
    if (!found) toAdd.push(r);
    else if (savedBefore(r, found)) already++;
    else errors.push({ row: r.row, field: 'email', message: 'reviewers:exists' });
  }
  if (errors.length)
    return {
      message: 'reviewers:importRowsBad',
      params: { count: String(errors.length) },
      rows: errors.sort((a, b) => a.row - b.row),
    };
  return { toAdd, already };
}
