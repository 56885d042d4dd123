/** The mail panel of the managers' overview (issue 33): the outbox's messages queued, sent and failed per day, the last two weeks. */
import { listAddress } from '../../contract/listAddress';
import type { OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { everyDay, formatCount, localDayOf } from '../../platform/overviewFigures';
import { utcOffsetMinutes } from '../../platform/localTime';
import { mailFigures } from './repo';

const LOG = '/platform/manage/mailLog';
/** the log filtered (its address filters, issue 33) */
const log = (filter: Record<string, string>) => listAddress(LOG, filter);
export const MAIL_OVERVIEW_DAYS = 14;
/** 'sending' is still on its way; 'kept' is the development mailbox's "sent" */
const SHOWN: Array<{ key: string; statuses: string[]; filter: string }> = [
  { key: 'queued', statuses: ['queued', 'sending'], filter: 'unsent' },
  { key: 'sent', statuses: ['sent', 'kept'], filter: 'delivered' },
  { key: 'failed', statuses: ['failed'], filter: 'failed' },
];

export function mailOverview(db: Db): OverviewPanel {
  return {
    name: 'mail',
    order: 60,
    // the worker's outcomes raise these; a message queued does not: at most this old
    changedBy: ['mail.sent', 'mail.failed'],
    maxAgeMs: 15_000,
    load: (ctx) => mailPanel(db, ctx),
  };
}

async function mailPanel(db: Db, { conferenceId, lang, now, timeZone }: OverviewContext): Promise<OverviewPanelView> {
  const offset = utcOffsetMinutes(timeZone, now);
  const today = localDayOf(now, offset);
  const first = localDayOf(new Date(now.getTime() - (MAIL_OVERVIEW_DAYS - 1) * 86_400_000), offset);
  // whole days: from the first day's local midnight (the log's filter by days shows the same messages)
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - offset * 60_000);
  const rows = await mailFigures(db, conferenceId, offset, since);
  const { days } = everyDay([], [first, today]);
  const count = (statuses: string[], day?: string) =>
    rows.filter((r) => statuses.includes(r.status) && (!day || r.day === day)).reduce((sum, r) => sum + r.n, 0);
  const failed = count(['failed']);
  return {
    name: 'mail',
    title: t(lang, 'overview:mail.title'),
    at: now.toISOString(),
    figures: SHOWN.map((s) => ({
      label: t(lang, `overview:mail.${s.key}`),
      value: formatCount(count(s.statuses), lang),
      href: log({ status: s.filter, from: first }),
      ...(s.key === 'failed' ? { warn: failed > 0 } : {}),
    })),
    charts: [
      {
        id: 'mail.perDay',
        title: t(lang, 'overview:mail.perDay', { days: MAIL_OVERVIEW_DAYS }),
        kind: 'stack',
        categories: days,
        series: SHOWN.map((s) => ({
          name: t(lang, `overview:mail.${s.key}`),
          values: days.map((d) => count(s.statuses, d)),
        })),
        href: log({ from: first }),
        links: days.map((d) => log({ from: d, to: d })),
        ...(rows.length ? {} : { empty: true }),
      },
    ],
  };
}
