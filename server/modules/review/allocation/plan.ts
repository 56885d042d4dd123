/**
 * Every change of assignments and conflict decisions is first a plan: the pairs added and removed,
 * the status moves, the started reviews set aside, the conflict decisions changed, the mails to
 * queue and the loads before and after. The planners here read only a snapshot (state.ts) and save
 * nothing; apply.ts writes a plan. A planner names the reviewer rows its apply locks and the state
 * its token hashes: the preview shows the plan with that token, and apply refuses when the state
 * under the locks hashes otherwise ('allocation:stale').
 */
import { createHash } from 'node:crypto';
import type { ChangePlan, ConflictState, ManualInput, PlanPair } from '../../../contract/allocation';
import type { SubmissionStatus } from '../../../contract/submissions';
import { AppError, notFound } from '../../../platform/errors';
import { assignReviewers, type AssignInput, type AssignResult } from '../assignment';
import { assignInput, blocks, isAssignable, loads, pair, tokenOf, type Snapshot } from './state';
import { isStarted } from './repo';

export type Pair = { submissionId: number; reviewerId: number };

/** Why an assignment ends: a confirmed conflict or the manager's removal (a started review is set aside); null: a one-click move, only while unstarted. */
export type EndReason = 'conflict' | 'unassigned' | null;

export type Plan = {
  added: Pair[];
  removed: Array<Pair & { started: boolean; end: EndReason }>;
  moves: Array<{ submissionId: number; from: SubmissionStatus; action: 'assign' | 'unassign' }>;
  conflicts: Array<
    Pair & { from: ConflictState | null; to: 'confirmed' | 'dismissed' | null; reason: string; note: string }
  >;
  /** the assign mails: one per pair added */
  mails: Pair[];
};

export type Planner = {
  /** the reviewer rows apply locks first: 'all' for a run, else these ids */
  lock: 'all' | number[];
  token(s: Snapshot): string;
  plan(s: Snapshot): Plan;
};

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
export const paperMissing = () => notFound('allocation:submissionNotFound');
export const reviewerMissing = () => notFound('allocation:reviewerNotFound');

/** The status moves of a plan's pairs: a manuscript that gets its first reviewer is assigned; one left with none is waiting again. */
function withMoves(s: Snapshot, plan: Omit<Plan, 'moves'>): Plan {
  const touched = [...new Set([...plan.added, ...plan.removed].map((x) => x.submissionId))].sort((a, b) => a - b);
  const moves: Plan['moves'] = [];
  for (const submissionId of touched) {
    const paper = s.papers.find((p) => p.id === submissionId);
    if (!paper) continue;
    const after =
      s.reviews.filter((r) => r.submission_id === submissionId).length +
      plan.added.filter((x) => x.submissionId === submissionId).length -
      plan.removed.filter((x) => x.submissionId === submissionId).length;
    const adds = plan.added.some((x) => x.submissionId === submissionId);
    if (adds && (paper.status === 'waiting' || paper.status === 'resubmitted'))
      moves.push({ submissionId, from: paper.status, action: 'assign' });
    else if (!after && paper.status === 'assigned')
      moves.push({ submissionId, from: paper.status, action: 'unassign' });
  }
  return { ...plan, moves };
}

/** What a manual plan depends on: the manuscript, its reviews, and each reviewer concerned (sessions, load, conflict). */
function manualToken(s: Snapshot, change: ManualInput): string {
  const sid = change.submissionId;
  const ids = change.kind === 'assign' ? [...new Set(change.reviewerIds)].sort((a, b) => a - b) : [change.reviewerId];
  const paper = s.papers.find((p) => p.id === sid);
  const load = loads(s);
  return hash({
    change,
    k: s.k,
    max: s.maxPerReviewer,
    paper: paper ? [paper.status, paper.session_id] : null,
    reviews: s.reviews.filter((r) => r.submission_id === sid).map((r) => [r.reviewer_id, r.state]),
    reviewers: ids.map((id) => [
      s.all.has(id),
      s.eligible.find((e) => e.reviewer.id === id)?.sessions ?? null,
      load.get(id) ?? 0,
      s.conflicts.get(pair(sid, id)) ?? null,
    ]),
  });
}

