/**
 * Queries of the order log (`order_log`, owned by orders): lines are written once, in the
 * transaction of the change they record, and never changed. Every function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { OrderActorKind, OrderLogAction } from '../../contract/orderLog';

/** A line as stored: `at` is the instant as the database keeps it (a string on both dialects). */
export type LogRow = {
  id: number;
  conference_id: number;
  order_id: number;
  at: string;
  actor: OrderActorKind;
  actor_user_id: number | null;
  action: OrderLogAction;
  amount: number | string | null;
  currency: string | null;
  detail: string;
};

export async function insertLogLine(tx: Tx, row: Omit<LogRow, 'id'>): Promise<void> {
  await tx('order_log').insert(row);
}

/** A line as read: its instant as a Date and its amount (if any) as Money. */
export type LogLine = Omit<LogRow, 'at' | 'amount'> & { at: Date; amount: Money | null };

function logLineOf(r: Omit<LogRow, 'at'> & { at: string | Date }): LogLine {
  return {
    ...r,
    at: r.at instanceof Date ? r.at : fromDbInstant(r.at)!,
    amount: r.amount == null || !r.currency ? null : moneyFromColumn(r.amount, r.currency),
  };
}

/** The lines of these orders, oldest first. */
export async function logRowsOf(db: Db, conferenceId: number, orderIds: number[]): Promise<LogLine[]> {
  if (!orderIds.length) return [];
  return (
    await db<LogRow>('order_log').where('conference_id', conferenceId).whereIn('order_id', orderIds).orderBy('id')
  ).map(logLineOf);
}

/** The newest line's id of the conference's log (0 when it has none). */
export async function lastLogId(db: Db, conferenceId: number): Promise<number> {
  const row = await db<LogRow>('order_log')
    .where('conference_id', conferenceId)
    .max<{ last: number | string | null }>({ last: 'id' })
    .first();
  return Number(row?.last ?? 0);
}
