/**
 * The submissions panel of the managers' overview (issue 33): manuscripts per status, session and
 * report type, and submissions per day against the call's dates and deadlines.
 */
import { listAddress } from '../../contract/listAddress';
import type { OverviewPanelView } from '../../contract/overview';
import { SUBMISSION_SCREENS } from '../../contract/submissionsApi';
import { SUBMISSION_STATUSES } from '../../contract/submissions';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { countedChart, cumulative, everyDay, formatCount } from '../../platform/overviewFigures';
import { utcOffsetMinutes } from '../../platform/localTime';
import { submissionFigures } from './overviewRepo';
import { textIn } from '../../contract/bilingual';

const LIST = SUBMISSION_SCREENS.manage;
/** the manuscripts filtered (their address filters, issue 33) */
const list = (filter: Record<string, string | number>) => listAddress(LIST, filter);

export function submissionsOverview(db: Db): OverviewPanel {
  return {
    name: 'submissions',
    order: 40,
    changedBy: ['submission.changed'],
    load: (ctx) => submissionsPanel(db, ctx),
  };
}

async function submissionsPanel(
  db: Db,
  { conferenceId, lang, now, timeZone }: OverviewContext,
): Promise<OverviewPanelView | null> {
  const f = await submissionFigures(db, conferenceId, utcOffsetMinutes(timeZone, now));
  if (!f.settings?.enabled && !f.byStatus.length) return null;
  const s = f.settings;
  const marks = [
    ...(s?.start_date ? [{ at: s.start_date, label: t(lang, 'overview:submissions.opens') }] : []),
    ...(s?.end_date ? [{ at: s.end_date, label: t(lang, 'overview:submissions.deadline') }] : []),
    ...(s?.second_deadline ? [{ at: s.second_deadline, label: t(lang, 'overview:submissions.secondDeadline') }] : []),
  ];
  const { days, values } = everyDay(
    f.perDay,
    marks.map((m) => m.at),
  );
  const total = f.byStatus.reduce((sum, r) => sum + r.n, 0);
  const manuscripts = t(lang, 'overview:manuscripts');
  const status = (key: string) => t(lang, `submissions:status.${key}`);
  return {
    name: 'submissions',
    title: t(lang, 'overview:submissions.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'overview:submissions.total'),
        value: formatCount(total - (f.byStatus.find((r) => r.key === 'withdrawn')?.n ?? 0), lang),
        href: list({ active: '1' }),
      },
      {
        label: status('waiting'),
        value: formatCount(f.byStatus.find((r) => r.key === 'waiting')?.n ?? 0, lang),
        href: list({ status: 'waiting' }),
      },
      { label: t(lang, 'overview:submissions.deadline'), value: s?.end_date || '—' },
    ],
    charts: [
      countedChart(
        'submissions.byStatus',
        t(lang, 'overview:submissions.byStatus'),
        SUBMISSION_STATUSES.map((key) => ({ key, n: f.byStatus.find((r) => r.key === key)?.n ?? 0 })),
        { series: manuscripts, label: status, href: LIST, links: (key) => list({ status: key }) },
      ),
      {
        id: 'submissions.perDay',
        title: t(lang, 'overview:submissions.perDay'),
        kind: 'bar',
        categories: days,
        series: [
          { name: manuscripts, values },
          { name: t(lang, 'overview:submissions.cumulative'), values: cumulative(values) },
        ],
        marks,
        href: LIST,
        links: days.map((d) => list({ from: d, to: d })),
        ...(days.length ? {} : { empty: true }),
      },
      {
        ...countedChart(
          'submissions.bySession',
          t(lang, 'overview:submissions.bySession'),
          f.bySession.map((r) => ({ key: textIn(r.title, lang), n: r.n })),
          { kind: 'hbar', series: manuscripts, href: list({ active: '1' }) },
        ),
        links: f.bySession.map((r) => list({ sessionId: r.id, active: '1' })),
      },
      {
        ...countedChart(
          'submissions.byType',
          t(lang, 'overview:submissions.byType'),
          f.byType.map((r) => ({ key: r.id === null ? t(lang, 'overview:notGiven') : textIn(r.title, lang), n: r.n })),
          { kind: 'hbar', series: manuscripts, href: list({ active: '1' }) },
        ),
        links: f.byType.map((r) => (r.id === null ? null : list({ reportTypeId: r.id, active: '1' }))),
      },
    ],
  };
}
