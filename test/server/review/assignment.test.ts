/**
 * The one-click reviewer allocation (issue 16) as a property test: 1,200 seeded random instances,
 * small and medium, with conflicts, maxima, started and unstarted current reviews, reviewers in
 * several sessions and sessions with too few reviewers; each checked by an independent checker
 * (rules, Edmonds–Karp maximum fill, shortfall reasons, no improving move).
 */
import { describe, expect, it } from 'vitest';
import { assignReviewers } from '../../../server/modules/review/assignment/index';
import { seededRandom } from '../../../server/modules/review/assignment/random';
import { type AssignInput } from '../../../server/modules/review/assignment/types';
import { spreadBySession, violations } from './assignmentCheck';
import { randomInstance, type InstanceShape } from './assignmentFixtures';

function shapeFor(seed: number, medium: boolean): InstanceShape {
  const random = seededRandom(seed * 31 + (medium ? 1 : 0)); // a separate stream, so the knobs do not move together
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const oneOf = <T>(xs: T[]) => xs[int(0, xs.length - 1)];
  return {
    papers: medium ? int(40, 100) : int(1, 12),
    reviewers: medium ? int(10, 35) : int(1, 12),
    sessions: int(1, 4),
    k: int(1, 4),
    sessionsPerReviewer: int(1, 3),
    conflictRate: oneOf([0, 0.05, 0.2, 0.5]),
    maxLoadRate: oneOf([0, 0.2, 0.6]),
    currentRate: oneOf([0, 0.3, 0.8]),
    startedRate: oneOf([0, 0.5, 1]),
    otherLoad: int(0, 2),
    keepCurrent: random() < 0.5,
    orphanSession: random() < 0.2,
  };
}

describe('assignReviewers on random instances', () => {
  it('1,000 small instances: rules, maximum fill, shortfalls, no improving move', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const input = randomInstance(seed, shapeFor(seed, false));
      expect(violations(input, assignReviewers(input)), `seed ${seed}`).toEqual([]);
    }
  });

  it('rerun on its own answer without keepCurrent, it moves nothing (it only moves to balance)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const input = { ...randomInstance(seed, shapeFor(seed, seed % 2 === 1)), keepCurrent: false };
      const first = assignReviewers(input);
      const started = new Set(
        input.papers.flatMap((p) => p.current.filter((c) => c.started).map((c) => `${p.id}:${c.reviewerId}`)),
      );
      const papers = input.papers.map((p) => ({
        ...p,
        current: first.assignments
          .find((a) => a.paperId === p.id)!
          .reviewerIds.map((id) => ({ reviewerId: id, started: started.has(`${p.id}:${id}`) })),
      }));
      const again = assignReviewers({ ...input, papers, seed: seed + 1 });
      expect({ added: again.added, removed: again.removed }, `seed ${seed}`).toEqual({ added: [], removed: [] });
    }
  });

  it('200 medium instances: the same', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const input = randomInstance(seed, shapeFor(seed, true));
      expect(violations(input, assignReviewers(input)), `seed ${seed}`).toEqual([]);
    }
  });

  it('without conflicts or maxima, each session spreads its load within one', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const shape = {
        ...shapeFor(seed, seed % 2 === 0),
        sessionsPerReviewer: 1,
        conflictRate: 0,
        maxLoadRate: 0,
        otherLoad: 0,
      };
      // Unstarted current reviews may move (keepCurrent false), so they cannot pin an imbalance.
      const input = randomInstance(seed, {
        ...shape,
        startedRate: 0,
        keepCurrent: false,
        currentRate: seed % 3 === 0 ? 0.5 : 0,
      });
      for (const paper of input.papers) paper.current = paper.current.slice(0, input.k); // more than K is left as it is
      const result = assignReviewers(input);
      expect(violations(input, result), `seed ${seed}`).toEqual([]);
      for (const [session, spread] of spreadBySession(input, result))
        expect(spread, `seed ${seed} session ${session}`).toBeLessThanOrEqual(1);
    }
  });
});

describe('assignReviewers is seeded', () => {
  it('gives the same result for the same seed', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const input = randomInstance(seed, shapeFor(seed, true));
      expect(assignReviewers(structuredClone(input))).toEqual(assignReviewers(input));
    }
  });

  it('chooses differently with another seed on a symmetric instance', () => {
    const symmetric = (seed: number): AssignInput => ({
      k: 2,
      papers: Array.from({ length: 6 }, (_, i) => ({ id: i + 1, sessionId: 1, current: [] })),
      reviewers: Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, sessions: [1], maxLoad: null, otherLoad: 0 })),
      conflicts: [],
      seed,
      keepCurrent: true,
    });
    const answers = new Set(
      Array.from({ length: 20 }, (_, seed) => JSON.stringify(assignReviewers(symmetric(seed)).assignments)),
    );
    expect(answers.size).toBeGreaterThan(10);
    for (let seed = 0; seed < 20; seed++) {
      expect(assignReviewers(symmetric(seed)).loads.every((l) => l.load === 1)).toBe(true);
    }
  });
});

describe('assignReviewers on hand-made cases', () => {
  const reviewer = (id: number, sessions = [1], maxLoad: number | null = null) => ({
    id,
    sessions,
    maxLoad,
    otherLoad: 0,
  });

  it('names each shortfall reason', () => {
    const input: AssignInput = {
      k: 2,
      papers: [
        { id: 1, sessionId: 2, current: [] }, // one reviewer in session 2
        { id: 2, sessionId: 1, current: [] }, // conflicts with 11 and 12
        { id: 3, sessionId: 3, current: [] }, // reviewers full
      ],
      reviewers: [
        reviewer(11),
        reviewer(12),
        reviewer(13),
        reviewer(21, [2]),
        reviewer(31, [3], 0),
        reviewer(32, [3], 0),
      ],
      conflicts: [
        [11, 2],
        [12, 2],
      ],
      seed: 1,
      keepCurrent: true,
    };
    expect(assignReviewers(input).shortfalls).toEqual([
      { paperId: 1, missing: 1, reason: 'noReviewers' },
      { paperId: 2, missing: 1, reason: 'conflicts' },
      { paperId: 3, missing: 2, reason: 'maxLoad' },
    ]);
  });

  it('moves an unstarted review to balance only when keepCurrent is false, never a started one', () => {
    const papers = [1, 2, 3, 4].map((id) => ({ id, sessionId: 1, current: [{ reviewerId: 11, started: id === 1 }] }));
    const input: AssignInput = {
      k: 1,
      papers,
      reviewers: [reviewer(11), reviewer(12), reviewer(13), reviewer(14)],
      conflicts: [],
      seed: 3,
      keepCurrent: true,
    };
    expect(assignReviewers(input).removed).toEqual([]);
    const moved = assignReviewers({ ...input, keepCurrent: false });
    expect(moved.removed).toHaveLength(3);
    expect(moved.assignments[0]).toEqual({ paperId: 1, reviewerIds: [11] });
    expect(moved.loads.map((l) => l.load)).toEqual([1, 1, 1, 1]);
  });
});
