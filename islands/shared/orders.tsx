/**
 * What the order screens draw (spec 2.11, 4): an order's summary (its number copyable, with antd's
 * Typography) and the buttons under an order page. Their words (titles, instants, amounts,
 * messages) are in orderText.ts; the status tags and an order's lines in orderLine.tsx.
 */
import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { formatMoney } from '../../server/contract/money';
import type { OrderView } from '../../server/contract/orders';
import type { Lang } from './locale';
import { ItemLine, TransactionTag } from './orderLine';
import { orderAmount, orderMessage, type T } from './orderText';

export {
  errorText,
  formatAt,
  methodName,
  moneyText,
  orderAmount,
  orderMessage,
  shownAmount,
  textOrKey,
  titleOf,
  type T,
} from './orderText';
export { AttemptTag, ItemLine, TransactionTag } from './orderLine';

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
        {t(order.status === 'cancelled' || order.status === 'expired' ? 'orders:list.amountWas' : 'orders:list.total')}:{' '}
        <strong className="order-total">{orderAmount(order, lang)}</strong>
        {order.status === 'paid' && order.paid.amount !== order.total.amount
          ? ` · ${t('orders:list.paid')}: ${formatMoney(order.paid, lang)}`
          : ''}
      </Typography.Text>
      {note ? (
        <Typography.Text
          type={
            order.status === 'invalid' || order.transaction === 'payError' || order.transaction === 'payFailed'
              ? 'danger'
              : 'secondary'
          }
        >
          {note}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
