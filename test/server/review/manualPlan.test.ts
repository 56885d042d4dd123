/**
 * Manual assignment and conflict decisions through preview → apply (issue 35), like the one-click
 * run: the preview saves nothing and shows the plan (pairs added and removed, a started review set
 * aside, the status moves, the conflict decisions, the mails, the loads); apply with a fresh token
 * writes exactly that plan; a preview made stale by another change is refused and changes nothing;
 * two managers applying conflicting previews at once: exactly one applies; bad input is a
 * translated 400.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { serve } from '../../helpers/concurrency';
import type { CallSite } from '../submissions/helpers';
import type { ChangePlan, ManualApplied } from '../../../server/contract/allocation';
import { t } from '../../../server/platform/i18n';
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

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

const post = (site: CallSite, path: string, body: object, lang: 'zh' | 'en' = 'zh') =>
  call(h, site.host, 'post', `${ALLOCATION}${path}`, { token: site.manager, body, lang });
const preview = async (site: CallSite, change: object) => ok<ChangePlan>(await post(site, '/manual/preview', change));
const apply = (site: CallSite, change: object, token: string) => post(site, '/manual/apply', { change, token });

/** Everything an assignment change may write, to check that a preview or a refusal wrote nothing. */
async function written(cid: number) {
  const [reviews, ended, conflicts, mails, history] = await Promise.all([
    reviewRows(h, cid),
    h.db('ended_reviews').where({ conference_id: cid }).count({ n: '*' }).first(),
    h
      .db('review_conflicts')
      .where({ conference_id: cid })
      .orderBy('id')
      .select('reviewer_id', 'submission_id', 'state'),
    h.db('mail_outbox').where({ conference_id: cid }).count({ n: '*' }).first(),
    h.db('submission_history').where({ conference_id: cid }).count({ n: '*' }).first(),
  ]);
  return {
    reviews,
    ended: Number(ended?.n),
    conflicts: conflicts.map((c) => [Number(c.reviewer_id), Number(c.submission_id), c.state]),
    mails: Number(mails?.n),
    history: Number(history?.n),
  };
}

