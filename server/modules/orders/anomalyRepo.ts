/**
 * Queries of the payment queue (`payment_anomalies`): what a payment or a statement row did that
 * nobody asked for, flagged once and kept until a manager resolves it. Every function takes the
 * conference first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import type { AnomalyKind } from '../../contract/orders';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { AnomalyRow } from './tables';

type Conn = Db | Tx;

export type { AnomalyKind };

/** The orders among these that an unresolved anomaly concerns, directly or through one of their attempts ("Payment exception."). */
export async function flaggedOrders(db: Conn, conferenceId: number, orderIds: number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const direct = (await db('payment_anomalies')
    .where('conference_id', conferenceId)
    .whereNull('resolved_at')
    .whereIn('order_id', orderIds)
    .select('order_id')) as Array<{ order_id: number }>;
  const through = (await db('payment_anomalies as an')
    .join('attempt_orders as ao', function () {
      this.on('ao.attempt_id', '=', 'an.attempt_id').andOn('ao.conference_id', '=', 'an.conference_id');
    })
    .where('an.conference_id', conferenceId)
    .whereNull('an.resolved_at')
    .whereNull('an.order_id')
    // a partial payment is the order's "dePay", not an exception
    .whereNot('an.kind', 'partial')
    .whereIn('ao.order_id', orderIds)
    .select('ao.order_id as order_id')) as Array<{ order_id: number }>;
  return new Set([...direct, ...through].map((r) => Number(r.order_id)));
}

/** Whether the attempt already has an unresolved anomaly of this kind (one flag per attempt, however often the gateway repeats itself). */
export async function openAnomalyOf(
  db: Conn,
  conferenceId: number,
  attemptId: number,
  kind: AnomalyKind,
): Promise<boolean> {
  return Boolean(
    await db('payment_anomalies')
      .where({ conference_id: conferenceId, attempt_id: attemptId, kind })
      .whereNull('resolved_at')
      .first('id'),
  );
}

export async function insertAnomaly(
  db: Conn,
  conferenceId: number,
  a: {
    kind: AnomalyKind;
    attemptId?: number | null;
    orderId?: number | null;
    statementRowId?: number | null;
    amount?: Money | null;
    detail: string;
  },
): Promise<void> {
  await db('payment_anomalies').insert({
    conference_id: conferenceId,
    kind: a.kind,
    attempt_id: a.attemptId ?? null,
    order_id: a.orderId ?? null,
    statement_row_id: a.statementRowId ?? null,
    currency: a.amount?.currency ?? null,
    amount: a.amount?.amount ?? null,
    detail: a.detail,
    created_at: toDbInstant(),
  });
}

/** One entry of the payment queue. */
export async function findAnomaly(db: Conn, conferenceId: number, id: number): Promise<AnomalyRow | undefined> {
  return db('payment_anomalies').where({ conference_id: conferenceId, id }).first();
}

/** Resolves an entry still open (a manager's decision); answers whether it was open. */
export async function resolveAnomaly(
  db: Conn,
  conferenceId: number,
  id: number,
  by: number,
  resolution: string,
): Promise<boolean> {
  const n = await db('payment_anomalies')
    .where({ conference_id: conferenceId, id })
    .whereNull('resolved_at')
    .update({ resolved_at: toDbInstant(), resolved_by: by, resolution });
  return n > 0;
}

/** An entry of the queue with its order's and attempt's numbers, as the managers' queue lists it. */
export type QueuedAnomaly = {
  id: number;
  kind: AnomalyKind;
  orderId: number | null;
  orderNo: string | null;
  attemptNo: string | null;
  amount: Money | null;
  detail: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: string;
};

/** The queue, open entries first, newest first, at most 500. */
export async function queuedAnomalies(db: Conn, conferenceId: number): Promise<QueuedAnomaly[]> {
  const rows: Array<AnomalyRow & { order_no: string | null; attempt_no: string | null }> = await db(
    'payment_anomalies as p',
  )
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('payment_attempts as a', 'a.id', 'p.attempt_id')
    .where('p.conference_id', conferenceId)
    .orderByRaw('case when p.resolved_at is null then 0 else 1 end')
    .orderBy('p.id', 'desc')
    .limit(500)
    .select('p.*', 'o.order_no', 'a.attempt_no');
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    orderId: r.order_id,
    orderNo: r.order_no ?? null,
    attemptNo: r.attempt_no ?? null,
    amount: r.amount == null || !r.currency ? null : moneyFromColumn(r.amount, r.currency),
    detail: r.detail ?? '',
    createdAt: fromDbInstant(r.created_at)!,
    resolvedAt: fromDbInstant(r.resolved_at),
    resolution: r.resolution ?? '',
  }));
}
