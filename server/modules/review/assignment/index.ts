/**
 * One-click reviewer allocation (issue 16): every manuscript gets K reviewers of its session when
 * that is possible at all (the most places filled: a maximum flow), the load is spread as evenly
 * as conflicts and maxima allow (least total of load², a convex cost), conflicts are never
 * assigned, started reviews never move, and the same seed gives the same answer. Pure: the caller
 * reads the database, shows the result to the manager and saves `added` / `removed`.
 */
import { solveFlow } from './flow';
import { buildModel, pairKey, type Model } from './model';
import { type AssignInput, type AssignResult, type Shortfall } from './types';

export type { AssignInput, AssignPaper, AssignResult, AssignReviewer, Shortfall } from './types';

export function assignReviewers(input: AssignInput): AssignResult {
  const model = buildModel(input);
  const { problem, plans } = model;
  const flow = solveFlow(problem);
  const chosen = input.papers.map((_, p) => new Set(plans[p].fixed));
  for (let e = 0; e < flow.length; e++) {
    if (flow[e]) chosen[problem.pairPaper[e]].add(input.reviewers[problem.pairReviewer[e]].id);
  }

  const assignments: AssignResult['assignments'] = [];
  const added: AssignResult['added'] = [];
  const removed: AssignResult['removed'] = [];
  const shortfalls: Shortfall[] = [];
  const count = new Map<number, number>();
  input.papers.forEach((paper, p) => {
    const ids = [...chosen[p]].sort(byNumber);
    assignments.push({ paperId: paper.id, reviewerIds: ids });
    for (const id of ids) {
      count.set(id, (count.get(id) ?? 0) + 1);
      if (!plans[p].fixed.includes(id) && !plans[p].movable.has(id)) added.push([paper.id, id]);
    }
    for (const id of plans[p].movable) if (!chosen[p].has(id)) removed.push([paper.id, id]);
    if (ids.length < input.k)
      shortfalls.push({ paperId: paper.id, missing: input.k - ids.length, reason: whyShort(input, model, p) });
  });

  const byPair = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];
  return {
    assignments: assignments.sort((a, b) => a.paperId - b.paperId),
    added: added.sort(byPair),
    removed: removed.sort(byPair),
    shortfalls: shortfalls.sort((a, b) => a.paperId - b.paperId),
    loads: input.reviewers
      .map((r) => ({ reviewerId: r.id, load: r.otherLoad + (count.get(r.id) ?? 0) }))
      .sort((a, b) => a.reviewerId - b.reviewerId),
  };
}

/**
 * The flow is maximal, so a paper short of K has no free reviewer that could still take it: the
 * reason is whichever limit bites first — the session's size, then conflicts, then maxima.
 */
function whyShort(input: AssignInput, model: Model, p: number): Shortfall['reason'] {
  const paper = input.papers[p];
  const session = (model.bySession.get(paper.sessionId) ?? []).map((r) => input.reviewers[r].id);
  const fixed = model.plans[p].fixed;
  if (new Set([...fixed, ...session]).size < input.k) return 'noReviewers';
  const clean = session.filter((id) => !model.conflicts.has(pairKey(paper.id, id)));
  if (new Set([...fixed, ...clean]).size < input.k) return 'conflicts';
  return 'maxLoad';
}

const byNumber = (a: number, b: number) => a - b;
