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
 *
 * Off the request (issue 30): the import is the work 'orders.statement' (the route answers 202 at
 * once and the screen follows its progress). The CSV is read and every row hashed in the worker
 * pool ('orders.readStatement', statementRead.ts); then the rows are settled here in batches of
 * STATEMENT_BATCH, each row in its own short transaction, yielding to the event loop after each
 * row and telling the progress after each batch, so that no transaction spans the file and SQLite's
 * one writer (whose driver blocks the thread) or MariaDB's row locks are never held for long.
 *
 * A failed or interrupted import (a database error, a restart) keeps the rows settled before it:
 * each of them is recorded with its hash, so running the same file again — by hand, or the work
 * runner retrying after a restart — resumes where it stopped: the rows already done are reported
 * as duplicates ("already imported") and confirm nothing twice, the rest are settled.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { compareMoney } from '../../contract/money';
import { statementInput, type AnomalyView, type StatementResult } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import type { WorkContext, WorkKind } from '../../platform/work/types';
import { newAttemptNo } from './numbers';
import { byStatement } from './log';
import * as repo from './repo';
import * as statementRepo from './statementRepo';
import type { OrderService } from './service';
import type { SettleOutcome } from './settle';
import type { ReadStatementOutput, SettleRow } from './statementRead';

export { MAX_STATEMENT_ROWS, rowAmount, type RowAmount } from './statementRead';

/**
 * Rows settled between two reports of progress. Each row is its own short transaction, and the
 * import yields to the event loop after every one: on SQLite, whose driver runs the queries on this
 * thread, a row blocks it for 1-4 ms, a batch of 25 for 35-100 ms (measured in
 * test/server/orders/statementImports.test.ts), too long for the platform's budget of 100 ms at p99.
 */
export const STATEMENT_BATCH = 25;

type Outcome = StatementResult['outcomes'][number];
export type StatementParams = typeof statementInput._output;
/** What the import needs of its work's context (the work runner's WorkContext). */
type ImportContext = Pick<WorkContext, 'conferenceId' | 'userId' | 'progress' | 'compute' | 'signal'>;

export { savedMapping } from './statementRepo';

