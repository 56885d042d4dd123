/**
 * The hotels panel of the managers' overview (issue 33): per night and room type the rooms booked
 * against the rooms there are (a heat map, and bars per night), and the bookings not paid yet.
 */
import { listAddress } from '../../contract/listAddress';
import type { OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { countedChart, formatCount } from '../../platform/overviewFigures';
import { hotelFigures } from './repo';
import { textIn } from '../../contract/bilingual';

const DESK = '/platform/manage/hotel';
/** the reservations filtered (their address filters, issue 33) */
const desk = (filter: Record<string, string>) => listAddress(DESK, filter);
const STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'invalid'];

export function hotelsOverview(db: Db): OverviewPanel {
  return {
    name: 'hotels',
    order: 30,
    changedBy: ['hotel.booked', 'order.paid', 'order.closed', 'order.reopened', 'registrant.deleted'],
    // a manager's changes to rooms and bookings raise no event: at most this old
    maxAgeMs: 15_000,
    load: (ctx) => hotelsPanel(db, ctx),
  };
}

async function hotelsPanel(db: Db, { conferenceId, lang, now }: OverviewContext): Promise<OverviewPanelView | null> {
  const f = await hotelFigures(db, conferenceId);
  if (!f.nights.length && !f.byStatus.length) return null;
  const nights = [...new Set(f.nights.map((n) => n.night))].sort();
  const rooms = [
    ...new Map(f.nights.map((n) => [n.room, `${textIn(n.hotel, lang)} · ${textIn(n.type, lang)}`])).entries(),
  ];
  const rowOf = new Map(rooms.map(([id], i) => [id, i]));
  const colOf = new Map(nights.map((night, i) => [night, i]));
  const perNight = (pickValue: (n: (typeof f.nights)[number]) => number) =>
    nights.map((night) => f.nights.filter((n) => n.night === night).reduce((sum, n) => sum + pickValue(n), 0));
  const sold = perNight((n) => n.sold);
  const held = perNight((n) => n.held);
  const total = perNight((n) => n.total);
  const pending = f.byStatus.find((s) => s.status === 'pending');
  // the reservations that cover the night
  const nightLinks = nights.map((night) => desk({ from: night, to: night }));
  return {
    name: 'hotels',
    title: t(lang, 'overview:hotels.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'overview:hotels.unpaid'),
        value: formatCount(pending?.n ?? 0, lang),
        href: desk({ status: 'pending' }),
        warn: Boolean(pending?.n),
      },
      {
        label: t(lang, 'overview:hotels.roomNightsSold'),
        value: `${formatCount(
          sold.reduce((a, b) => a + b, 0),
          lang,
        )} / ${formatCount(
          total.reduce((a, b) => a + b, 0),
          lang,
        )}`,
        href: DESK,
      },
    ],
    charts: [
      {
        id: 'hotels.perNight',
        title: t(lang, 'overview:hotels.perNight'),
        kind: 'stack',
        categories: nights,
        series: [
          { name: t(lang, 'overview:hotels.sold'), values: sold },
          { name: t(lang, 'overview:hotels.held'), values: held },
          { name: t(lang, 'overview:hotels.free'), values: total.map((v, i) => Math.max(0, v - sold[i] - held[i])) },
        ],
        href: DESK,
        links: nightLinks,
        ...(nights.length ? {} : { empty: true }),
      },
      {
        id: 'hotels.grid',
        title: t(lang, 'overview:hotels.grid'),
        kind: 'heatmap',
        categories: nights,
        series: [],
        rows: rooms.map(([, name]) => name),
        // booked rooms as a share of the type's rooms that night, in percent; the table says both counts
        cells: f.nights.map((n) => [
          colOf.get(n.night)!,
          rowOf.get(n.room)!,
          n.total ? Math.round(((n.sold + n.held) * 100) / n.total) : 0,
        ]),
        href: DESK,
        links: nightLinks,
        ...(nights.length ? {} : { empty: true }),
      },
      countedChart(
        'hotels.byStatus',
        t(lang, 'overview:hotels.byStatus'),
        STATUSES.map((s) => ({ key: s, n: f.byStatus.find((b) => b.status === s)?.n ?? 0 })),
        {
          series: t(lang, 'overview:hotels.bookings'),
          label: (s) => t(lang, `hotels:status.${s}`),
          href: DESK,
          links: (status) => desk({ status }),
        },
      ),
    ],
  };
}
