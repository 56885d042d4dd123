/**
 * Reviewer assignment (issue 16): the one-click allocation's preview saves nothing and apply saves
 * exactly it; K reviewers per manuscript of a session that has enough, the loads within one of
 * each other, the maximum respected, no conflict assigned (confirmed, declared or suggested and
 * undecided) while a dismissed suggestion may be; started reviews stay; shortfalls named with their
 * reason in both languages; a stale token changes nothing; one mail per reviewer and manuscript
 * added; the statuses follow; the manual pick's refusals; other conferences' ids are not found;
 * reviewers cannot manage; parallel applies give exactly one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { serve } from '../../helpers/concurrency';
import { page } from '../../helpers/http';
import type { CallSite } from '../submissions/helpers';
import type { AllocationApplied, AllocationPage, AllocationPreview, CandidatesView, ConflictView } from '../../../server/contract/allocation';
import { addPaper, addReviewer, allocationSite, ALLOCATION, call, ok, reviewRows, reviewSettings, statusOf, type TestReviewer } from './reviewHelpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

const post = (site: CallSite, path: string, body: object, lang: 'zh' | 'en' = 'zh', token = site.manager) => call(h, site.host, 'post', `${ALLOCATION}${path}`, { token, body, lang });
const preview = async (site: CallSite, body: object = {}, lang: 'zh' | 'en' = 'zh') => ok<AllocationPreview>(await post(site, '/preview', body, lang));
const apply = (site: CallSite, p: AllocationPreview) => post(site, '/apply', { seed: p.seed, keepCurrent: p.keepCurrent, token: p.token });

describe('one-click allocation', () => {
  let site: CallSite;
  let r: TestReviewer[];
  let chair: TestReviewer;
  let papers: Array<{ id: number }>;
  let paperB: { id: number };
  let self: { id: number };

  beforeAll(async () => {
    site = await allocationSite(h, 'alloc-main', { k: 2 });
    r = [];
    for (let i = 0; i < 4; i++) r.push(await addReviewer(h, site, { sessions: [site.sessionA], lang: i % 2 ? 'en' : 'zh' }));
    chair = await addReviewer(h, site, { sessions: [site.sessionA], role: 'chair' });
    await addReviewer(h, site, { sessions: [site.sessionB] });
    papers = [];
    for (let i = 0; i < 5; i++) papers.push(await addPaper(h, site));
    // r[0] wrote this one: a suggested conflict (same person) until someone decides
    self = await addPaper(h, site, { authors: [{ name: 'Self', surname: 'Author', email: r[0].email, company: 'Somewhere Else' }] });
    paperB = await addPaper(h, site, { session: 'B' });
  });

  test('the preview saves nothing; the suggested conflict is counted and never assigned', async () => {
    const p = await preview(site, { seed: 7 });
    expect(await reviewRows(h, site.cid)).toEqual([]);
    expect(await statusOf(h, site.cid, papers[0].id)).toBe('waiting');
    expect(p.undecided).toBe(1);
    expect(p.added).toBe(12 + 1);
    const selfPlan = p.papers.find((x) => x.id === self.id)!;
    expect(selfPlan.added.map((x) => x.reviewerId)).not.toContain(r[0].id);
    expect(p.papers.flatMap((x) => x.added).map((x) => x.reviewerId)).not.toContain(chair.id);
    // the same seed, the same answer
    expect(await preview(site, { seed: 7 })).toEqual(p);
  });

  test('shortfalls are named with their reason, in both languages', async () => {
    const zh = await preview(site, { seed: 1 }, 'zh');
    const en = await preview(site, { seed: 1 }, 'en');
    expect(zh.shortfalls).toEqual([expect.objectContaining({ paperId: paperB.id, missing: 1, reason: 'noReviewers', text: '缺少 1 位审稿人：该分会场的审稿人不足 2 位' })]);
    expect(en.shortfalls[0].text).toBe('1 reviewer(s) missing: the session has fewer than 2 reviewers');
  });

  test('a confirmed conflict is never assigned; a dismissed suggestion may be', async () => {
    let list = ok<ConflictView[]>(await call(h, site.host, 'post', `${ALLOCATION}/conflicts`, { token: site.manager, body: { reviewerId: r[1].id, submissionId: papers[0].id, state: 'confirmed' } }));
    expect(list.find((c) => c.reviewerId === r[1].id)).toMatchObject({ state: 'confirmed', submissionId: papers[0].id });
    expect(list.find((c) => c.reviewerId === r[0].id)).toMatchObject({ state: 'suggested', reason: 'samePerson', submissionId: self.id });
    for (let seed = 0; seed < 5; seed++) {
      const p = await preview(site, { seed });
      expect(p.papers.find((x) => x.id === papers[0].id)!.added.map((x) => x.reviewerId)).not.toContain(r[1].id);
    }
    list = ok<ConflictView[]>(await call(h, site.host, 'post', `${ALLOCATION}/conflicts`, { token: site.manager, body: { reviewerId: r[0].id, submissionId: self.id, state: 'dismissed' } }));
    expect(list.find((c) => c.reviewerId === r[0].id)).toMatchObject({ state: 'dismissed', reason: 'samePerson' });
    expect((await preview(site)).undecided).toBe(0);
    const seen = new Set<number>();
    for (let seed = 0; seed < 30; seed++) for (const x of (await preview(site, { seed })).papers.find((y) => y.id === self.id)!.added) seen.add(x.reviewerId);
    expect(seen.has(r[0].id)).toBe(true);
  });

  test('apply saves exactly the preview: K each, loads within one, mails with the link, statuses moved', async () => {
    const p = await preview(site, { seed: 42 });
    const done = ok<AllocationApplied>(await apply(site, p));
    expect(done.added).toBe(p.added);
    const rows = await reviewRows(h, site.cid);
    const expected = p.papers.flatMap((x) => x.added.map((a) => [x.id, a.reviewerId, 'assigned'] as [number, number, string])).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(rows).toEqual(expected);
    for (const paper of [...papers, self]) expect(rows.filter((x) => x[0] === paper.id)).toHaveLength(2);
    const loads = r.map((x) => rows.filter((y) => y[1] === x.id).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(rows.some((x) => x[1] === chair.id)).toBe(false);
    expect(rows.some((x) => x[0] === papers[0].id && x[1] === r[1].id)).toBe(false);
    const sessionA = p.loads.find((l) => l.sessionId === site.sessionA)!;
    expect(sessionA.max - sessionA.min).toBeLessThanOrEqual(1);
    expect(await statusOf(h, site.cid, papers[0].id)).toBe('assigned');
    expect(await statusOf(h, site.cid, paperB.id)).toBe('assigned');

    const mails = await h.db('mail_outbox').where({ conference_id: site.cid, kind: 'assignAbstractReview' });
    expect(mails).toHaveLength(rows.length);
    const [sid, rid] = rows[0];
    const to = r.find((x) => x.id === rid)?.email ?? '';
    const mine = mails.filter((m) => m.to_address === to);
    expect(mine.length).toBe(rows.filter((x) => x[1] === rid).length);
    expect(mine.some((m) => String(m.html_body).includes(`/platform/submissionManage/review/${sid}`))).toBe(true);
    // each in the reviewer's language (r[1] and r[3] read English)
    for (const x of r) for (const m of mails.filter((y) => y.to_address === x.email)) expect(m.subject).toContain(x === r[1] || x === r[3] ? 'A manuscript to review' : '新的审稿任务');

    // nothing left to do: a new preview adds nothing (B's paper still short)
    const again = await preview(site);
    expect(again.added).toBe(0);
    expect(again.shortfalls.map((s) => s.paperId)).toEqual([paperB.id]);
  });

  test('a stale token is refused and changes nothing', async () => {
    const extra = await addPaper(h, site);
    const p = await preview(site, { seed: 3 });
    const before = await reviewRows(h, site.cid);
    // someone assigns meanwhile
    const pick = ok<CandidatesView>(await post(site, `/papers/${extra.id}/reviewers`, { reviewerIds: [r[2].id] }));
    expect(pick.submission.reviewers.map((x) => x.reviewerId)).toEqual([r[2].id]);
    const after = await reviewRows(h, site.cid);
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(site, '/apply', { seed: p.seed, keepCurrent: true, token: p.token }, lang);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(lang === 'zh' ? '预览之后分配已有变化，请重新预览' : 'The assignments changed since the preview; preview again');
    }
    expect(await reviewRows(h, site.cid)).toEqual(after);
    expect(after.length).toBe(before.length + 1);
  });

  test('started reviews stay, even when unstarted ones may move', async () => {
    const [sid, rid] = (await reviewRows(h, site.cid))[0];
    await h.db('reviews').where({ conference_id: site.cid, submission_id: sid, reviewer_id: rid }).update({ state: 'draft' });
    for (let seed = 0; seed < 10; seed++) {
      const p = await preview(site, { seed, keepCurrent: false });
      const plan = p.papers.find((x) => x.id === sid);
      if (plan) expect(plan.removed.map((x) => x.reviewerId)).not.toContain(rid);
    }
    // A manager may still remove the reviewer by hand: the review is kept aside (test/server/review/endedReviews.test.ts).
  });
});

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
    conflicted = await addPaper(h, site, { authors: [{ name: 'Co', surname: 'Worker', email: `colleague@${r[0].email.split('@')[1]}`, company: 'Other Place' }] });
  });

  test('the candidates show load and conflict; a suggested or confirmed conflict is refused; a dismissed one may be picked', async () => {
    const view = ok<CandidatesView>(await call(h, site.host, 'get', `${ALLOCATION}/papers/${conflicted.id}`, { token: site.manager }));
    expect(view.candidates.find((c) => c.reviewerId === r[0].id)?.conflict).toMatchObject({ state: 'suggested', reason: 'sameDomain' });
    let res = await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('allocation:conflictUndecided');
    ok(await post(site, '/conflicts', { reviewerId: r[0].id, submissionId: conflicted.id, state: 'confirmed' }));
    res = await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('allocation:conflict');
    expect(await reviewRows(h, site.cid)).toEqual([]);
    ok(await post(site, '/conflicts', { reviewerId: r[0].id, submissionId: conflicted.id, state: 'dismissed' }));
    const picked = ok<CandidatesView>(await post(site, `/papers/${conflicted.id}/reviewers`, { reviewerIds: [r[0].id] }));
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
    ok(await call(h, site.host, 'delete', `${ALLOCATION}/papers/${paper.id}/reviewers/${r[0].id}`, { token: site.manager }));
    expect(await statusOf(h, site.cid, paper.id)).toBe('assigned');
    ok(await call(h, site.host, 'delete', `${ALLOCATION}/papers/${paper.id}/reviewers/${r[1].id}`, { token: site.manager }));
    expect(await statusOf(h, site.cid, paper.id)).toBe('waiting');
  });

  test('a reviewer declares a conflict: the unstarted review goes and the manuscript is waiting again', async () => {
    const p = await addPaper(h, site);
    ok(await post(site, `/papers/${p.id}/reviewers`, { reviewerIds: [r[2].id] }));
    const res = await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', { token: r[2].token, body: { submissionId: p.id, note: 'my student' } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect((await reviewRows(h, site.cid)).filter((x) => x[0] === p.id)).toEqual([]);
    expect(await statusOf(h, site.cid, p.id)).toBe('waiting');
    const list = ok<ConflictView[]>(await call(h, site.host, 'get', `${ALLOCATION}/conflicts`, { token: site.manager }));
    expect(list.find((c) => c.submissionId === p.id)).toMatchObject({ reviewerId: r[2].id, state: 'declared', note: 'my student' });
    const again = await post(site, `/papers/${p.id}/reviewers`, { reviewerIds: [r[2].id] });
    expect(again.status).toBe(409);
    // a manuscript not assigned to them: not found
    const other = await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', { token: r[1].token, body: { submissionId: p.id } });
    expect(other.status).toBe(404);
  });

  test("an author's declared conflict blocks without confirming; a manager may overrule it, not a reviewer's own", async () => {
    const rival = await addReviewer(h, site, { sessions: [site.sessionA], unit: 'Rival Institute of Technology' });
    const byMail = await addPaper(h, site, { conflicts: [{ email: r[1].email.toUpperCase() }] });
    const byPlace = await addPaper(h, site, { conflicts: [{ organisation: 'Rival Inst. of Tech.' }] });
    const view = ok<CandidatesView>(await call(h, site.host, 'get', `${ALLOCATION}/papers/${byMail.id}`, { token: site.manager }));
    expect(view.candidates.find((c) => c.reviewerId === r[1].id)?.conflict).toMatchObject({ state: 'declared', reason: 'authorDeclared' });
    expect(ok<CandidatesView>(await call(h, site.host, 'get', `${ALLOCATION}/papers/${byPlace.id}`, { token: site.manager })).candidates.find((c) => c.reviewerId === rival.id)?.conflict).toMatchObject({ state: 'declared', reason: 'authorDeclared', detail: 'Rival Inst. of Tech.' });
    for (const [paper, who] of [[byMail, r[1]], [byPlace, rival]] as const) {
      const res = await post(site, `/papers/${paper.id}/reviewers`, { reviewerIds: [who.id] }, 'en');
      expect(res.status).toBe(409);
      expect(res.body.key).toBe('allocation:conflict');
    }
    // Nothing to confirm: the declaration is not counted as undecided, and one-click never uses it.
    const p = await preview(site, { seed: 3 });
    expect(p.papers.find((x) => x.id === byMail.id)?.added.map((x) => x.reviewerId) ?? []).not.toContain(r[1].id);
    expect(p.papers.find((x) => x.id === byPlace.id)?.added.map((x) => x.reviewerId) ?? []).not.toContain(rival.id);
    let list = ok<ConflictView[]>(await call(h, site.host, 'get', `${ALLOCATION}/conflicts`, { token: site.manager }));
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({ state: 'declared', reason: 'authorDeclared', stored: false });
    // Overruled: remembered, and the pair may be picked; undone: the declaration blocks again.
    list = ok<ConflictView[]>(await post(site, '/conflicts', { reviewerId: r[1].id, submissionId: byMail.id, state: 'dismissed', note: 'not the same lab' }));
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({ state: 'dismissed', reason: 'authorDeclared', stored: true });
    ok(await post(site, `/papers/${byMail.id}/reviewers`, { reviewerIds: [r[1].id] }));
    ok(await call(h, site.host, 'delete', `${ALLOCATION}/papers/${byMail.id}/reviewers/${r[1].id}`, { token: site.manager }));
    list = ok<ConflictView[]>(await call(h, site.host, 'delete', `${ALLOCATION}/conflicts/${byMail.id}/${r[1].id}`, { token: site.manager }));
    expect(list.find((c) => c.submissionId === byMail.id && c.reviewerId === r[1].id)).toMatchObject({ state: 'declared', stored: false });
    expect((await post(site, `/papers/${byMail.id}/reviewers`, { reviewerIds: [r[1].id] })).status).toBe(409);
    // A reviewer's own declaration cannot be overruled.
    const honest = await addReviewer(h, site, { sessions: [site.sessionA] });
    const theirs = await addPaper(h, site);
    ok(await post(site, `/papers/${theirs.id}/reviewers`, { reviewerIds: [honest.id] }));
    ok(await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', { token: honest.token, body: { submissionId: theirs.id, note: 'my former student' } }));
    const refused = await post(site, '/conflicts', { reviewerId: honest.id, submissionId: theirs.id, state: 'dismissed' }, 'en');
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
    for (const [method, path, body] of [['get', ALLOCATION, undefined], ['post', `${ALLOCATION}/preview`, {}], ['get', `${ALLOCATION}/conflicts`, undefined], ['post', `${ALLOCATION}/papers/${paper.id}/reviewers`, { reviewerIds: [r[0].id] }]] as const) {
      const answer = await call(h, site.host, method, path, { token: r[0].token, body });
      expect(answer.status, path).toBe(403);
    }
  });

  test('a withdrawn manuscript is shown but not assignable', async () => {
    const gone = await addPaper(h, site);
    ok(await call(h, site.host, 'post', `/conference/platform/manage/contribute/${gone.id}/status`, { token: site.manager, body: { action: 'withdraw', note: '' } }));
    const res = await post(site, `/papers/${gone.id}/reviewers`, { reviewerIds: [r[1].id] }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A withdrawn or decided manuscript cannot get or lose reviewers');
    const list = ok<AllocationPage>(await call(h, site.host, 'get', `${ALLOCATION}?status=withdrawn`, { token: site.manager }));
    expect(list.rows).toEqual([expect.objectContaining({ id: gone.id, assignable: false, missing: 0 })]);
    expect((await preview(site)).papers.map((x) => x.id)).not.toContain(gone.id);
  });

  test('the list shows reviewers, missing places and what is not assignable', async () => {
    const list = ok<AllocationPage>(await call(h, site.host, 'get', `${ALLOCATION}?page=1&size=50`, { token: site.manager }));
    const row = list.rows.find((x) => x.id === conflicted.id)!;
    expect(row).toMatchObject({ assignable: true, missing: 1, reviewers: [expect.objectContaining({ reviewerId: r[0].id })] });
    const bad = await call(h, site.host, 'get', `${ALLOCATION}?status=lost`, { token: site.manager, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });
});

test('the maximum per reviewer bounds the run; the manuscripts left short say so', async () => {
  const site = await allocationSite(h, 'alloc-max', { k: 2, max: 3 });
  const r = [];
  for (let i = 0; i < 3; i++) r.push(await addReviewer(h, site, { sessions: [site.sessionA] }));
  for (let i = 0; i < 6; i++) await addPaper(h, site);
  const p = await preview(site, { seed: 5 });
  expect(p.added).toBe(9);
  ok(await apply(site, p));
  const rows = await reviewRows(h, site.cid);
  for (const x of r) expect(rows.filter((y) => y[1] === x.id)).toHaveLength(3);
  expect(p.shortfalls.every((s) => s.reason === 'maxLoad')).toBe(true);
  expect(p.shortfalls.reduce((n, s) => n + s.missing, 0)).toBe(3);
  await reviewSettings(h, site, { k: 2, max: 0 });
});

test('20 managers applying the same preview at once: exactly one applies, the rows are consistent', async () => {
  const site = await allocationSite(h, 'alloc-rush', { k: 2 });
  for (let i = 0; i < 5; i++) await addReviewer(h, site, { sessions: [site.sessionA] });
  for (let i = 0; i < 8; i++) await addPaper(h, site);
  const p = await preview(site, { seed: 11 });
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.post(site.host, `${ALLOCATION}/apply`, { seed: p.seed, keepCurrent: true, token: p.token }, `token=${site.manager}`)));
    const codes = answers.map((a) => `${a.status} ${a.body.message}`);
    expect(codes.filter((c) => c === '200 allocation:applied'), codes.join(',')).toHaveLength(1);
    expect(codes.filter((c) => c === '409 allocation:stale')).toHaveLength(19);
  } finally {
    await server.close();
  }
  const rows = await reviewRows(h, site.cid);
  expect(rows).toHaveLength(16);
  expect(await h.db('mail_outbox').where({ conference_id: site.cid, kind: 'assignAbstractReview' })).toHaveLength(16);
  const history = await h.db('submission_history').where({ conference_id: site.cid, to_status: 'assigned' });
  expect(history).toHaveLength(8);
});

test('the same reviewer picked twice at once for one manuscript: one review', async () => {
  const site = await allocationSite(h, 'alloc-double', { k: 2 });
  const reviewer = await addReviewer(h, site, { sessions: [site.sessionA] });
  const paper = await addPaper(h, site);
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.post(site.host, `${ALLOCATION}/papers/${paper.id}/reviewers`, { reviewerIds: [reviewer.id] }, `token=${site.manager}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  } finally {
    await server.close();
  }
  expect(await reviewRows(h, site.cid)).toEqual([[paper.id, reviewer.id, 'assigned']]);
  expect(await h.db('mail_outbox').where({ conference_id: site.cid, kind: 'assignAbstractReview' })).toHaveLength(1);
  expect(await h.db('submission_history').where({ conference_id: site.cid, submission_id: paper.id, to_status: 'assigned' })).toHaveLength(1);
});

describe('the screen', () => {
  let site: CallSite;
  let reviewer: TestReviewer;
  beforeAll(async () => {
    site = await allocationSite(h, 'alloc-pages', { k: 2 });
    reviewer = await addReviewer(h, site, { sessions: [site.sessionA] });
    await addPaper(h, site, { title: 'Graph allocation at scale' });
  });

  test.each([['zh', false], ['zh', true], ['en', false], ['en', true]] as const)('%s (phone: %s): the island with the manuscripts, the menu entry, no raw key', async (lang, mobile) => {
    const { res, $ } = await page(h.app, '/platform/submissionManage/index', { host: site.host, token: site.manager, lang, mobile });
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
