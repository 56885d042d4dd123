/**
 * The orders feature's part of a person's own data (platform/personalData.ts): their orders in
 * every conference, with their lines, history (the order log), payment attempts and refunds. Orders
 * are money records: on erasure each stays with its amounts, number, dates, payments and log (the
 * conference's accounts must balance, and tax law keeps paid ones for years: docs/privacy.md), its
 * remark goes (with its copy in the log), and it is
 * marked `personal_data_erased_at`; the account it points to is anonymised by accounts. Queries by
 * person, across conferences, unlike repo.ts's.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import * as personRepo from './personRepo';

export function ordersPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'orders',
    export: async ({ userId }) => {
      const orders = await personRepo.ordersOfPerson(db, userId);
      const ids = orders.map((o) => o.id);
      const items = await personRepo.itemsOfOrders(db, ids);
      const attempts = await personRepo.attemptsOfPerson(db, userId);
      const refunds = await personRepo.refundsOfOrders(db, ids);
      const log = await personRepo.logOfOrders(db, orders);
      return {
        data: {
          orders: orders.map((o) => ({
            conferenceId: o.conference_id,
            orderNo: o.order_no,
            type: o.type,
            status: o.status,
            currency: o.currency,
            total: o.total_amount.amount,
            paid: o.paid_amount.amount,
            remark: o.remark ?? null,
            createdAt: o.created_at.toISOString(),
            paidAt: o.paid_at?.toISOString() ?? null,
            closedAt: o.closed_at?.toISOString() ?? null,
            items: items
              .filter((i) => i.order_id === o.id)
              .map((i) => ({
                kind: i.kind,
                titleZh: i.title_zh,
                titleEn: i.title_en,
                unitAmount: i.unit_amount.amount,
                quantity: Number(i.quantity),
              })),
            // who acted by kind only: a manager's name is the manager's, not the person's
            history: log
              .filter((l) => l.order_id === o.id)
              .map((l) => ({
                at: l.at.toISOString(),
                by: l.actor,
                action: l.action,
                amount: l.amount?.amount ?? null,
                currency: l.amount?.currency ?? null,
                detail: l.detail,
              })),
          })),
          payments: attempts.map((a) => ({
            conferenceId: a.conference_id,
            attemptNo: a.attempt_no,
            method: a.method,
            currency: a.currency,
            amount: a.amount.amount,
            state: a.state,
            createdAt: a.created_at.toISOString(),
            succeededAt: a.succeeded_at?.toISOString() ?? null,
          })),
          refunds: refunds.map((r) => ({
            conferenceId: r.conference_id,
            refundNo: r.refund_no,
            currency: r.currency,
            amount: r.amount.amount,
            reason: r.reason,
            state: r.state,
            createdAt: r.created_at.toISOString(),
          })),
        },
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = await personRepo.ordersToErase(tx, userId, limit);
        const now = toDbInstant();
        for (const o of rows) {
          await personRepo.eraseOrderRemark(tx, o, now);
          // What stays for the managers to read: paid orders are kept, as money requires.
          await note(tx, o.conference_id, Number(o.paid_amount) > 0 ? { paidOrders: 1 } : { orders: 1 });
        }
        return rows.length;
      });
      return { changed };
    },
  };
}
