/**
 * Cells of the Excel exports that are numbers and dates, not texts (issue 32: organisers sum,
 * sort and filter them). Made on the main thread where the rows are formatted; written by the
 * pool's 'platform.table' (work/table.ts, xlsx.ts addTableRow).
 */
import { toDecimalString, type Money } from '../contract/money';
import type { TableCell } from './xlsx';
import { wallClockIn } from './localTime';

export const DAY_FORMAT = 'yyyy-mm-dd';
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** A whole number (a count, a quantity). */
export function countCell(n: number): TableCell {
  return { n, fmt: '0' };
}

/**
 * An amount in its currency's minor digits ("1,200.50"; JPY "1,200"): a number cell, summable. The
 * decimal is written as the same digits as the money's text, so the cell holds the nearest double
 * to the exact amount (what Excel keeps of any decimal).
 */
export function moneyCell(m: Money | null | undefined, opts: { currency?: boolean } = {}): TableCell {
  if (!m) return '';
  const text = toDecimalString(m);
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const fmt = decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  // `currency`: for a column with no currency beside it, the code shown by the format ("CNY 480.00"), the cell still a number.
  return { n: Number(text), fmt: opts.currency ? `"${m.currency} "${fmt}` : fmt };
}

/** A calendar day "YYYY-MM-DD" (a stay's night, a fee's date); '' stays an empty cell. */
export function dayCell(day: string | null | undefined): TableCell {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { d: day, fmt: DAY_FORMAT } : (day ?? '');
}

/** An instant as a date-and-time cell in the conference's time zone; null or '' an empty cell. */
export function instantCell(at: Date | string | null | undefined, timeZone: string): TableCell {
  if (!at) return '';
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? '' : { d: wallClockIn(date, timeZone), fmt: TIME_FORMAT };
}
