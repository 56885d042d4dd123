/**
 * A chair is held to the reviewers' conflict rule (server/modules/review/conflicts/chairs.ts): a chair
 * who wrote the manuscript, or is its co-author by e-mail, neither reads its reviews (403 in both
 * languages, marked in their list without progress) nor gives the chair's opinion — with the chair's
 * opinion final, a chair-author used to accept their own paper over a reject review. The manager
 * sees that the manuscript needs another chair until one without a conflict holds the session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toDbInstant } from '../../../server/db/dialect';
import { createHarness, type Harness } from '../../helpers/harness';
import { grantRole } from '../../../server/modules/accounts/service';
import type { ReviewerHome, ReviewPanel } from '../../../server/contract/reviewing';
import type { AllocationPage, ConflictView } from '../../../server/contract/allocation';
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

let h: Harness;
let site: ReviewSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'chairconflict', { chairFinal: true });
});
afterAll(() => h?.stop());

/** The author's own account made a chair of session A, as a manager would through the reviewer list. */
async function authorAsChair(a: { userId: number; email: string; token: string }): Promise<TestReviewer> {
  const now = toDbInstant();
  await h.db('reviewers').insert({
    conference_id: site.cid,
    email: a.email,
    user_id: a.userId,
    active: true,
    full_name: 'Chair Author',
    unit: 'Chair College',
    lang: 'en',
    invited_at: now,
    activated_at: now,
  });
  const row = await h.db('reviewers').where({ conference_id: site.cid, email: a.email }).first();
  await h
    .db('reviewer_roles')
    .insert({ conference_id: site.cid, reviewer_id: row!.id, session_id: site.sessionA, role: 'chair' });
  await grantRole(h.db, site.cid, a.userId, 'reviewer');
  return { token: a.token, userId: a.userId, reviewerId: Number(row!.id), email: a.email, name: 'Chair Author' };
}

/** A manuscript of session A with one submitted reject review. */
async function reviewed(change: Record<string, unknown> = {}) {
  const author = await authorWithPaper(h, site, change);
  const r = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  await assign(h, site, author.id, r);
  ok(
    await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
      token: r.token,
      body: fullReview(site, { opinion: 'reject', comment: 'Out of scope.' }),
    }),
  );
  return { author, r };
}

const allocationRow = async (id: number) =>
  ok<AllocationPage>(
    await call(h, site.host, 'get', `/conference/platform/submission/allocation?size=200`, { token: site.manager }),
  ).rows.find((x) => x.id === id)!;
const panel = async (id: number) =>
  ok<ReviewPanel>(await call(h, site.host, 'get', `${REVIEW}/${id}/panel`, { token: site.manager }));

