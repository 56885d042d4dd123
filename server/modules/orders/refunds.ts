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
import { fromDbInstant, isUniqueViolation, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { compareMoney, moneyFromColumn, parseAmount, subtractMoney, sumMoney, toDecimalString, type Money } from '../../contract/money';
import type { RefundInput, RefundView } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { GatewayError } from '../payments';
import { REFUND_NOTICE, type GatewayPayments } from './gateway';
import { notifyUrlOf } from './notify';
import * as repo from './repo';
import { byManager, GATEWAY } from './log';
import type { OrderService } from './service';

type RefundRow = { id: number; conference_id: number; order_id: number; attempt_id: number; refund_no: string; currency: string; amount: number | string; reason: string; state: RefundView['state']; provider_ref: string | null; detail: string | null; created_at: string };

export const presentRefund = (r: RefundRow): RefundView => ({ refundNo: r.refund_no, amount: moneyFromColumn(r.amount, r.currency), reason: r.reason, state: r.state, detail: r.detail ?? '', createdAt: fromDbInstant(r.created_at)!.toISOString() });

export async function refundsOf(db: Db, conferenceId: number, orderIds: number[]): Promise<RefundRow[]> {
  if (!orderIds.length) return [];
  return (await db('payment_refunds').where('conference_id', conferenceId).whereIn('order_id', orderIds).orderBy('id')) as RefundRow[];
}

/** The succeeded online attempt that paid the order, and the order's part of it: what a refund goes back through. */
async function paidThrough(db: Db, gateways: GatewayPayments, conferenceId: number, orderId: number) {
  const paid = (await repo.attemptsOf(db, conferenceId, [orderId])).filter((a) => a.state === 'succeeded');
  for (const attempt of paid) {
    const found = await gateways.refOf(attempt);
    if (found?.provider.refund) return { attempt, part: moneyFromColumn(attempt.part, attempt.currency), ...found };
  }
  return null;
}

/** What may still be refunded of the order: its part of the gateway payment less the refunds not failed. */
export function refundableOf(part: Money, refunds: RefundRow[]): Money {
  const taken = sumMoney(refunds.filter((r) => r.state !== 'failed').map((r) => moneyFromColumn(r.amount, r.currency)), part.currency);
  return subtractMoney(part, taken);
}

export async function refundable(db: Db, gateways: GatewayPayments, conferenceId: number, order: repo.OrderRow, refunds: RefundRow[]): Promise<Money | null> {
  if (order.status !== 'paid') return null;
  const through = await paidThrough(db, gateways, conferenceId, order.id);
  return through ? refundableOf(through.part, refunds) : null;
}

export async function refund(db: Db, orders: Pick<OrderService, 'gateways' | 'note'>, conferenceId: number, managerId: number, orderId: number, input: RefundInput, origin: string): Promise<void> {
  const gateways = orders.gateways;
  const order = await repo.findOrder(db, conferenceId, orderId);
  if (!order) throw new AppError(404, 'orders:notFound');
  const existing = (await db('payment_refunds').where({ refund_no: input.refundNo }).first()) as RefundRow | undefined;
  if (existing && (Number(existing.conference_id) !== conferenceId || Number(existing.order_id) !== orderId)) throw new AppError(409, 'orders:refundNoInvalid', 'refundNo');
  if (existing && existing.state !== 'requested') return;
  if (order.status !== 'paid') throw new AppError(409, 'orders:refundNotPaid');
  const parsed = parseAmount(input.amount, order.currency);
  if (!parsed.ok) throw new AppError(400, parsed.key === 'money.required' ? 'orders:refundAmount' : parsed.key, 'amount');
  if (parsed.money.amount <= 0) throw new AppError(400, 'orders:refundAmount', 'amount');
  const through = await paidThrough(db, gateways, conferenceId, orderId);
  if (!through) throw new AppError(409, 'orders:refundNotSupported');

  if (!existing) {
    try {
      await inTransaction(db, async (tx) => {
        await repo.lockOrders(tx, conferenceId, [orderId]);
        const left = refundableOf(through.part, (await tx('payment_refunds').where({ conference_id: conferenceId, order_id: orderId })) as RefundRow[]);
        if (compareMoney(parsed.money, left) > 0) throw new AppError(400, 'orders:refundTooMuch', 'amount', 400, { left: `${left.currency} ${toDecimalString(left)}` });
        const now = toDbInstant();
        await tx('payment_refunds').insert({ conference_id: conferenceId, order_id: orderId, attempt_id: through.attempt.id, refund_no: input.refundNo, currency: order.currency, amount: parsed.money.amount, reason: input.reason, state: 'requested', requested_by: managerId, created_at: now, updated_at: now });
        await orders.note(tx, conferenceId, { orderId, action: 'refundRequested', by: byManager(managerId), amount: parsed.money, detail: input.refundNo });
      });
    } catch (err) {
      // The same number sent twice at once: the other request wrote it and asks the gateway.
      if (isUniqueViolation(err)) return;
      throw err;
    }
  }
  const amount = existing ? moneyFromColumn(existing.amount, existing.currency) : parsed.money;
  try {
    const outcome = await through.provider.refund!(through.ref, { refundNo: input.refundNo, amount, reason: existing?.reason ?? input.reason, notifyUrl: notifyUrlOf(origin, through.attempt.method).replace(':attemptNo', REFUND_NOTICE) });
    await inTransaction(db, async (tx) => {
      const changed = await tx('payment_refunds').where({ conference_id: conferenceId, refund_no: input.refundNo }).whereNot({ state: outcome.state }).update({ state: outcome.state, provider_ref: outcome.providerRef ?? null, detail: outcome.detail ?? null, updated_at: toDbInstant() });
      // The gateway's answer, once (a retry that hears the same answer writes no second line).
      if (changed && outcome.state !== 'pending') await orders.note(tx, conferenceId, { orderId, action: outcome.state === 'succeeded' ? 'refunded' : 'refundFailed', by: GATEWAY, amount, detail: input.refundNo });
    });
    if (outcome.state === 'failed') throw new AppError(502, 'orders:refundFailed', undefined, 502, { detail: outcome.detail ?? '' });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn({ refundNo: input.refundNo, detail: err.detail }, 'refund: gateway not reached; the refund stays requested');
    await db('payment_refunds').where({ conference_id: conferenceId, refund_no: input.refundNo }).update({ detail: err.detail.slice(0, 500), updated_at: toDbInstant() });
    throw new AppError(502, 'orders:refundRetry');
  }
}
