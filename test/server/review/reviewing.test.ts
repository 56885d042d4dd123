/**
 * The reviews (issue 16): a score out of range, unknown, or missing on submit is refused in both
 * languages with its field and changes nothing; a manuscript not assigned is not found; a draft,
 * then a submit, read-only afterwards; the mails (managers on submit, chairs when all are in,
 * authors on the final opinion); a chair only for their sessions; the chair's opinion final or the
 * manager's, with spec 8's two refusals; a returned manuscript resubmitted starts a new round; the
 * manager's own status buttons no longer decide; the reviewer's screens.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import type { ReviewerHome, ReviewPanel, ReviewScreen } from '../../../server/contract/reviewing';
import { MANAGE } from '../submissions/helpers';
import { submissionBody } from '../submissions/helpers';
import { addReviewer, assign, authorWithPaper, call, fullReview, mails, ok, REVIEW, reviewSite, status, type Author, type ReviewSite, type TestReviewer } from './reviewingHelpers';

let h: Harness;
let site: ReviewSite;
let chairA: TestReviewer;
let chairB: TestReviewer;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'reviewing');
  chairA = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }], 'zh');
  chairB = await addReviewer(h, site, [{ sessionId: site.sessionB, role: 'chair' }]);
});
afterAll(() => h?.stop());

async function paperWith(n: number): Promise<{ author: Author; reviewers: TestReviewer[] }> {
  const author = await authorWithPaper(h, site);
  const reviewers: TestReviewer[] = [];
  for (let i = 0; i < n; i++) {
    const r = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    await assign(h, site, author.id, r);
    reviewers.push(r);
  }
  return { author, reviewers };
}

const reviewRow = (id: number, r: TestReviewer) => h.db('reviews').where({ conference_id: site.cid, submission_id: id, reviewer_id: r.reviewerId }).first();

describe('a review', () => {
  test.each([
    ['a score above its maximum', { scores: { overall: 11 } }, 'scores.overall', '请填写 0 到 10 的整数', 'Give a whole number from 0 to 10'],
    ['a negative score', { scores: { originality: -1 } }, 'scores.originality', '请填写 0 到 5 的整数', 'Give a whole number from 0 to 5'],
    ['a score with a fraction', { scores: { overall: 7.5 } }, 'scores.overall', '请填写 0 到 10 的整数', 'Give a whole number from 0 to 10'],
    ['a score not in use', { scores: { relevance: 3 } }, 'scores.relevance', '本会议的审稿未使用该评分项', "This score is not used in this conference's review"],
    ['an unknown score', { scores: { beauty: 3 } }, 'scores.beauty', '本会议的审稿未使用该评分项', "This score is not used in this conference's review"],
    ['an unknown rule', { answers: { 999999: ['x'] } }, 'answers.999999', '本会议的审稿未使用该细则', "This detail rule is not used in this conference's review"],
    ['a comment of 5001 characters', { comment: 'x'.repeat(5001) }, 'comment', '评语最多 5000 个字符', 'A comment has at most 5000 characters'],
    ['an unknown opinion', { opinion: 'maybe' }, 'opinion', '请选择录用、拒稿或退回修改', 'Choose accept, reject or return for modification'],
  ])('%s is refused in both languages, on draft and submit, and changes nothing', async (_n, change, field, zh, en) => {
    const { author, reviewers: [r] } = await paperWith(1);
    const sent = (await mails(h, site.cid, 'submitAbstractReview')).length;
    for (const path of [`${REVIEW}/${author.id}`, `${REVIEW}/${author.id}/submit`]) {
      for (const [lang, text] of [['zh', zh], ['en', en]] as const) {
        const res = await call(h, site.host, path.endsWith('submit') ? 'post' : 'put', path, { token: r.token, lang, body: fullReview(site, change) });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ message: text, field });
      }
    }
    expect(await reviewRow(author.id, r)).toMatchObject({ state: 'assigned', scores: '{}', answers: '{}', comment: '' });
    expect((await mails(h, site.cid, 'submitAbstractReview')).length).toBe(sent);
  });

  test('a draft may be partial; a submit needs every score, every answer and an opinion', async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    const draft = ok<ReviewScreen>(await call(h, site.host, 'put', `${REVIEW}/${author.id}`, { token: r.token, body: { scores: { overall: 6 }, answers: { [site.ruleId]: ['New'] }, comment: 'So far' } }));
    expect(draft.mine).toMatchObject({ state: 'draft', scores: { overall: 6 }, answers: { [site.ruleId]: ['New', ''] }, comment: 'So far', readOnly: false, weighted: null });
    const missing: Array<[Record<string, unknown>, string, string, string]> = [
      [{ scores: { overall: 6 } }, 'scores.originality', '提交前请填写该评分', 'Give this score before submitting'],
      [{ answers: { [site.ruleId]: ['New', ''] } }, `answers.${site.ruleId}.1`, '提交前请回答该项', 'Answer this point before submitting'],
      [{ opinion: null }, 'opinion', '提交前请选择审稿意见', 'Choose an opinion before submitting'],
    ];
    for (const [change, field, zh, en] of missing) {
      for (const [lang, text] of [['zh', zh], ['en', en]] as const) {
        const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, lang, body: fullReview(site, change) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: text, field });
      }
    }
    expect(await reviewRow(author.id, r)).toMatchObject({ state: 'draft', comment: 'So far' });
    const done = ok<ReviewScreen>(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    // (8/10 × 60 + 4/5 × 40) / 100 × 100
    expect(done.mine).toMatchObject({ state: 'submitted', opinion: 'accept', readOnly: true, weighted: 80 });
    for (const [lang, text] of [['zh', '该审稿意见已提交，不能再修改'], ['en', 'This review has already been submitted and can no longer be changed']] as const) {
      for (const method of ['put', 'post'] as const) {
        const res = await call(h, site.host, method, `${REVIEW}/${author.id}${method === 'post' ? '/submit' : ''}`, { token: r.token, lang, body: fullReview(site, { comment: 'changed' }) });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(text);
      }
    }
    expect((await reviewRow(author.id, r)).comment).toBe('A good paper.');
  });

  test('a manuscript not assigned to the reviewer is not found, whatever the call', async () => {
    const { author } = await paperWith(1);
    const stranger = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    const calls: Array<['get' | 'put' | 'post', string]> = [['get', `${REVIEW}/${author.id}`], ['put', `${REVIEW}/${author.id}`], ['post', `${REVIEW}/${author.id}/submit`], ['get', `${REVIEW}/${author.id}/file/fullTextFile`], ['post', `${REVIEW}/${author.id}/chair`], ['get', `${REVIEW}/999999`]];
    for (const [method, path] of calls) {
      const res = await call(h, site.host, method, path, { token: stranger.token, lang: 'en', body: path.endsWith('chair') ? { opinion: 'accept' } : fullReview(site) });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('The manuscript was not found, or it is not assigned to you');
    }
    // a chair of another session neither
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chairB.token })).status).toBe(404);
    // an attendee does not pass the reviewer level
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: author.token })).status).toBe(403);
  });

  test('submit mails the managers; the last review in mails the session chairs, once', async () => {
    const { author, reviewers: [r1, r2] } = await paperWith(2);
    const beforeChairs = (await mails(h, site.cid, 'chairReviewNotice')).length;
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r1.token, body: fullReview(site, { opinion: 'return' }) }));
    const toManagers = (await mails(h, site.cid, 'submitAbstractReview')).filter((m) => m.text_body.includes('Scalable graph learning'));
    expect(toManagers.at(-1)).toMatchObject({ to_address: `cfp-manager-reviewing@example.org` });
    expect(toManagers.at(-1)!.text_body).toContain(r1.name);
    expect((await mails(h, site.cid, 'chairReviewNotice')).length).toBe(beforeChairs);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r2.token, body: fullReview(site) }));
    const notices = (await mails(h, site.cid, 'chairReviewNotice')).slice(beforeChairs);
    expect(notices.map((m) => m.to_address)).toEqual([chairA.email]);
    expect(notices[0].text_body).toContain(`/platform/submissionManage/review/${author.id}`);
  });
});

describe('the chair and the final opinion', () => {
  test('a chair sees the reviews of their session only, and gives an opinion once a review is in', async () => {
    const { author, reviewers: [r1, r2] } = await paperWith(2);
    const early = await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chairA.token, lang: 'en', body: { opinion: 'accept' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('No review of this manuscript has been submitted yet');
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r1.token, body: fullReview(site) }));
    ok(await call(h, site.host, 'put', `${REVIEW}/${author.id}`, { token: r2.token, body: { scores: { overall: 2 }, comment: 'My private draft' } }));
    const seen = ok<ReviewScreen>(await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chairA.token }));
    expect(seen.mine).toBeNull();
    expect(seen.chair!.reviews.map((r) => [r.reviewer, r.state, r.weighted])).toEqual([[r1.name, 'submitted', 80], [r2.name, 'draft', null]]);
    // a draft is its reviewer's own until submitted
    expect(JSON.stringify(seen)).not.toContain('My private draft');
    expect(JSON.stringify(ok(await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager })))).not.toContain('My private draft');
    expect((await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chairB.token, body: { opinion: 'reject' } })).status).toBe(404);
    // a reviewer of the manuscript who is not its chair cannot give the chair's opinion
    expect((await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, { token: r1.token, body: { opinion: 'reject' } })).status).toBe(404);
    const given = ok<ReviewScreen>(await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chairA.token, body: { opinion: 'reject', comment: 'Not in scope' } }));
    expect(given.chair!.decision).toMatchObject({ chairOpinion: 'reject', chairComment: 'Not in scope', chair: chairA.name, finalOpinion: null });
    // not final: the status stays, the manager decides
    expect(await status(h, site.cid, author.id)).toBe('assigned');
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chairA.token }));
    expect(home.chair.find((c) => c.submissionId === author.id)).toMatchObject({ reviews: 2, submitted: 1, chairOpinion: 'reject' });
  });

  test('the result mail carries what the manager chose of the reviews, never a name; a returned manuscript gets its resubmission date; always the link', async () => {
    const newest = async () => (await mails(h, site.cid, 'finalReviewResult')).at(-1)!;
    // Comments and scores chosen: both reviews, numbered, not named; the decision's comment; the date; the link.
    const first = await paperWith(2);
    for (const [i, r] of first.reviewers.entries()) ok(await call(h, site.host, 'post', `${REVIEW}/${first.author.id}/submit`, { token: r.token, body: fullReview(site, { comment: `Reviewer text ${i} <b>bold</b>`, opinion: 'return' }) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${first.author.id}/final`, { token: site.manager, body: { opinion: 'return', comment: 'Shorten section 3', mail: { comments: true, scores: true } } }));
    const sent = await newest();
    expect(sent.text_body).toContain('Reviewer text 0 <b>bold</b>');
    expect(sent.text_body).toContain('Reviewer text 1');
    expect(sent.text_body).toContain('Shorten section 3');
    expect(sent.text_body).toMatch(/审稿人 1[\s\S]*审稿人 2/);
    expect(sent.text_body).toContain('8/10');
    expect(sent.text_body).toContain('加权总分 80 / 100');
    for (const r of first.reviewers) expect(sent.text_body).not.toContain(r.name);
    const { secondDeadline } = (await h.db('submission_settings').where({ conference_id: site.cid }).first('second_deadline as secondDeadline')) as { secondDeadline: string };
    expect(sent.text_body).toContain(`请于 ${secondDeadline} 前修改稿件并重新提交`);
    expect(sent.text_body).toContain(`/profile/submission/details?id=${first.author.id}`);
    const html = (await h.db('mail_outbox').where({ to_address: first.author.email, kind: 'finalReviewResult' }).orderBy('id', 'desc').first('html_body')) as { html_body: string };
    expect(html.html_body).toContain('&lt;b&gt;bold&lt;/b&gt;'); // the reviewer's text is never markup

    // Nothing chosen (the default): the result and the link only.
    const second = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${second.author.id}/submit`, { token: second.reviewers[0].token, body: fullReview(site, { comment: 'Private thoughts' }) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${second.author.id}/final`, { token: site.manager, body: { opinion: 'accept', comment: 'Internal note' } }));
    const plain = await newest();
    expect(plain.text_body).not.toContain('Private thoughts');
    expect(plain.text_body).not.toContain('Internal note');
    expect(plain.text_body).not.toContain('8/10');
    expect(plain.text_body).toContain(`/profile/submission/details?id=${second.author.id}`);
    expect(plain.text_body).not.toContain('重新提交');

    // A choice that is not yes or no is refused and decides nothing.
    const third = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${third.author.id}/submit`, { token: third.reviewers[0].token, body: fullReview(site) }));
    const bad = await call(h, site.host, 'post', `${REVIEW}/${third.author.id}/final`, { token: site.manager, lang: 'en', body: { opinion: 'accept', mail: { comments: 'yes' } } });
    expect(bad.body).toMatchObject({ code: 400, message: 'Choose yes or no for what the mail includes' });
    expect(await status(h, site.cid, third.author.id)).toBe('assigned');
  });

  test("the manager's final opinion moves the status and mails the authors; a decided manuscript is refused", async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    const panel = ok<ReviewPanel>(await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }));
    expect(panel).toMatchObject({ refusal: '', blind: true, chairFinal: false });
    expect(panel.reviews[0]).toMatchObject({ reviewer: r.name, weighted: 80, opinion: 'accept' });
    const after = ok<ReviewPanel>(await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: 'accept', comment: 'Welcome' } }));
    expect(after.decision).toMatchObject({ finalOpinion: 'accept', finalComment: 'Welcome' });
    expect(after.refusal).toBe('reviewing:finalizedOrUnassigned');
    expect(await status(h, site.cid, author.id)).toBe('accepted');
    const results = (await mails(h, site.cid, 'finalReviewResult')).filter((m) => m.text_body.includes('Scalable graph learning'));
    expect(results.map((m) => m.to_address)).toEqual(expect.arrayContaining([author.email, 'zhang.wei@example.org']));
    expect(results.map((m) => m.to_address)).not.toContain('alice@example.org');
    expect(results.at(-1)!.text_body).toContain('录用');
    for (const [lang, text] of [['zh', '稿件已定稿或尚未分配审稿人'], ['en', 'The manuscript has been finalized or not assigned to any reviewer yet']] as const) {
      const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, lang, body: { opinion: 'reject' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(text);
    }
    expect(await status(h, site.cid, author.id)).toBe('accepted');
    // the reviews of a decided manuscript are read-only
    const late = await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: r.token });
    expect(ok<ReviewScreen>(late).mine!.readOnly).toBe(true);
  });

  test("a decision the manager reopens clears the decision row; the reviews stay; a new final opinion may be given", async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: 'reject' } }));
    ok(await call(h, site.host, 'post', `${MANAGE}/${author.id}/status`, { token: site.manager, body: { action: 'reopen', note: 'Reconsider' } }));
    const panel = ok<ReviewPanel>(await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }));
    expect(panel).toMatchObject({ refusal: '', decision: { finalOpinion: null } });
    expect(panel.reviews[0].state).toBe('submitted');
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: 'accept' } }));
    expect(await status(h, site.cid, author.id)).toBe('accepted');
  });

  test('a manuscript without a reviewer is refused with the same message', async () => {
    const author = await authorWithPaper(h, site);
    const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, lang: 'en', body: { opinion: 'accept' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The manuscript has been finalized or not assigned to any reviewer yet');
    expect(await status(h, site.cid, author.id)).toBe('waiting');
    // the final opinion is for managers
    expect((await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: chairA.token, body: { opinion: 'accept' } })).status).toBe(403);
  });

  test("the manager's status buttons no longer decide: accept, reject and return are the final opinion's", async () => {
    const { author } = await paperWith(1);
    const res = await call(h, site.host, 'post', `${MANAGE}/${author.id}/status`, { token: site.manager, body: { action: 'accept', note: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'action' });
    expect(await status(h, site.cid, author.id)).toBe('assigned');
  });

  test('returned, resubmitted: the reviews become drafts with their answers, the decision is cleared, a new round follows', async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site, { opinion: 'return' }) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: 'return', comment: 'Shorten the abstract' } }));
    expect(await status(h, site.cid, author.id)).toBe('returned');
    ok(await call(h, site.host, 'put', `/conference/submission/${author.id}`, { token: author.token, body: submissionBody(site, { abstract: 'Shorter.' }) }));
    expect(await status(h, site.cid, author.id)).toBe('resubmitted');
    const again = ok<ReviewScreen>(await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: r.token }));
    expect(again.mine).toMatchObject({ state: 'draft', readOnly: false, comment: 'A good paper.', opinion: 'return' });
    expect(again.manuscript.abstract).toBe('Shorter.');
    const panel = ok<ReviewPanel>(await call(h, site.host, 'get', `${REVIEW}/${author.id}/panel`, { token: site.manager }));
    expect(panel.decision.finalOpinion).toBeNull();
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: 'accept' } }));
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
    for (const [lang, text] of [['zh', '稿件已定稿，或管理员已设置以主席意见为最终意见'], ['en', "The manuscript has been finalized or the manager set chairman's opinion to the final opinion"]] as const) {
      const res = await call(h, final.host, 'post', `${REVIEW}/${author.id}/final`, { token: final.manager, lang, body: { opinion: 'accept' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(text);
    }
    ok(await call(h, final.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(final, { opinion: 'reject' }) }));
    const given = ok<ReviewScreen>(await call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chair.token, body: { opinion: 'reject', comment: 'Out of scope' } }));
    expect(given.chair!.decision).toMatchObject({ chairOpinion: 'reject', finalOpinion: 'reject', finalComment: 'Out of scope' });
    expect(given.chair!.canGive).toBe(false);
    expect(await status(h, final.cid, author.id)).toBe('rejected');
    const history = await h.db('submission_history').where({ conference_id: final.cid, submission_id: author.id }).orderBy('id', 'desc').first();
    expect(history).toMatchObject({ to_status: 'rejected', by: 'chair', note: 'Out of scope' });
    expect((await mails(h, final.cid, 'finalReviewResult')).map((m) => m.to_address)).toEqual(expect.arrayContaining([author.email, 'zhang.wei@example.org']));
    const again = await call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chair.token, lang: 'en', body: { opinion: 'accept' } });
    expect(again.status).toBe(409);
    expect(await status(h, final.cid, author.id)).toBe('rejected');
  });
});

describe("the reviewer's screens", () => {
  test('the home renders the tasks island with the counts, in both languages and on a phone', async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: r.token }));
    expect(home.counts).toEqual({ todo: 1, drafts: 0, submitted: 0 });
    expect(home.tasks).toMatchObject([{ submissionId: author.id, state: 'assigned', status: 'assigned', closed: false }]);
    for (const [lang, mobile] of [['zh', false], ['en', true]] as const) {
      const { res, $ } = await page(h.app, '/platform/submissionManage/user', { host: site.host, token: r.token, lang, mobile });
      expect(res.status).toBe(200);
      expect($('[data-island="ReviewerTasks"]').length).toBe(1);
      expect($('body').text()).not.toMatch(/\breviewing:[a-zA-Z.]+/);
      expect($('[data-island="ReviewerTasks"]').text()).toContain('Scalable graph learning');
    }
    const list = await page(h.app, '/platform/submissionManage/reviewList', { host: site.host, token: r.token, lang: 'en' });
    expect(list.$('[data-island="ReviewerTasks"]').length).toBe(1);
    const form = await page(h.app, `/platform/submissionManage/review/${author.id}`, { host: site.host, token: r.token, lang: 'en' });
    expect(form.res.status).toBe(200);
    expect(form.$('[data-island="ReviewForm"]').length).toBe(1);
    expect(form.$('[data-island="ReviewForm"]').text()).toContain('Save draft');
  });

  test('a reviewer opening another /platform page lands on their home; another manuscript is not shown', async () => {
    const r = await addReviewer(h, site, []);
    const res = await page(h.app, '/platform/manage/contribute', { host: site.host, token: r.token });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.location).toBe('/platform/submissionManage/user');
    const { author } = await paperWith(1);
    const other = await page(h.app, `/platform/submissionManage/review/${author.id}`, { host: site.host, token: r.token });
    expect([302, 404]).toContain(other.res.status);
    expect(other.res.text ?? '').not.toContain('Scalable graph learning');
  });

  test("the manager's detail screen shows the review panel", async () => {
    const { author } = await paperWith(1);
    const { res, $ } = await page(h.app, `/platform/submissionManage/submission/detail?id=${author.id}`, { host: site.host, token: site.manager, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('.review-panel').length).toBe(1);
    expect($('.review-panel').text()).toContain('Give the final opinion');
  });
});

describe('at once', () => {
  test('twenty submits of one review make one submit and one mail', async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    const before = (await mails(h, site.cid, 'submitAbstractReview')).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) })));
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect((await mails(h, site.cid, 'submitAbstractReview')).length).toBe(before + 1);
  });

  test('final opinions given at once make one decision and one set of mails', async () => {
    const { author, reviewers: [r] } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    const before = (await mails(h, site.cid, 'finalReviewResult')).length;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, { token: site.manager, body: { opinion: i % 2 ? 'accept' : 'reject' } })));
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    const decisions = await h.db('submission_history').where({ conference_id: site.cid, submission_id: author.id }).whereIn('to_status', ['accepted', 'rejected']);
    expect(decisions.length).toBe(1);
    // the submitter and the corresponding author
    expect((await mails(h, site.cid, 'finalReviewResult')).length).toBe(before + 2);
  });

  test("a chair's final opinion and a manager's at once make one decision", async () => {
    const final = await reviewSite(h, 'reviewing-rush', { chairFinal: true });
    const chairs = [await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'chair' }]), await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'chair' }])];
    const author = await authorWithPaper(h, final);
    const r = await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'reviewer' }]);
    await assign(h, final, author.id, r);
    ok(await call(h, final.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(final) }));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, { token: chairs[i % 2].token, body: { opinion: i % 2 ? 'accept' : 'reject' } })),
      ...Array.from({ length: 4 }, () => call(h, final.host, 'post', `${REVIEW}/${author.id}/final`, { token: final.manager, body: { opinion: 'return' } })),
    ]);
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    const decisions = await h.db('submission_history').where({ conference_id: final.cid, submission_id: author.id }).whereIn('to_status', ['accepted', 'rejected', 'returned']);
    expect(decisions.length).toBe(1);
    expect((await mails(h, final.cid, 'finalReviewResult')).length).toBe(2);
  });
});