function reviewOf(s: Snapshot, { submissionId, reviewerId }: Pair) {
  return s.reviews.find((r) => r.submission_id === submissionId && r.reviewer_id === reviewerId);
}

function planAssign(s: Snapshot, submissionId: number, reviewerIds: number[]): Plan {
  const ids = [...new Set(reviewerIds)].sort((a, b) => a - b);
  for (const id of ids) if (!s.all.has(id)) throw reviewerMissing();
  const paper = s.papers.find((p) => p.id === submissionId);
  if (!paper) throw paperMissing();
  if (!isAssignable(paper.status)) throw new AppError(409, 'allocation:notAssignable');
  const load = loads(s);
  const fresh = ids.filter((reviewerId) => !reviewOf(s, { submissionId, reviewerId }));
  for (const id of fresh) {
    const e = s.eligible.find((x) => x.reviewer.id === id);
    const name = s.all.get(id)?.name ?? '';
    if (!e || !e.sessions.includes(paper.session_id))
      throw new AppError(409, 'allocation:notEligible', { field: 'reviewerIds', params: { name } });
    const c = s.conflicts.get(pair(submissionId, id));
    if (c?.state === 'suggested')
      throw new AppError(409, 'allocation:conflictUndecided', {
        field: 'reviewerIds',
        params: { name, reason: c.reason },
      });
    if (blocks(c)) throw new AppError(409, 'allocation:conflict', { field: 'reviewerIds', params: { name } });
    if (s.maxPerReviewer > 0 && (load.get(id) ?? 0) >= s.maxPerReviewer)
      throw new AppError(409, 'allocation:full', {
        field: 'reviewerIds',
        params: { name, max: String(s.maxPerReviewer) },
      });
  }
  const added = fresh.map((reviewerId) => ({ submissionId, reviewerId }));
  return withMoves(s, { added, removed: [], conflicts: [], mails: added });
}

/** Ends the pair's assignment when there is one and the manuscript may still change (a started review is set aside). */
function ending(s: Snapshot, at: Pair, end: 'conflict' | 'unassigned'): Plan['removed'] {
  const review = reviewOf(s, at);
  const paper = s.papers.find((p) => p.id === at.submissionId);
  if (!review || !paper || !isAssignable(paper.status)) return [];
  return [{ ...at, started: isStarted(review.state), end }];
}

function planUnassign(s: Snapshot, at: Pair): Plan {
  if (!s.all.has(at.reviewerId)) throw reviewerMissing();
  const paper = s.papers.find((p) => p.id === at.submissionId);
  if (!paper) throw paperMissing();
  if (!reviewOf(s, at)) throw notFound('allocation:reviewNotFound');
  if (!isAssignable(paper.status)) throw new AppError(409, 'allocation:notAssignable');
  return withMoves(s, { added: [], removed: ending(s, at, 'unassigned'), conflicts: [], mails: [] });
}

function planDecide(s: Snapshot, input: Pair & { state: 'confirmed' | 'dismissed'; note: string }): Plan {
  const at = { submissionId: input.submissionId, reviewerId: input.reviewerId };
  if (!s.all.has(at.reviewerId)) throw reviewerMissing();
  if (!s.papers.some((p) => p.id === at.submissionId)) throw paperMissing();
  const c = s.conflicts.get(pair(at.submissionId, at.reviewerId));
  // A reviewer's own declaration stays; an author's may be overruled (an author could name
  // every demanding reviewer they can guess), and the overruling is remembered.
  if (c?.state === 'declared' && c.stored && input.state === 'dismissed')
    throw new AppError(409, 'allocation:declaredStays');
  const conflict = { ...at, from: c?.state ?? null, to: input.state, reason: c?.reason ?? '', note: input.note };
  // Confirmed: the reviewer leaves the manuscript even with a draft begun (kept aside, never counted).
  const removed = input.state === 'confirmed' ? ending(s, at, 'conflict') : [];
  return withMoves(s, { added: [], removed, conflicts: [conflict], mails: [] });
}

