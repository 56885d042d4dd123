/**
 * The reviews' tests' setting: a conference with a call (test/server/submissions/helpers.ts), its
 * review configuration, authors with manuscripts, and reviewers and chairs written straight into
 * the review tables (migrations/027_reviewers.ts), assigned as the allocation does it: a review row
 * in state 'assigned' and the manuscript moved through the state machine.
 */
import type { Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { inTransaction } from '../../../server/db/transaction';
import type { ReviewConfig } from '../../../server/contract/review';
import { SCORE_KEYS } from '../../../server/contract/review';
import { attendee, call, callConference, ok, submissionBody, type CallSite } from '../submissions/helpers';

export { call, ok } from '../submissions/helpers';

export const REVIEW = '/conference/platform/review';
export const REVIEW_CONFIG = '/conference/platform/config/review';

export type ReviewSite = CallSite & { ruleId: number };

let seq = 0;

/** Two scores in use: overall (0–10, weight 60) and originality (0–5, weight 40); one detail rule of two points, shown to authors. */
export async function reviewSite(
  h: Harness,
  slug: string,
  settings: { blind?: boolean; chairFinal?: boolean } = {},
): Promise<ReviewSite> {
  const site = await callConference(h, slug);
  const scores = SCORE_KEYS.map((key) => ({
    key,
    enabled: key === 'overall' || key === 'originality',
    max: key === 'overall' ? 10 : 5,
    weight: key === 'overall' ? 60 : 40,
  }));
  ok(
    await call(h, site.host, 'put', `${REVIEW_CONFIG}/settings`, {
      token: site.manager,
      body: {
        blind: settings.blind ?? true,
        chairFinal: settings.chairFinal ?? false,
        scores,
        reviewersPerPaper: 2,
        maxPerReviewer: 0,
      },
    }),
  );
  const c = ok<ReviewConfig>(
    await call(h, site.host, 'post', `${REVIEW_CONFIG}/rules`, {
      token: site.manager,
      body: { titleZh: '创新性；方法可靠', titleEn: 'Novelty; sound method', display: true },
    }),
  );
  return { ...site, ruleId: c.rules[0].id };
}

export type Author = { token: string; userId: number; email: string; id: number };

/** An author (registered attendee named 'Zhang Author') with one manuscript in session A. */
export async function authorWithPaper(
  h: Harness,
  site: ReviewSite,
  change: Record<string, unknown> = {},
): Promise<Author> {
  const a = await attendee(h, site.cid);
  await h.db('users').where({ id: a.userId }).update({ true_name: 'Submitter Qian' });
  const user = await h.db('users').where({ id: a.userId }).first();
  const done = ok<{ id: number }>(
    await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site, change) }),
  );
  return { ...a, email: user!.email, id: done.id };
}

export type TestReviewer = { token: string; userId: number; reviewerId: number; email: string; name: string };

/** A reviewer with an account, activated, holding `roles` per top-level session. */
export async function addReviewer(
  h: Harness,
  site: ReviewSite,
  roles: Array<{ sessionId: number; role: 'reviewer' | 'chair' }> = [],
  lang: 'zh' | 'en' = 'en',
): Promise<TestReviewer> {
  const n = ++seq;
  // Not the authors' mail domain (example.org): a shared domain is a conflict, and chairs are held to it.
  const email = `reviewer${n}-${site.cid}@reviewers.example.net`;
  const name = `Reviewer Person${n}`;
  const token = await h.login({ email, name, conferenceId: site.cid, roles: ['reviewer'] });
  const user = await h.db('users').where({ email }).first();
  const now = toDbInstant();
  await h.db('reviewers').insert({
    conference_id: site.cid,
    email,
    user_id: user!.id,
    active: true,
    full_name: name,
    unit: 'Review University',
    lang,
    invited_at: now,
    activated_at: now,
  });
  const row = await h.db('reviewers').where({ conference_id: site.cid, email }).first();
  for (const r of roles)
    await h
      .db('reviewer_roles')
      .insert({ conference_id: site.cid, reviewer_id: row!.id, session_id: r.sessionId, role: r.role });
  return { token, userId: Number(user!.id), reviewerId: Number(row!.id), email, name };
}

/** Assigns a reviewer as the allocation does: the review row, and 'assign' through the state machine on the first reviewer. */
export async function assign(
  h: Harness,
  site: ReviewSite,
  submissionId: number,
  reviewer: TestReviewer,
): Promise<void> {
  const now = toDbInstant();
  await inTransaction(h.db, async (tx) => {
    await tx('reviews').insert({
      conference_id: site.cid,
      submission_id: submissionId,
      reviewer_id: reviewer.reviewerId,
      state: 'assigned',
      scores: '{}',
      answers: '{}',
      opinion: null,
      comment: '',
      assigned_at: now,
      updated_at: now,
    });
    const paper = await tx('submissions').where({ conference_id: site.cid, id: submissionId }).first();
    if (paper!.status === 'waiting' || paper!.status === 'resubmitted')
      await h.submissionDesk.moveInReview(tx, site.cid, submissionId, 'assign', {
        by: 'manager',
        userId: null,
        name: 'test',
      });
  });
}

/** A complete review for the site's configuration. */
export function fullReview(site: ReviewSite, change: Record<string, unknown> = {}) {
  return {
    scores: { overall: 8, originality: 4 },
    answers: { [site.ruleId]: ['Quite new', 'Sound'] },
    opinion: 'accept',
    comment: 'A good paper.',
    ...change,
  };
}

export async function mails(
  h: Harness,
  cid: number,
  kind: string,
): Promise<Array<{ to_address: string; subject: string; text_body: string }>> {
  return h.db('mail_outbox').where({ conference_id: cid, kind }).orderBy('id');
}

export async function status(h: Harness, cid: number, id: number): Promise<string> {
  return (await h.db('submissions').where({ conference_id: cid, id }).first())!.status;
}

/** For tests of other modules that need a decided manuscript: one reviewer assigned (the final opinion needs one). */
export async function assignReviewer(h: Harness, cid: number, submissionId: number): Promise<void> {
  const n = ++seq;
  const email = `assigned${n}-${cid}@example.org`;
  await h.login({ email, conferenceId: cid, roles: ['reviewer'] });
  const user = await h.db('users').where({ email }).first();
  const now = toDbInstant();
  await h.db('reviewers').insert({
    conference_id: cid,
    email,
    user_id: user!.id,
    active: true,
    full_name: `Assigned ${n}`,
    lang: 'en',
    invited_at: now,
    activated_at: now,
  });
  const reviewer = await h.db('reviewers').where({ conference_id: cid, email }).first();
  await assign(h, { cid } as ReviewSite, submissionId, {
    token: '',
    userId: Number(user!.id),
    reviewerId: Number(reviewer!.id),
    email,
    name: '',
  });
}
