/**
 * The author's side (issue 15; spec 5 "Submission form", 4, 8): the submission window,
 * registration and the limits; edit, withdraw and resubmit, each refusal with its message in both
 * languages and nothing written. The first submission and bad input: authorSubmit.test.ts.
 */
import { describe, expect, test } from 'vitest';
import {
  attendee,
  call,
  callConference,
  dayFromToday,
  ok,
  submissionBody,
  CONFIG,
  MANAGE,
  settingsBody,
} from './helpers';
import { assignReviewer, REVIEW } from '../review/reviewingHelpers';
import type { AuthorPage, SubmissionView } from '../../../server/contract/submissions';
import { useAuthorSite, h, site } from './authorWorld';

useAuthorSite();

describe('the window, registration and the limits', () => {
  test('before the start, after the end, switched off, unregistered: refused with their message', async () => {
    const early = await callConference(h, 'cfp-early', { startDate: dayFromToday(3), endDate: dayFromToday(20) });
    const a = await attendee(h, early.cid);
    const page = ok<AuthorPage>(await call(h, early.host, 'get', '/conference/submission/page', { token: a.token }));
    expect(page.bar).toBe('notOpen');
    expect(
      (
        await call(h, early.host, 'post', '/conference/submission', {
          token: a.token,
          body: submissionBody(early),
          lang: 'en',
        })
      ).body.message,
    ).toBe(`Submission opens on ${dayFromToday(3)}`);
    const late = await callConference(h, 'cfp-late', {
      startDate: dayFromToday(-20),
      endDate: dayFromToday(-1),
      secondDeadline: dayFromToday(10),
    });
    const b = await attendee(h, late.cid);
    expect(
      (
        await call(h, late.host, 'post', '/conference/submission', {
          token: b.token,
          body: submissionBody(late),
          lang: 'en',
        })
      ).body.message,
    ).toBe('The submission deadline has passed');
    const stranger = await h.login({ email: 'not-registered@example.org', conferenceId: site.cid, roles: [] });
    const refused = await call(h, site.host, 'post', '/conference/submission', {
      token: stranger,
      body: submissionBody(site),
    });
    expect(refused.body).toMatchObject({ code: 403, message: '请先报名参会再投稿' });
    expect(
      ok<AuthorPage>(await call(h, site.host, 'get', '/conference/submission/page', { token: stranger })).barLink,
    ).toBe('/conferenceRegister');
    await call(h, early.host, 'put', `${CONFIG}/settings`, {
      token: early.manager,
      body: settingsBody({ enabled: false }),
    });
    expect(
      ok<AuthorPage>(await call(h, early.host, 'get', '/conference/submission/page', { token: a.token })).bar,
    ).toBe('off');
  });

  test('per person: the maximum holds, a withdrawal frees a place; the conference maximum holds with the spec message', async () => {
    const s = await callConference(h, 'cfp-limits', { limitPerPerson: true, maxPerPerson: 1, maxTotal: 2 });
    const a = await attendee(h, s.cid);
    const first = ok<{ id: number }>(
      await call(h, s.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(s) }),
    );
    const again = await call(h, s.host, 'post', '/conference/submission', {
      token: a.token,
      body: submissionBody(s),
      lang: 'en',
    });
    expect(again.body).toMatchObject({ code: 409, message: 'You have reached the maximum number of manuscripts (1)' });
    ok(await call(h, s.host, 'post', `/conference/submission/${first.id}/withdraw`, { token: a.token }));
    const second = ok<{ number: string }>(
      await call(h, s.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(s) }),
    );
    // Numbers are never reused: the withdrawn A-001 keeps its number.
    expect(second.number).toBe('A-002');
    const b = await attendee(h, s.cid);
    ok(await call(h, s.host, 'post', '/conference/submission', { token: b.token, body: submissionBody(s) }));
    const c = await attendee(h, s.cid);
    const full = await call(h, s.host, 'post', '/conference/submission', {
      token: c.token,
      body: submissionBody(s),
      lang: 'en',
    });
    expect(full.body).toMatchObject({
      code: 409,
      message:
        'The conference has reached the maximum number of manuscripts, please contact the conference administrator',
    });
    expect(ok<AuthorPage>(await call(h, s.host, 'get', '/conference/submission/page', { token: c.token })).bar).toBe(
      'conferenceLimit',
    );
  });

  test('pay-then-submit sends an unpaid author to pay; submit-then-pay sends them to the fee page after submitting', async () => {
    const s = await callConference(h, 'cfp-pay');
    await h
      .db('registration_settings')
      .where({ conference_id: s.cid })
      .update({ costs_set: true, register_rule: 'PAY_FIRST_AND_SUBMIT' });
    const a = await attendee(h, s.cid);
    const refused = await call(h, s.host, 'post', '/conference/submission', {
      token: a.token,
      body: submissionBody(s),
      lang: 'en',
    });
    expect(refused.body).toMatchObject({
      code: 402,
      message: 'If the submission fee is not paid, click OK to jump to the order to pay',
    });
    expect(
      ok<AuthorPage>(await call(h, s.host, 'get', '/conference/submission/page', { token: a.token })),
    ).toMatchObject({ bar: 'notPaid', barLink: '/profile/order/list' });
    await h
      .db('registration_settings')
      .where({ conference_id: s.cid })
      .update({ register_rule: 'SUBMIT_FIRST_AND_PAY_LATER' });
    const done = ok<{ redirect: string }>(
      await call(h, s.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(s) }),
    );
    expect(done.redirect).toBe('/profile/conference/fee');
  });
});

