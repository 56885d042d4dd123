/**
 * The bank statement import (issue 12): a manager uploads the CSV their bank exports, maps its
 * columns once (saved per conference), and every credit whose text carries order references
 * (numbers.ts) confirms those orders through settle(), like a gateway's notification. What cannot
 * be confirmed with certainty goes to the payment queue (payment_anomalies) for a person to decide:
 * an unknown reference, less than owed, a currency that is not the order's, an order already paid
 * or closed, an amount that cannot be read with certainty (rowAmount). A row for an order a manager
 * already confirmed by hand is matched to that confirmation (its bank-transfer attempt), not queued
 * as a second payment. A row imported twice (the same file again, or overlapping exports) is recognised by
 * its hash and changes nothing.
 */
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/index';
import { isUniqueViolation, insertId, parseJson, toDbInstant } from '../../db/dialect';
import { compareMoney, isCurrency, MONEY_ERRORS, moneyFromColumn, parseAmount, type Money } from '../../contract/money';
import type { AnomalyView, StatementMapping, StatementResult } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import { newAttemptNo, referencesIn } from './numbers';
import * as repo from './repo';
import type { OrderService } from './service';
import type { SettleOutcome } from './settle';

export const MAX_STATEMENT_ROWS = 5000;

type Outcome = StatementResult['outcomes'][number];

export async function savedMapping(db: Db, conferenceId: number): Promise<StatementMapping | null> {
  const row = (await db('statement_mappings').where({ conference_id: conferenceId }).first()) as { mapping: string } | undefined;
  return row ? parseJson<StatementMapping | null>(row.mapping, null) : null;
}

function readCsv(csv: string): Array<Record<string, string>> {
  try {
    return parse(csv, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, to: MAX_STATEMENT_ROWS + 1 }) as Array<Record<string, string>>;
  } catch {
    throw new AppError(400, 'orders:csvInvalid', 'csv');
  }
}

/** A row's amount as read: a credit, nothing to import (blank, zero, a debit), or a figure that cannot be read with certainty. */
export type RowAmount = { kind: 'credit'; money: Money } | { kind: 'skip' } | { kind: 'unreadable'; reason: 'amountUnreadable' | 'amountTooManyDecimals' };

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
  if (!trimmed || DEBIT.test(trimmed)) return { kind: 'skip' };
  const plain = PLAIN.exec(trimmed);
  if (!plain) return { kind: 'unreadable', reason: 'amountUnreadable' };
  const parsed = parseAmount(`${plain[1].replace(/,/g, '')}${plain[2] ?? ''}`, currency);
  if (!parsed.ok) return { kind: 'unreadable', reason: parsed.key === MONEY_ERRORS.tooManyDecimals || parsed.key === MONEY_ERRORS.wholeOnly ? 'amountTooManyDecimals' : 'amountUnreadable' };
  return parsed.money.amount > 0 ? { kind: 'credit', money: parsed.money } : { kind: 'skip' };
}

