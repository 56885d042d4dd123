/**
 * The reviewing tests' world (reviewingReviews, reviewingDecisions): one harness per test file with
 * a reviewing site and a chair for each of its two sessions. The bindings are live: each file that
 * calls useReviewingWorld() sets them in its own beforeAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import {
  addReviewer,
  assign,
  authorWithPaper,
  reviewSite,
  type Author,
  type ReviewSite,
  type TestReviewer,
} from './reviewingHelpers';

/** Starts this file's harness and site before its tests and stops it after. */
export function useReviewingWorld(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    site = await reviewSite(h, 'reviewing');
    chairA = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }], 'zh');
    chairB = await addReviewer(h, site, [{ sessionId: site.sessionB, role: 'chair' }]);
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let site: ReviewSite;
export let chairA: TestReviewer;
export let chairB: TestReviewer;

export async function paperWith(n: number): Promise<{ author: Author; reviewers: TestReviewer[] }> {
  const author = await authorWithPaper(h, site);
  const reviewers: TestReviewer[] = [];
  for (let i = 0; i < n; i++) {
    const r = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    await assign(h, site, author.id, r);
    reviewers.push(r);
  }
  return { author, reviewers };
}

export const reviewRow = (id: number, r: TestReviewer) =>
  h.db('reviews').where({ conference_id: site.cid, submission_id: id, reviewer_id: r.reviewerId }).first();