describe('manual preview → apply', () => {
  let site: CallSite;
  let r: TestReviewer[];
  let paper: { id: number; number: string };

  beforeAll(async () => {
    site = await allocationSite(h, 'manual-plan', { k: 2, max: 3 });
    r = [];
    for (let i = 0; i < 3; i++) r.push(await addReviewer(h, site, { sessions: [site.sessionA], name: `Plan R${i}` }));
    paper = await addPaper(h, site);
  });

  test('the preview of a pick saves nothing; apply writes exactly the plan', async () => {
    const before = await written(site.cid);
    const change = { kind: 'assign', submissionId: paper.id, reviewerIds: [r[0].id, r[1].id] };
    const plan = await preview(site, change);
    expect(plan.added.map((x) => [x.submissionId, x.reviewerId, x.name])).toEqual([
      [paper.id, r[0].id, 'Plan R0'],
      [paper.id, r[1].id, 'Plan R1'],
    ]);
    expect(plan.removed).toEqual([]);
    expect(plan.statusMoves).toEqual([
      { submissionId: paper.id, number: paper.number, from: 'waiting', to: 'assigned' },
    ]);
    expect(plan.mails.map((x) => x.reviewerId)).toEqual([r[0].id, r[1].id]);
    expect(plan.loads).toEqual([
      { reviewerId: r[0].id, name: 'Plan R0', before: 0, after: 1 },
      { reviewerId: r[1].id, name: 'Plan R1', before: 0, after: 1 },
    ]);
    expect(await written(site.cid)).toEqual(before);
    expect(await preview(site, change)).toEqual(plan);

    const applied = ok<ManualApplied>(await apply(site, change, plan.token));
    expect(applied.plan).toEqual(plan);
    expect(applied.mails).toBe(2);
    const after = await written(site.cid);
    expect(after.reviews).toEqual([
      [paper.id, r[0].id, 'assigned'],
      [paper.id, r[1].id, 'assigned'],
    ]);
    expect(after.mails).toBe(before.mails + 2);
    expect(after.history).toBe(before.history + 1);
    expect(await statusOf(h, site.cid, paper.id)).toBe('assigned');
    // the same token again: the state moved since
    const again = await apply(site, change, plan.token);
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('allocation:stale');
  });

  test('removing a started review shows it set aside; removing the last one sends the manuscript back', async () => {
    await h
      .db('reviews')
      .where({ conference_id: site.cid, submission_id: paper.id, reviewer_id: r[0].id })
      .update({ state: 'draft' });
    const first = { kind: 'unassign', submissionId: paper.id, reviewerId: r[0].id };
    const plan = await preview(site, first);
    expect(plan.removed.map((x) => x.reviewerId)).toEqual([r[0].id]);
    expect(plan.setAside.map((x) => x.reviewerId)).toEqual([r[0].id]);
    expect(plan.statusMoves).toEqual([]);
    expect(plan.loads).toEqual([{ reviewerId: r[0].id, name: 'Plan R0', before: 1, after: 0 }]);
    ok(await apply(site, first, plan.token));
    expect((await written(site.cid)).ended).toBe(1);

    const last = { kind: 'unassign', submissionId: paper.id, reviewerId: r[1].id };
    const lastPlan = await preview(site, last);
    expect(lastPlan.setAside).toEqual([]);
    expect(lastPlan.statusMoves).toEqual([
      { submissionId: paper.id, number: paper.number, from: 'assigned', to: 'waiting' },
    ]);
    ok(await apply(site, last, lastPlan.token));
    expect(await reviewRows(h, site.cid)).toEqual([]);
    expect(await statusOf(h, site.cid, paper.id)).toBe('waiting');
  });

  test('deciding and undoing a conflict: the decision and the review it ends are in the plan', async () => {
    const p = await addPaper(h, site);
    ok(await post(site, `/papers/${p.id}/reviewers`, { reviewerIds: [r[2].id] }));
    const decide = { kind: 'decide', submissionId: p.id, reviewerId: r[2].id, state: 'confirmed', note: 'student' };
    const plan = await preview(site, decide);
    expect(plan.conflicts).toEqual([expect.objectContaining({ reviewerId: r[2].id, from: null, to: 'confirmed' })]);
    expect(plan.removed.map((x) => x.reviewerId)).toEqual([r[2].id]);
    expect(plan.statusMoves.map((m) => m.to)).toEqual(['waiting']);
    ok(await apply(site, decide, plan.token));
    expect((await written(site.cid)).conflicts).toEqual([[r[2].id, p.id, 'confirmed']]);
    expect(await statusOf(h, site.cid, p.id)).toBe('waiting');

    const undo = { kind: 'undecide', submissionId: p.id, reviewerId: r[2].id };
    const undoPlan = await preview(site, undo);
    expect(undoPlan.conflicts).toEqual([expect.objectContaining({ from: 'confirmed', to: null })]);
    ok(await apply(site, undo, undoPlan.token));
    expect((await written(site.cid)).conflicts).toEqual([]);
  });

  test('a preview made stale by another change is refused and changes nothing', async () => {
    const p = await addPaper(h, site);
    const change = { kind: 'assign', submissionId: p.id, reviewerIds: [r[0].id] };
    const plan = await preview(site, change);
    // another manager gives r[0] another manuscript: the load the preview showed moved
    const other = await addPaper(h, site);
    ok(await post(site, `/papers/${other.id}/reviewers`, { reviewerIds: [r[0].id] }));
    const before = await written(site.cid);
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(site, '/manual/apply', { change, token: plan.token }, lang);
      expect(res.status).toBe(409);
      expect(res.body.key).toBe('allocation:stale');
      expect(res.body.message).toBe(t(lang, 'allocation:stale'));
    }
    expect(await written(site.cid)).toEqual(before);
    // a change unrelated to the pick does not make it stale
    ok(await post(site, `/papers/${other.id}/reviewers`, { reviewerIds: [r[1].id] }));
    const fresh = await preview(site, change);
    ok(await post(site, `/papers/${other.id}/reviewers`, { reviewerIds: [r[2].id] }));
    ok(await apply(site, change, fresh.token));
  });

  test('bad input is a translated 400 and changes nothing', async () => {
    const before = await written(site.cid);
    const cases: Array<[string, object, string]> = [
      ['/manual/preview', { kind: 'swap', submissionId: paper.id }, 'allocation:kindInvalid'],
      ['/manual/preview', {}, 'allocation:kindInvalid'],
      ['/manual/preview', { kind: 'assign', submissionId: paper.id, reviewerIds: [] }, 'allocation:pickRequired'],
      [
        '/manual/preview',
        { kind: 'unassign', submissionId: 'x', reviewerId: r[0].id },
        'allocation:submissionNotFound',
      ],
      [
        '/manual/preview',
        { kind: 'decide', submissionId: paper.id, reviewerId: r[0].id, state: 'maybe' },
        'allocation:decisionInvalid',
      ],
      [
        '/manual/apply',
        { change: { kind: 'unassign', submissionId: paper.id, reviewerId: r[0].id }, token: 'x' },
        'allocation:stale',
      ],
      ['/manual/apply', { token: 'a'.repeat(64) }, 'allocation:kindInvalid'],
    ];
    for (const [path, body, key] of cases)
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(site, path, body, lang);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.key).toBe(key);
        expect(res.body.message).not.toBe(key);
      }
    // well formed but unknown: not found; a token of nothing previewed: stale
    const missing = await post(site, '/manual/preview', {
      kind: 'assign',
      submissionId: 2 ** 30,
      reviewerIds: [r[0].id],
    });
    expect(missing.status).toBe(404);
    const forged = await apply(site, { kind: 'unassign', submissionId: paper.id, reviewerId: r[0].id }, 'a'.repeat(64));
    expect(forged.status).toBe(409);
    expect(await written(site.cid)).toEqual(before);
    // a reviewer cannot preview
    const res = await call(h, site.host, 'post', `${ALLOCATION}/manual/preview`, {
      token: r[0].token,
      body: { kind: 'unassign', submissionId: paper.id, reviewerId: r[0].id },
    });
    expect(res.status).toBe(403);
  });
});

