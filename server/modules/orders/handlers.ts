/**
 * What orders do when other features change things (spec 4): a deleted registrant's open orders
 * and a re-priced fee's unpaid orders are invalidated — their lines marked, their places given
 * back — in the transaction of the change itself.
 */
import type { Tx } from '../../db/index';
import { handle, type Subscription } from '../../platform/events';
import { PLATFORM } from './log';
import * as repo from './repo';
import type { OrderService } from './service';

async function invalidate(
  tx: Tx,
  orders: OrderService,
  conferenceId: number,
  order: repo.OrderRow,
  lines: (item: repo.ItemRow) => boolean,
  reason: string,
): Promise<void> {
  const items = await repo.itemsOf(tx, conferenceId, [order.id]);
  const bad = items.filter(lines).map((i) => i.id);
  await repo.invalidateItems(tx, conferenceId, bad);
  await orders.close(tx, conferenceId, order, 'invalid', PLATFORM, reason);
}

export function orderHandlers(orders: OrderService): readonly Subscription[] {
  return [
    handle('registrant.deleted', async (tx, { conferenceId, userId }) => {
      const open = await repo.ordersOfUser(tx, conferenceId, userId, repo.OPEN);
      const locked = await repo.lockOrders(
        tx,
        conferenceId,
        open.map((o) => o.id),
      );
      for (const order of locked)
        if (repo.OPEN.includes(order.status))
          await invalidate(tx, orders, conferenceId, order, () => true, 'registrantDeleted');
    }),
    handle('fee.priceChanged', async (tx, { conferenceId, feeId }) => {
      const holding = await repo.unpaidOrdersOfFee(tx, conferenceId, feeId);
      const locked = await repo.lockOrders(tx, conferenceId, holding);
      for (const order of locked)
        if (order.status === 'unpaid')
          await invalidate(
            tx,
            orders,
            conferenceId,
            order,
            (i) => i.ref_id === feeId && (i.kind === 'register' || i.kind === 'optional'),
            'feePriceChanged',
          );
    }),
  ];
}
