/** Rows → the views the API answers (server/contract/orders.ts), and spec 4's derived statuses. */
import { multiplyMoney, sumMoney, type Money } from '../../contract/money';
import { isOnline, type PaymentMethod } from '../../contract/payments';
import type { AttemptState, AttemptView, OrderItemView, OrderView, TransactionStatus } from '../../contract/orders';
import type { AttemptRow, ItemRow, OrderRow } from './repo';

/** How long after its payment an order's receipt may be requested (spec 9: 90 days; reissue not supported). */
export const RECEIPT_WINDOW_MS = 90 * 24 * 3600 * 1000;

/** The line as shown: its display price only where the order is shown in another currency (as the line's own). */
export function presentItem(r: ItemRow): OrderItemView {
  return {
    id: r.id,
    kind: r.kind,
    refId: r.ref_id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    unit: r.unit_amount,
    quantity: Number(r.quantity),
    valid: Boolean(r.valid),
    categoryZh: r.category_zh ?? '',
    categoryEn: r.category_en ?? '',
    display:
      r.display_unit_amount && r.display_unit_amount.currency !== r.unit_amount.currency ? r.display_unit_amount : null,
  };
}

/** The order's total in its display currency: every line's display price known, else null (shown in its own currency alone). */
function displayTotalOf(items: OrderItemView[], displayCurrency: string, currency: string): Money | null {
  if (displayCurrency === currency || !items.length || items.some((i) => !i.display)) return null;
  return sumMoney(
    items.map((i) => multiplyMoney(i.display!, i.quantity)),
    displayCurrency,
  );
}

type AttemptFacts = Pick<AttemptRow, 'state' | 'expires_at'> & Partial<Pick<AttemptRow, 'method' | 'received_amount'>>;

/**
 * Spec 4's transaction status (contract/orders.ts TRANSACTION_STATUSES). `flagged`: an anomaly
 * the managers have not resolved concerns the order (money for a closed order, paid twice, too
 * much): the order says "Payment exception." until they do. Attempts come newest first.
 */
export function transactionOf(
  order: Pick<OrderRow, 'status'>,
  attempts: AttemptFacts[],
  now = new Date(),
  flagged = false,
): TransactionStatus {
  if (flagged && order.status !== 'paid') return 'payError';
  switch (order.status) {
    case 'paid':
      return 'success';
    case 'cancelled':
      return 'cancel';
    case 'expired':
      return 'expired';
    case 'invalid':
      return 'exception';
    default: {
      const live = attempts.filter((a) => a.state === 'pending' && a.expires_at > now);
      if (live.some((a) => (a.received_amount?.amount ?? 0) > 0)) return 'dePay';
      if (live.some((a) => !a.method || !isOnline(a.method as PaymentMethod))) return 'delay';
      if (live.length) return 'sure';
      return attempts[0]?.state === 'failed' ? 'payFailed' : 'unpaid';
    }
  }
}

export function presentOrder(
  r: OrderRow,
  items: ItemRow[],
  attempts: AttemptRow[],
  now = new Date(),
  flagged = false,
): OrderView {
  const paidAt = r.paid_at;
  const open = r.status === 'unpaid';
  const closed = r.status === 'cancelled' || r.status === 'expired' || r.status === 'invalid';
  const displayCurrency = r.display_currency || r.currency;
  const lines = items.map((i) => presentItem(i));
  return {
    id: r.id,
    orderNo: r.order_no,
    type: r.type,
    reference: r.reference,
    total: r.total_amount,
    paid: r.paid_amount,
    displayCurrency,
    displayTotal: displayTotalOf(lines, displayCurrency, r.currency),
    status: r.status,
    transaction: transactionOf(r, attempts, now, flagged),
    deadline: r.deadline_at.toISOString(),
    paidAt: r.paid_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    items: lines,
    method: attempts[0]?.method ?? null,
    can: {
      pay: open && r.deadline_at > now,
      cancel: open || r.status === 'invalid',
      remove: closed && r.status !== 'invalid',
      // the fee page rebuilds an order of fees; a voided hotel order is booked again instead
      update: r.status === 'invalid' && (r.type === 'register' || r.type === 'optional'),
      receipt: r.status === 'paid' && !!paidAt && now.getTime() - paidAt.getTime() <= RECEIPT_WINDOW_MS,
    },
  };
}

export function presentAttempt(
  a: AttemptRow,
  orders: Array<{ id: number; orderNo: string; status: OrderView['status'] }>,
): AttemptView {
  return {
    attemptNo: a.attempt_no,
    method: a.method,
    amount: a.amount,
    received: a.received_amount,
    state: a.state as AttemptState,
    providerRef: a.provider_ref,
    createdAt: a.created_at.toISOString(),
    succeededAt: a.succeeded_at?.toISOString() ?? null,
    expiresAt: a.expires_at.toISOString(),
    orders,
  };
}
