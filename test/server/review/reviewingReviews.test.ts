/**
 * The reviews (issue 16): a score out of range, unknown, or missing on submit is refused in both
 * languages with its field and changes nothing; a manuscript not assigned is not found; a draft,
 * then a submit, read-only afterwards; the mails to managers on submit and to chairs when all are
 * in; the reviewer's screens; and what happens when submits and final opinions come at once.
 * The chair's and the manager's final opinion: reviewingDecisions.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { page } from '../../helpers/http';
import type { ReviewerHome, ReviewScreen } from '../../../server/contract/reviewing';
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
} from './reviewingHelpers';
import { useReviewingWorld, h, site, chairA, chairB, paperWith, reviewRow } from './reviewingWorld';

useReviewingWorld();

describe('a review', () => {
  test.each([
    [
      'a score above its maximum',
      { scores: { overall: 11 } },
      'scores.overall',
      '请填写 0 到 10 的整数',
      'Give a whole number from 0 to 10',
    ],
    [
      'a negative score',
      { scores: { originality: -1 } },
      'scores.originality',
      '请填写 0 到 5 的整数',
      'Give a whole number from 0 to 5',
    ],
    [
      'a score with a fraction',
      { scores: { overall: 7.5 } },
      'scores.overall',
      '请填写 0 到 10 的整数',
      'Give a whole number from 0 to 10',
    ],
    [
      'a score not in use',
      { scores: { relevance: 3 } },
      'scores.relevance',
      '本会议的审稿未使用该评分项',
      "This score is not used in this conference's review",
    ],
    [
      'an unknown score',
      { scores: { beauty: 3 } },
      'scores.beauty',
      '本会议的审稿未使用该评分项',
      "This score is not used in this conference's review",
    ],
    [
      'an unknown rule',
      { answers: { 999999: ['x'] } },
      'answers.999999',
      '本会议的审稿未使用该细则',
      "This detail rule is not used in this conference's review",
    ],
    [
      'a comment of 5001 characters',
      { comment: 'x'.repeat(5001) },
      'comment',
      '评语最多 5000 个字符',
      'A comment has at most 5000 characters',
    ],
    [
      'an unknown opinion',
      { opinion: 'maybe' },
      'opinion',
      '请选择录用、拒稿或退回修改',
      'Choose accept, reject or return for modification',
    ],
  ])('%s is refused in both languages, on draft and submit, and changes nothing', async (_n, change, field, zh, en) => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    const sent = (await mails(h, site.cid, 'submitAbstractReview')).length;
    for (const path of [`${REVIEW}/${author.id}`, `${REVIEW}/${author.id}/submit`]) {
      for (const [lang, text] of [
        ['zh', zh],
        ['en', en],
      ] as const) {
        const res = await call(h, site.host, path.endsWith('submit') ? 'post' : 'put', path, {
          token: r.token,
          lang,
          body: fullReview(site, change),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ message: text, field });
      }
    }
    expect(await reviewRow(author.id, r)).toMatchObject({
      state: 'assigned',
      scores: '{}',
      answers: '{}',
      comment: '',
    });
    expect((await mails(h, site.cid, 'submitAbstractReview')).length).toBe(sent);
  });

  test('a draft may be partial; a submit needs every score, every answer and an opinion', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    const draft = ok<ReviewScreen>(
      await call(h, site.host, 'put', `${REVIEW}/${author.id}`, {
        token: r.token,
        body: { scores: { overall: 6 }, answers: { [site.ruleId]: ['New'] }, comment: 'So far' },
      }),
    );
    expect(draft.mine).toMatchObject({
      state: 'draft',
      scores: { overall: 6 },
      answers: { [site.ruleId]: ['New', ''] },
      comment: 'So far',
      readOnly: false,
      weighted: null,
    });
    const missing: Array<[Record<string, unknown>, string, string, string]> = [
      [{ scores: { overall: 6 } }, 'scores.originality', '提交前请填写该评分', 'Give this score before submitting'],
      [
        { answers: { [site.ruleId]: ['New', ''] } },
        `answers.${site.ruleId}.1`,
        '提交前请回答该项',
        'Answer this point before submitting',
      ],
      [{ opinion: null }, 'opinion', '提交前请选择审稿意见', 'Choose an opinion before submitting'],
    ];
    for (const [change, field, zh, en] of missing) {
      for (const [lang, text] of [
        ['zh', zh],
        ['en', en],
      ] as const) {
        const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
          token: r.token,
          lang,
          body: fullReview(site, change),
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: text, field });
      }
    }
    expect(await reviewRow(author.id, r)).toMatchObject({ state: 'draft', comment: 'So far' });
    const done = ok<ReviewScreen>(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }),
    );
    // (8/10 × 60 + 4/5 × 40) / 100 × 100
    expect(done.mine).toMatchObject({ state: 'submitted', opinion: 'accept', readOnly: true, weighted: 80 });
    for (const [lang, text] of [
      ['zh', '该审稿意见已提交，不能再修改'],
      ['en', 'This review has already been submitted and can no longer be changed'],
    ] as const) {
      for (const method of ['put', 'post'] as const) {
        const res = await call(h, site.host, method, `${REVIEW}/${author.id}${method === 'post' ? '/submit' : ''}`, {
          token: r.token,
          lang,
          body: fullReview(site, { comment: 'changed' }),
        });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(text);
      }
    }
    expect((await reviewRow(author.id, r))!.comment).toBe('A good paper.');
  });

  test('a manuscript not assigned to the reviewer is not found, whatever the call', async () => {
    const { author } = await paperWith(1);
    const stranger = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
    const calls: Array<['get' | 'put' | 'post', string]> = [
      ['get', `${REVIEW}/${author.id}`],
      ['put', `${REVIEW}/${author.id}`],
      ['post', `${REVIEW}/${author.id}/submit`],
      ['get', `${REVIEW}/${author.id}/file/fullTextFile`],
      ['post', `${REVIEW}/${author.id}/chair`],
      ['get', `${REVIEW}/999999`],
    ];
    for (const [method, path] of calls) {
      const res = await call(h, site.host, method, path, {
        token: stranger.token,
        lang: 'en',
        body: path.endsWith('chair') ? { opinion: 'accept' } : fullReview(site),
      });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('The manuscript was not found, or it is not assigned to you');
    }
    // a chair of another session neither
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chairB.token })).status).toBe(404);
    // an attendee does not pass the reviewer level
    expect((await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: author.token })).status).toBe(403);
  });

  test('submit mails the managers; the last review in mails the session chairs, once', async () => {
    const {
      author,
      reviewers: [r1, r2],
    } = await paperWith(2);
    const beforeChairs = (await mails(h, site.cid, 'chairReviewNotice')).length;
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: r1.token,
        body: fullReview(site, { opinion: 'return' }),
      }),
    );
    const toManagers = (await mails(h, site.cid, 'submitAbstractReview')).filter((m) =>
      m.text_body.includes('Scalable graph learning'),
    );
    expect(toManagers.at(-1)).toMatchObject({ to_address: `cfp-manager-reviewing@example.org` });
    expect(toManagers.at(-1)!.text_body).toContain(r1.name);
    expect((await mails(h, site.cid, 'chairReviewNotice')).length).toBe(beforeChairs);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r2.token, body: fullReview(site) }));
    const notices = (await mails(h, site.cid, 'chairReviewNotice')).slice(beforeChairs);
    expect(notices.map((m) => m.to_address)).toEqual([chairA.email]);
    expect(notices[0].text_body).toContain(`/platform/submissionManage/review/${author.id}`);
  });
});

describe("the reviewer's screens", () => {
  test('the home renders the tasks island with the counts, in both languages and on a phone', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    const home = ok<ReviewerHome>(await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: r.token }));
    expect(home.counts).toEqual({ todo: 1, drafts: 0, submitted: 0 });
    expect(home.tasks).toMatchObject([
      { submissionId: author.id, state: 'assigned', status: 'assigned', closed: false },
    ]);
    for (const [lang, mobile] of [
      ['zh', false],
      ['en', true],
    ] as const) {
      const { res, $ } = await page(h.app, '/platform/submissionManage/user', {
        host: site.host,
        token: r.token,
        lang,
        mobile,
      });
      expect(res.status).toBe(200);
      expect($('[data-island="ReviewerTasks"]').length).toBe(1);
      expect($('body').text()).not.toMatch(/\breviewing:[a-zA-Z.]+/);
      expect($('[data-island="ReviewerTasks"]').text()).toContain('Scalable graph learning');
    }
    const list = await page(h.app, '/platform/submissionManage/reviewList', {
      host: site.host,
      token: r.token,
      lang: 'en',
    });
    expect(list.$('[data-island="ReviewerTasks"]').length).toBe(1);
    const form = await page(h.app, `/platform/submissionManage/review/${author.id}`, {
      host: site.host,
      token: r.token,
      lang: 'en',
    });
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
    const other = await page(h.app, `/platform/submissionManage/review/${author.id}`, {
      host: site.host,
      token: r.token,
    });
    expect([302, 404]).toContain(other.res.status);
    expect(other.res.text ?? '').not.toContain('Scalable graph learning');
  });

  test("the manager's detail screen shows the review panel", async () => {
    const { author } = await paperWith(1);
    const { res, $ } = await page(h.app, `/platform/submissionManage/submission/detail?id=${author.id}`, {
      host: site.host,
      token: site.manager,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect($('.review-panel').length).toBe(1);
    expect($('.review-panel').text()).toContain('Give the final opinion');
  });
});

describe('at once', () => {
  test('twenty submits of one review make one submit and one mail', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    const before = (await mails(h, site.cid, 'submitAbstractReview')).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect((await mails(h, site.cid, 'submitAbstractReview')).length).toBe(before + 1);
  });

  test('final opinions given at once make one decision and one set of mails', async () => {
    const {
      author,
      reviewers: [r],
    } = await paperWith(1);
    ok(await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(site) }));
    const before = (await mails(h, site.cid, 'finalReviewResult')).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
          token: site.manager,
          body: { opinion: i % 2 ? 'accept' : 'reject' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    const decisions = await h
      .db('submission_history')
      .where({ conference_id: site.cid, submission_id: author.id })
      .whereIn('to_status', ['accepted', 'rejected']);
    expect(decisions.length).toBe(1);
    // the submitter and the corresponding author
    expect((await mails(h, site.cid, 'finalReviewResult')).length).toBe(before + 2);
  });

  test("a chair's final opinion and a manager's at once make one decision", async () => {
    const final = await reviewSite(h, 'reviewing-rush', { chairFinal: true });
    const chairs = [
      await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'chair' }]),
      await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'chair' }]),
    ];
    const author = await authorWithPaper(h, final);
    const r = await addReviewer(h, final, [{ sessionId: final.sessionA, role: 'reviewer' }]);
    await assign(h, final, author.id, r);
    ok(await call(h, final.host, 'post', `${REVIEW}/${author.id}/submit`, { token: r.token, body: fullReview(final) }));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        call(h, final.host, 'post', `${REVIEW}/${author.id}/chair`, {
          token: chairs[i % 2].token,
          body: { opinion: i % 2 ? 'accept' : 'reject' },
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        call(h, final.host, 'post', `${REVIEW}/${author.id}/final`, {
          token: final.manager,
          body: { opinion: 'return' },
        }),
      ),
    ]);
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    const decisions = await h
      .db('submission_history')
      .where({ conference_id: final.cid, submission_id: author.id })
      .whereIn('to_status', ['accepted', 'rejected', 'returned']);
    expect(decisions.length).toBe(1);
    expect((await mails(h, final.cid, 'finalReviewResult')).length).toBe(2);
  });
});