export class StatementImport {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
  ) {}

  async run(conferenceId: number, managerId: number, input: { csv: string; mapping: StatementMapping; currency: string }): Promise<StatementResult> {
    const records = readCsv(input.csv);
    if (records.length > MAX_STATEMENT_ROWS) throw new AppError(400, 'orders:csvTooLarge', 'csv');
    const headers = new Set(records.length ? Object.keys(records[0]) : []);
    for (const [field, header] of Object.entries(input.mapping)) if (header && !headers.has(header)) throw new AppError(400, 'orders:mappingMissing', field, 400, { column: header });
    await this.db('statement_mappings').where({ conference_id: conferenceId }).delete();
    await this.db('statement_mappings').insert({ conference_id: conferenceId, mapping: JSON.stringify(input.mapping), updated_at: toDbInstant() });

    const result: StatementResult = { rows: records.length, confirmed: 0, duplicate: 0, queued: 0, outcomes: [] };
    const seen = new Map<string, number>();
    for (const [index, record] of records.entries()) {
      const outcome = await this.one(conferenceId, managerId, record, input, seen, index + 2);
      if (!outcome) continue;
      result.outcomes.push(outcome);
      result[outcome.outcome]++;
    }
    return result;
  }

  private async one(conferenceId: number, managerId: number, record: Record<string, string>, input: { mapping: StatementMapping; currency: string }, seen: Map<string, number>, line: number): Promise<Outcome | null> {
    const m = input.mapping;
    const currency = (m.currency ? record[m.currency] ?? '' : input.currency).trim().toUpperCase();
    const text = record[m.text] ?? '';
    if (!isCurrency(currency)) return { line, outcome: 'queued', reason: 'currency', orderNos: [] };
    const amountText = (record[m.amount] ?? '').trim();
    const read = rowAmount(amountText, currency);
    // Debits and blank lines are not payments: not imported, not reported.
    if (read.kind === 'skip') return null;
    // An amount nobody can read is kept as 0 on its row and queued with the text the bank wrote.
    const amount = read.kind === 'credit' ? read.money : null;
    const bookedOn = (record[m.date] ?? '').slice(0, 10);
    const payer = m.payer ? (record[m.payer] ?? '').slice(0, 200) : '';
    const content = [bookedOn, currency, amount ? amount.amount : `?${amountText}`, text, payer].join('\u0001');
    // The same content twice in one file is two rows; the same file twice is the same rows.
    const nth = (seen.get(content) ?? 0) + 1;
    seen.set(content, nth);
    const hash = crypto.createHash('sha256').update(`${conferenceId}\u0001${content}\u0001${nth}`).digest('hex');
    const references = referencesIn(text);

    try {
      let reported: Outcome | null = null;
      await this.orders.settleAndMail(conferenceId, async (tx, settleNow): Promise<SettleOutcome | null> => {
        const rowId = await insertId(tx('statement_rows').insert({ conference_id: conferenceId, row_hash: hash, booked_on: bookedOn, currency, amount: amount?.amount ?? 0, payer, text: text.slice(0, 5000), outcome: 'queued', imported_by: managerId, created_at: toDbInstant() }));
        const found = references.length ? ((await tx('orders').where('conference_id', conferenceId).whereIn('reference', references)) as repo.OrderRow[]) : [];
        const orderNos = found.map((o) => o.order_no);
        const queue = async (reason: string, kind: repo.AnomalyKind) => {
          const unread = amount ? '' : `amount "${amountText.slice(0, 40)}" could not be read: `;
          await repo.insertAnomaly(tx, conferenceId, { kind, statementRowId: rowId, orderId: found.length === 1 ? found[0].id : null, amount, detail: `line ${line} (${bookedOn} ${payer}): ${unread}${text.slice(0, 300)}` });
          reported = { line, outcome: 'queued', reason, orderNos };
          return null;
        };
        if (!amount) return queue(read.kind === 'unreadable' ? read.reason : 'amountUnreadable', 'unreadable');
        if (!found.length) return queue('unknownReference', 'unmatched');
        if (found.some((o) => o.currency !== currency)) return queue('currency', 'unmatched');
        const locked = await repo.lockOrders(tx, conferenceId, found.map((o) => o.id));
        const open = locked.filter((o) => o.status === 'unpaid');
        if (!open.length && locked.length === 1 && locked[0].status === 'paid') {
          // The transfer a manager already confirmed by hand (a deal): this row reports it.
          const dealt = await repo.dealtTransferAwaitingRow(tx, conferenceId, locked[0].id, amount);
          if (dealt) {
            await tx('statement_rows').where({ conference_id: conferenceId, id: rowId }).update({ outcome: 'confirmed', attempt_id: dealt.id });
            reported = { line, outcome: 'confirmed', reason: 'confirmedByManager', orderNos };
            return null;
          }
        }
        if (!open.length) return queue(locked.every((o) => o.status === 'paid') ? 'alreadyPaid' : 'orderClosed', locked.every((o) => o.status === 'paid') ? 'duplicate' : 'paidWhileClosed');
        const { parts, total: owed } = await repo.partsOf(tx, conferenceId, open, currency);
        if (compareMoney(amount, owed) < 0) return queue('partial', 'partial');
        const attemptId = await repo.insertAttempt(tx, { conference_id: conferenceId, user_id: Number(open[0].user_id), attempt_no: newAttemptNo(), method: 'statement', state: 'pending', expires_at: toDbInstant(), created_at: toDbInstant() }, owed, parts);
        const outcome = await settleNow(attemptId, { amount, confirmedBy: managerId, providerRef: `statement:${rowId}` });
        await tx('statement_rows').where({ conference_id: conferenceId, id: rowId }).update({ outcome: 'confirmed', attempt_id: attemptId });
        reported = { line, outcome: 'confirmed', reason: compareMoney(amount, owed) > 0 ? 'overpaid' : locked.length > open.length ? 'partlyPaidBefore' : 'matched', orderNos: open.map((o) => o.order_no) };
        return outcome;
      });
      return reported;
    } catch (err) {
      if (isUniqueViolation(err)) return { line, outcome: 'duplicate', reason: 'alreadyImported', orderNos: [] };
      throw err;
    }
  }

  /**
   * A manager's decision on a queued payment: dismiss it with a note (refunded by hand, not ours),
   * or assign a statement row to an order, which confirms it like a matched row when the money
   * covers what the order owes.
   */
  async resolve(conferenceId: number, managerId: number, id: number, input: { action: 'assign' | 'dismiss'; orderNo: string; note: string }): Promise<void> {
    const anomaly = (await this.db('payment_anomalies').where({ conference_id: conferenceId, id }).first()) as { id: number; kind: string; statement_row_id: number | null; resolved_at: string | null } | undefined;
    if (!anomaly) throw new AppError(404, 'orders:notFound');
    if (anomaly.resolved_at) throw new AppError(409, 'orders:alreadyResolved');
    const resolved = { resolved_at: toDbInstant(), resolved_by: managerId };
    if (input.action === 'dismiss') {
      await this.db('payment_anomalies').where({ conference_id: conferenceId, id }).whereNull('resolved_at').update({ ...resolved, resolution: input.note || 'dismissed' });
      return;
    }
    if (!anomaly.statement_row_id) throw new AppError(409, 'orders:assignOnlyStatement', 'action');
    // Nobody knows how much that row brought: the manager dismisses it and confirms the order with a deal.
    if (anomaly.kind === 'unreadable') throw new AppError(409, 'orders:assignUnreadable', 'action');
    const order = input.orderNo ? await repo.findOrderByNo(this.db, conferenceId, input.orderNo) : undefined;
    if (!order) throw new AppError(400, 'orders:notFound', 'orderNo');
    await this.orders.settleAndMail(conferenceId, async (tx, settleNow) => {
      const row = (await tx('statement_rows').where({ conference_id: conferenceId, id: anomaly.statement_row_id }).first()) as { id: number; amount: number | string; currency: string; outcome: string };
      if (row.outcome === 'confirmed') throw new AppError(409, 'orders:alreadyResolved');
      const [locked] = await repo.lockOrders(tx, conferenceId, [order.id]);
      if (locked.status !== 'unpaid') throw new AppError(409, 'orders:cannotPay', 'orderNo');
      if (locked.currency !== row.currency) throw new AppError(400, 'orders:mixedCurrency', 'orderNo');
      const owed = await repo.owedOn(tx, conferenceId, locked);
      const arrived = moneyFromColumn(row.amount, row.currency);
      if (compareMoney(arrived, owed) < 0) throw new AppError(400, 'orders:dealShort', 'orderNo');
      const attemptId = await repo.insertAttempt(tx, { conference_id: conferenceId, user_id: Number(locked.user_id), attempt_no: newAttemptNo(), method: 'statement', state: 'pending', expires_at: toDbInstant(), created_at: toDbInstant() }, owed, [{ orderId: Number(locked.id), owed }]);
      const outcome = await settleNow(attemptId, { amount: arrived, confirmedBy: managerId, providerRef: `statement:${row.id}` });
      await tx('statement_rows').where({ conference_id: conferenceId, id: row.id }).update({ outcome: 'confirmed', attempt_id: attemptId });
      const n = await tx('payment_anomalies').where({ conference_id: conferenceId, id }).whereNull('resolved_at').update({ ...resolved, resolution: `assigned to ${locked.order_no}${input.note ? `: ${input.note}` : ''}` });
      if (!n) throw new AppError(409, 'orders:alreadyResolved');
      return outcome;
    });
  }
}

export type { AnomalyView };
