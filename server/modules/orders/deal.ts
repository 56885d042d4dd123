/**
 * A manager's deal (spec 5 "Order deal"): an order marked paid with the amount that actually
 * arrived, opened again, or cancelled. A deal that confirms money goes through the same settle()
 * as a gateway's notification, as the order's open bank-transfer attempt or else a 'manual'
 * attempt, so an order is paid in one place.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { compareMoney, formatMoney, money, parseAmount } from '../../contract/money';
import type { DealInput } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import { newAttemptNo } from './numbers';
import * as repo from './repo';
import { feeLines, type OrderService } from './service';
import { byManager } from './log';
import type { FeesPort } from './ports';

/**
 * The deal: paid (with the amount that arrived, which must cover what the order still owes),
 * unpaid (an order the person cancelled or let expire, opened again: its places are taken again
 * if they are still there) or cancelled. Paid orders are not reopened here: a refund is a
 * provider's business (issue 13), and the books keep what was confirmed.
 */
export async function deal(
  db: Db,
  orders: OrderService,
  conferenceId: number,
  managerId: number,
  id: number,
  input: DealInput,
  fees: Pick<FeesPort, 'hold'>,
  now: Date,
): Promise<void> {
  const order = await repo.findOrder(db, conferenceId, id);
  if (!order) throw new AppError(404, 'orders:notFound');
  if (order.status === 'paid') throw new AppError(409, 'orders:dealTransition', { field: 'status' });
  let amount = money(0, order.currency);
  if (input.status === 'paid') {
    const parsed = parseAmount(input.actualPay, order.currency);
    if (!parsed.ok)
      throw new AppError(400, parsed.key === 'money.required' ? 'orders:dealAmount' : parsed.key, {
        field: 'actualPay',
      });
    amount = parsed.money;
  }
  await orders.settleAndMail(conferenceId, async (tx, settleNow) => {
    const [locked] = await repo.lockOrders(tx, conferenceId, [id]);
    if (locked.status === 'paid') throw new AppError(409, 'orders:dealTransition', { field: 'status' });
    if (input.remark && input.remark !== (locked.remark ?? '')) {
      await repo.updateOrder(tx, conferenceId, id, { remark: input.remark });
      await orders.note(tx, conferenceId, {
        orderId: id,
        action: 'remarked',
        by: byManager(managerId),
        detail: input.remark,
      });
    }
    if (input.status === 'cancelled') {
      if (!repo.OPEN.includes(locked.status)) throw new AppError(409, 'orders:dealTransition', { field: 'status' });
      await orders.close(tx, conferenceId, locked, 'cancelled', byManager(managerId));
      return null;
    }
    if (locked.status === 'cancelled' || locked.status === 'expired') {
      // Reopened: the places are taken again under the fees' locks, or the deal is refused with their message.
      const items = (await repo.itemsOf(tx, conferenceId, [id])).filter((i) => i.valid);
      await fees.hold(tx, conferenceId, { orderId: id, userId: locked.user_id, lines: feeLines(items) });
      await repo.updateOrder(tx, conferenceId, id, {
        status: 'unpaid',
        open_slot: locked.type === 'hotel' ? null : locked.type,
        closed_at: null,
        deadline_at: toDbInstant(new Date(Math.max(locked.deadline_at.getTime(), now.getTime() + 24 * 3600 * 1000))),
      });
      // Another feature's holds (a hotel booking's nights) are taken again under its locks, or the deal is refused with its message.
      await orders.reopened(tx, conferenceId, locked, byManager(managerId));
    } else if (locked.status === 'invalid') {
      throw new AppError(409, 'orders:invalidItems', { field: 'status' });
    }
    if (input.status === 'unpaid') return null;
    const owed = await repo.owedOn(tx, conferenceId, locked);
    if (compareMoney(amount, owed) < 0)
      throw new AppError(400, 'orders:dealShort', { field: 'actualPay', params: { owed: formatMoney(owed, 'en') } });
    // The payer chose a bank transfer: the deal confirms that transfer (its attempt succeeds, with
    // the manager's name), so the statement row that reports it later is matched to it, not
    // queued as a second payment (statement.ts).
    const transfer = await repo.openTransferOf(tx, conferenceId, id);
    if (transfer && transfer.currency === amount.currency && compareMoney(amount, transfer.amount) >= 0)
      return settleNow(transfer.id, { amount, confirmedBy: managerId, at: now, by: byManager(managerId) });
    const attemptId = await repo.insertAttempt(
      tx,
      {
        conference_id: conferenceId,
        user_id: locked.user_id,
        attempt_no: newAttemptNo(now),
        method: 'manual',
        state: 'pending',
        expires_at: toDbInstant(now),
        created_at: toDbInstant(now),
      },
      owed,
      [{ orderId: id, owed }],
    );
    return settleNow(attemptId, { amount, confirmedBy: managerId, at: now, by: byManager(managerId) });
  });
}
