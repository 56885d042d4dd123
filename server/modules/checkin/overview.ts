/**
 * The check-in panel of the managers' overview (issue 33): checked in against registered, and
 * check-ins per hour, from the same live counts as the check-in screen, next to registration. Shown once the conference
 * has a desk or a check-in (before that it would be a row of zeros). No event marks a check-in for
 * the board, so the figures are at most a few seconds old: the door is where they change fastest.
 */
import { listAddress } from '../../contract/listAddress';
import type { OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { CHECKIN_AREA } from '../../platform/access';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { formatCount } from '../../platform/overviewFigures';
import { listDesks } from './repo';
import { liveCounts } from './counts';

export function checkinOverview(db: Db): OverviewPanel {
  return { name: 'checkin', order: 15, changedBy: [], maxAgeMs: 5_000, load: (ctx) => checkinPanel(db, ctx) };
}

async function checkinPanel(
  db: Db,
  { conferenceId, lang, now, timeZone }: OverviewContext,
): Promise<OverviewPanelView | null> {
  const [counts, desks] = await Promise.all([liveCounts(db, conferenceId, timeZone), listDesks(db, conferenceId)]);
  if (!desks.length && !counts.checkedIn) return null;
  const share = counts.registered ? Math.round((counts.checkedIn / counts.registered) * 1000) / 10 : 0;
  return {
    name: 'checkin',
    title: t(lang, 'checkin:overview.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'checkin:overview.checkedIn'),
        value: `${formatCount(counts.checkedIn, lang)} / ${formatCount(counts.registered, lang)}`,
        href: CHECKIN_AREA,
      },
      { label: t(lang, 'checkin:overview.share'), value: `${share}%`, href: CHECKIN_AREA },
    ],
    charts: [
      {
        id: 'checkin.perHour',
        title: t(lang, 'checkin:overview.perHour'),
        kind: 'bar',
        categories: counts.perHour.map((h) => h.hour),
        series: [{ name: t(lang, 'checkin:overview.checkedIn'), values: counts.perHour.map((h) => h.count) }],
        href: CHECKIN_AREA,
        // each hour's bar opens the check-ins of that local hour
        links: counts.perHour.map((h) => listAddress(CHECKIN_AREA, { hour: h.hour })),
        ...(counts.perHour.length ? {} : { empty: true }),
      },
    ],
  };
}
