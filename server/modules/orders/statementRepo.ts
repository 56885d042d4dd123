/**
 * Queries of the bank statement import (`statement_mappings`, `statement_rows`): the saved column
 * mapping, a row recorded once by its hash, the orders its references name, and its outcome.
 * Every function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, parseJson, toDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { StatementMapping } from '../../contract/orders';
import type { OrderRow, StatementRowRow } from './tables';
import { orderOf } from './repo';

type Conn = Db | Tx;

/** The conference's saved mapping of its bank's columns, if a manager imported once. */
export async function savedMapping(db: Conn, conferenceId: number): Promise<StatementMapping | null> {
  const row = await db('statement_mappings').where({ conference_id: conferenceId }).first();
  return row ? parseJson<StatementMapping | null>(row.mapping, null) : null;
}

/** Keeps the mapping of this import for the next one. */
export async function saveMapping(db: Conn, conferenceId: number, mapping: StatementMapping): Promise<void> {
  await db('statement_mappings').where({ conference_id: conferenceId }).delete();
  await db('statement_mappings').insert({
    conference_id: conferenceId,
    mapping: JSON.stringify(mapping),
    updated_at: toDbInstant(),
  });
}

/** Records a row as queued (its hash is unique: the same row again fails here, a unique violation); answers its id. */
export async function insertStatementRow(
  tx: Tx,
  conferenceId: number,
  row: Pick<StatementRowRow, 'row_hash' | 'booked_on' | 'currency' | 'payer' | 'text' | 'imported_by'> & {
    amount: number;
  },
): Promise<number> {
  return insertId(
    tx('statement_rows').insert({
      ...row,
      conference_id: conferenceId,
      outcome: 'queued',
      created_at: toDbInstant(),
    }),
  );
}

/** The orders of the conference whose payment references are among these. */
export async function ordersByReferences(tx: Conn, conferenceId: number, references: string[]): Promise<OrderRow[]> {
  if (!references.length) return [];
  return (await tx('orders').where('conference_id', conferenceId).whereIn('reference', references)).map(orderOf);
}

/** A statement row as its payment is confirmed from it: what it brought. */
export type StatementRowOf = { id: number; outcome: StatementRowRow['outcome']; arrived: Money };

export async function findStatementRow(
  tx: Conn,
  conferenceId: number,
  id: number,
): Promise<StatementRowOf | undefined> {
  const row = await tx('statement_rows').where({ conference_id: conferenceId, id }).first();
  return row && { id: row.id, outcome: row.outcome, arrived: moneyFromColumn(row.amount, row.currency) };
}

/** The row confirmed the payment of this attempt. */
export async function markRowConfirmed(tx: Tx, conferenceId: number, rowId: number, attemptId: number): Promise<void> {
  await tx('statement_rows')
    .where({ conference_id: conferenceId, id: rowId })
    .update({ outcome: 'confirmed', attempt_id: attemptId });
}
