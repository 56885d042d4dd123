/**
 * An order's status tags and its line items (spec 2.11, 4), apart from orders.tsx so that a page
 * showing only these does not load antd's Typography with the order summary's copy button (issue 32).
 */
import { Tag } from 'antd';
import type { AttemptState, OrderItemView, TransactionStatus } from '../../server/contract/orders';
import type { Lang } from './locale';
import { shownAmount, titleOf, type T } from './orderText';

const TRANSACTION_COLORS: Record<TransactionStatus, string> = {
  unpaid: 'orange',
  delay: 'gold',
  sure: 'gold',
  dePay: 'blue',
  success: 'green',
  payError: 'red',
  cancel: 'default',
  expired: 'default',
  exception: 'red',
  payFailed: 'red',
};
const ATTEMPT_COLORS: Record<AttemptState, string> = {
  created: 'default',
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
  canceled: 'default',
  expired: 'default',
};

export function TransactionTag({ status, t }: { status: TransactionStatus; t: T }) {
  return <Tag color={TRANSACTION_COLORS[status]}>{t(`orders:transaction.${status}`)}</Tag>;
}

export function AttemptTag({ state, t }: { state: AttemptState; t: T }) {
  return <Tag color={ATTEMPT_COLORS[state]}>{t(`orders:attemptState.${state}`)}</Tag>;
}

/** One line item: "[category] title × quantity · unit", struck through (and grey, as antd's deleted secondary text) when the item was invalidated. */
export function ItemLine({ item, lang }: { item: OrderItemView; lang: Lang }) {
  const category = titleOf(item.categoryZh ?? '', item.categoryEn ?? '', lang);
  const text = `${category ? `${category} · ` : ''}${titleOf(item.titleZh, item.titleEn, lang)} × ${item.quantity} · ${shownAmount(item.unit, item.display, lang)}`;
  return item.valid ? (
    <span className="order-item">{text}</span>
  ) : (
    <span className="order-item lx-text lx-secondary">
      <del>{text}</del>
    </span>
  );
}
