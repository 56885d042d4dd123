/**
 * Everything an assignment decision reads, loaded once: the settings (K, the maximum), the
 * reviewers who may review and their sessions, the manuscripts, the reviews, the stored conflicts
 * and the suggested ones. From it: the input of the pure `assignReviewers`, the conflict of a pair,
 * and the token that says "the same state" between a preview and its apply.
 */
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../../db/index';
import { ASSIGNABLE_STATUSES } from '../../../contract/allocation';
import { submissionReader as submissions } from '../../submissions/index';
import { type AssignInput } from '../assignment';
import { conflictPairs } from '../conflicts/index';
import { storedConflicts } from '../conflicts/stored';
import { asPeople, blocks, mergeConflicts, pair, type PairConflict } from '../conflicts/rule';
import { paperPeople } from '../conflicts/paperPeople';
import { reviewersOf, type Reviewer } from '../reviewers/people';
import * as repo from './repo';

type Conn = Db | Tx;

export type { PairConflict } from '../conflicts/rule';
export { blocks, pair };

export type Snapshot = {
  k: number;
  /** 0: no maximum */
  maxPerReviewer: number;
  /** every reviewer of the conference (names for the screens) */
  all: Map<number, Reviewer>;
  /** those who may review now (an account), with the top-level sessions they review for */
  eligible: Array<{ reviewer: Reviewer; sessions: number[] }>;
  papers: submissions.SubmissionRow[];
  reviews: repo.ReviewRow[];
  /** `${submissionId}:${reviewerId}` → the conflict, stored or suggested (conflicts/rule.ts) */
  conflicts: Map<string, PairConflict>;
};

export const isAssignable = (status: string): boolean => (ASSIGNABLE_STATUSES as readonly string[]).includes(status);

/** The sessions a reviewer reviews for: role 'reviewer' (chairs decide, they do not get reviews). */
export function reviewSessions(r: Reviewer): number[] {
  return r.roles
    .filter((x) => x.role === 'reviewer')
    .map((x) => x.sessionId)
    .sort((a, b) => a - b);
}

export async function loadSnapshot(
  db: Conn,
  conferenceId: number,
  settings: { reviewersPerPaper: number; maxPerReviewer: number },
): Promise<Snapshot> {
  const [reviewers, papers, reviews, stored] = await Promise.all([
    reviewersOf(db, conferenceId),
    submissions.all(db, conferenceId, {}),
    repo.reviewsOf(db, conferenceId),
    storedConflicts(db, conferenceId),
  ]);
  const eligible = reviewers
    .filter((r) => r.userId !== null)
    .map((reviewer) => ({ reviewer, sessions: reviewSessions(reviewer) }));
  const conflicts = mergeConflicts(
    await suggestions(
      db,
      conferenceId,
      eligible.map((e) => e.reviewer),
      papers,
    ),
    stored,
  );
  return {
    k: settings.reviewersPerPaper,
    maxPerReviewer: settings.maxPerReviewer,
    all: new Map(reviewers.map((r) => [r.id, r])),
    eligible,
    papers,
    reviews,
    conflicts,
  };
}

/** Every manuscript counts for co-authorship, whatever its status; the pairs are filtered by the callers. */
async function suggestions(db: Conn, conferenceId: number, reviewers: Reviewer[], papers: submissions.SubmissionRow[]) {
  if (!reviewers.length || !papers.length) return [];
  const people = await paperPeople(db, conferenceId, papers);
  return conflictPairs(asPeople(reviewers), people);
}

/** The manuscripts a run works on: those whose reviewers may change. */
export const runPapers = (s: Snapshot) => s.papers.filter((p) => isAssignable(p.status));

export function assignInput(s: Snapshot, seed: number, keepCurrent: boolean): AssignInput {
  const papers = runPapers(s);
  const inRun = new Set(papers.map((p) => p.id));
  const current = new Map<number, Array<{ reviewerId: number; started: boolean }>>();
  const otherLoad = new Map<number, number>();
  for (const r of s.reviews) {
    if (inRun.has(r.submission_id)) {
      const list = current.get(r.submission_id) ?? [];
      list.push({ reviewerId: r.reviewer_id, started: repo.isStarted(r.state) });
      current.set(r.submission_id, list);
    } else otherLoad.set(r.reviewer_id, (otherLoad.get(r.reviewer_id) ?? 0) + 1);
  }
  const conflicts: Array<[number, number]> = [];
  for (const [key, c] of s.conflicts) {
    if (!blocks(c)) continue;
    const [paperId, reviewerId] = key.split(':').map(Number);
    if (inRun.has(paperId)) conflicts.push([reviewerId, paperId]);
  }
  conflicts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    k: s.k,
    papers: papers.map((p) => ({ id: p.id, sessionId: p.session_id, current: current.get(p.id) ?? [] })),
    reviewers: s.eligible.map(({ reviewer, sessions }) => ({
      id: reviewer.id,
      sessions,
      maxLoad: s.maxPerReviewer > 0 ? s.maxPerReviewer : null,
      otherLoad: otherLoad.get(reviewer.id) ?? 0,
    })),
    conflicts,
    seed,
    keepCurrent,
  };
}

/** The state a preview was computed from: equal tokens give equal results (the function is pure). */
export function tokenOf(input: AssignInput, maxPerReviewer: number): string {
  return createHash('sha256').update(JSON.stringify({ input, maxPerReviewer })).digest('hex');
}

/** The sessions whose manuscripts a reviewer's conflicts matter for: those they review, and those they chair (conflicts/chairs.ts). */
export function servedSessions(r: Reviewer): number[] {
  return r.roles.map((x) => x.sessionId);
}

/** Suggested pairs that matter (the reviewer serves or chairs the manuscript's session, which is assignable) and nobody decided. */
export function undecidedCount(s: Snapshot): number {
  const sessionsOf = new Map(s.eligible.map((e) => [e.reviewer.id, servedSessions(e.reviewer)]));
  const papers = new Map(runPapers(s).map((p) => [p.id, p.session_id]));
  let n = 0;
  for (const [key, c] of s.conflicts) {
    if (c.state !== 'suggested') continue;
    const [paperId, reviewerId] = key.split(':').map(Number);
    const session = papers.get(paperId);
    if (session !== undefined && sessionsOf.get(reviewerId)?.includes(session)) n++;
  }
  return n;
}

/** Reviews per reviewer, every state. */
export function loads(s: Snapshot): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of s.reviews) m.set(r.reviewer_id, (m.get(r.reviewer_id) ?? 0) + 1);
  return m;
}