export class StatementImport {
  /** The work the import route starts (the same object the front door declares): its summary is the StatementResult the screen shows. */
  readonly kind: WorkKind<StatementParams> = {
    name: 'orders.statement',
    params: statementInput,
    run: async (ctx, params) => ({ summary: await this.run(ctx, params) }),
  };

  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
  ) {}

  async run(ctx: ImportContext, input: StatementParams): Promise<StatementResult> {
    const { conferenceId, userId: managerId } = ctx;
    ctx.progress(0, 0, 'work:stage.reading');
    const read =
      input.file !== undefined
        ? await ctx.compute<ReadStatementOutput>('orders.readStatementFile', {
            conferenceId,
            file: input.file,
            mapping: input.mapping,
            currency: input.currency,
          })
        : await ctx.compute<ReadStatementOutput>('orders.readStatement', {
            conferenceId,
            csv: input.csv ?? '',
            mapping: input.mapping,
            currency: input.currency,
          });
    if ('error' in read) throw new AppError(400, read.error, { field: read.field, params: read.params });
    await statementRepo.saveMapping(this.db, conferenceId, input.mapping);

    const result: StatementResult = {
      rows: read.records,
      confirmed: 0,
      duplicate: 0,
      queued: 0,
      skipped: 0,
      outcomes: [],
    };
    // Rows that are not payments are listed at once; only the others are settled.
    for (const line of read.lines)
      if (line.kind === 'skipped') {
        result.outcomes.push({ line: line.line, outcome: 'skipped', reason: line.reason, orderNos: [] });
        result.skipped++;
      }
    const lines = read.lines.filter((l) => l.kind !== 'skipped');
    ctx.progress(0, lines.length, 'work:stage.importing');
    for (let start = 0; start < lines.length; start += STATEMENT_BATCH) {
      // Stopping between two rows is safe: the next run resumes from the rows' hashes.
      ctx.signal.throwIfAborted();
      for (const line of lines.slice(start, start + STATEMENT_BATCH)) {
        const outcome: Outcome =
          line.kind === 'settle'
            ? await this.one(conferenceId, managerId, line)
            : { line: line.line, outcome: 'queued', reason: 'currency', orderNos: [] };
        result.outcomes.push(outcome);
        result[outcome.outcome]++;
        // Between two rows too: on SQLite a batch is 35-100 ms of a blocked thread, a row 1-4 ms.
        await new Promise(setImmediate);
      }
      ctx.progress(Math.min(start + STATEMENT_BATCH, lines.length), lines.length, 'work:stage.importing');
    }
    result.outcomes.sort((a, b) => a.line - b.line);
    return result;
  }

  /** One row, in its own transaction: its statement_rows record (whose unique hash makes it once only), then confirmed or queued. */
  private async one(conferenceId: number, managerId: number, row: SettleRow): Promise<Outcome> {
    const { line, amount, currency, amountText, bookedOn, payer, text, references } = row;
    try {
      let reported: Outcome | null = null;
      await this.orders.settleAndMail(conferenceId, async (tx, settleNow): Promise<SettleOutcome | null> => {
        // An amount nobody can read is kept as 0 on its row and queued with the text the bank wrote.
        const rowId = await statementRepo.insertStatementRow(tx, conferenceId, {
          row_hash: row.hash,
          booked_on: bookedOn,
          currency,
          amount: amount?.amount ?? 0,
          payer,
          text,
          imported_by: managerId,
        });
        const found = await statementRepo.ordersByReferences(tx, conferenceId, references);
        const orderNos = found.map((o) => o.order_no);
        const queue = async (reason: string, kind: repo.AnomalyKind) => {
          const unread = amount ? '' : `amount "${amountText.slice(0, 40)}" could not be read: `;
          await repo.insertAnomaly(tx, conferenceId, {
            kind,
            statementRowId: rowId,
            orderId: found.length === 1 ? found[0].id : null,
            amount,
            detail: `line ${line} (${bookedOn} ${payer}): ${unread}${text.slice(0, 300)}`,
          });
          reported = { line, outcome: 'queued', reason, orderNos };
          return null;
        };
        if (!amount) return queue(row.unreadable ?? 'amountUnreadable', 'unreadable');
        if (!found.length) return queue('unknownReference', 'unmatched');
        if (found.some((o) => o.currency !== currency)) return queue('currency', 'unmatched');
        const locked = await repo.lockOrders(
          tx,
          conferenceId,
          found.map((o) => o.id),
        );
        const open = locked.filter((o) => o.status === 'unpaid');
        if (!open.length && locked.length === 1 && locked[0].status === 'paid') {
          // The transfer a manager already confirmed by hand (a deal): this row reports it.
          const dealt = await repo.dealtTransferAwaitingRow(tx, conferenceId, locked[0].id, amount);
          if (dealt) {
            await statementRepo.markRowConfirmed(tx, conferenceId, rowId, dealt.id);
            await this.orders.note(tx, conferenceId, {
              orderId: locked[0].id,
              action: 'statementMatched',
              by: byStatement(managerId),
              amount,
              detail: `${bookedOn} ${payer}`.trim(),
            });
            reported = { line, outcome: 'confirmed', reason: 'confirmedByManager', orderNos };
            return null;
          }
        }
        if (!open.length)
          return queue(
            locked.every((o) => o.status === 'paid') ? 'alreadyPaid' : 'orderClosed',
            locked.every((o) => o.status === 'paid') ? 'duplicate' : 'paidWhileClosed',
          );
        const { parts, total: owed } = await repo.partsOf(tx, conferenceId, open, currency);
        if (compareMoney(amount, owed) < 0) return queue('partial', 'partial');
        const attemptId = await repo.insertAttempt(
          tx,
          {
            conference_id: conferenceId,
            user_id: open[0].user_id,
            attempt_no: newAttemptNo(),
            method: 'statement',
            state: 'pending',
            expires_at: toDbInstant(),
            created_at: toDbInstant(),
          },
          owed,
          parts,
        );
        const outcome = await settleNow(attemptId, {
          amount,
          confirmedBy: managerId,
          providerRef: `statement:${rowId}`,
          by: byStatement(managerId),
        });
        await statementRepo.markRowConfirmed(tx, conferenceId, rowId, attemptId);
        reported = {
          line,
          outcome: 'confirmed',
          reason:
            compareMoney(amount, owed) > 0 ? 'overpaid' : locked.length > open.length ? 'partlyPaidBefore' : 'matched',
          orderNos: open.map((o) => o.order_no),
        };
        return outcome;
      });
      const done = reported as Outcome | null;
      if (!done) throw new Error(`statement line ${line}: settled without an outcome`);
      return done;
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
  async resolve(
    conferenceId: number,
    managerId: number,
    id: number,
    input: { action: 'assign' | 'dismiss'; orderNo: string; note: string },
  ): Promise<void> {
    const anomaly = await repo.findAnomaly(this.db, conferenceId, id);
    if (!anomaly) throw new AppError(404, 'orders:notFound');
    if (anomaly.resolved_at) throw new AppError(409, 'orders:alreadyResolved');
    if (input.action === 'dismiss') {
      await repo.resolveAnomaly(this.db, conferenceId, id, managerId, input.note || 'dismissed');
      return;
    }
    const statementRowId = anomaly.statement_row_id;
    if (!statementRowId) throw new AppError(409, 'orders:assignOnlyStatement', { field: 'action' });
    // Nobody knows how much that row brought: the manager dismisses it and confirms the order with a deal.
    if (anomaly.kind === 'unreadable') throw new AppError(409, 'orders:assignUnreadable', { field: 'action' });
    const order = input.orderNo ? await repo.findOrderByNo(this.db, conferenceId, input.orderNo) : undefined;
    if (!order) throw new AppError(400, 'orders:notFound', { field: 'orderNo' });
    await this.orders.settleAndMail(conferenceId, async (tx, settleNow) => {
      const row = (await statementRepo.findStatementRow(tx, conferenceId, statementRowId))!;
      if (row.outcome === 'confirmed') throw new AppError(409, 'orders:alreadyResolved');
      const [locked] = await repo.lockOrders(tx, conferenceId, [order.id]);
      if (locked.status !== 'unpaid') throw new AppError(409, 'orders:cannotPay', { field: 'orderNo' });
      const arrived = row.arrived;
      if (locked.currency !== arrived.currency) throw new AppError(400, 'orders:mixedCurrency', { field: 'orderNo' });
      const owed = await repo.owedOn(tx, conferenceId, locked);
      if (compareMoney(arrived, owed) < 0) throw new AppError(400, 'orders:dealShort', { field: 'orderNo' });
      const attemptId = await repo.insertAttempt(
        tx,
        {
          conference_id: conferenceId,
          user_id: locked.user_id,
          attempt_no: newAttemptNo(),
          method: 'statement',
          state: 'pending',
          expires_at: toDbInstant(),
          created_at: toDbInstant(),
        },
        owed,
        [{ orderId: locked.id, owed }],
      );
      const outcome = await settleNow(attemptId, {
        amount: arrived,
        confirmedBy: managerId,
        providerRef: `statement:${row.id}`,
        by: byStatement(managerId),
      });
      await statementRepo.markRowConfirmed(tx, conferenceId, row.id, attemptId);
      const resolution = `assigned to ${locked.order_no}${input.note ? `: ${input.note}` : ''}`;
      if (!(await repo.resolveAnomaly(tx, conferenceId, id, managerId, resolution)))
        throw new AppError(409, 'orders:alreadyResolved');
      return outcome;
    });
  }
}

export type { AnomalyView };
