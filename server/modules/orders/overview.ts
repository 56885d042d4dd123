/**
 * The money panel of the managers' overview (issue 33): orders by status, amounts paid, due and
 * refunded per currency and per payment method, payments per day, and what waits for a manager
 * (flagged payments, bank statement rows no order matched), each with a link to the order desk.
 */
import { formatMoney, money } from '../../contract/money';
import { listAddress } from '../../contract/listAddress';
import type { OverviewChart, OverviewFigure, OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { countedChart, everyDay, formatCount } from '../../platform/overviewFigures';
import { utcOffsetMinutes } from '../../platform/localTime';
import { ORDER_STATUSES } from '../../contract/orders';
import { moneyFigures } from './repo';

const DESK = '/platform/manage/order';
/** the order desk filtered (its address filters, issue 33) */
const desk = (filter: Record<string, string>) => listAddress(DESK, filter);
const QUEUE = desk({ tab: 'queue' });
/** beyond a few currencies the charts would only be noise; the table of the last one says the rest */
const MAX_CURRENCIES = 4;

export function moneyOverview(db: Db): OverviewPanel {
  return {
    name: 'money',
    order: 20,
    changedBy: ['order.created', 'order.paid', 'order.closed', 'order.reopened', 'registrant.deleted'],
    // refunds and bank statement rows raise no event: at most this old
    maxAgeMs: 15_000,
    load: (ctx) => moneyPanel(db, ctx),
  };
}

async function moneyPanel(
  db: Db,
  { conferenceId, lang, now, timeZone }: OverviewContext,
): Promise<OverviewPanelView | null> {
  const f = await moneyFigures(db, conferenceId, utcOffsetMinutes(timeZone, now));
  if (!f.byStatus.length && !f.byMethod.length && !f.flagged.length && !f.statementQueue) return null;
  const orders = t(lang, 'overview:orders');
  const statusCounts = ORDER_STATUSES.map((status) => ({
    key: status,
    n: f.byStatus.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0),
  }));
  const currencies = [...new Set([...f.byStatus.map((r) => r.currency), ...f.byMethod.map((r) => r.currency)])]
    .sort()
    .slice(0, MAX_CURRENCIES);
  const amounts: OverviewChart[] = currencies.map((currency) => {
    const paid = f.byStatus.filter((r) => r.currency === currency).reduce((sum, r) => sum + r.paid, 0);
    const due = f.byStatus
      .filter((r) => r.currency === currency && r.status === 'unpaid')
      .reduce((sum, r) => sum + r.total - r.paid, 0);
    const refunded = f.refunded.find((r) => r.currency === currency)?.amount ?? 0;
    return {
      id: `money.amounts.${currency}`,
      title: t(lang, 'overview:money.amounts', { currency }),
      kind: 'bar',
      categories: [t(lang, 'overview:money.paid'), t(lang, 'overview:money.due'), t(lang, 'overview:money.refunded')],
      series: [{ name: currency, values: [paid, due, refunded] }],
      currency,
      href: desk({ currency }),
      // paid: every order of the currency that money came in for; due: its unpaid orders
      links: [desk({ currency }), desk({ currency, status: 'unpaid' }), null],
    };
  });
  const methods: OverviewChart[] = currencies.map((currency) => {
    const rows = f.byMethod.filter((r) => r.currency === currency).sort((a, b) => b.amount - a.amount);
    return {
      id: `money.methods.${currency}`,
      title: t(lang, 'overview:money.byMethod', { currency }),
      kind: 'hbar',
      categories: rows.map((r) => t(lang, `orders:methods.${r.method}`)),
      series: [{ name: currency, values: rows.map((r) => r.amount) }],
      currency,
      href: desk({ currency }),
      links: rows.map((r) => desk({ currency, method: r.method })),
      ...(rows.length ? {} : { empty: true }),
    };
  });
  const { days, values } = everyDay(f.perDay);
  const flaggedTotal = f.flagged.reduce((sum, r) => sum + r.n, 0);
  const paidFigures: OverviewFigure[] = currencies.map((currency) => ({
    label: t(lang, 'overview:money.paidIn', { currency }),
    value: formatMoney(
      money(
        f.byStatus.filter((r) => r.currency === currency).reduce((sum, r) => sum + r.paid, 0),
        currency,
      ),
      lang,
    ),
    href: desk({ currency }),
  }));
  return {
    name: 'money',
    title: t(lang, 'overview:money.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'overview:money.unpaidOrders'),
        value: formatCount(statusCounts.find((s) => s.key === 'unpaid')!.n, lang),
        href: desk({ status: 'unpaid' }),
      },
      ...paidFigures,
      {
        label: t(lang, 'overview:money.flagged'),
        value: formatCount(flaggedTotal, lang),
        href: QUEUE,
        warn: flaggedTotal > 0,
      },
      {
        label: t(lang, 'overview:money.statementQueue'),
        value: formatCount(f.statementQueue, lang),
        href: QUEUE,
        warn: f.statementQueue > 0,
      },
    ],
    charts: [
      countedChart('money.byStatus', t(lang, 'overview:money.byStatus'), statusCounts, {
        series: orders,
        label: (s) => t(lang, `orders:status.${s}`),
        href: DESK,
        links: (status) => desk({ status }),
      }),
      ...amounts,
      ...methods,
      {
        id: 'money.perDay',
        title: t(lang, 'overview:money.perDay'),
        kind: 'bar',
        categories: days,
        series: [{ name: t(lang, 'overview:money.payments'), values }],
        href: DESK,
        links: days.map((d) => desk({ paidFrom: d, paidTo: d })),
        ...(days.length ? {} : { empty: true }),
      },
      ...(f.flagged.length
        ? [
            countedChart('money.flagged', t(lang, 'overview:money.flaggedByKind'), f.flagged, {
              kind: 'hbar',
              series: t(lang, 'overview:money.flagged'),
              label: (k) => t(lang, `orders:manage.kinds.${k}`),
              href: QUEUE,
            }),
          ]
        : []),
    ],
  };
}