describe('a chair in conflict with a manuscript of their session', () => {
  test('the author as chair reads no review, cannot accept their own paper, and the manager is told it needs another chair', async () => {
    const { author, r } = await reviewed();
    const chair = await authorAsChair(author);
    for (const [lang, text] of [
      ['zh', '您与该稿件存在利益冲突，不能查看其审稿意见或给出主席意见，由其他主席决定'],
      [
        'en',
        "You have a conflict of interest with this manuscript: you may not read its reviews or give the chair's opinion; another chair decides",
      ],
    ] as const) {
      const screen = await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chair.token, lang });
      expect(screen.status).toBe(403);
      expect(screen.body).toMatchObject({ message: text });
      expect(JSON.stringify(screen.body)).not.toContain(r.name);
      const opinion = await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
        token: chair.token,
        lang,
        body: { opinion: 'accept', comment: 'Mine, and good' },
      });
      expect(opinion.status).toBe(403);
      expect(opinion.body).toMatchObject({ message: text });
    }
    expect(
      (await call(h, site.host, 'get', `${REVIEW}/${author.id}/file/fullTextFile`, { token: chair.token })).status,
    ).toBe(403);
    expect(await status(h, site.cid, author.id)).toBe('assigned');
    expect(
      await h.db('review_decisions').where({ conference_id: site.cid, submission_id: author.id }).first(),
    ).toBeUndefined();

    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chair.token }));
    expect(home.chair.find((x) => x.submissionId === author.id)).toMatchObject({
      conflicted: true,
      reviews: 0,
      submitted: 0,
      chairOpinion: null,
      finalOpinion: null,
    });
    expect(JSON.stringify(home)).not.toContain(r.name);

    expect(await allocationRow(author.id)).toMatchObject({ needsChair: true });
    expect(await panel(author.id)).toMatchObject({ needsChair: true });

    // Another chair without a conflict: the manuscript no longer needs one, and that chair decides.
    const other = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
    expect(await allocationRow(author.id)).toMatchObject({ needsChair: false });
    expect(await panel(author.id)).toMatchObject({ needsChair: false });
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
        token: other.token,
        body: { opinion: 'reject', comment: 'Agreed' },
      }),
    );
    expect(await status(h, site.cid, author.id)).toBe('rejected');
    // Once decided the flag goes, whoever chairs.
    expect(await panel(author.id)).toMatchObject({ needsChair: false });
    await h.db('reviewer_roles').where({ conference_id: site.cid, reviewer_id: other.reviewerId }).delete();
  });

  test('a co-author by e-mail is refused the same way; their other session is untouched', async () => {
    const chair = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
    const { author } = await reviewed({
      authors: [
        // (not the default first author: the chair would be that author's co-author, a conflict on every paper of theirs)
        {
          name: 'Lone',
          surname: 'Writer',
          email: 'lone.writer@example.org',
          phone: '1',
          country: 'China',
          company: 'Writers College',
          corresponding: true,
        },
        {
          name: 'Co',
          surname: 'Author',
          email: chair.email.toUpperCase(),
          phone: '1',
          country: 'China',
          company: 'Elsewhere Institute',
          corresponding: false,
        },
      ],
    });
    const { author: clean } = await reviewed();
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chair.token })).status).toBe(403);
    expect(
      (
        await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
          token: chair.token,
          body: { opinion: 'accept' },
        })
      ).status,
    ).toBe(403);
    expect(await status(h, site.cid, author.id)).toBe('assigned');
    // the manuscript they have no conflict with: read and decided as before
    expect((await call(h, site.host, 'get', `${REVIEW}/${clean.id}`, { token: chair.token })).status).toBe(200);
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chair.token }));
    expect(home.chair.find((x) => x.submissionId === author.id)?.conflicted).toBe(true);
    expect(home.chair.find((x) => x.submissionId === clean.id)).toMatchObject({
      conflicted: false,
      reviews: 1,
      submitted: 1,
    });
    await h.db('reviewer_roles').where({ conference_id: site.cid, reviewer_id: chair.reviewerId }).delete();
  });

  test('a suggested conflict (a shared mail domain) blocks until the manager dismisses it in the conflicts drawer', async () => {
    const { author } = await reviewed({
      authors: [
        {
          name: 'Dom',
          surname: 'Ain',
          email: 'dom.ain@shared-domain.example',
          phone: '1',
          country: 'China',
          company: 'Domain Works',
          corresponding: true,
        },
      ],
    });
    const chair = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
    await h.db('reviewers').where({ id: chair.reviewerId }).update({ email: 'the.chair@shared-domain.example' });
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chair.token })).status).toBe(403);
    const drawer = ok<ConflictView[]>(
      await call(h, site.host, 'get', '/conference/platform/submission/allocation/conflicts', { token: site.manager }),
    );
    expect(drawer.find((c) => c.reviewerId === chair.reviewerId && c.submissionId === author.id)).toMatchObject({
      state: 'suggested',
      reason: 'sameDomain',
    });
    ok(
      await call(h, site.host, 'post', '/conference/platform/submission/allocation/conflicts', {
        token: site.manager,
        body: { reviewerId: chair.reviewerId, submissionId: author.id, state: 'dismissed' },
      }),
    );
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chair.token })).status).toBe(200);
    await h.db('reviewer_roles').where({ conference_id: site.cid, reviewer_id: chair.reviewerId }).delete();
  });

  test("a conflicted chair is not told that the manuscript's reviews are in", async () => {
    const author = await authorWithPaper(h, site);
    const chair = await authorAsChair(author);
    const r = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    await assign(h, site, author.id, r);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    expect((await mails(h, site.cid, 'chairReviewNotice')).map((m) => m.to_address)).not.toContain(chair.email);
  });
});
