/**
 * The one-click reviewer allocation (issue 16): the preview saves nothing and apply saves exactly
 * it; K reviewers per manuscript of a session that has enough, the loads within one of each other,
 * the maximum respected, no conflict assigned (confirmed, declared or suggested and undecided)
 * while a dismissed suggestion may be; started reviews stay; shortfalls named with their reason in
 * both languages; a stale token changes nothing; one mail per reviewer and manuscript added; the
 * statuses follow; parallel applies give exactly one. The manual pick: allocationManual.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { serve } from '../../helpers/concurrency';
import type { CallSite } from '../submissions/helpers';
import type { AllocationApplied, CandidatesView, ConflictView } from '../../../server/contract/allocation';
import {
  addPaper,
  addReviewer,
  allocationSite,
  ALLOCATION,
  call,
  ok,
  reviewRows,
  reviewSettings,
  statusOf,
  type TestReviewer,
} from './reviewHelpers';
import { useAllocationHarness, h, post, preview, apply } from './allocationWorld';

useAllocationHarness();

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
    for (let i = 0; i < 4; i++)
      r.push(await addReviewer(h, site, { sessions: [site.sessionA], lang: i % 2 ? 'en' : 'zh' }));
    chair = await addReviewer(h, site, { sessions: [site.sessionA], role: 'chair' });
    await addReviewer(h, site, { sessions: [site.sessionB] });
    papers = [];
    for (let i = 0; i < 5; i++) papers.push(await addPaper(h, site));
    // r[0] wrote this one: a suggested conflict (same person) until someone decides
    self = await addPaper(h, site, {
      authors: [{ name: 'Self', surname: 'Author', email: r[0].email, company: 'Somewhere Else' }],
    });
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
    expect(zh.shortfalls).toEqual([
      expect.objectContaining({
        paperId: paperB.id,
        missing: 1,
        reason: 'noReviewers',
        text: '缺少 1 位审稿人：该分会场的审稿人不足 2 位',
      }),
    ]);
    expect(en.shortfalls[0].text).toBe('1 reviewer(s) missing: the session has fewer than 2 reviewers');
  });

  test('a confirmed conflict is never assigned; a dismissed suggestion may be', async () => {
    let list = ok<ConflictView[]>(
      await call(h, site.host, 'post', `${ALLOCATION}/conflicts`, {
        token: site.manager,
        body: { reviewerId: r[1].id, submissionId: papers[0].id, state: 'confirmed' },
      }),
    );
    expect(list.find((c) => c.reviewerId === r[1].id)).toMatchObject({
      state: 'confirmed',
      submissionId: papers[0].id,
    });
    expect(list.find((c) => c.reviewerId === r[0].id)).toMatchObject({
      state: 'suggested',
      reason: 'samePerson',
      submissionId: self.id,
    });
    for (let seed = 0; seed < 5; seed++) {
      const p = await preview(site, { seed });
      expect(p.papers.find((x) => x.id === papers[0].id)!.added.map((x) => x.reviewerId)).not.toContain(r[1].id);
    }
    list = ok<ConflictView[]>(
      await call(h, site.host, 'post', `${ALLOCATION}/conflicts`, {
        token: site.manager,
        body: { reviewerId: r[0].id, submissionId: self.id, state: 'dismissed' },
      }),
    );
    expect(list.find((c) => c.reviewerId === r[0].id)).toMatchObject({ state: 'dismissed', reason: 'samePerson' });
    expect((await preview(site)).undecided).toBe(0);
    const seen = new Set<number>();
    for (let seed = 0; seed < 30; seed++)
      for (const x of (await preview(site, { seed })).papers.find((y) => y.id === self.id)!.added)
        seen.add(x.reviewerId);
    expect(seen.has(r[0].id)).toBe(true);
  });

  test('apply saves exactly the preview: K each, loads within one, mails with the link, statuses moved', async () => {
    const p = await preview(site, { seed: 42 });
    const done = ok<AllocationApplied>(await apply(site, p));
    expect(done.added).toBe(p.added);
    const rows = await reviewRows(h, site.cid);
    const expected = p.papers
      .flatMap((x) => x.added.map((a) => [x.id, a.reviewerId, 'assigned'] as [number, number, string]))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
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
    for (const x of r)
      for (const m of mails.filter((y) => y.to_address === x.email))
        expect(m.subject).toContain(x === r[1] || x === r[3] ? 'A manuscript to review' : '新的审稿任务');

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
      expect(res.body.message).toBe(
        lang === 'zh' ? '预览之后分配已有变化，请重新预览' : 'The assignments changed since the preview; preview again',
      );
    }
    expect(await reviewRows(h, site.cid)).toEqual(after);
    expect(after.length).toBe(before.length + 1);
  });

  test('started reviews stay, even when unstarted ones may move', async () => {
    const [sid, rid] = (await reviewRows(h, site.cid))[0];
    await h
      .db('reviews')
      .where({ conference_id: site.cid, submission_id: sid, reviewer_id: rid })
      .update({ state: 'draft' });
    for (let seed = 0; seed < 10; seed++) {
      const p = await preview(site, { seed, keepCurrent: false });
      const plan = p.papers.find((x) => x.id === sid);
      if (plan) expect(plan.removed.map((x) => x.reviewerId)).not.toContain(rid);
    }
    // A manager may still remove the reviewer by hand: the review is kept aside (test/server/review/endedReviews.test.ts).
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
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.post(
          site.host,
          `${ALLOCATION}/apply`,
          { seed: p.seed, keepCurrent: true, token: p.token },
          `token=${site.manager}`,
        ),
      ),
    );
    const codes = answers.map((a) => `${a.status} ${a.body.message}`);
    expect(
      codes.filter((c) => c === '200 allocation:applied'),
      codes.join(','),
    ).toHaveLength(1);
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
