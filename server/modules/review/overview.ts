/**
 * The review panel of the managers' overview (issue 33): progress (open, submitted, overdue) per
 * reviewer and per session, the distribution of the overall score, and the decisions pending.
 * Overdue: once the review configuration's deadline (a day in the conference's time zone) has
 * passed, every review still open; with no deadline set, a review still open two weeks after it
 * was assigned (REVIEW_OVERDUE_DAYS), and the label says which rule counted.
 */
import { listAddress } from '../../contract/listAddress';
import type { OverviewChart, OverviewPanelView } from '../../contract/overview';
import { REVIEW_SCREENS } from '../../contract/review';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { localTime } from '../../platform/localTime';
import { formatCount } from '../../platform/overviewFigures';
import { manuscriptsTable, sessionTitles } from '../submissions/index';
import { findSettings, reviewFigures } from './repo';
import { textIn } from '../../contract/bilingual';

export const REVIEW_OVERDUE_DAYS = 14;

export function reviewOverview(db: Db): OverviewPanel {
  return {
    name: 'review',
    order: 45,
    changedBy: ['submission.changed', 'review.assigned', 'review.configured'],
    // submitted reviews and removed assignments raise no event: at most this old
    maxAgeMs: 15_000,
    load: (ctx) => reviewPanel(db, ctx),
  };
}

/**
 * Open reviews assigned before this instant are overdue, and the label that says why: past the
 * deadline every open review (the day after it has begun in the conference's zone), none before;
 * without one, those assigned more than REVIEW_OVERDUE_DAYS ago.
 */
export function overdueRule(
  deadline: string | null | undefined,
  now: Date,
  timeZone: string,
  lang: OverviewContext['lang'],
): { before: Date; label: string } {
  if (deadline) {
    const passed = localTime(now, timeZone).slice(0, 10) > deadline;
    return {
      before: passed ? new Date(now.getTime() + 1) : new Date(0),
      label: t(lang, 'overview:review.overdueDeadline', { deadline }),
    };
  }
  return {
    before: new Date(now.getTime() - REVIEW_OVERDUE_DAYS * 86_400_000),
    label: t(lang, 'overview:review.overdue', { days: REVIEW_OVERDUE_DAYS }),
  };
}

async function reviewPanel(
  db: Db,
  { conferenceId, lang, now, timeZone }: OverviewContext,
): Promise<OverviewPanelView | null> {
  const rule = overdueRule((await findSettings(db, conferenceId))?.deadline, now, timeZone, lang);
  const f = await reviewFigures(db, conferenceId, manuscriptsTable(db, conferenceId), rule.before);
  if (!f.perReviewer.length && !f.pending) return null;
  const titles = await sessionTitles(db, conferenceId);
  const pick = (v: { zh: string; en: string } | undefined) => (v ? textIn(v, lang) : '—');
  const series = (rows: Array<{ open: number; submitted: number; overdue: number }>) => [
    { name: t(lang, 'overview:review.submitted'), values: rows.map((r) => r.submitted) },
    { name: t(lang, 'overview:review.open'), values: rows.map((r) => r.open - r.overdue) },
    { name: rule.label, values: rows.map((r) => r.overdue) },
  ];
  const progress = (
    id: string,
    title: string,
    names: string[],
    rows: Array<{ open: number; submitted: number; overdue: number }>,
    href: string,
    links: string[],
  ): OverviewChart => ({
    id,
    title,
    kind: 'stack',
    categories: names,
    series: series(rows),
    href,
    links,
    ...(rows.length ? {} : { empty: true }),
  });
  const overdue = f.perSession.reduce((sum, r) => sum + r.overdue, 0);
  return {
    name: 'review',
    title: t(lang, 'overview:review.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'overview:review.pending'),
        value: formatCount(f.pending, lang),
        href: REVIEW_SCREENS.allocation,
      },
      {
        label: t(lang, 'overview:review.ready'),
        value: formatCount(f.ready, lang),
        href: REVIEW_SCREENS.allocation,
        warn: f.ready > 0,
      },
      { label: rule.label, value: formatCount(overdue, lang), href: REVIEW_SCREENS.reviewers, warn: overdue > 0 },
    ],
    charts: [
      // a reviewer's bar opens their record (their manuscripts and reviews); a session's, the allocation list of that session
      progress(
        'review.perReviewer',
        t(lang, 'overview:review.perReviewer', { top: 20 }),
        f.perReviewer.map((r) => r.name),
        f.perReviewer,
        REVIEW_SCREENS.reviewers,
        f.perReviewer.map((r) => `${REVIEW_SCREENS.reviewerInfo}/${r.id}`),
      ),
      progress(
        'review.perSession',
        t(lang, 'overview:review.perSession'),
        f.perSession.map((r) => pick(titles.get(r.session))),
        f.perSession,
        REVIEW_SCREENS.allocation,
        f.perSession.map((r) => listAddress(REVIEW_SCREENS.allocation, { sessionId: r.session })),
      ),
      {
        id: 'review.scores',
        title: t(lang, 'overview:review.scores'),
        kind: 'bar',
        categories: f.scores.map((s) => String(s.score)),
        series: [{ name: t(lang, 'overview:review.reviews'), values: f.scores.map((s) => s.n) }],
        href: REVIEW_SCREENS.allocation,
        ...(f.scores.length ? {} : { empty: true }),
      },
    ],
  };
}