test('two managers applying conflicting manual previews at once: exactly one applies', async () => {
  const site = await allocationSite(h, 'manual-rush', { k: 2 });
  const second = await h.login({
    email: 'second-manager-manual-rush@example.org',
    conferenceId: site.cid,
    roles: ['manager'],
  });
  const reviewer = await addReviewer(h, site, { sessions: [site.sessionA] });
  const server = await serve(h.app);
  try {
    for (let round = 0; round < 3; round++) {
      const p = await addPaper(h, site);
      // one assigns the reviewer, the other confirms a conflict for the same pair
      const assign = { kind: 'assign', submissionId: p.id, reviewerIds: [reviewer.id] };
      const decide = { kind: 'decide', submissionId: p.id, reviewerId: reviewer.id, state: 'confirmed', note: '' };
      const [a, b] = [await preview(site, assign), await preview(site, decide)];
      const answers = await Promise.all([
        server.post(
          site.host,
          `${ALLOCATION}/manual/apply`,
          { change: assign, token: a.token },
          `token=${site.manager}`,
        ),
        server.post(site.host, `${ALLOCATION}/manual/apply`, { change: decide, token: b.token }, `token=${second}`),
      ]);
      const codes = answers.map((x) => `${x.status} ${x.body.message}`).sort();
      expect(
        codes.filter((c) => c === '200 allocation:manualApplied'),
        codes.join(','),
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === '409 allocation:stale'),
        codes.join(','),
      ).toHaveLength(1);
      const rows = (await reviewRows(h, site.cid)).filter((x) => x[0] === p.id);
      const conflict = await h.db('review_conflicts').where({ conference_id: site.cid, submission_id: p.id });
      // exactly one of the two: assigned without a conflict, or a conflict and no review
      if (answers[0].status === 200) {
        expect(rows).toEqual([[p.id, reviewer.id, 'assigned']]);
        expect(conflict).toEqual([]);
        expect(await statusOf(h, site.cid, p.id)).toBe('assigned');
      } else {
        expect(rows).toEqual([]);
        expect(conflict.map((c) => c.state)).toEqual(['confirmed']);
        expect(await statusOf(h, site.cid, p.id)).toBe('waiting');
      }
    }
  } finally {
    await server.close();
  }
});

test('two managers adding different reviewers to one waiting manuscript from the same state: exactly one applies', async () => {
  const site = await allocationSite(h, 'manual-pair', { k: 2 });
  const second = await h.login({
    email: 'second-manager-manual-pair@example.org',
    conferenceId: site.cid,
    roles: ['manager'],
  });
  const a = await addReviewer(h, site, { sessions: [site.sessionA] });
  const b = await addReviewer(h, site, { sessions: [site.sessionA] });
  const server = await serve(h.app);
  try {
    for (let round = 0; round < 3; round++) {
      const p = await addPaper(h, site);
      const first = { kind: 'assign', submissionId: p.id, reviewerIds: [a.id] };
      const other = { kind: 'assign', submissionId: p.id, reviewerIds: [b.id] };
      const [x, y] = [await preview(site, first), await preview(site, other)];
      const answers = await Promise.all([
        server.post(
          site.host,
          `${ALLOCATION}/manual/apply`,
          { change: first, token: x.token },
          `token=${site.manager}`,
        ),
        server.post(site.host, `${ALLOCATION}/manual/apply`, { change: other, token: y.token }, `token=${second}`),
      ]);
      const codes = answers.map((r) => `${r.status} ${r.body.message}`).sort();
      expect(codes, codes.join(',')).toEqual(['200 allocation:manualApplied', '409 allocation:stale']);
      const winner = answers[0].status === 200 ? a : b;
      expect((await reviewRows(h, site.cid)).filter((r) => r[0] === p.id)).toEqual([[p.id, winner.id, 'assigned']]);
      expect(
        await h.db('submission_history').where({ conference_id: site.cid, submission_id: p.id, to_status: 'assigned' }),
      ).toHaveLength(1);
    }
  } finally {
    await server.close();
  }
});
