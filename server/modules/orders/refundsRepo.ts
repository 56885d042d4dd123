/**
 * Queries of the refunds (`payment_refunds`, owned by orders). A refund's number is unique across
 * conferences (the gateway's idempotency key), so refundByNo is the one lookup not scoped by
 * conference: its caller refuses a number of another conference or order. Every other function
 * takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { RefundView } from '../../contract/orders';

type Conn = Db | Tx;

/** A refund as the database stores it (tables.ts, and what an insert writes). */
export type StoredRefundRow = {
  id: number;
  conference_id: number;
  order_id: number;
  attempt_id: number;
  refund_no: string;
  currency: string;
  amount: number | string;
  reason: string;
  state: RefundView['state'];
  provider_ref: string | null;
  detail: string | null;
  requested_by?: number | null;
  created_at: string;
  updated_at?: string;
};

/** A refund as the repository hands it out: its amount as `Money`, its instants as `Date`. */
export type RefundRow = Omit<StoredRefundRow, 'amount' | 'created_at' | 'updated_at'> & {
  amount: Money;
  created_at: Date;
  updated_at?: Date;
};

export function refundOf(r: StoredRefundRow): RefundRow {
  const { updated_at, ...rest } = r;
  return {
    ...rest,
    amount: moneyFromColumn(r.amount, r.currency),
    created_at: fromDbInstant(r.created_at)!,
    ...(updated_at && { updated_at: fromDbInstant(updated_at)! }),
  };
}

export async function refundsOf(db: Conn, conferenceId: number, orderIds: number[]): Promise<RefundRow[]> {
  if (!orderIds.length) return [];
  return (
    await db('payment_refunds').where('conference_id', conferenceId).whereIn('order_id', orderIds).orderBy('id')
  ).map(refundOf);
}

/** The refund of this number, in whichever conference it was made. */
export async function refundByNo(db: Conn, refundNo: string): Promise<RefundRow | undefined> {
  const row = await db('payment_refunds').where({ refund_no: refundNo }).first();
  return row && refundOf(row);
}

export async function insertRefund(
  tx: Tx,
  row: Omit<StoredRefundRow, 'id' | 'provider_ref' | 'detail'>,
): Promise<void> {
  await tx('payment_refunds').insert(row);
}

/** The gateway's answer, unless the refund is already in that state: answers whether it changed. */
export async function recordRefundOutcome(
  tx: Tx,
  conferenceId: number,
  refundNo: string,
  outcome: { state: RefundView['state']; providerRef: string | null; detail: string | null },
): Promise<boolean> {
  const changed = await tx('payment_refunds')
    .where({ conference_id: conferenceId, refund_no: refundNo })
    .whereNot({ state: outcome.state })
    .update({
      state: outcome.state,
      provider_ref: outcome.providerRef,
      detail: outcome.detail,
      updated_at: toDbInstant(),
    });
  return changed > 0;
}

/** Why the gateway could not be reached, kept on the refund (which stays requested). */
export async function noteRefundDetail(
  db: Conn,
  conferenceId: number,
  refundNo: string,
  detail: string,
): Promise<void> {
  await db('payment_refunds')
    .where({ conference_id: conferenceId, refund_no: refundNo })
    .update({ detail, updated_at: toDbInstant() });
}
