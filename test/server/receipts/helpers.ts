/**
 * Paid orders for the receipt tests. An order is written as the orders feature keeps it and paid
 * through its one settle() (OrderService.settleAndMail with a pending attempt), so 'order.paid' is
 * raised in the paying transaction exactly as a manager's deal or a statement row raises it.
 */
import { money } from '../../../server/contract/money';
import type { Harness } from '../../helpers/harness';
import { insertId, toDbInstant } from '../../../server/db/dialect';
import { insertAttempt } from '../../../server/modules/orders/repo';

export { attendee, call, feeConference } from '../orders/helpers';

export type Line = { titleZh: string; titleEn: string; unit: number; quantity: number; feeId?: number | null };

let seq = 0;

export async function paidOrder(
  h: Harness,
  cid: number,
  userId: number,
  o: { lines?: Line[]; at?: Date; method?: string; currency?: string; pay?: boolean } = {},
): Promise<number> {
  const n = ++seq;
  const lines = o.lines ?? [{ titleZh: '注册费', titleEn: 'Registration fee', unit: 150_000, quantity: 1 }];
  const currency = o.currency ?? 'CNY';
  const total = lines.reduce((s, l) => s + l.unit * l.quantity, 0);
  const at = o.at ?? new Date();
  const now = toDbInstant(at);
  const orderId = await insertId(
    h.db('orders').insert({
      conference_id: cid,
      user_id: userId,
      order_no: `RT${cid}N${n}`,
      type: 'register',
      reference: `CPRT${String(n).padStart(4, '0')}`,
      currency,
      total_amount: total,
      paid_amount: 0,
      status: 'unpaid',
      open_slot: null,
      lang: 'zh',
      deadline_at: toDbInstant(new Date(at.getTime() + 72 * 3600_000)),
      remark: null,
      created_at: now,
      updated_at: now,
    }),
  );
  await h.db('order_items').insert(
    lines.map((l) => ({
      conference_id: cid,
      order_id: orderId,
      kind: 'register',
      ref_id: l.feeId ?? null,
      title_zh: l.titleZh,
      title_en: l.titleEn,
      unit_amount: l.unit,
      quantity: l.quantity,
      price_version: 0,
      valid: true,
    })),
  );
  if (o.pay === false) return orderId;
  await h.orders.settleAndMail(cid, async (tx, settleNow) => {
    const attemptId = await insertAttempt(
      tx,
      {
        conference_id: cid,
        user_id: userId,
        attempt_no: `PRT${cid}N${n}`,
        method: o.method ?? 'bankRemit',
        state: 'pending',
        expires_at: toDbInstant(new Date(at.getTime() + 86_400_000)),
        created_at: now,
      },
      money(total, currency),
      [{ orderId, owed: money(total, currency) }],
    );
    return settleNow(attemptId, { amount: money(total, currency), at });
  });
  return orderId;
}

/** The order's payment date in the conference's time zone (Asia/Shanghai by default). */
export function dayOf(at: Date, timeZone = 'Asia/Shanghai'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
