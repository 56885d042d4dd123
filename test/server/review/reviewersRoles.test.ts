/**
 * Reviewer management (issue 16; spec 5 "Review config", 7 "Reviewer management", 8): roles per
 * session, deleting, and the info page. Adding, the import, mail and access: reviewersAdd.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { attendee, submissionBody } from '../submissions/helpers';
import { type ReviewerInfo, type RoleView } from '../../../server/contract/reviewers';
import { addReviewer, BASE, call, count, ok } from './reviewerHelpers';
import { useReviewerSites, h, site, other, list } from './reviewersWorld';

useReviewerSites();
// The reviewers these tests work on; in reviewersAdd.test.ts the import and the adding tests leave them.
beforeAll(async () => {
  await addReviewer(h, site, 'imp1@example.org');
  await addReviewer(h, other, 'twice@example.org');
});

describe('roles per session', () => {
  test('reviewer or chair of a top-level session, one per session; removed', async () => {
    const id = (await list()).rows.find((r) => r.email === 'imp1@example.org')!.id;
    let roles = ok<RoleView[]>(
      await call(h, site.host, 'post', `${BASE}/role`, {
        token: site.manager,
        body: { reviewerId: id, sessionId: site.sessionA, role: 'reviewer' },
      }),
    );
    roles = ok<RoleView[]>(
      await call(h, site.host, 'post', `${BASE}/role`, {
        token: site.manager,
        body: { reviewerId: id, sessionId: site.sessionA, role: 'chair' },
      }),
    );
    roles = ok<RoleView[]>(
      await call(h, site.host, 'post', `${BASE}/role`, {
        token: site.manager,
        body: { reviewerId: id, sessionId: site.sessionB, role: 'reviewer' },
      }),
    );
    expect(roles.map((r) => [r.sessionId, r.role])).toEqual([
      [site.sessionA, 'chair'],
      [site.sessionB, 'reviewer'],
    ]);
    expect(ok<RoleView[]>(await call(h, site.host, 'get', `${BASE}/role/${id}`, { token: site.manager }))).toEqual(
      roles,
    );
    roles = ok<RoleView[]>(await call(h, site.host, 'delete', `${BASE}/role/${roles[1].id}`, { token: site.manager }));
    expect(roles.map((r) => r.sessionId)).toEqual([site.sessionA]);
  });

  test("a sub-session, another conference's session, a bad role: refused", async () => {
    const id = (await list()).rows[0].id;
    const cases: Array<[object, number, string]> = [
      [{ reviewerId: id, sessionId: site.subA1, role: 'reviewer' }, 404, 'reviewers:sessionNotFound'],
      [{ reviewerId: id, sessionId: other.sessionA, role: 'reviewer' }, 404, 'reviewers:sessionNotFound'],
      [{ reviewerId: id, sessionId: site.sessionA, role: 'boss' }, 400, 'reviewers:roleInvalid'],
      [
        { reviewerId: (await list(other)).rows[0].id, sessionId: site.sessionA, role: 'reviewer' },
        404,
        'reviewers:notFound',
      ],
    ];
    for (const [body, status, key] of cases) {
      const res = await call(h, site.host, 'post', `${BASE}/role`, { token: site.manager, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.key).toBe(key);
    }
  });
});

describe('delete and the info page', () => {
  async function manuscript(): Promise<number> {
    const a = await attendee(h, site.cid);
    return ok<{ id: number }>(
      await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) }),
    ).id;
  }
  const review = (submissionId: number, reviewerId: number, state: 'assigned' | 'draft' | 'submitted') =>
    h.db('reviews').insert({
      conference_id: site.cid,
      submission_id: submissionId,
      reviewer_id: reviewerId,
      state,
      scores: '{}',
      answers: '{}',
      comment: '',
      assigned_at: '2026-01-01 00:00:00.000',
      updated_at: '2026-01-01 00:00:00.000',
    });

  test('refused with a review begun; with only an unstarted assignment, removed and the manuscript waits again', async () => {
    const { reviewer } = await addReviewer(h, site, 'zhang.wei@example.org', { unit: 'Tsinghua University' });
    const started = await manuscript();
    const assigned = await manuscript();
    await review(started, reviewer.id, 'draft');
    await review(assigned, reviewer.id, 'assigned');
    await h.db('submissions').where({ id: assigned }).update({ status: 'assigned' });

    const info = ok<ReviewerInfo>(
      await call(h, site.host, 'get', `${BASE}/info/${reviewer.id}`, { token: site.manager }),
    );
    expect(info.reviewer.load).toEqual({ assigned: 1, draft: 1, submitted: 0 });
    expect(info.reviews.map((r) => r.submissionId)).toEqual([started, assigned]);
    expect(info.suggestions.find((s) => s.submissionId === started)?.reason).toBe('samePerson');

    for (const [lang, text] of [
      ['zh', '该审稿人已开始或已提交审稿，不能删除'],
      ['en', 'This reviewer has begun or submitted a review and cannot be deleted'],
    ] as const) {
      const res = await call(h, site.host, 'delete', `${BASE}/${reviewer.id}`, { token: site.manager, lang });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(text);
    }
    await h.db('reviews').where({ submission_id: started }).delete();
    ok(await call(h, site.host, 'delete', `${BASE}/${reviewer.id}`, { token: site.manager }));
    expect(await count(h, 'reviewers', { id: reviewer.id })).toBe(0);
    expect(await count(h, 'reviews', { reviewer_id: reviewer.id })).toBe(0);
    expect((await h.db('submissions').where({ id: assigned }).first())!.status).toBe('waiting');
  });

  test('an activated reviewer removed loses the role', async () => {
    await h.login({ email: 'leaving@example.org', conferenceId: null });
    const { reviewer } = await addReviewer(h, site, 'leaving@example.org');
    ok(await call(h, site.host, 'delete', `${BASE}/${reviewer.id}`, { token: site.manager }));
    const user = await h.db('users').where({ email: 'leaving@example.org' }).first();
    expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(
      0,
    );
  });

  test('the check before inviting finds a co-author', async () => {
    await manuscript();
    const found = ok<Array<{ reason: string }>>(
      await call(h, site.host, 'get', `${BASE}/check?email=alice@example.org&name=Alice%20Smith&unit=MIT`, {
        token: site.manager,
      }),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found[0].reason).toBe('samePerson');
  });

  test("another conference's reviewer: 404 on info and delete", async () => {
    const theirs = (await list(other)).rows[0].id;
    expect((await call(h, site.host, 'get', `${BASE}/info/${theirs}`, { token: site.manager })).status).toBe(404);
    expect((await call(h, site.host, 'delete', `${BASE}/${theirs}`, { token: site.manager })).status).toBe(404);
    expect(await count(h, 'reviewers', { id: theirs })).toBe(1);
  });
});
