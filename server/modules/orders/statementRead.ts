/**
 * Reading a bank statement (issue 30): the CPU part of the import, run in the worker pool as the
 * task 'orders.readStatement' (tasks.ts), never on the event loop. Plain data in (the CSV text,
 * the mapping, the conference for the hashes) and out (the rows to settle, already hashed, or the
 * message key of a refusal): nothing here touches the database. A refusal is returned, not
 * thrown, because an AppError does not cross the thread as itself; statement.ts throws it.
 */
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { isCurrency, MONEY_ERRORS, parseAmount, type Money } from '../../contract/money';
import { MAX_STATEMENT_ROWS, type StatementMapping, type StatementPreview } from '../../contract/orders';
import { referencesIn } from './numbers';
import { tableOfFile } from './statementFile';

export { MAX_STATEMENT_ROWS };

/** A row's amount as read: a credit, nothing to import (blank, zero, a debit), or a figure that cannot be read with certainty. */
export type RowAmount =
  | { kind: 'credit'; money: Money }
  | { kind: 'skip'; reason: SkipReason }
  | { kind: 'unreadable'; reason: 'amountUnreadable' | 'amountTooManyDecimals' };
/** Why a row is not a payment: money going out, or no amount at all (blank or zero). */
export type SkipReason = 'debit' | 'noAmount';

const DEBIT = /^-\s*[\d.,]+$/;
// Digits, or digits grouped by commas in threes ("1,234,567"), an optional point and decimals.
const PLAIN = /^\+?(\d{1,3}(?:,\d{3})+|\d+)(\.\d*)?$/;

/**
 * A statement's amount, read only when there is one reading: "1200", "1,200.00", "+1200.5".
 * Anything else that is not blank or a debit ("-20.00") — a currency word or sign ("RMB 100.00",
 * "100.00元", "CNY100.00", "¥100"), full-width digits, the European "1.000,00" (which stripping
 * separators would read as 1.00), commas not in threes, more decimals than the currency has — is
 * unreadable: the row is queued for a person, never guessed at and never dropped.
 */
export function rowAmount(text: string, currency: string): RowAmount {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'skip', reason: 'noAmount' };
  if (DEBIT.test(trimmed)) return { kind: 'skip', reason: 'debit' };
  const plain = PLAIN.exec(trimmed);
  if (!plain) return { kind: 'unreadable', reason: 'amountUnreadable' };
  const parsed = parseAmount(`${plain[1].replace(/,/g, '')}${plain[2] ?? ''}`, currency);
  if (!parsed.ok)
    return {
      kind: 'unreadable',
      reason:
        parsed.key === MONEY_ERRORS.tooManyDecimals || parsed.key === MONEY_ERRORS.wholeOnly
          ? 'amountTooManyDecimals'
          : 'amountUnreadable',
    };
  return parsed.money.amount > 0 ? { kind: 'credit', money: parsed.money } : { kind: 'skip', reason: 'noAmount' };
}

/** A row in a currency that is not one: reported as queued, nothing written (as before issue 30). */
export type ForeignRow = { line: number; kind: 'currency' };
/** A row that is not a payment (a debit, no amount): reported as skipped, nothing written. */
export type SkippedRow = { line: number; kind: 'skipped'; reason: SkipReason };
/** A row to settle: everything the transaction needs, read and hashed. */
export type SettleRow = {
  line: number;
  kind: 'settle';
  currency: string;
  /** null: the amount could not be read with certainty (`unreadable` says why) */
  amount: Money | null;
  unreadable: 'amountUnreadable' | 'amountTooManyDecimals' | null;
  amountText: string;
  bookedOn: string;
  payer: string;
  text: string;
  hash: string;
  references: string[];
};
export type StatementLine = ForeignRow | SkippedRow | SettleRow;

export type ReadStatementInput = { conferenceId: number; csv: string; mapping: StatementMapping; currency: string };
/** `records`: the data rows of the file, as the summary counts them; `lines` has one entry for each of them. */
export type ReadStatementOutput =
  { records: number; lines: StatementLine[] } | { error: string; field: string; params?: Record<string, string> };

