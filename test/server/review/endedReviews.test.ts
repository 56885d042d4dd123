/**
 * A manager ends an assignment whatever the review's state (server/modules/review/allocation/service.ts
 * `end`): a confirmed conflict on a reviewer who saved a draft, or the manager's own removal of a
 * reviewer who began or even submitted. The reviewer no longer sees the manuscript; the review is
 * kept for the managers (the panel's `ended`, with its reason) and never counts again — not in the
 * chair's progress, the chairs' notice, the final opinion's rule, nor the manuscript's status.
 * Before, a confirmed conflict left a begun review in place and a started review could not be removed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import type { CandidatesView } from '../../../server/contract/allocation';
import type { ReviewerHome, ReviewPanel } from '../../../server/contract/reviewing';
import {
  addReviewer,
  assign,
  authorWithPaper,
  call,
  fullReview,
  mails,
  ok,
  REVIEW,
  reviewSite,
  status,
  type ReviewSite,
  type TestReviewer,
} from './reviewingHelpers';

const ALLOCATION = '/conference/platform/submission/allocation';

let h: Harness;
let site: ReviewSite;
let chair: TestReviewer;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'ended-reviews');
  chair = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
});
afterAll(() => h?.stop());

async function paperWith(n: number) {
  const author = await authorWithPaper(h, site);
  const reviewers: TestReviewer[] = [];
  for (let i = 0; i < n; i++) {
    const r = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    await assign(h, site, author.id, r);
    reviewers.push(r);
  }
  return { id: author.id, reviewers };
}

const panel = async (id: number) =>
  ok<ReviewPanel>(await call(h, site.host, 'get', `${REVIEW}/${id}/panel`, { token: site.manager }));
const confirm = (id: number, r: TestReviewer) =>
  call(h, site.host, 'post', `${ALLOCATION}/conflicts`, {
    token: site.manager,
    body: { reviewerId: r.reviewerId, submissionId: id, state: 'confirmed' },
  });
const unassign = (id: number, r: TestReviewer, lang: 'zh' | 'en' = 'en') =>
  call(h, site.host, 'delete', `${ALLOCATION}/papers/${id}/reviewers/${r.reviewerId}`, { token: site.manager, lang });

/** What the reviewer can still reach of the manuscript. */
async function expectGone(id: number, r: TestReviewer) {
  expect((await call(h, site.host, 'get', `${REVIEW}/${id}`, { token: r.token })).status).toBe(404);
  expect(
    (await call(h, site.host, 'put', `${REVIEW}/${id}`, { token: r.token, body: { comment: 'more' } })).status,
  ).toBe(404);
  expect(
    (await call(h, site.host, 'post', `${REVIEW}/${id}/submit`, { token: r.token, body: fullReview(site) })).status,
  ).toBe(404);
  const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: r.token }));
  expect(home.tasks.map((x) => x.submissionId)).not.toContain(id);
}

describe('a confirmed conflict on a reviewer who saved a draft', () => {
  test('ends the assignment; the draft is kept for the manager and never counts', async () => {
    const {
      id,
      reviewers: [r1, r2],
    } = await paperWith(2);
    ok(
      await call(h, site.host, 'put', `${REVIEW}/${id}`, {
        token: r1.token,
        body: { scores: { overall: 9 }, comment: 'Begun before I noticed' },
      }),
    );
    ok(await confirm(id, r1));
    await expectGone(id, r1);
    expect(await h.db('reviews').where({ conference_id: site.cid, submission_id: id }).pluck('reviewer_id')).toEqual([
      r2.reviewerId,
    ]);

    let view = await panel(id);
    expect(view.reviews.map((x) => x.reviewerId)).toEqual([r2.reviewerId]);
    expect(view.ended).toEqual([
      expect.objectContaining({
        reviewerId: r1.reviewerId,
        reviewer: r1.name,
        state: 'draft',
        reason: 'conflict',
        comment: 'Begun before I noticed',
        scores: { overall: 9 },
      }),
    ]);

    // The other reviewer's submit is the last one in: the chairs are told, and the progress is 1 of 1.
    const before = (await mails(h, site.cid, 'chairReviewNotice')).length;
    ok(await call(h, site.host, 'post', `${REVIEW}/${id}/submit`, { token: r2.token, body: fullReview(site) }));
    expect((await mails(h, site.cid, 'chairReviewNotice')).length).toBe(before + 1);
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chair.token }));
    expect(home.chair.find((x) => x.submissionId === id)).toMatchObject({ reviews: 1, submitted: 1 });
    view = await panel(id);
    expect(view.refusal).toBe('');
    expect(await status(h, site.cid, id)).toBe('assigned');
    // The pair stays blocked: the reviewer cannot be picked again.
    const again = await call(h, site.host, 'post', `${ALLOCATION}/papers/${id}/reviewers`, {
      token: site.manager,
      body: { reviewerIds: [r1.reviewerId] },
    });
    expect(again.body.key).toBe('allocation:conflict');
  });
});

