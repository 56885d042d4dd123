/**
 * The order screens' words (spec 2.11, 4): titles and instants in the page's language, amounts,
 * spec 4's message for an order, a payment method's name and an error's text. No component here:
 * a page that needs only these does not load what orders.tsx draws with (antd's Typography and
 * Button, issue 32); orders.tsx re-exports them.
 */
import { formatMoney, type Money } from '../../server/contract/money';
import type { OrderView } from '../../server/contract/orders';
import { zhOrEn } from '../../server/contract/bilingual';
import { ApiError } from './api';
import type { Lang } from './locale';
import type { T } from './i18n';

export type { T };

/** The title in the page's language, or the other one when that is empty (the contract's zhOrEn). */
export const titleOf = zhOrEn;

const INSTANT: Record<Lang, Intl.DateTimeFormat> = {
  // One fixed time zone (the platform's, as formatInstant), so the server's text and the browser's match when hydrating.
  zh: new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
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
export function orderMessage(
  order: Pick<OrderView, 'status' | 'deadline' | 'paidAt'> & Partial<Pick<OrderView, 'transaction'>>,
  t: T,
  lang: Lang,
): string {
  if (order.transaction === 'payError') return t('orders:message.exception');
  switch (order.status) {
    case 'unpaid':
      if (order.transaction === 'delay') return t('orders:message.waitingTransfer');
      if (order.transaction === 'sure') return t('orders:message.sure');
      if (order.transaction === 'dePay') return t('orders:message.dePay');
      if (order.transaction === 'payFailed')
        return `${t('orders:message.payFailed')} ${t('orders:message.expiresAt', { time: formatAt(order.deadline, lang) })}`;
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
  return display && display.currency !== charged.currency
    ? `${formatMoney(display, lang)} (${formatMoney(charged, lang)})`
    : formatMoney(charged, lang);
}

/** An order's total as shown: in its display currency, the charged total beside it. */
export function orderAmount(order: Pick<OrderView, 'total' | 'displayTotal'>, lang: Lang): string {
  return shownAmount(order.total, order.displayTotal, lang);
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
