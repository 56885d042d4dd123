/**
 * Random instances for the reviewer assignment (issue 16): the property test draws a thousand of
 * them, the benchmark one large one. Current reviews are drawn only from eligible reviewers, so
 * that "never a conflicted pair" can be checked over every pair of the result.
 */
import { seededRandom } from '../../../server/modules/review/assignment/random';
import {
  type AssignInput,
  type AssignPaper,
  type AssignReviewer,
} from '../../../server/modules/review/assignment/types';

export type InstanceShape = {
  papers: number;
  reviewers: number;
  sessions: number;
  k: number;
  /** Most sessions per reviewer (at least 1). */
  sessionsPerReviewer: number;
  conflictRate: number;
  /** Share of reviewers with a maximum, and the share of papers with current reviews. */
  maxLoadRate: number;
  currentRate: number;
  startedRate: number;
  /** Largest otherLoad; 0 for none. */
  otherLoad: number;
  keepCurrent: boolean;
  /** Papers in a session nobody reviews for, to exercise 'noReviewers'. */
  orphanSession: boolean;
};

export function randomInstance(seed: number, shape: InstanceShape): AssignInput {
  const random = seededRandom(seed * 7919 + 17);
  const int = (n: number) => Math.floor(random() * n); // 0..n-1
  const avgLoad = Math.ceil((shape.papers * shape.k) / Math.max(1, shape.reviewers));
  const reviewers: AssignReviewer[] = Array.from({ length: shape.reviewers }, (_, i) => {
    const sessions = new Set<number>();
    const n = 1 + int(shape.sessionsPerReviewer);
    while (sessions.size < Math.min(n, shape.sessions)) sessions.add(1 + int(shape.sessions));
    return {
      id: 100 + i * 3, // ids that are not indexes, to catch mix-ups
      sessions: [...sessions],
      maxLoad: random() < shape.maxLoadRate ? int(avgLoad + 3) : null,
      otherLoad: int(shape.otherLoad + 1),
    };
  });
  const sessionCount = shape.sessions + (shape.orphanSession ? 1 : 0);
  const papers: AssignPaper[] = Array.from({ length: shape.papers }, (_, i) => ({
    id: 5000 + i * 7,
    sessionId: 1 + int(sessionCount),
    current: [],
  }));
  const conflicts: AssignInput['conflicts'] = [];
  for (const paper of papers) {
    const session = reviewers.filter((r) => r.sessions.includes(paper.sessionId));
    const clean = session.filter((r) => {
      if (random() >= shape.conflictRate) return true;
      conflicts.push([r.id, paper.id]);
      return false;
    });
    if (random() < shape.currentRate) {
      const n = 1 + int(shape.k + 1); // sometimes more than K
      for (let j = 0; j < n && clean.length > 0; j++) {
        const [r] = clean.splice(int(clean.length), 1);
        paper.current.push({ reviewerId: r.id, started: random() < shape.startedRate });
      }
    }
  }
  return { k: shape.k, papers, reviewers, conflicts, seed, keepCurrent: shape.keepCurrent };
}

/** The benchmark: 500 manuscripts × 100 reviewers × K=3, 5 sessions, 1–2 sessions each. */
export const benchShape: InstanceShape = {
  papers: 500,
  reviewers: 100,
  sessions: 5,
  k: 3,
  sessionsPerReviewer: 2,
  conflictRate: 0.02,
  maxLoadRate: 0.1,
  currentRate: 0,
  startedRate: 0,
  otherLoad: 0,
  keepCurrent: true,
  orphanSession: false,
};
