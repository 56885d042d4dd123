/**
 * Orders: what people owe for fees (and later hotels and platform services), their payment
 * attempts, the one place an order becomes paid (settle.ts), the managers' order screen with its
 * deal, payment queue and bank statement import, and the expiry and reminder jobs.
 */
import { defineFeature, type Deps } from '../../platform/feature';
import { ordersPersonalData } from './personalData';
import { orderHandlers } from './handlers';
import { orderLogHandlers, type OrderActor, type OrderNote } from './log';
import type { Money } from '../../contract/money';
import { orderJobs } from './jobs';
import { moneyOverview } from './overview';
import { ordersExportOf } from './exportWork';
import { OrderManagement } from './manage';
import { OrderCheckout } from './checkout';
import { ordersPageRouter } from './pages';
import { LARGE_BODY_PATHS, ordersApiRouter } from './routes';
import { notifyRouter } from './notify';
import { OrderService } from './service';
import { StatementImport } from './statement';

export type { OrderService, OrderLine } from './service';
export type { OrderManagement } from './manage';
/** What a conference's name, address and zone are in another feature's mails (review, submissions). */
/**
 * For receipts (read only, in their own transactions): an order, its items and its payment
 * attempts, and how long after its payment a paid order may still ask for a receipt.
 */
export { findOrder, itemsOf, attemptsOf, type OrderRow } from './repo';
export { RECEIPT_WINDOW_MS } from './present';
export { byManager, byPerson, GATEWAY, PLATFORM, type OrderActor } from './log';

declare module '../../platform/feature' {
  interface FeatureServices {
    orders: OrderService;
    /** the managers' order desk (deal, list, export): used by features whose things have orders (hotel reservations) */
    orderDesk: OrderManagement;
    /** the person paying: payable orders, starting a payment, its attempt (checkout.ts) */
    orderCheckout: OrderCheckout;
  }
}

declare module '../../platform/events' {
  interface EventMap {
    /** an unpaid order was written (service.openOrder: the fee page's, a hotel booking's), in that transaction */
    'order.created': {
      conferenceId: number;
      orderId: number;
      userId: number;
      type: string;
      total: Money;
      by: OrderActor;
    };
    /** an order became paid (settle.ts), in the transaction that recorded the money: its part of the payment, and the payment's method and number */
    'order.paid': {
      conferenceId: number;
      orderId: number;
      userId: number;
      type: string;
      amount: Money;
      method: string;
      attemptNo: string;
      by: OrderActor;
    };
    /** an open order was cancelled, expired or invalidated (service.close), in that transaction: what it held goes back */
    'order.closed': {
      conferenceId: number;
      orderId: number;
      userId: number;
      type: string;
      status: 'cancelled' | 'expired' | 'invalid';
      by: OrderActor;
      reason?: string;
    };
    /** a manager's deal reopened a cancelled or expired order: what it held is taken again, or the handler refuses */
    'order.reopened': { conferenceId: number; orderId: number; userId: number; type: string; by: OrderActor };
    /** a change that leaves the order's status as it was (its lines, its remark, a refund, a statement row reporting it): for its log */
    'order.noted': {
      conferenceId: number;
      orderId: number;
      action: OrderNote;
      by: OrderActor;
      amount?: Money | null;
      detail?: string;
    };
  }
}

// One statement import per app: the route starts the very work kind the front door declares.
const statementImports = new WeakMap<Deps, StatementImport>();
function statementsOf(deps: Deps): StatementImport {
  let statements = statementImports.get(deps);
  if (!statements) statementImports.set(deps, (statements = new StatementImport(deps.db, deps.orders)));
  return statements;
}

export const ordersFeature = defineFeature({
  name: 'orders',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [ordersPersonalData(db)],
  services: (deps) => {
    // fees and payments are listed before orders; read lazily so a test may swap them
    const orders = new OrderService(
      deps.db,
      deps.events,
      deps.sites,
      () => deps.fees,
      () => deps.payments,
      deps.config,
      deps.limiter,
    );
    return {
      orders,
      orderDesk: new OrderManagement(deps.db, orders),
      orderCheckout: new OrderCheckout(deps.db, orders, () => deps.payments),
    };
  },
  api: (deps) => [ordersApiRouter(deps, deps.orderDesk, statementsOf(deps))],
  largeBodyPaths: LARGE_BODY_PATHS,
  // off the request with progress:
  // the statement import (statement.ts; its CSV is read in the pool, tasks.ts) and orders.xlsx of many orders (exportWork.ts)
  work: (deps) => [statementsOf(deps).kind, ordersExportOf(deps)],
  pages: (deps) => [ordersPageRouter(deps, deps.orderDesk)],
  // the gateways' callbacks: before /api, which wants an Origin and JSON (notify.ts)
  early: (deps) => [notifyRouter(deps)],
  jobs: (deps) => orderJobs(deps.db, deps.orders),
  // its own changes into the order log (log.ts), and what it does when other features change things
  events: (deps) => [...orderLogHandlers(), ...orderHandlers(deps.orders)],
  manageMenu: [{ href: '/platform/manage/order', labelKey: 'orders:menu.manage', order: 25, who: 'admin' }],
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [moneyOverview(db)],
  profileMenu: [
    { href: '/profile/conference/fee', labelKey: 'orders:menu.fee', order: 12, attendeeOnly: true },
    { href: '/profile/order/list', labelKey: 'orders:menu.orders', order: 14 },
  ],
});
