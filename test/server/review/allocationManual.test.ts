/**
 * The manual reviewer pick (issue 16): its refusals, other conferences' ids not found, reviewers
 * cannot manage, the same reviewer picked twice at once gives one review; and the allocation
 * screen. The one-click allocation: allocationOneClick.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { serve } from '../../helpers/concurrency';
import { page } from '../../helpers/http';
import type { CallSite } from '../submissions/helpers';
import type { AllocationPage, CandidatesView, ConflictView } from '../../../server/contract/allocation';
import {
  addPaper,
  addReviewer,
  allocationSite,
  ALLOCATION,
  call,
  ok,
  reviewRows,
  statusOf,
  type TestReviewer,
} from './reviewHelpers';
import { useAllocationHarness, h, post, preview } from './allocationWorld';

useAllocationHarness();

describe('the manual pick', () => {
  let site: CallSite;
  let r: TestReviewer[];
  let paper: { id: number };
  let conflicted: { id: number };

  beforeAll(async () => {
    site = await allocationSite(h, 'alloc-manual', { k: 2, max: 2 });
    r = [];
    for (let i = 0; i < 3; i++) r.push(await addReviewer(h, site, { sessions: [site.sessionA] }));
    paper = await addPaper(h, site);
    conflicted = await addPaper(h, site, {
      authors: [
        { name: 'Co', surname: 'Worker', email: `colleague@${r[0].email.split('@')[1]}`, company: 'Other Place' },
      ],
    });
  });

  test('the candidates show load and conflict; a suggested or confirmed conflict is refused; a dismissed one may be picked', async () => {
    const view = ok<CandidatesView>(
      await call(h, site.host, 'get', `${ALLOCATION}/papers/${conflicted.id}`, { token: site.manager }),
    );
    expect(view.candidates.find((c) => c.reviewerId === r[0].id)?.conflict).toMatchObject({
      state: 'suggested',
      reason: 'sameDomain',
    });
    let res = await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('allocation:conflictUndecided');
    ok(await post(site, '/conflicts', { reviewerId: r[0].id, submissionId: conflicted.id, state: 'confirmed' }));
    res = await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('allocation:conflict');
    expect(await reviewRows(h, site.cid)).toEqual([]);
    ok(await post(site, '/conflicts', { reviewerId: r[0].id, submissionId: conflicted.id, state: 'dismissed' }));
    const picked = ok<CandidatesView>(
      await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }),
    );
    expect(picked.submission.reviewers).toEqual([expect.objectContaining({ reviewerId: r[0].id, state: 'assigned' })]);
    expect(await statusOf(h, site.cid, conflicted.id)).toBe('assigned');
  });

  test('the maximum per reviewer is respected; removing the last unstarted reviewer sends the manuscript back to waiting', async () => {
    ok(await post(site, `/papers/${paper.id}/reviewers`, { reviewerIds: [r[0].id, r[1].id] }));
    expect(await statusOf(h, site.cid, paper.id)).toBe('assigned');
    const third = await addPaper(h, site);
    const res = await post(site, `/papers/${third.id}/reviewers`, { reviewerIds: [r[0].id] });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('allocation:full');
    ok(
      await call(h, site.host, 'delete', `${ALLOCATION}/papers/${paper.id}/reviewers/${r[0].id}`, {
        token: site.manager,
      }),
    );
    expect(await statusOf(h, site.cid, paper.id)).toBe('assigned');
    ok(
      await call(h, site.host, 'delete', `${ALLOCATION}/papers/${paper.id}/reviewers/${r[1].id}`, {
        token: site.manager,
      }),
    );
    expect(await statusOf(h, site.cid, paper.id)).toBe('waiting');
  });

  test('a reviewer declares a conflict: the unstarted review goes and the manuscript is waiting again', async () => {
    const p = await addPaper(h, site);
    ok(await post(site, `/papers/${p.id}/reviewers`, { reviewerIds: [r[2].id] }));
    const res = await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', {
      token: r[2].token,
      body: { submissionId: p.id, note: 'my student' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect((await reviewRows(h, site.cid)).filter((x) => x[0] === p.id)).toEqual([]);
    expect(await statusOf(h, site.cid, p.id)).toBe('waiting');
    const list = ok<ConflictView[]>(
      await call(h, site.host, 'get', `${ALLOCATION}/conflicts`, { token: site.manager }),
    );
    expect(list.find((c) => c.submissionId === p.id)).toMatchObject({
      reviewerId: r[2].id,
      state: 'declared',
      note: 'my student',
    });
    const again = await post(site, `/papers/${p.id}/reviewers`, { reviewerIds: [r[2].id] });
    expect(again.status).toBe(409);
    // a manuscript not assigned to them: not found
    const other = await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', {
      token: r[1].token,
      body: { submissionId: p.id },
    });
    expect(other.status).toBe(404);
  });

  test("an author's declared conflict blocks without confirming; a manager may overrule it, not a reviewer's own", async () => {
    const rival = await addReviewer(h, site, { sessions: [site.sessionA], unit: 'Rival Institute of Technology' });
    const byMail = await addPaper(h, site, { conflicts: [{ email: r[1].email.toUpperCase() }] });
    const byPlace = await addPaper(h, site, { conflicts: [{ organisation: 'Rival Inst. of Tech.' }] });
    const view = ok<CandidatesView>(
      await call(h, site.host, 'get', `${ALLOCATION}/papers/${byMail.id}`, { token: site.manager }),
    );
    expect(view.candidates.find((c) => c.reviewerId === r[1].id)?.conflict).toMatchObject({
      state: 'declared',
      reason: 'authorDeclared',
    });
    expect(
      ok<CandidatesView>(
        await call(h, site.host, 'get', `${ALLOCATION}/papers/${byPlace.id}`, { token: site.manager }),
      ).candidates.find((c) => c.reviewerId === rival.id)?.conflict,
    ).toMatchObject({ state: 'declared', reason: 'authorDeclared', detail: 'Rival Inst. of Tech.' });
    for (const [paper, who] of [
      [byMail, r[1]],
      [byPlace, rival],
    ] as const) {
      const res = await post(site, `/papers/${paper.id}/reviewers`, { reviewerIds: [who.id] }, 'en');
      expect(res.status).toBe(409);
      expect(res.body.key).toBe('allocation:conflict');
    }
    // Nothing to confirm: the declaration is not counted as undecided, and one-click never uses it.
    const p = await preview(site, { seed: 3 });
    expect(p.papers.find((x) => x.id === byMail.id)?.added.map((x) => x.reviewerId) ?? []).not.toContain(r[1].id);
    expect(p.papers.find((x) => x.id === byPlace.id)?.added.map((x) => x.reviewerId) ?? []).not.toContain(rival.id);
    let list = ok<ConflictView[]>(await call(h, site.host, 'get', `${ALLOCATION}/conflicts`, { token: site.manager }));
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({
      state: 'declared',
      reason: 'authorDeclared',
      stored: false,
    });
    // Overruled: remembered, and the pair may be picked; undone: the declaration blocks again.
    list = ok<ConflictView[]>(
      await post(site, '/conflicts', {
        reviewerId: r[1].id,
        submissionId: byMail.id,
        state: 'dismissed',
        note: 'not the same lab',
      }),
    );
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({
      state: 'dismissed',
      reason: 'authorDeclared',
      stored: true,
    });
    ok(await post(site, `/papers/${byMail.id}/reviewers`, { reviewerIds: [r[1].id] }));
    ok(
      await call(h, site.host, 'delete', `${ALLOCATION}/papers/${byMail.id}/reviewers/${r[1].id}`, {
        token: site.manager,
      }),
    );
    list = ok<ConflictView[]>(
      await call(h, site.host, 'delete', `${ALLOCATION}/conflicts/${byMail.id}/${r[1].id}`, { token: site.manager }),
    );
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({
      state: 'declared',
      stored: false,
    });
    expect((await post(site, `/papers/${byMail.id}/reviewers`, { reviewerIds: [r[1].id] })).status).toBe(409);
    // A reviewer's own declaration cannot be overruled.
    const honest = await addReviewer(h, site, { sessions: [site.sessionA] });
    const theirs = await addPaper(h, site);
    ok(await post(site, `/papers/${theirs.id}/reviewers`, { reviewerIds: [honest.id] }));
    ok(
      await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', {
        token: honest.token,
        body: { submissionId: theirs.id, note: 'my former student' },
      }),
    );
    const refused = await post(
      site,
      '/conflicts',
      { reviewerId: honest.id, submissionId: theirs.id, state: 'dismissed' },
      'en',
    );
    expect(refused.body).toMatchObject({ code: 409, message: 'A conflict the reviewer declared cannot be dismissed' });
  });

  test("another conference's ids are not found; a reviewer cannot manage", async () => {
    const otherSite = await allocationSite(h, 'alloc-other');
    const otherReviewer = await addReviewer(h, otherSite, { sessions: [otherSite.sessionA] });
    const otherPaper = await addPaper(h, otherSite);
    const before = await reviewRows(h, site.cid);
    let res = await post(site, `/papers/${otherPaper.id}/reviewers`, { reviewerIds: [r[1].id] });
    expect(res.status).toBe(404);
    res = await post(site, `/papers/${paper.id}/reviewers`, { reviewerIds: [otherReviewer.id] });
    expect(res.status).toBe(404);
    res = await call(h, site.host, 'get', `${ALLOCATION}/papers/${otherPaper.id}`, { token: site.manager });
    expect(res.status).toBe(404);
    res = await post(site, '/conflicts', { reviewerId: otherReviewer.id, submissionId: paper.id, state: 'confirmed' });
    expect(res.status).toBe(404);
    expect(await reviewRows(h, site.cid)).toEqual(before);
    for (const [method, path, body] of [
      ['get', ALLOCATION, undefined],
      ['post', `${ALLOCATION}/preview`, {}],
      ['get', `${ALLOCATION}/conflicts`, undefined],
      ['post', `${ALLOCATION}/papers/${paper.id}/reviewers`, { reviewerIds: [r[0].id] }],
    ] as const) {
      const answer = await call(h, site.host, method, path, { token: r[0].token, body });
      expect(answer.status, path).toBe(403);
    }
  });

  test('a withdrawn manuscript is shown but not assignable', async () => {
    const gone = await addPaper(h, site);
    ok(
      await call(h, site.host, 'post', `/conference/platform/manage/contribute/${gone.id}/status`, {
        token: site.manager,
        body: { action: 'withdraw', note: '' },
      }),
    );
    const res = await post(site, `/papers/${gone.id}/reviewers`, { reviewerIds: [r[1].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A withdrawn or decided manuscript cannot get or lose reviewers');
    const list = ok<AllocationPage>(
      await call(h, site.host, 'get', `${ALLOCATION}?status=withdrawn`, { token: site.manager }),
    );
    expect(list.rows).toEqual([expect.objectContaining({ id: gone.id, assignable: false, missing: 0 })]);
    expect((await preview(site)).papers.map((x) => x.id)).not.toContain(gone.id);
  });

  test('the list shows reviewers, missing places and what is not assignable', async () => {
    const list = ok<AllocationPage>(
      await call(h, site.host, 'get', `${ALLOCATION}?page=1&size=50`, { token: site.manager }),
    );
    const row = list.rows.find((x) => x.id === conflicted.id)!;
    expect(row).toMatchObject({
      assignable: true,
      missing: 1,
      reviewers: [expect.objectContaining({ reviewerId: r[0].id })],
    });
    const bad = await call(h, site.host, 'get', `${ALLOCATION}?status=lost`, { token: site.manager, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });
});

test('the same reviewer picked twice at once for one manuscript: one review', async () => {
  const site = await allocationSite(h, 'alloc-double', { k: 2 });
  const reviewer = await addReviewer(h, site, { sessions: [site.sessionA] });
  const paper = await addPaper(h, site);
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.post(
          site.host,
          `${ALLOCATION}/papers/${paper.id}/reviewers`,
          { reviewerIds: [reviewer.id] },
          `token=${site.manager}`,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  } finally {
    await server.close();
  }
  expect(await reviewRows(h, site.cid)).toEqual([[paper.id, reviewer.id, 'assigned']]);
  expect(await h.db('mail_outbox').where({ conference_id: site.cid, kind: 'assignAbstractReview' })).toHaveLength(1);
  expect(
    await h.db('submission_history').where({ conference_id: site.cid, submission_id: paper.id, to_status: 'assigned' }),
  ).toHaveLength(1);
});

describe('the screen', () => {
  let site: CallSite;
  let reviewer: TestReviewer;
  beforeAll(async () => {
    site = await allocationSite(h, 'alloc-pages', { k: 2 });
    reviewer = await addReviewer(h, site, { sessions: [site.sessionA] });
    await addPaper(h, site, { title: 'Graph allocation at scale' });
  });

  test.each([
    ['zh', false],
    ['zh', true],
    ['en', false],
    ['en', true],
  ] as const)('%s (phone: %s): the island with the manuscripts, the menu entry, no raw key', async (lang, mobile) => {
    const { res, $ } = await page(h.app, '/platform/submissionManage/index', {
      host: site.host,
      token: site.manager,
      lang,
      mobile,
    });
    expect(res.status).toBe(200);
    const island = $('[data-island="ManageAllocation"]');
    expect(island.length).toBe(1);
    expect(island.text()).toContain('Graph allocation at scale');
    expect(island.text()).toContain(lang === 'zh' ? '一键随机分配' : 'One-click random allocation');
    expect($('a[href="/platform/submissionManage/index"]').length).toBeGreaterThan(0);
    expect($('body').text()).not.toMatch(/\ballocation:[a-zA-Z.]+/);
  });

  test('a reviewer is sent to their own page', async () => {
    const { res } = await page(h.app, '/platform/submissionManage/index', { host: site.host, token: reviewer.token });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/platform/submissionManage/user');
  });
});
