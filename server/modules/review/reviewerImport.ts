/**
 * The reviewers' import sheet (spec 7 "Reviewer management": import file): the template a manager
 * downloads, and the reading of a filled one. The first row is the header; every other row that
 * is not empty is one reviewer, in IMPORT_COLUMNS order. Every row is checked before anything is
 * saved, and every bad row is reported with its row number as the spreadsheet shows it.
 */
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';
import { addTextRow } from '../../platform/xlsx';
import { t } from '../../platform/i18n';
import { addInput, IMPORT_COLUMNS, REVIEWER_LIMITS, type AddInput, type ImportColumn, type ImportRowError } from '../../contract/reviewers';
import type { Lang } from '../../contract/enums';

export type ImportRow = AddInput & { row: number };

/** The refusal of an import with bad rows: a 400 whose data lists them (the route sends it). */
export class ImportRowsError extends AppError {
  constructor(readonly rows: ImportRowError[]) {
    super(400, 'reviewers:importRowsBad', 'file', 400, { count: String(rows.length) });
  }
}

const FIELD_OF: Record<string, ImportColumn> = { email: 'email', fullName: 'fullName', unit: 'unit', phone: 'phone', country: 'country', direction: 'direction' };

export async function buildTemplate(lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t(lang, 'reviewers:import.sheet'));
  addTextRow(sheet, IMPORT_COLUMNS.map((c) => t(lang, `reviewers:import.column.${c}`)));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => (col.width = 28));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function loadSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'reviewers:importFileBad', 'file');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError(400, 'reviewers:importFileBad', 'file');
  return sheet;
}

const cellText = (row: ExcelJS.Row, i: number): string => {
  const cell = row.getCell(i + 1);
  // Hyperlinks, rich text and formulas: the text the sheet shows.
  return String(cell.text ?? '').trim();
};

/**
 * The reviewers of a sheet, checked: the contract's rules per row, no address twice in the file,
 * none already a reviewer (`existing` answers which are). Throws ImportRowsError listing every bad row.
 */
export async function readImport(bytes: Buffer, existing: (emails: string[]) => Promise<Set<string>>): Promise<ImportRow[]> {
  const sheet = await loadSheet(bytes);
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values = IMPORT_COLUMNS.map((_, i) => cellText(row, i));
    if (values.every((v) => v === '')) continue;
    if (++count > REVIEWER_LIMITS.importRows) throw new AppError(400, 'reviewers:importTooMany', 'file', 400, { max: String(REVIEWER_LIMITS.importRows) });
    const parsed = addInput.safeParse(Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, values[i]])));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ row: n, field: FIELD_OF[String(issue.path[0])] ?? 'file', message: issue.message });
      continue;
    }
    const first = seen.get(parsed.data.email);
    if (first !== undefined) {
      errors.push({ row: n, field: 'email', message: 'reviewers:importDuplicate' });
      continue;
    }
    seen.set(parsed.data.email, n);
    rows.push({ ...parsed.data, row: n });
  }
  const taken = await existing(rows.map((r) => r.email));
  for (const r of rows) if (taken.has(r.email)) errors.push({ row: r.row, field: 'email', message: 'reviewers:exists' });
  if (errors.length) throw new ImportRowsError(errors.sort((a, b) => a.row - b.row));
  if (!rows.length) throw new AppError(400, 'reviewers:importEmpty', 'file');
  return rows;
}