/** The task: the CSV parsed (at most MAX_STATEMENT_ROWS rows), checked against the mapping, every row read and hashed. */
export function readStatement(input: ReadStatementInput): ReadStatementOutput {
  let records: Array<Record<string, string>>;
  try {
    records = parse(input.csv, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to: MAX_STATEMENT_ROWS + 1,
    }) as Array<Record<string, string>>;
  } catch {
    return { error: 'orders:csvInvalid', field: 'csv' };
  }
  if (records.length > MAX_STATEMENT_ROWS)
    return { error: 'orders:csvTooManyRows', field: 'csv', params: { max: String(MAX_STATEMENT_ROWS) } };
  if (!records.length) return { error: 'orders:csvEmpty', field: 'csv' };
  const headers = new Set(Object.keys(records[0]));
  for (const [field, header] of Object.entries(input.mapping))
    if (header && !headers.has(header)) return { error: 'orders:mappingMissing', field, params: { column: header } };

  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    lines.push(lineOf(input, record, index + 2, seen));
  }
  return { records: records.length, lines };
}

/** A statement file as the bank exported it (base64 of its bytes): CSV in any of the banks' encodings, or .xlsx (statementFile.ts). */
export type ReadStatementFileInput = Omit<ReadStatementInput, 'csv'> & { file: string };

/** The task for a file: its table found (encoding, format, header), then every row read and hashed as a CSV's. */
export async function readStatementFile(input: ReadStatementFileInput): Promise<ReadStatementOutput> {
  const table = await tableOfFile(Buffer.from(input.file, 'base64'));
  if ('error' in table) return table;
  const headers = new Set(table.header);
  for (const [field, header] of Object.entries(input.mapping))
    if (header && !headers.has(header)) return { error: 'orders:mappingMissing', field, params: { column: header } };
  const seen = new Map<string, number>();
  const lines = table.rows.map((row) => {
    const record: Record<string, string> = {};
    table.header.forEach((name, i) => {
      if (name && !(name in record)) record[name] = row.cells[i] ?? '';
    });
    return lineOf({ ...input, csv: '' }, record, row.line, seen);
  });
  return { records: table.rows.length, lines };
}

/** The statement's columns, for the mapping's selects, and how it was read. */
export async function previewStatement(input: {
  file: string;
}): Promise<StatementPreview | { error: string; field: string; params?: Record<string, string> }> {
  const table = await tableOfFile(Buffer.from(input.file, 'base64'));
  if ('error' in table) return table;
  return {
    format: table.format,
    encoding: table.encoding,
    header: table.header.filter(Boolean),
    rows: table.rows.length,
  };
}

function lineOf(
  input: ReadStatementInput,
  record: Record<string, string>,
  line: number,
  seen: Map<string, number>,
): StatementLine {
  const m = input.mapping;
  const currency = (m.currency ? (record[m.currency] ?? '') : input.currency).trim().toUpperCase();
  if (!isCurrency(currency)) return { line, kind: 'currency' };
  const text = record[m.text] ?? '';
  const amountText = (record[m.amount] ?? '').trim();
  const read = rowAmount(amountText, currency);
  // Debits and rows without an amount are not payments: nothing imported, but listed in the result.
  if (read.kind === 'skip') return { line, kind: 'skipped', reason: read.reason };
  const amount = read.kind === 'credit' ? read.money : null;
  const bookedOn = (record[m.date] ?? '').slice(0, 10);
  const payer = m.payer ? (record[m.payer] ?? '').slice(0, 200) : '';
  const content = [bookedOn, currency, amount ? amount.amount : `?${amountText}`, text, payer].join('\u0001');
  // The same content twice in one file is two rows; the same file twice is the same rows.
  const nth = (seen.get(content) ?? 0) + 1;
  seen.set(content, nth);
  const hash = crypto.createHash('sha256').update(`${input.conferenceId}\u0001${content}\u0001${nth}`).digest('hex');
  return {
    line,
    kind: 'settle',
    currency,
    amount,
    unreadable: read.kind === 'unreadable' ? read.reason : null,
    amountText,
    bookedOn,
    payer,
    text: text.slice(0, 5000),
    hash,
    references: referencesIn(text),
  };
}
