/**
 * What the order screens share (spec 2.11, 4): titles and instants in the page's language, the
 * status tag and spec 4's message for an order, an order's summary, and the error toast.
 */
import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { formatMoney, type Money } from '../../server/contract/money';
import type { AttemptState, OrderItemView, OrderView, TransactionStatus } from '../../server/contract/orders';
import { zhOrEn } from '../../server/contract/bilingual';
import { ApiError } from './api';
import type { Lang } from './locale';

export type T = (key: string, options?: Record<string, unknown>) => string;

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

/** The title in the page's language, or the other one when that is empty (the contract's zhOrEn). */
export const titleOf = zhOrEn;

const INSTANT: Record<Lang, Intl.DateTimeFormat> = {
  // One fixed time zone (the platform's, as formatInstant), so the server's text and the browser's match when hydrating.
  zh: new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

/** An ISO instant for people, in the page's language ('' for none). */
export function formatAt(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : INSTANT[lang].format(date);
}

export function moneyText(m: Money | null | undefined, lang: Lang): string {
  return m ? formatMoney(m, lang) : '';
}

/**
 * Spec 4's message for an order: when it expires or expired, that it was voided, when it was
 * paid, "Payment exception." An order whose transfer was announced does not expire while the
 * money travels (the expiry job spares it), so it says that it waits instead.
 */
export function orderMessage(order: Pick<OrderView, 'status' | 'deadline' | 'paidAt'> & Partial<Pick<OrderView, 'transaction'>>, t: T, lang: Lang): string {
  if (order.transaction === 'payError') return t('orders:message.exception');
  switch (order.status) {
    case 'unpaid':
      if (order.transaction === 'delay') return t('orders:message.waitingTransfer');
      if (order.transaction === 'sure') return t('orders:message.sure');
      if (order.transaction === 'dePay') return t('orders:message.dePay');
      if (order.transaction === 'payFailed') return `${t('orders:message.payFailed')} ${t('orders:message.expiresAt', { time: formatAt(order.deadline, lang) })}`;
      return t('orders:message.expiresAt', { time: formatAt(order.deadline, lang) });
    case 'expired':
      return t('orders:message.expiredAt', { time: formatAt(order.deadline, lang) });
    case 'invalid':
      return t('orders:message.voided');
    case 'paid':
      return order.paidAt ? t('orders:message.paidAt', { time: formatAt(order.paidAt, lang) }) : '';
    default:
      return '';
  }
}

const TRANSACTION_COLORS: Record<TransactionStatus, string> = { unpaid: 'orange', delay: 'gold', sure: 'gold', dePay: 'blue', success: 'green', payError: 'red', cancel: 'default', expired: 'default', exception: 'red', payFailed: 'red' };
const ATTEMPT_COLORS: Record<AttemptState, string> = { created: 'default', pending: 'gold', succeeded: 'green', failed: 'red', canceled: 'default', expired: 'default' };

export function TransactionTag({ status, t }: { status: TransactionStatus; t: T }) {
  return <Tag color={TRANSACTION_COLORS[status]}>{t(`orders:transaction.${status}`)}</Tag>;
}

export function AttemptTag({ state, t }: { state: AttemptState; t: T }) {
  return <Tag color={ATTEMPT_COLORS[state]}>{t(`orders:attemptState.${state}`)}</Tag>;
}

/** A payment method's name: the conference's own title when the page has it, else the generic one. */
export function methodName(method: string | null, t: T): string {
  return method ? t(`orders:methods.${method}`, { defaultValue: method }) : '';
}

/**
 * An amount as the order is shown: in its display currency with the amount charged (the
 * settlement currency) beside it, "US$100.00 (¥700.00)"; the charged amount alone when the order
 * is shown in its own currency.
 */
export function shownAmount(charged: Money, display: Money | null | undefined, lang: Lang): string {
  return display && display.currency !== charged.currency ? `${formatMoney(display, lang)} (${formatMoney(charged, lang)})` : formatMoney(charged, lang);
}

/** An order's total as shown: in its display currency, the charged total beside it. */
export function orderAmount(order: Pick<OrderView, 'total' | 'displayTotal'>, lang: Lang): string {
  return shownAmount(order.total, order.displayTotal, lang);
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

/** A server answer's text (an i18n key `ns:key`) or, for text that is not a key, the text itself. */
export function textOrKey(text: string, t: T): string {
  return /^[A-Za-z]+:[A-Za-z0-9_.]+$/.test(text) ? t(text) : text;
}

/** The error's message key and its placeholder values (the generic failure for anything not from the API). */
export function errorText(err: unknown, t: T, extra: Record<string, string> = {}): string {
  if (err instanceof ApiError) return t(err.messageKey, { ...extra, ...err.params });
  return t('orders:failed');
}
