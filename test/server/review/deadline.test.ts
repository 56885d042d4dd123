/**
 * The review deadline (issue 33): the manager sets it with the review settings (a real day or
 * nothing; anything else is refused and changes nothing), reviewers see it on their list, and the
 * overview counts overdue = the reviews still open once it has passed (with none set: open 14
 * days after assignment, and the label says so). Saving the settings refreshes the panel at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OverviewPanelView } from '../../../server/contract/overview';
import type { ReviewConfig } from '../../../server/contract/review';
import type { ReviewerHome } from '../../../server/contract/reviewing';
import { toDbInstant } from '../../../server/db/dialect';
import { REVIEW_SCREENS } from '../../../server/contract/reviewScreens';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import {
  addReviewer,
  assign,
  authorWithPaper,
  call,
  ok,
  REVIEW,
  REVIEW_CONFIG,
  reviewSite,
  type ReviewSite,
  type TestReviewer,
} from './reviewingHelpers';

let h: Harness;
let site: ReviewSite;
let reviewer: TestReviewer;
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const settingsBody = (config: ReviewConfig, deadline?: string) => {
  const { saved: _saved, deadline: _kept, ...s } = config.settings;
  return deadline === undefined ? s : { ...s, deadline };
};
const config = async () =>
  ok<ReviewConfig>(await call(h, site.host, 'get', `${REVIEW_CONFIG}`, { token: site.manager }));
const save = async (deadline?: string, lang: 'zh' | 'en' = 'en') =>
  call(h, site.host, 'put', `${REVIEW_CONFIG}/settings`, {
    token: site.manager,
    body: settingsBody(await config(), deadline),
    lang,
  });
async function reviewPanel(lang: 'zh' | 'en' = 'en'): Promise<OverviewPanelView> {
  const data = ok<{ panels: OverviewPanelView[] }>(
    await call(h, site.host, 'get', '/conference/platform/manage/overview', { token: site.manager, lang }),
  );
  return data.panels.find((p) => p.name === 'review')!;
}
const overdue = (p: OverviewPanelView) => p.figures[2];

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'review-deadline');
  reviewer = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  // Three open reviews: one assigned 20 days ago, two today.
  for (let i = 0; i < 3; i++) await assign(h, site, (await authorWithPaper(h, site)).id, reviewer);
  const first = await h.db('reviews').where({ conference_id: site.cid }).orderBy('submission_id').first();
  await h
    .db('reviews')
    .where({ conference_id: site.cid, submission_id: first!.submission_id })
    .update({ assigned_at: toDbInstant(new Date(Date.now() - 20 * DAY)) });
}, 120_000);
afterAll(() => h?.stop());

describe('the deadline in the review settings', () => {
  test('none at first: the 14-day rule, and the label says no deadline is set', async () => {
    expect((await config()).settings.deadline).toBe('');
    const p = await reviewPanel();
    expect(overdue(p)).toMatchObject({ label: 'Open over 14 days (no review deadline set)', value: '1' });
    expect(overdue(await reviewPanel('zh')).label).toBe('超过 14 天未完成（未设评审截止日期）');
  });

  test('a day that is not one, or not a date, is refused in both languages and changes nothing', async () => {
    for (const bad of ['2026-02-30', 'tomorrow', '2026-1-5', '2026-12-01T00:00']) {
      const res = await save(bad);
      expect(res.body).toMatchObject({
        code: 400,
        message: 'Review deadline: a date such as 2026-12-01, or empty for none',
      });
    }
    expect((await save('2026-13-01', 'zh')).body.message).toBe(
      '评审截止日期：请填写如 2026-12-01 的日期，或留空表示不设',
    );
    expect((await config()).settings.deadline).toBe('');
  });

  test('a deadline ahead: nothing overdue, the label names it, reviewers see it on their list', async () => {
    const ahead = day(10);
    expect(ok<ReviewConfig>(await save(ahead)).settings.deadline).toBe(ahead);
    // saved in the same transaction as its event: the panel is fresh at once
    expect(overdue(await reviewPanel())).toMatchObject({ label: `Open past the deadline ${ahead}`, value: '0' });
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: reviewer.token }));
    expect(home.deadline).toBe(ahead);
    for (const [lang, words] of [
      ['en', `Please submit your reviews by ${ahead}`],
      ['zh', `请于 ${ahead}`],
    ] as const) {
      const { $ } = await page(h.app, REVIEW_SCREENS.reviewerHome, { host: site.host, token: reviewer.token, lang });
      expect($('.review-deadline').text()).toContain(words);
    }
  });

  test('a deadline passed: every open review is overdue; a submitted one is not', async () => {
    const last = await h
      .db('reviews')
      .where({ conference_id: site.cid })
      .orderBy('submission_id', 'desc')
      .first('submission_id');
    await h
      .db('reviews')
      .where({ conference_id: site.cid, submission_id: last!.submission_id })
      .update({ state: 'submitted', submitted_at: toDbInstant() });
    const passed = day(-1);
    ok(await save(passed));
    const p = await reviewPanel();
    expect(overdue(p)).toMatchObject({ label: `Open past the deadline ${passed}`, value: '2' });
    expect(
      p.charts
        .find((c) => c.id === 'review.perReviewer')!
        .series.map((s) => [s.name, s.values.reduce((a, b) => a + b, 0)]),
    ).toEqual([
      ['Submitted', 1],
      ['Open', 0],
      [`Open past the deadline ${passed}`, 2],
    ]);
  });

  test('saved without the field (an older client) it stays; saved empty it is gone and the 14-day rule is back', async () => {
    const kept = (await config()).settings.deadline;
    expect(ok<ReviewConfig>(await save(undefined)).settings.deadline).toBe(kept);
    expect(ok<ReviewConfig>(await save('')).settings.deadline).toBe('');
    expect(overdue(await reviewPanel())).toMatchObject({
      label: 'Open over 14 days (no review deadline set)',
      value: '1',
    });
    expect(
      ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: reviewer.token })).deadline,
    ).toBe('');
  });
});
