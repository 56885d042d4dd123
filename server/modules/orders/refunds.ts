/**
 * Refunds through the gateway that took the money (issue 13), in full or in part.
 *
 * - Idempotent: the refund's number comes from the manager's screen (one per dialog) and is the
 *   gateway's idempotency key; the same number again is the same refund, here (a unique column)
 *   and at the gateway, so a double click or a retry after a timeout refunds once.
 * - Never more than was paid: the refund row is written under the order's lock after the sum of
 *   the order's earlier refunds (all but failed ones) is checked, and committed before the gateway
 *   is asked; a second manager's refund waits on the lock and sees the first.
 * - A gateway that could not be reached leaves the refund 'requested': asking again with the same
 *   number is safe, whatever the gateway did.
 *
 * The order stays paid: a refund is money going back, recorded beside the order for the books and
 * shown on the managers' screen with its state.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { compareMoney, parseAmount, subtractMoney, sumMoney, toDecimalString, type Money } from '../../contract/money';
import type { RefundInput, RefundView } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { GatewayError } from '../payments';
import { REFUND_NOTICE, type GatewayPayments } from './gateway';
import { notifyUrlOf } from './notify';
import * as repo from './repo';
import * as refundsRepo from './refundsRepo';
import type { RefundRow } from './refundsRepo';
import { byManager, GATEWAY } from './log';
import type { OrderService } from './service';

export { refundsOf } from './refundsRepo';

export const presentRefund = (r: RefundRow): RefundView => ({
  refundNo: r.refund_no,
  amount: r.amount,
  reason: r.reason,
  state: r.state,
  detail: r.detail ?? '',
  createdAt: r.created_at.toISOString(),
});

/** The succeeded online attempt that paid the order, and the order's part of it: what a refund goes back through. */
async function paidThrough(db: Db, gateways: GatewayPayments, conferenceId: number, orderId: number) {
  const paid = (await repo.attemptsOf(db, conferenceId, [orderId])).filter((a) => a.state === 'succeeded');
  for (const attempt of paid) {
    const found = await gateways.refOf(attempt);
    if (found?.provider.refund) return { attempt, part: attempt.part, ...found };
  }
  return null;
}

/** What may still be refunded of the order: its part of the gateway payment less the refunds not failed. */
export function refundableOf(part: Money, refunds: RefundRow[]): Money {
  const taken = sumMoney(
    refunds.filter((r) => r.state !== 'failed').map((r) => r.amount),
    part.currency,
  );
  return subtractMoney(part, taken);
}

export async function refundable(
  db: Db,
  gateways: GatewayPayments,
  conferenceId: number,
  order: repo.OrderRow,
  refunds: RefundRow[],
): Promise<Money | null> {
  if (order.status !== 'paid') return null;
  const through = await paidThrough(db, gateways, conferenceId, order.id);
  return through ? refundableOf(through.part, refunds) : null;
}

export async function refund(
  db: Db,
  orders: Pick<OrderService, 'gateways' | 'note'>,
  conferenceId: number,
  managerId: number,
  orderId: number,
  input: RefundInput,
  origin: string,
): Promise<void> {
  const gateways = orders.gateways;
  const order = await repo.findOrder(db, conferenceId, orderId);
  if (!order) throw new AppError(404, 'orders:notFound');
  const existing = await refundsRepo.refundByNo(db, input.refundNo);
  if (existing && (existing.conference_id !== conferenceId || existing.order_id !== orderId))
    throw new AppError(409, 'orders:refundNoInvalid', { field: 'refundNo' });
  if (existing && existing.state !== 'requested') return;
  if (order.status !== 'paid') throw new AppError(409, 'orders:refundNotPaid');
  const parsed = parseAmount(input.amount, order.currency);
  if (!parsed.ok)
    throw new AppError(400, parsed.key === 'money.required' ? 'orders:refundAmount' : parsed.key, { field: 'amount' });
  if (parsed.money.amount <= 0) throw new AppError(400, 'orders:refundAmount', { field: 'amount' });
  const through = await paidThrough(db, gateways, conferenceId, orderId);
  if (!through) throw new AppError(409, 'orders:refundNotSupported');

  if (!existing) {
    try {
      await inTransaction(db, async (tx) => {
        await repo.lockOrders(tx, conferenceId, [orderId]);
        const left = refundableOf(through.part, await refundsRepo.refundsOf(tx, conferenceId, [orderId]));
        if (compareMoney(parsed.money, left) > 0)
          throw new AppError(400, 'orders:refundTooMuch', {
            field: 'amount',
            params: { left: `${left.currency} ${toDecimalString(left)}` },
          });
        const now = toDbInstant();
        await refundsRepo.insertRefund(tx, {
          conference_id: conferenceId,
          order_id: orderId,
          attempt_id: through.attempt.id,
          refund_no: input.refundNo,
          currency: order.currency,
          amount: parsed.money.amount,
          reason: input.reason,
          state: 'requested',
          requested_by: managerId,
          created_at: now,
          updated_at: now,
        });
        await orders.note(tx, conferenceId, {
          orderId,
          action: 'refundRequested',
          by: byManager(managerId),
          amount: parsed.money,
          detail: input.refundNo,
        });
      });
    } catch (err) {
      // The same number sent twice at once: the other request wrote it and asks the gateway.
      if (isUniqueViolation(err)) return;
      throw err;
    }
  }
  const amount = existing ? existing.amount : parsed.money;
  try {
    const outcome = await through.provider.refund!(through.ref, {
      refundNo: input.refundNo,
      amount,
      reason: existing?.reason ?? input.reason,
      notifyUrl: notifyUrlOf(origin, through.attempt.method).replace(':attemptNo', REFUND_NOTICE),
    });
    await inTransaction(db, async (tx) => {
      const changed = await refundsRepo.recordRefundOutcome(tx, conferenceId, input.refundNo, {
        state: outcome.state,
        providerRef: outcome.providerRef ?? null,
        detail: outcome.detail ?? null,
      });
      // The gateway's answer, once (a retry that hears the same answer writes no second line).
      if (changed && outcome.state !== 'pending')
        await orders.note(tx, conferenceId, {
          orderId,
          action: outcome.state === 'succeeded' ? 'refunded' : 'refundFailed',
          by: GATEWAY,
          amount,
          detail: input.refundNo,
        });
    });
    if (outcome.state === 'failed')
      throw new AppError(502, 'orders:refundFailed', { params: { detail: outcome.detail ?? '' } });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn(
      { refundNo: input.refundNo, detail: err.detail },
      'refund: gateway not reached; the refund stays requested',
    );
    await refundsRepo.noteRefundDetail(db, conferenceId, input.refundNo, err.detail.slice(0, 500));
    throw new AppError(502, 'orders:refundRetry');
  }
}
