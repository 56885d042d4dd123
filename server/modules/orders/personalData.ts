/**
 * The orders feature's part of a person's own data (platform/personalData.ts): their orders in
 * every conference, with their lines, payment attempts and refunds. Orders are money records: on
 * erasure each stays with its amounts, number, dates and payments (the conference's accounts must
 * balance, and tax law keeps paid ones for years: docs/privacy.md), its remark goes, and it is
 * marked `personal_data_erased_at`; the account it points to is anonymised by accounts. Queries by
 * person, across conferences, unlike repo.ts's.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import { minorUnits } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function ordersPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'orders',
    export: async ({ userId }) => {
      const orders = await db('orders').where({ user_id: userId }).orderBy('id');
      const ids = orders.map((o: { id: number }) => Number(o.id));
      const items = ids.length ? await db('order_items').whereIn('order_id', ids).orderBy('id') : [];
      const attempts = await db('payment_attempts').where({ user_id: userId }).orderBy('id');
      const refunds = ids.length ? await db('payment_refunds').whereIn('order_id', ids).orderBy('id') : [];
      return {
        data: {
          orders: orders.map((o: Record<string, unknown>) => ({
            conferenceId: Number(o.conference_id),
            orderNo: o.order_no,
            type: o.type,
            status: o.status,
            currency: o.currency,
            total: minorUnits(o.total_amount, o.currency),
            paid: minorUnits(o.paid_amount, o.currency),
            remark: o.remark ?? null,
            createdAt: iso(o.created_at),
            paidAt: iso(o.paid_at),
            closedAt: iso(o.closed_at),
            items: items.filter((i: Record<string, unknown>) => Number(i.order_id) === Number(o.id)).map((i: Record<string, unknown>) => ({ kind: i.kind, titleZh: i.title_zh, titleEn: i.title_en, unitAmount: Number(i.unit_amount), quantity: Number(i.quantity) })),
          })),
          payments: attempts.map((a: Record<string, unknown>) => ({ conferenceId: Number(a.conference_id), attemptNo: a.attempt_no, method: a.method, currency: a.currency, amount: Number(a.amount), state: a.state, createdAt: iso(a.created_at), succeededAt: iso(a.succeeded_at) })),
          refunds: refunds.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), refundNo: r.refund_no, currency: r.currency, amount: Number(r.amount), reason: r.reason, state: r.state, createdAt: iso(r.created_at) })),
        },
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = (await tx('orders').where({ user_id: userId }).whereNull('personal_data_erased_at').orderBy('id').limit(limit).select('id', 'conference_id', 'paid_amount')) as Array<{ id: number; conference_id: number; paid_amount: number | string }>;
        const now = toDbInstant();
        for (const o of rows) {
          await tx('orders').where({ id: o.id }).update({ remark: null, personal_data_erased_at: now });
          // What stays for the managers to read: paid orders are kept, as money requires.
          await note(tx, Number(o.conference_id), Number(o.paid_amount) > 0 ? { paidOrders: 1 } : { orders: 1 });
        }
        return rows.length;
      });
      return { changed };
    },
  };
}
