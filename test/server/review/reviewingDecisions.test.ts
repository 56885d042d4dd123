/**
 * The final opinion (issue 16): a chair only for their sessions; the chair's opinion final or the
 * manager's, with spec 8's two refusals; the result mail to the authors; a returned manuscript
 * resubmitted starts a new round; the manager's own status buttons no longer decide.
 * The reviews themselves: reviewingReviews.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ReviewerHome, ReviewPanel, ReviewScreen } from '../../../server/contract/reviewing';
import { MANAGE } from '../submissions/helpers';
import { submissionBody } from '../submissions/helpers';
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
import { useReviewingWorld, h, site, chairA, chairB, paperWith } from './reviewingWorld';

useReviewingWorld();

describe('the chair and the final opinion', () => {
  test('a chair sees the reviews of their session only, and gives an opinion once a review is in', async () => {
    const {
      author,
      reviewers: [r1, r2],
    } = await paperWith(2);
    const early = await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
      token: chairA.token,
      lang: 'en',
      body: { opinion: 'accept' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('No review of this manuscript has been submitted yet');
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r1.token, body: fullReview(site) }));
    ok(
      await call(h, site.host, 'put', `${REVIEW}/${author.id}`, {
        token: r2.token,
        body: { scores: { overall: 2 }, comment: 'My private draft' },
      }),
    );
    const seen = ok<ReviewScreen>(await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chairA.token }));
    expect(seen.mine).toBeNull();
    expect(seen.chair!.reviews.map((r) => [r.reviewer, r.state, r.weighted])).toEqual([
      [r1.name, 'submitted', 80],
      [r2.name, 'draft', null],
    ]);
    // a draft is its reviewer's own until submitted
    expect(JSON.stringify(seen)).not.toContain('My private draft');
    expect(
      JSON.stringify(ok(await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }))),
    ).not.toContain('My private draft');
    expect(
      (
        await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
          token: chairB.token,
          body: { opinion: 'reject' },
        })
      ).status,
    ).toBe(404);
    // a reviewer of the manuscript who is not its chair cannot give the chair's opinion
    expect(
      (
        await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
          token: r1.token,
          body: { opinion: 'reject' },
        })
      ).status,
    ).toBe(404);
    const given = ok<ReviewScreen>(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
        token: chairA.token,
        body: { opinion: 'reject', comment: 'Not in scope' },
      }),
    );
    expect(given.chair!.decision).toMatchObject({
      chairOpinion: 'reject',
      chairComment: 'Not in scope',
      chair: chairA.name,
      finalOpinion: null,
    });
    // not final: the status stays, the manager decides
    expect(await status(h, site.cid, author.id)).toBe('assigned');
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chairA.token }));
    expect(home.chair.find((c) => c.submissionId === author.id)).toMatchObject({
      reviews: 2,
      submitted: 1,
      chairOpinion: 'reject',
    });
  });

  test('the result mail carries what the manager chose of the reviews, never a name; a returned manuscript gets its resubmission date; always the link', async () => {
    const newest = async () => (await mails(h, site.cid, 'finalReviewResult')).at(-1)!;
    // Comments and scores chosen: both reviews, numbered, not named; the decision's comment; the date; the link.
    const first = await paperWith(2);
    for (const [i, r] of first.reviewers.entries())
      ok(
        await call(h, site.host, 'post', `${REVIEW}/${first.author.id}/submit`, {
          token: r.token,
          body: fullReview(site, { comment: `Reviewer text ${i} <b>bold</b>`, opinion: 'return' }),
        }),
      );
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${first.author.id}/final`, {
        token: site.manager,
        body: { opinion: 'return', comment: 'Shorten section 3', mail: { comments: true, scores: true } },
      }),
    );
    const sent = await newest();
    expect(sent.text_body).toContain('Reviewer text 0 <b>bold</b>');
    expect(sent.text_body).toContain('Reviewer text 1');
    expect(sent.text_body).toContain('Shorten section 3');
    expect(sent.text_body).toMatch(/审稿人 1[\s\S]*审稿人 2/);
    expect(sent.text_body).toContain('8/10');
    expect(sent.text_body).toContain('加权总分 80 / 100');
    for (const r of first.reviewers) expect(sent.text_body).not.toContain(r.name);
    const { secondDeadline } = (await h
      .db('submission_settings')
      .where({ conference_id: site.cid })
      .first('second_deadline as secondDeadline')) as { secondDeadline: string };
    expect(sent.text_body).toContain(`请于 ${secondDeadline} 前修改稿件并重新提交`);
    expect(sent.text_body).toContain(`/profile/submission/details?id=${first.author.id}`);
    const html = (await h
      .db('mail_outbox')
      .where({ to_address: first.author.email, kind: 'finalReviewResult' })
      .orderBy('id', 'desc')
      .first('html_body')) as { html_body: string };
    expect(html.html_body).toContain('&lt;b&gt;bold&lt;/b&gt;'); // the reviewer's text is never markup

    // Nothing chosen (the default): the result and the link only.
    const second = await paperWith(1);
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${second.author.id}/submit`, {
        token: second.reviewers[0].token,
        body: fullReview(site, { comment: 'Private thoughts' }),
      }),
    );
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${second.author.id}/final`, {
        token: site.manager,
        body: { opinion: 'accept', comment: 'Internal note' },
      }),
    );
    const plain = await newest();
    expect(plain.text_body).not.toContain('Private thoughts');
    expect(plain.text_body).not.toContain('Internal note');
    expect(plain.text_body).not.toContain('8/10');
    expect(plain.text_body).toContain(`/profile/submission/details?id=${second.author.id}`);
    expect(plain.text_body).not.toContain('重新提交');

    // A choice that is not yes or no is refused and decides nothing.
    const third = await paperWith(1);
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${third.author.id}/submit`, {
        token: third.reviewers[0].token,
        body: fullReview(site),
      }),
    );
    const bad = await call(h, site.host, 'post', `${REVIEW}/${third.author.id}/final`, {
      token: site.manager,
      lang: 'en',
      body: { opinion: 'accept', mail: { comments: 'yes' } },
    });
    expect(bad.body).toMatchObject({ code: 400, message: 'Choose yes or no for what the mail includes' });
    expect(await status(h, site.cid, third.author.id)).toBe('assigned');
  });

  test("the manager's final opinion moves the status and mails the authors; a decided manuscript is refused", async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    const panel = ok<ReviewPanel>(
      await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }),
    );
    expect(panel).toMatchObject({ refusal: '', blind: true, chairFinal: false });
    expect(panel.reviews[0]).toMatchObject({ reviewer: r.name, weighted: 80, opinion: 'accept' });
    const after = ok<ReviewPanel>(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'accept', comment: 'Welcome' },
      }),
    );
    expect(after.decision).toMatchObject({ finalOpinion: 'accept', finalComment: 'Welcome' });
    expect(after.refusal).toBe('reviewing:finalizedOrUnassigned');
    expect(await status(h, site.cid, author.id)).toBe('accepted');
    const results = (await mails(h, site.cid, 'finalReviewResult')).filter((m) =>
      m.text_body.includes('Scalable graph learning'),
    );
    expect(results.map((m) => m.to_address)).toEqual(expect.arrayContaining([author.email, 'zhang.wei@example.org']));
    expect(results.map((m) => m.to_address)).not.toContain('alice@example.org');
    expect(results.at(-1)!.text_body).toContain('录用');
    for (const [lang, text] of [
      ['zh', '稿件已定稿或尚未分配审稿人'],
      ['en', 'The manuscript has been finalized or not assigned to any reviewer yet'],
    ] as const) {
      const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        lang,
        body: { opinion: 'reject' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(text);
    }
    expect(await status(h, site.cid, author.id)).toBe('accepted');
    // the reviews of a decided manuscript are read-only
    const late = await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: r.token });
    expect(ok<ReviewScreen>(late).mine!.readOnly).toBe(true);
  });

  test('a decision the manager reopens clears the decision row; the reviews stay; a new final opinion may be given', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'reject' },
      }),
    );
    ok(
      await call(h, site.host, 'post', `${MANAGE}/${author.id}/status`, {
        token: site.manager,
        body: { action: 'reopen', note: 'Reconsider' },
      }),
    );
    const panel = ok<ReviewPanel>(
      await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }),
    );
    expect(panel).toMatchObject({ refusal: '', decision: { finalOpinion: null } });
    expect(panel.reviews[0].state).toBe('submitted');
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'accept' },
      }),
    );
    expect(await status(h, site.cid, author.id)).toBe('accepted');
  });

  test('a manuscript without a reviewer is refused with the same message', async () => {
    const author = await authorWithPaper(h, site);
    const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
      token: site.manager,
      lang: 'en',
      body: { opinion: 'accept' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The manuscript has been finalized or not assigned to any reviewer yet');
    expect(await status(h, site.cid, author.id)).toBe('waiting');
    // the final opinion is for managers
    expect(
      (
        await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
          token: chairA.token,
          body: { opinion: 'accept' },
        })
      ).status,
    ).toBe(403);
  });

  test("the manager's status buttons no longer decide: accept, reject and return are the final opinion's", async () => {
    const { author } = await paperWith(1);
    const res = await call(h, site.host, 'post', `${MANAGE}/${author.id}/status`, {
      token: site.manager,
      body: { action: 'accept', note: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'action' });
    expect(await status(h, site.cid, author.id)).toBe('assigned');
  });

  test('returned, resubmitted: the reviews become drafts with their answers, the decision is cleared, a new round follows', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: r.token,
        body: fullReview(site, { opinion: 'return' }),
      }),
    );
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'return', comment: 'Shorten the abstract' },
      }),
    );
    expect(await status(h, site.cid, author.id)).toBe('returned');
    ok(
      await call(h, site.host, 'put', `/conference/submission/${author.id}`, {
        token: author.token,
        body: submissionBody(site, { abstract: 'Shorter.' }),
      }),
    );
    expect(await status(h, site.cid, author.id)).toBe('resubmitted');
    const again = ok<ReviewScreen>(await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: r.token }));
    expect(again.mine).toMatchObject({ state: 'draft', readOnly: false, comment: 'A good paper.', opinion: 'return' });
    expect(again.manuscript.abstract).toBe('Shorter.');
    const panel = ok<ReviewPanel>(
      await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }),
    );
    expect(panel.decision.finalOpinion).toBeNull();
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'accept' },
      }),
    );
    expect(await status(h, site.cid, author.id)).toBe('accepted');
  });
});

describe("the chair's opinion as the final opinion", () => {
  let final: ReviewSite;
  let chair: TestReviewer;
  beforeAll(async () => {
    final = await reviewSite(h, 'reviewing-chair-final', { chairFinal: true });
    chair = await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'chair' }]);
  });

  test('the status follows the chair; the manager is refused with the chair message; the authors are mailed', async () => {
    const author = await authorWithPaper(h, final);
    const r = await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'reviewer' }]);
    await assign(h, final, author.id, r);
    for (const [lang, text] of [
      ['zh', '稿件已定稿，或管理员已设置以主席意见为最终意见'],
      ['en', "The manuscript has been finalized or the manager set chairman's opinion to the final opinion"],
    ] as const) {
      const res = await call(h, final.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: final.manager,
        lang,
        body: { opinion: 'accept' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(text);
    }
    ok(
      await call(h, final.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: r.token,
        body: fullReview(final, { opinion: 'reject' }),
      }),
    );
    const given = ok<ReviewScreen>(
      await call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, {
        token: chair.token,
        body: { opinion: 'reject', comment: 'Out of scope' },
      }),
    );
    expect(given.chair!.decision).toMatchObject({
      chairOpinion: 'reject',
      finalOpinion: 'reject',
      finalComment: 'Out of scope',
    });
    expect(given.chair!.canGive).toBe(false);
    expect(await status(h, final.cid, author.id)).toBe('rejected');
    const history = await h
      .db('submission_history')
      .where({ conference_id: final.cid, submission_id: author.id })
      .orderBy('id', 'desc')
      .first();
    expect(history).toMatchObject({ to_status: 'rejected', by: 'chair', note: 'Out of scope' });
    expect((await mails(h, final.cid, 'finalReviewResult')).map((m) => m.to_address)).toEqual(
      expect.arrayContaining([author.email, 'zhang.wei@example.org']),
    );
    const again = await call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, {
      token: chair.token,
      lang: 'en',
      body: { opinion: 'accept' },
    });
    expect(again.status).toBe(409);
    expect(await status(h, final.cid, author.id)).toBe('rejected');
  });
});
