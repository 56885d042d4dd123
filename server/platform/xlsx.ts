/**
 * Spreadsheet cells for text that people typed. A cell whose text starts with = + - @ tab or CR
 * would be read as a formula once someone edits it (or saves the sheet as CSV), so such a cell
 * gets Excel's quote-prefix style (`quotePrefix="1"` on its cell format, what Excel itself sets
 * when one types '+86 ...): the cell shows the text as typed, with no visible apostrophe, and
 * stays text (DESIGN.md 5).
 *
 * exceljs (4.4) neither writes nor keeps `quotePrefix`; this module teaches its style writer to,
 * for cell styles that carry `quotePrefix: true`. It patches one internal class, once, at import.
 */
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

type StyleXformLike = { toXml(model: unknown): string };
type StylesXformProto = {
  addStyleModel(this: { map: { style: StyleXformLike } }, model: unknown, cellType?: unknown): number;
};

const require = createRequire(import.meta.url);
const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as {
  prototype: StylesXformProto & { quotePrefixPatched?: boolean };
};

if (!StylesXform.prototype.quotePrefixPatched) {
  const addStyleModel = StylesXform.prototype.addStyleModel;
  StylesXform.prototype.addStyleModel = function addStyleModelWithQuotePrefix(model, cellType) {
    if (!(model as { quotePrefix?: boolean } | undefined)?.quotePrefix)
      return addStyleModel.call(this, model, cellType);
    // The cell format is built as XML (and shared by its XML): add the attribute while this one is built.
    const xform = this.map.style;
    const toXml = xform.toXml;
    xform.toXml = (m: unknown) => toXml.call(xform, m).replace(/^<xf /, '<xf quotePrefix="1" ');
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      xform.toXml = toXml;
    }
  };
  StylesXform.prototype.quotePrefixPatched = true;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether a spreadsheet would take this text for a formula. */
/** The media type of an .xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** The quote-prefix style, shared by every such cell of a workbook. */
const QUOTED: Partial<ExcelJS.Style> & { quotePrefix: true } = { quotePrefix: true };

/** Adds a row of texts; those a spreadsheet would read as formulas get the quote-prefix style. */
export function addTextRow(sheet: ExcelJS.Worksheet, values: string[]): ExcelJS.Row {
  const row = sheet.addRow(values);
  values.forEach((value, i) => {
    if (looksLikeFormula(value)) row.getCell(i + 1).style = QUOTED as Partial<ExcelJS.Style>;
  });
  return row;
}

/**
 * A cell of an export (issue 32): a text, a number (`n`, with Excel's number format `fmt`), or a
 * date (`d`: the wall-clock day "YYYY-MM-DD" or time "YYYY-MM-DDTHH:mm:ss" in the conference's
 * time zone, as people there read it). Plain data, so a table crosses to the pool's thread as is;
 * made by the helpers of tableCells.ts.
 */
export type TableCell = string | { n: number; fmt: string } | { d: string; fmt: string };

/**
 * Adds a row of cells: numbers and dates as real number and date cells with their format, texts
 * as texts (those a spreadsheet would read as formulas with the quote-prefix style). A date is
 * written as the UTC instant of its wall-clock time: Excel's date serial has no zone, and exceljs
 * turns a Date into it by its UTC fields, so the sheet shows the time as the conference reads it.
 */
export function addTableRow(sheet: ExcelJS.Worksheet, cells: readonly TableCell[]): ExcelJS.Row {
  const row = sheet.addRow(cells.map((c) => (typeof c === 'string' ? c : 'n' in c ? c.n : wallClock(c.d))));
  cells.forEach((c, i) => {
    if (typeof c === 'string') {
      if (looksLikeFormula(c)) row.getCell(i + 1).style = QUOTED as Partial<ExcelJS.Style>;
    } else row.getCell(i + 1).numFmt = c.fmt;
  });
  return row;
}

function wallClock(d: string): Date {
  const [day, time = '00:00:00'] = d.split('T');
  return new Date(`${day}T${time}Z`);
}
