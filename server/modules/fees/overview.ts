/** The fees panel of the managers' overview (issue 33): each fee item's places sold (paid), held (unpaid) and its maximum. */
import type { OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { formatCount } from '../../platform/overviewFigures';
import { feeFigures } from './repo';
import { zhOrEn } from '../../contract/bilingual';

export function feesOverview(db: Db): OverviewPanel {
  return {
    name: 'fees',
    order: 25,
    changedBy: [
      'order.created',
      'order.paid',
      'order.closed',
      'order.reopened',
      'fee.priceChanged',
      'registrant.deleted',
    ],
    // changes no event reports (a fee item edited): at most this old
    maxAgeMs: 15_000,
    load: (ctx) => feesPanel(db, ctx),
  };
}

async function feesPanel(db: Db, { conferenceId, lang, now }: OverviewContext): Promise<OverviewPanelView | null> {
  const fees = await feeFigures(db, conferenceId);
  if (!fees.length) return null;
  const sold = fees.reduce((sum, f) => sum + f.paid, 0);
  return {
    name: 'fees',
    title: t(lang, 'overview:fees.title'),
    at: now.toISOString(),
    figures: [
      { label: t(lang, 'overview:fees.sold'), value: formatCount(sold, lang), href: '/platform/config/register/fee' },
    ],
    charts: [
      {
        id: 'fees.items',
        title: t(lang, 'overview:fees.items'),
        kind: 'stack',
        categories: fees.map((f) => zhOrEn(f.title_zh, f.title_en, lang)),
        series: [
          { name: t(lang, 'overview:fees.paid'), values: fees.map((f) => f.paid) },
          { name: t(lang, 'overview:fees.unpaid'), values: fees.map((f) => f.unpaid) },
          {
            name: t(lang, 'overview:fees.left'),
            values: fees.map((f) => Math.max(0, f.max_total - f.paid - f.unpaid)),
          },
        ],
        href: '/platform/config/register/fee',
      },
    ],
  };
}
