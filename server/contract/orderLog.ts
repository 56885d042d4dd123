/**
 * The order log as the API answers it (issue 35): who did what to an order, and when. Written by
 * server/modules/orders/log.ts; shown on the manager's order detail and in orders.xlsx. No Node
 * imports here: the islands bundle this file.
 */
import type { Money } from './money';

/** Who did something to an order (the order log, issue 35). */
export const ORDER_ACTORS = ['person', 'manager', 'gateway', 'statement', 'platform'] as const;
export type OrderActorKind = (typeof ORDER_ACTORS)[number];

/** What was done to an order, one line of its log. */
export const ORDER_LOG_ACTIONS = [
  'created',
  'paid',
  'cancelled',
  'expired',
  'invalidated',
  'reopened',
  'updated',
  'repriced',
  'remarked',
  'refundRequested',
  'refunded',
  'refundFailed',
  'statementMatched',
] as const;
export type OrderLogAction = (typeof ORDER_LOG_ACTIONS)[number];

/**
 * One line of an order's log: when, who (a manager's or the person's name and e-mail; a gateway by
 * its payment method), what, and the amount and reference it concerns.
 */
export type OrderLogEntry = {
  at: string;
  actor: OrderActorKind;
  /** the manager or person who acted, when it was one */
  who: { name: string; email: string } | null;
  action: OrderLogAction;
  amount: Money | null;
  /** a payment method, an attempt or refund number, a statement row, or why the platform acted ('feePriceChanged', 'registrantDeleted') */
  detail: string;
};

/** Why the platform closed or changed an order, as a line's detail says it. */
export const LOG_REASONS = ['feePriceChanged', 'registrantDeleted', 'deadlinePassed', 'nothingValidLeft'] as const;

/** What a line's detail says to a reader: a payment's method (translated) and attempt number, the platform's reason (translated), or the reference as written. */
export function logDetailText(entry: Pick<OrderLogEntry, 'action' | 'detail'>, t: (key: string) => string): string {
  if (entry.action === 'paid') {
    const [method, attemptNo] = entry.detail.split(' ');
    return attemptNo ? `${t(`orders:methods.${method}`)} · ${attemptNo}` : entry.detail;
  }
  if ((LOG_REASONS as readonly string[]).includes(entry.detail)) return t(`orders:log.reason.${entry.detail}`);
  return entry.detail;
}