describe('edit, withdraw, resubmit', () => {
  test("another person's manuscript, or another conference's, is not found and unchanged", async () => {
    const a = await attendee(h, site.cid);
    const { id } = ok<{ id: number }>(
      await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) }),
    );
    const b = await attendee(h, site.cid);
    for (const [method, path] of [
      ['put', `/conference/submission/${id}`],
      ['post', `/conference/submission/${id}/withdraw`],
      ['get', `/conference/submission/${id}`],
    ] as const) {
      expect(
        (await call(h, site.host, method, path, { token: b.token, body: submissionBody(site, { title: 'Stolen' }) }))
          .body,
      ).toMatchObject({ code: 404, message: '稿件不存在' });
    }
    const elsewhere = await callConference(h, 'cfp-elsewhere');
    const c = await attendee(h, elsewhere.cid);
    expect(
      (
        await call(h, elsewhere.host, 'put', `/conference/submission/${id}`, {
          token: c.token,
          body: submissionBody(elsewhere, { title: 'Stolen' }),
        })
      ).body.code,
    ).toBe(404);
    expect((await call(h, elsewhere.host, 'get', `${MANAGE}/${id}`, { token: elsewhere.manager })).body.code).toBe(404);
    const row = await h.db('submissions').where({ id }).first();
    expect(row).toMatchObject({ title: 'Scalable graph learning on heterogeneous hardware', status: 'waiting' });
  });

  test('an edit keeps the number and changes the text; the session cannot change; a withdrawn manuscript is final', async () => {
    const a = await attendee(h, site.cid);
    const { id, number } = ok<{ id: number; number: string }>(
      await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) }),
    );
    const edited = ok<SubmissionView>(
      await call(h, site.host, 'put', `/conference/submission/${id}`, {
        token: a.token,
        body: submissionBody(site, { title: 'A better title', subSessionId: site.subA2 }),
      }),
    );
    expect(edited).toMatchObject({ number, title: 'A better title', subSessionId: site.subA2, status: 'waiting' });
    const moved = await call(h, site.host, 'put', `/conference/submission/${id}`, {
      token: a.token,
      body: submissionBody(site, { sessionId: site.sessionB, subSessionId: null }),
    });
    expect(moved.body).toMatchObject({ code: 409, field: 'sessionId' });
    ok(await call(h, site.host, 'post', `/conference/submission/${id}/withdraw`, { token: a.token }));
    const again = await call(h, site.host, 'post', `/conference/submission/${id}/withdraw`, {
      token: a.token,
      lang: 'en',
    });
    expect(again.body).toMatchObject({
      code: 409,
      message: 'The manuscript cannot be withdrawn in its current status',
    });
    expect(
      (await call(h, site.host, 'put', `/conference/submission/${id}`, { token: a.token, body: submissionBody(site) }))
        .body.message,
    ).toBe('稿件当前状态不允许修改');
  });

  test('a returned manuscript is resubmitted until the second deadline, then refused with the spec message', async () => {
    const s = await callConference(h, 'cfp-resubmit');
    const a = await attendee(h, s.cid);
    const { id } = ok<{ id: number }>(
      await call(h, s.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(s) }),
    );
    await assignReviewer(h, s.cid, id);
    ok(
      await call(h, s.host, 'post', `${REVIEW}/${id}/final`, {
        token: s.manager,
        body: { opinion: 'return', comment: 'Shorten the abstract' },
      }),
    );
    const page = ok<AuthorPage>(await call(h, s.host, 'get', '/conference/submission/page', { token: a.token }));
    expect(page.mine[0].can).toEqual({ edit: false, resubmit: true, withdraw: true });
    const back = ok<SubmissionView>(
      await call(h, s.host, 'put', `/conference/submission/${id}`, {
        token: a.token,
        body: submissionBody(s, { abstract: 'Shorter.' }),
      }),
    );
    expect(back.status).toBe('resubmitted');
    ok(await call(h, s.host, 'post', `${REVIEW}/${id}/final`, { token: s.manager, body: { opinion: 'return' } }));
    await call(h, s.host, 'put', `${CONFIG}/settings`, {
      token: s.manager,
      body: settingsBody({ startDate: dayFromToday(-30), endDate: dayFromToday(-5), secondDeadline: dayFromToday(-1) }),
    });
    for (const [lang, text] of [
      ['zh', '二次提交时间已过，请联系会议管理员'],
      ['en', 'The second submission time has passed, please contact the conference administrator'],
    ] as const) {
      expect(
        (
          await call(h, s.host, 'put', `/conference/submission/${id}`, {
            token: a.token,
            lang,
            body: submissionBody(s),
          })
        ).body.message,
      ).toBe(text);
    }
    const history = await h.db('submission_history').where({ submission_id: id }).orderBy('id');
    expect(
      history.map((r: { from_status: string | null; to_status: string }) => `${r.from_status ?? ''}>${r.to_status}`),
    ).toEqual(['>waiting', 'waiting>assigned', 'assigned>returned', 'returned>resubmitted', 'resubmitted>returned']);
  });

  test('editing after acceptance follows the setting', async () => {
    const s = await callConference(h, 'cfp-accepted');
    const a = await attendee(h, s.cid);
    const { id } = ok<{ id: number }>(
      await call(h, s.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(s) }),
    );
    await assignReviewer(h, s.cid, id);
    ok(await call(h, s.host, 'post', `${REVIEW}/${id}/final`, { token: s.manager, body: { opinion: 'accept' } }));
    expect(
      (
        await call(h, s.host, 'put', `/conference/submission/${id}`, {
          token: a.token,
          lang: 'en',
          body: submissionBody(s, { title: 'Camera ready' }),
        })
      ).body.message,
    ).toBe('The manuscript is accepted and can no longer be changed');
    await call(h, s.host, 'put', `${CONFIG}/settings`, {
      token: s.manager,
      body: settingsBody({ editAfterAccept: true }),
    });
    const edited = ok<SubmissionView>(
      await call(h, s.host, 'put', `/conference/submission/${id}`, {
        token: a.token,
        body: submissionBody(s, { title: 'Camera ready' }),
      }),
    );
    expect(edited).toMatchObject({ title: 'Camera ready', status: 'accepted' });
  });
});