function planUndecide(s: Snapshot, at: Pair): Plan {
  if (!s.all.has(at.reviewerId)) throw reviewerMissing();
  const c = s.conflicts.get(pair(at.submissionId, at.reviewerId));
  if (!c?.stored) throw notFound('allocation:conflictNotFound');
  const conflict = { ...at, from: c.state, to: null, reason: c.reason, note: '' };
  return withMoves(s, { added: [], removed: [], conflicts: [conflict], mails: [] });
}

/** A manager's manual change: it locks the reviewer rows it names. */
export function manualPlanner(change: ManualInput): Planner {
  const at = (reviewerId: number) => ({ submissionId: change.submissionId, reviewerId });
  return {
    lock: change.kind === 'assign' ? [...new Set(change.reviewerIds)].sort((a, b) => a - b) : [change.reviewerId],
    token: (s) => manualToken(s, change),
    plan(s) {
      switch (change.kind) {
        case 'assign':
          return planAssign(s, change.submissionId, change.reviewerIds);
        case 'unassign':
          return planUnassign(s, at(change.reviewerId));
        case 'decide':
          return planDecide(s, change);
        case 'undecide':
          return planUndecide(s, at(change.reviewerId));
      }
    },
  };
}

/** The one-click run over the snapshot: `assignReviewers`' result as a plan (removals are moves of unstarted reviews). */
export function runPlan(s: Snapshot, input: AssignInput, result: AssignResult): Plan {
  const added = result.added.map(([submissionId, reviewerId]) => ({ submissionId, reviewerId }));
  const removed = result.removed.map(([submissionId, reviewerId]) => ({
    submissionId,
    reviewerId,
    started: false,
    end: null,
  }));
  return withMoves(s, { added, removed, conflicts: [], mails: added });
}

/** The one-click run: it locks every reviewer row; its token is the hash of the run's whole input. */
export function runPlanner(seed: number, keepCurrent: boolean): Planner {
  return {
    lock: 'all',
    token: (s) => tokenOf(assignInput(s, seed, keepCurrent), s.maxPerReviewer),
    plan(s) {
      const input = assignInput(s, seed, keepCurrent);
      return runPlan(s, input, assignReviewers(input));
    },
  };
}

/** The plan as the manager sees it: names, numbers, loads before and after. */
export function planView(s: Snapshot, plan: Plan, token: string): ChangePlan {
  const papers = new Map(s.papers.map((p) => [p.id, p]));
  const named = (x: Pair): PlanPair => ({
    submissionId: x.submissionId,
    number: papers.get(x.submissionId)?.number ?? '',
    title: papers.get(x.submissionId)?.title ?? '',
    reviewerId: x.reviewerId,
    name: s.all.get(x.reviewerId)?.name ?? '',
  });
  const before = loads(s);
  const after = new Map(before);
  for (const x of plan.added) after.set(x.reviewerId, (after.get(x.reviewerId) ?? 0) + 1);
  for (const x of plan.removed) after.set(x.reviewerId, (after.get(x.reviewerId) ?? 0) - 1);
  const concerned = [...new Set([...plan.added, ...plan.removed, ...plan.conflicts].map((x) => x.reviewerId))].sort(
    (a, b) => a - b,
  );
  return {
    token,
    added: plan.added.map(named),
    removed: plan.removed.map(named),
    setAside: plan.removed.filter((x) => x.started).map(named),
    statusMoves: plan.moves.map((m) => ({
      submissionId: m.submissionId,
      number: papers.get(m.submissionId)?.number ?? '',
      from: m.from,
      to: m.action === 'assign' ? 'assigned' : 'waiting',
    })),
    conflicts: plan.conflicts.map((c) => ({ ...named(c), from: c.from, to: c.to })),
    mails: plan.mails.map(named),
    loads: concerned.map((reviewerId) => ({
      reviewerId,
      name: s.all.get(reviewerId)?.name ?? '',
      before: before.get(reviewerId) ?? 0,
      after: after.get(reviewerId) ?? 0,
    })),
  };
}