describe("the manager's unassignment", () => {
  test('removes a reviewer who submitted: kept aside as submitted, not counted by the chair or the decision', async () => {
    const {
      id,
      reviewers: [r1, r2],
    } = await paperWith(2);
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${id}/submit`, {
        token: r1.token,
        body: fullReview(site, { opinion: 'reject', comment: 'Reject it' }),
      }),
    );
    const after = ok<CandidatesView>(await unassign(id, r1));
    expect(after.submission.reviewers.map((x) => x.reviewerId)).toEqual([r2.reviewerId]);
    await expectGone(id, r1);
    const seen = await call(h, site.host, 'get', `${REVIEW}/${id}`, { token: chair.token });
    expect(JSON.stringify(seen.body)).not.toContain('Reject it');
    // No submitted review counts now: the chair may not give an opinion yet.
    const early = await call(h, site.host, 'post', `${REVIEW}/${id}/chair`, {
      token: chair.token,
      body: { opinion: 'reject' },
    });
    expect(early.status).toBe(409);
    expect((await panel(id)).ended).toEqual([
      expect.objectContaining({
        reviewerId: r1.reviewerId,
        state: 'submitted',
        reason: 'unassigned',
        opinion: 'reject',
      }),
    ]);
  });

  test('removing the last reviewer, who began, sends the manuscript back to waiting; no final opinion without a reviewer', async () => {
    const {
      id,
      reviewers: [r1],
    } = await paperWith(1);
    ok(await call(h, site.host, 'put', `${REVIEW}/${id}`, { token: r1.token, body: { comment: 'Started' } }));
    ok(await unassign(id, r1));
    expect(await status(h, site.cid, id)).toBe('waiting');
    const view = await panel(id);
    expect(view.reviews).toEqual([]);
    expect(view.refusal).toBe('reviewing:finalizedOrUnassigned');
    expect(view.ended.map((x) => x.reason)).toEqual(['unassigned']);
    // The reviewer may be picked again: a fresh review, the old one still kept aside.
    ok(
      await call(h, site.host, 'post', `${ALLOCATION}/papers/${id}/reviewers`, {
        token: site.manager,
        body: { reviewerIds: [r1.reviewerId] },
      }),
    );
    const screen = ok<{ mine: { state: string; comment: string } }>(
      await call(h, site.host, 'get', `${REVIEW}/${id}`, { token: r1.token }),
    );
    expect(screen.mine).toMatchObject({ state: 'assigned', comment: '' });
  });

  test('a decided manuscript keeps its reviewers; an unknown pair is not found; only managers', async () => {
    const {
      id,
      reviewers: [r1],
    } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${id}/submit`, { token: r1.token, body: fullReview(site) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${id}/final`, { token: site.manager, body: { opinion: 'accept' } }));
    for (const lang of ['zh', 'en'] as const) {
      const res = await unassign(id, r1, lang);
      expect(res.status).toBe(409);
      expect(res.body.key).toBe('allocation:notAssignable');
      expect(res.body.message).not.toContain('allocation:');
    }
    expect((await unassign(id, chair)).status).toBe(404);
    expect(
      (await call(h, site.host, 'delete', `${ALLOCATION}/papers/${id}/reviewers/${r1.reviewerId}`, { token: r1.token }))
        .status,
    ).toBe(403);
    expect(await h.db('reviews').where({ conference_id: site.cid, submission_id: id }).pluck('reviewer_id')).toEqual([
      r1.reviewerId,
    ]);
  });
});
