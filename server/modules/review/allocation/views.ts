/**
 * What the allocation screen shows, from one snapshot (state.ts): a manuscript's row with its
 * reviewers and how many are missing, the reviewers a manager may pick for it, and the conflicts
 * to decide. Pure: no reads, no writes.
 */
import type { AllocationRow, Candidate, CandidatesView, ConflictView } from '../../../contract/allocation';
import { type submissionReader as submissions } from '../../submissions/index';
import { needsChairIn } from '../conflicts/chairs';
import { CLOSED } from '../reviewing/views';
import { paperMissing } from './plan';
import { isAssignable, loads, pair, runPapers, servedSessions, type Snapshot } from './state';

/** The reviewers of the manuscript's session with their load and conflict, and those already on it. */
export function candidatesOf(s: Snapshot, submissionId: number): CandidatesView {
  const paper = s.papers.find((p) => p.id === submissionId);
  if (!paper) throw paperMissing();
  const load = loads(s);
  const states = new Map(
    s.reviews.filter((r) => r.submission_id === submissionId).map((r) => [r.reviewer_id, r.state]),
  );
  const candidates: Candidate[] = s.eligible
    .filter((e) => e.sessions.includes(paper.session_id) || states.has(e.reviewer.id))
    .map(({ reviewer: r }) => {
      const c = s.conflicts.get(pair(submissionId, r.id));
      const n = load.get(r.id) ?? 0;
      const state = states.get(r.id) ?? null;
      return {
        reviewerId: r.id,
        name: r.name,
        email: r.email,
        unit: r.unit,
        load: n,
        state,
        conflict: c ? { state: c.state, reason: c.reason, detail: c.detail } : null,
        full: state === null && s.maxPerReviewer > 0 && n >= s.maxPerReviewer,
      };
    });
  return { submission: rowOf(s, paper), candidates, k: s.k, maxPerReviewer: s.maxPerReviewer };
}

/** Stored conflicts, and the suggestions that matter: the reviewer serves (or chairs) the manuscript's session and it is assignable. */
export function conflictViews(s: Snapshot): ConflictView[] {
  const papers = new Map(s.papers.map((p) => [p.id, p]));
  const open = new Set(runPapers(s).map((p) => p.id));
  // A chair's pairs count too: a chair in conflict neither reads the reviews nor decides (conflicts/chairs.ts).
  const sessionsOf = new Map(s.eligible.map((e) => [e.reviewer.id, servedSessions(e.reviewer)]));
  const views: ConflictView[] = [];
  for (const [key, c] of s.conflicts) {
    const [submissionId, reviewerId] = key.split(':').map(Number);
    const paper = papers.get(submissionId);
    if (!paper) continue;
    if (!c.stored && !(open.has(submissionId) && sessionsOf.get(reviewerId)?.includes(paper.session_id))) continue;
    views.push({
      reviewerId,
      reviewerName: s.all.get(reviewerId)?.name ?? '',
      submissionId,
      number: paper.number,
      title: paper.title,
      reason: c.reason,
      detail: c.detail,
      state: c.state,
      note: c.note,
      stored: c.stored,
    });
  }
  const rank = { suggested: 0, declared: 1, confirmed: 2, dismissed: 3 } as const;
  return views.sort(
    (a, b) => rank[a.state] - rank[b.state] || a.number.localeCompare(b.number) || a.reviewerId - b.reviewerId,
  );
}

export function rowOf(s: Snapshot, p: submissions.SubmissionRow): AllocationRow {
  const id = p.id;
  const reviewers = s.reviews
    .filter((r) => r.submission_id === id)
    .map((r) => ({ reviewerId: r.reviewer_id, name: s.all.get(r.reviewer_id)?.name ?? '', state: r.state }));
  const assignable = isAssignable(p.status);
  return {
    id,
    number: p.number,
    title: p.title,
    sessionId: p.session_id,
    subSessionId: p.sub_session_id === null ? null : p.sub_session_id,
    status: p.status,
    assignable,
    reviewers,
    missing: assignable ? Math.max(0, s.k - reviewers.length) : 0,
    needsChair: !CLOSED.has(p.status) && needsChairIn(s.all, s.conflicts, p),
  };
}
