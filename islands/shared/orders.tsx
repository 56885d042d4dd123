/**
 * What the order screens draw (spec 2.11, 4): the status tags, an order's lines and summary, the
 * buttons under an order page. Their words (titles, instants, amounts, messages) are in orderText.ts.
 */
import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { formatMoney } from '../../server/contract/money';
import type { AttemptState, OrderItemView, OrderView, TransactionStatus } from '../../server/contract/orders';
import type { Lang } from './locale';
import { orderAmount, orderMessage, shownAmount, titleOf, type T } from './orderText';

export { errorText, formatAt, methodName, moneyText, orderAmount, orderMessage, shownAmount, textOrKey, titleOf, type T } from './orderText';

/** The buttons under an order page: its own action first, then "back to my orders"; stacked full width on a phone. */
export function WithBackToList({ mobile, t, children }: { mobile: boolean; t: T; children: ReactNode }) {
  return (
    <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={{ width: '100%' }}>
      {children}
      <Button href="/profile/order/list" block={mobile}>
        {t('orders:result.backToList')}
      </Button>
    </Space>
  );
}

const TRANSACTION_COLORS: Record<TransactionStatus, string> = { unpaid: 'orange', delay: 'gold', sure: 'gold', dePay: 'blue', success: 'green', payError: 'red', cancel: 'default', expired: 'default', exception: 'red', payFailed: 'red' };
const ATTEMPT_COLORS: Record<AttemptState, string> = { created: 'default', pending: 'gold', succeeded: 'green', failed: 'red', canceled: 'default', expired: 'default' };

export function TransactionTag({ status, t }: { status: TransactionStatus; t: T }) {
  return <Tag color={TRANSACTION_COLORS[status]}>{t(`orders:transaction.${status}`)}</Tag>;
}

export function AttemptTag({ state, t }: { state: AttemptState; t: T }) {
  return <Tag color={ATTEMPT_COLORS[state]}>{t(`orders:attemptState.${state}`)}</Tag>;
}

/** One line item: "[category] title × quantity · unit", struck through when the item was invalidated. */
export function ItemLine({ item, lang }: { item: OrderItemView; lang: Lang }) {
  const category = titleOf(item.categoryZh ?? '', item.categoryEn ?? '', lang);
  const text = `${category ? `${category} · ` : ''}${titleOf(item.titleZh, item.titleEn, lang)} × ${item.quantity} · ${shownAmount(item.unit, item.display, lang)}`;
  return item.valid ? <span className="order-item">{text}</span> : <Typography.Text className="order-item" delete type="secondary">{text}</Typography.Text>;
}

/** An order's number, type, items, total, status and spec 4's message: the body of every order card. */
export function OrderSummary({ order, t, lang }: { order: OrderView; t: T; lang: Lang }) {
  const note = orderMessage(order, t, lang);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap size={[8, 4]}>
        <Typography.Text strong copyable={{ text: order.orderNo }}>
          {t('orders:list.orderNo')}: {order.orderNo}
        </Typography.Text>
        <Tag>{t(`orders:type.${order.type}`)}</Tag>
        <TransactionTag status={order.transaction} t={t} />
      </Space>
      <Space orientation="vertical" size={0}>
        {order.items.map((item) => (
          <ItemLine key={item.id} item={item} lang={lang} />
        ))}
      </Space>
      {/* A cancelled or expired order owes nothing: its amount is not shown as due. */}
      <Typography.Text type={order.status === 'cancelled' || order.status === 'expired' ? 'secondary' : undefined}>
        {t(order.status === 'cancelled' || order.status === 'expired' ? 'orders:list.amountWas' : 'orders:list.total')}: <strong className="order-total">{orderAmount(order, lang)}</strong>
        {order.status === 'paid' && order.paid.amount !== order.total.amount ? ` · ${t('orders:list.paid')}: ${formatMoney(order.paid, lang)}` : ''}
      </Typography.Text>
      {note ? <Typography.Text type={order.status === 'invalid' || order.transaction === 'payError' || order.transaction === 'payFailed' ? 'danger' : 'secondary'}>{note}</Typography.Text> : null}
    </Space>
  );
}

