/**
 * From the input to the flow problem: which current reviews are fixed, which are movable, what
 * every paper still needs, which pairs are candidates and how much room every reviewer has.
 */
import { type FlowProblem } from './flow';
import { seededRandom, shuffle } from './random';
import { type AssignInput } from './types';

export type PaperPlan = {
  fixed: number[]; // reviewer ids that stay whatever happens
  movable: Set<number>; // unstarted current reviewer ids that may move (keepCurrent false)
  frozen: boolean; // more than K current reviews: left exactly as it is
};

export type Model = {
  problem: FlowProblem;
  plans: PaperPlan[];
  bySession: Map<number, number[]>;
  conflicts: Set<string>;
};

export function buildModel(input: AssignInput): Model {
  const { k, papers, reviewers } = input;
  const random = seededRandom(input.seed);
  const reviewerIndex = new Map(reviewers.map((r, i) => [r.id, i]));
  const bySession = new Map<number, number[]>();
  reviewers.forEach((r, i) => {
    for (const s of new Set(r.sessions)) {
      if (!bySession.has(s)) bySession.set(s, []);
      bySession.get(s)!.push(i);
    }
  });
  const conflicts = new Set(input.conflicts.map(([r, p]) => pairKey(p, r)));

  const base = new Float64Array(reviewers.map((r) => r.otherLoad));
  const plans = papers.map((paper): PaperPlan => {
    const current = new Map<number, boolean>(); // reviewer id → started (a duplicate keeps "started")
    for (const c of paper.current) current.set(c.reviewerId, c.started || (current.get(c.reviewerId) ?? false));
    const frozen = current.size > k;
    const fixed = [...current].filter(([, started]) => started || input.keepCurrent || frozen).map(([id]) => id);
    const movable = new Set(
      [...current].filter(([, started]) => !started && !input.keepCurrent && !frozen).map(([id]) => id),
    );
    for (const id of fixed) if (reviewerIndex.has(id)) base[reviewerIndex.get(id)!]++;
    return { fixed, movable, frozen };
  });

  const need = new Int32Array(papers.length);
  const pairPaper: number[] = [],
    pairReviewer: number[] = [],
    pairCost: number[] = [];
  const paperPairs: Int32Array[] = [];
  const reviewerPairs: number[][] = reviewers.map(() => []);
  papers.forEach((paper, p) => {
    const plan = plans[p];
    need[p] = plan.frozen ? 0 : Math.max(0, k - plan.fixed.length);
    const mine: number[] = [];
    if (need[p] > 0) {
      const fixed = new Set(plan.fixed);
      for (const r of bySession.get(paper.sessionId) ?? []) {
        const id = reviewers[r].id;
        if (fixed.has(id) || conflicts.has(pairKey(paper.id, id))) continue;
        const e = pairPaper.length;
        pairPaper.push(p);
        pairReviewer.push(r);
        pairCost.push(plan.movable.has(id) ? 0 : 1); // keeping a current pair is preferred, at equal balance
        reviewerPairs[r].push(e);
        mine.push(e);
      }
    }
    paperPairs.push(shuffle(Int32Array.from(mine), random));
  });

  const cap = new Int32Array(
    reviewers.map((r, i) => (r.maxLoad === null ? pairPaper.length : Math.max(0, r.maxLoad - base[i]))),
  );
  const problem: FlowProblem = {
    need,
    cap,
    base,
    scale: pairPaper.length + 1, // above any total of pair costs: balance first, keeping pairs second
    pairPaper: Int32Array.from(pairPaper),
    pairReviewer: Int32Array.from(pairReviewer),
    pairCost: Int32Array.from(pairCost),
    paperPairs,
    reviewerPairs: reviewerPairs.map((es) => Int32Array.from(es)),
    paperOrder: shuffle(Int32Array.from(papers.keys()), random),
  };
  return { problem, plans, bySession, conflicts };
}

export const pairKey = (paperId: number, reviewerId: number) => `${paperId}:${reviewerId}`;
