/**
 * Issuing the payment receipt when an order becomes paid ('order.paid', raised by orders' settle
 * inside the paying transaction). Everything goes through that `tx` (server/platform/events.ts):
 * the order and its lines through the orders feature's narrow repo functions, the payer through
 * accounts', the conference's time zone through the sites record. The lines are copied, so a
 * later change of a fee's title or price never rewrites an issued receipt.
 */
import type { Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import type { ReceiptView } from '../../contract/receipts';
import { handle, type Subscription } from '../../platform/events';
import { wallClockPartsIn } from '../../platform/localTime';
import { accountsByIds } from '../accounts/index';
import { attemptsOf, findOrder, itemsOf } from '../orders/index';
import { conferenceTimeZone } from '../sites/index';
import * as repo from './repo';

/** `R2026-000123`: the year of issue in the conference's time zone, then the conference's running number. */
export function receiptNumber(seq: number, issuedAt: Date, timeZone: string): string {
  const { year } = wallClockPartsIn(issuedAt, timeZone);
  return `R${year}-${String(seq).padStart(6, '0')}`;
}

/** Issues the order's receipt unless it has one (the handler may run again after a retried deadlock). */
export async function issueReceipt(tx: Tx, conferenceId: number, orderId: number, now = new Date()): Promise<void> {
  if (await repo.documentOfOrder(tx, conferenceId, orderId)) return;
  const order = await findOrder(tx, conferenceId, orderId);
  if (!order || order.status !== 'paid' || !order.paid_at) return;
  const items = (await itemsOf(tx, conferenceId, [orderId])).filter((i) => Boolean(i.valid));
  const lines: repo.StoredLine[] = items.map((i) => ({
    titleZh: i.title_zh,
    titleEn: i.title_en,
    unit: i.unit_amount.amount,
    quantity: Number(i.quantity),
  }));
  const payer = (await accountsByIds(tx, [order.user_id])).get(order.user_id);
  const paidBy = (await attemptsOf(tx, conferenceId, [orderId])).find((a) => a.state === 'succeeded');
  const timeZone = await conferenceTimeZone(tx, conferenceId);
  const seq = await repo.nextReceiptNo(tx, conferenceId);
  await repo.insertDocument(tx, {
    conference_id: conferenceId,
    order_id: orderId,
    user_id: order.user_id,
    number: receiptNumber(seq, now, timeZone),
    order_no: order.order_no,
    payer_name: payer?.trueName ?? '',
    payer_email: payer?.email ?? '',
    lines: JSON.stringify(lines),
    currency: order.currency,
    total_amount: order.total_amount.amount,
    paid_amount: order.paid_amount.amount,
    method: paidBy?.method ?? '',
    paid_at: toDbInstant(order.paid_at),
    issued_at: toDbInstant(now),
  });
}

export function receiptHandlers(): readonly Subscription[] {
  return [handle('order.paid', (tx, { conferenceId, orderId }) => issueReceipt(tx, conferenceId, orderId))];
}

export function presentReceipt(r: repo.DocumentRow): ReceiptView {
  return {
    id: r.id,
    number: r.number,
    orderId: r.order_id,
    orderNo: r.order_no,
    total: r.total_amount,
    paid: r.paid_amount,
    paidAt: r.paid_at.toISOString(),
    issuedAt: r.issued_at.toISOString(),
  };
}
