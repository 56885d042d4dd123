/**
 * Orders and their payment, as the API answers them (spec 3 "Order", 4, 5, 7 findItemById): an
 * order's statuses and lines, to its owner and to managers, the payment queue and a statement
 * import's result, and an order's id as a path takes it. No Node imports here: the islands bundle
 * this file (through orders.ts, which re-exports it).
 */
import { z } from 'zod';
import type { Money } from './money';
import type { OrderLogEntry } from './orderLog';

export const ORDER_TYPES = ['register', 'optional', 'hotel', 'module'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The stored status of an order. */
export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'expired', 'invalid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Spec 4's transaction status, derived from the order, its payment attempts and the anomalies
 * flagged for it (server/modules/orders/present.ts transactionOf):
 * - unpaid: open, no payment under way;
 * - delay (waiting for confirmation): a bank or postal transfer was announced and waits for the manager;
 * - sure (to be confirmed): an online payment was started and its gateway has not answered yet;
 * - dePay (paid): part of the amount arrived, the rest is awaited;
 * - payFailed (payment failed): the newest payment failed at its gateway; the order may be paid again;
 * - payError (payment exception): money arrived that the managers must look at (for a closed order, twice, too much);
 * - success; cancel; expired; exception (the order was invalidated).
 */
export const TRANSACTION_STATUSES = [
  'unpaid',
  'delay',
  'sure',
  'dePay',
  'success',
  'payError',
  'exception',
  'payFailed',
  'cancel',
  'expired',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const ATTEMPT_STATES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export type OrderItemView = {
  id: number;
  kind: string;
  refId: number | null;
  titleZh: string;
  titleEn: string;
  unit: Money;
  quantity: number;
  valid: boolean;
  /** the fee's category in both languages ('' for a line of none: a hotel stay, a submission fee) */
  categoryZh: string;
  categoryEn: string;
  /** the unit price in the order's display currency; null when the order is shown in its own currency (or the price is not known) */
  display: Money | null;
};

export type OrderView = {
  id: number;
  orderNo: string;
  type: OrderType;
  reference: string;
  total: Money;
  paid: Money;
  /** the currency the order is shown in (spec 3 "Order" displayCurrency): its fees' display currency, else its own */
  displayCurrency: string;
  /** the total in the display currency; null when that is the order's own currency or a line's display price is not known */
  displayTotal: Money | null;
  status: OrderStatus;
  transaction: TransactionStatus;
  /** ISO instants */
  deadline: string;
  paidAt: string | null;
  createdAt: string;
  items: OrderItemView[];
  /** the method of the newest attempt, if any */
  method: string | null;
  /** the state of the order's invoice request (receipts' InvoiceStatus), null for none; given in the person's order list */
  invoice?: string | null;
  can: { pay: boolean; cancel: boolean; remove: boolean; update: boolean; receipt: boolean };
};

/** One of the person's orders in another conference of the platform (one identity across domains). */
export type ElsewhereOrderView = {
  conferenceName: { zh: string; en: string };
  url: string;
  orderNo: string;
  type: OrderType;
  total: Money;
  status: OrderStatus;
  transaction: TransactionStatus;
  createdAt: string;
};

export type MyOrdersView = { here: OrderView[]; elsewhere: ElsewhereOrderView[]; combinedAllowed: boolean };

export type AttemptView = {
  attemptNo: string;
  method: string;
  amount: Money;
  received: Money | null;
  state: AttemptState;
  providerRef: string | null;
  createdAt: string;
  succeededAt: string | null;
  expiresAt: string;
  orders: Array<{ id: number; orderNo: string; status: OrderStatus }>;
};

/** What a provider answers when a payment starts (payments' StartResult, as the browser sees it). */
export type PaymentStartView =
  | { kind: 'instructions'; reference: string; lines: Array<{ labelKey: string; value: string }>; html?: string }
  | { kind: 'qr'; content: string; expiresAt: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> };

/** A refund a manager asked a gateway for (issue 13). */
export type RefundView = {
  refundNo: string;
  amount: Money;
  reason: string;
  state: 'requested' | 'pending' | 'succeeded' | 'failed';
  detail: string;
  createdAt: string;
};

export type ManagedOrderView = OrderView & {
  userId: number;
  email: string;
  name: string;
  remark: string;
  attempts: AttemptView[];
  refunds: RefundView[];
  /** what may still be refunded through the gateway that took the money; null when it was not an online payment */
  refundable: Money | null;
  /** what was done to the order, oldest first (issue 35) */
  log: OrderLogEntry[];
};

export type OrderPage = { rows: ManagedOrderView[]; total: number; page: number; size: number };

/**
 * What a payment or a statement row did that nobody asked for, queued for a manager: paid too much,
 * twice, after the order closed, in part; a statement row of no order or whose amount could not be
 * read; a notification whose amount or currency differs, or that was refused.
 */
export const ANOMALY_KINDS = [
  'overpaid',
  'duplicate',
  'paidWhileClosed',
  'partial',
  'unmatched',
  'unreadable',
  'mismatch',
  'refused',
] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

export type AnomalyView = {
  id: number;
  kind: AnomalyKind;
  orderNo: string | null;
  orderId: number | null;
  attemptNo: string | null;
  amount: Money | null;
  detail: string;
  createdAt: string;
  resolvedAt: string | null;
  resolution: string;
};

export type StatementMapping = { date: string; amount: string; text: string; currency?: string; payer?: string };

/**
 * An import's result. Every data row of the file is counted once and listed once: `rows` is
 * confirmed + duplicate + queued + skipped, and `outcomes` has a line for each (a skipped row is a
 * debit or a row without an amount: not a payment, nothing written).
 */
export type StatementResult = {
  rows: number;
  confirmed: number;
  duplicate: number;
  queued: number;
  skipped: number;
  outcomes: Array<{
    line: number;
    outcome: 'confirmed' | 'duplicate' | 'queued' | 'skipped';
    reason: string;
    orderNos: string[];
  }>;
};

/** A line of one of a person's orders, with its order (the registrant screen's fee column). */
export type ItemOfUser = Omit<OrderItemView, 'id'> & {
  orderId: number;
  orderNo: string;
  type: OrderType;
  status: OrderStatus;
};

export const orderId = z.coerce
  .number({ message: 'orders:notFound' })
  .int('orders:notFound')
  .positive('orders:notFound')
  .max(2 ** 31);
/** `:id` in a path: an order. */
export const orderIdParam = z.object({ id: orderId });
