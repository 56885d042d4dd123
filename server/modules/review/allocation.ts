/**
 * Reviewer assignment (issue 16) — the service behind /platform/submissionManage/index.
 *
 * For the managers: `list` (manuscripts with their reviewers and how many are missing),
 * `candidates` (the reviewers of a manuscript's session with load and conflict), `assign` /
 * `unassign` (the manual pick; a started review is kept aside, never counted), `preview` / `apply` (one-click
 * random allocation, allocationRun.ts), `conflicts` / `decide` / `undecide` (suggested conflicts
 * confirmed or dismissed, remembered in review_conflicts; an author's declared conflict blocks
 * without confirming and may be dismissed).
 * For a reviewer: `declare(cid, reviewerId, submissionId, note)` — a conflict with a manuscript
 * assigned to them; the unstarted review is removed (and the manuscript goes back to waiting when
 * it was the last one); a started one stays until the manager confirms the conflict, which ends it.
 * For the other review services: `reviewsOfSubmission(cid, sid)` → the reviewers of a manuscript
 * with the state of their review; `loadOf(cid)` → reviewerId → reviews by state and in total.
 *
 * Rules: a reviewer serves a manuscript when they have the role 'reviewer' in its top-level
 * session and an account (chairs decide, they get no reviews). A conflict that is confirmed,
 * declared, or suggested and not yet decided is never assigned (a dismissed suggestion may be).
 * Every write first locks the reviewer rows it concerns (allocationRepo.lockReviewers), then the
 * manuscript's row through moveInReview: one order everywhere, so no deadlock.
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import type { AllocationApplied, AllocationPage, AllocationPreview, AllocationQuery, AllocationRow, Candidate, CandidatesView, ConflictView, ReviewState } from '../../contract/allocation';
import { AppError, notFound } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { submissionReader as submissions } from '../submissions/index';
import { withAdmission } from '../mail/index';
import { admitted, assignMail, REVIEW_MAIL_POLICY } from './allocationMails';
import { AllocationRun, type Actor } from './allocationRun';
import { blocks, isAssignable, loads, loadSnapshot, pair, runPapers, servedSessions, undecidedCount, type Snapshot } from './allocationState';
import * as repo from './allocationRepo';
import { reviewerById } from './people';
import { needsChairIn } from './chairConflicts';
import { CLOSED } from './reviewViews';

export type { Actor } from './allocationRun';

export type ReviewLoad = { assigned: number; draft: number; submitted: number; total: number };

const paperMissing = () => notFound('allocation:submissionNotFound');
const reviewerMissing = () => notFound('allocation:reviewerNotFound');

export class AllocationService {
  private readonly run: AllocationRun;

  constructor(private readonly deps: ServiceDeps) {
    this.run = new AllocationRun(deps);
  }

  private get db(): Db {
    return this.deps.db;
  }

  private async snapshot(conn: Db | Tx, conferenceId: number, settings?: { reviewersPerPaper: number; maxPerReviewer: number }): Promise<Snapshot> {
    return loadSnapshot(conn, conferenceId, settings ?? (await this.deps.reviewConfig.settings(conferenceId)));
  }

  // ── reads ──────────────────────────────────────────────────────────────────────────────

  async list(conferenceId: number, q: AllocationQuery): Promise<AllocationPage> {
    const { page, size, ...filter } = q;
    const [found, s] = await Promise.all([submissions.page(this.db, conferenceId, filter, page, size), this.snapshot(this.db, conferenceId)]);
    return { rows: found.rows.map((r) => rowOf(s, r)), total: found.total, k: s.k, maxPerReviewer: s.maxPerReviewer, undecided: undecidedCount(s) };
  }

  async candidates(conferenceId: number, submissionId: number): Promise<CandidatesView> {
    const s = await this.snapshot(this.db, conferenceId);
    const paper = s.papers.find((p) => Number(p.id) === submissionId);
    if (!paper) throw paperMissing();
    const load = loads(s);
    const states = new Map(s.reviews.filter((r) => r.submission_id === submissionId).map((r) => [r.reviewer_id, r.state]));
    const candidates: Candidate[] = s.eligible
      .filter((e) => e.sessions.includes(Number(paper.session_id)) || states.has(e.reviewer.id))
      .map(({ reviewer: r }) => {
        const c = s.conflicts.get(pair(submissionId, r.id));
        const n = load.get(r.id) ?? 0;
        const state = states.get(r.id) ?? null;
        return { reviewerId: r.id, name: r.name, email: r.email, unit: r.unit, load: n, state, conflict: c ? { state: c.state, reason: c.reason, detail: c.detail } : null, full: state === null && s.maxPerReviewer > 0 && n >= s.maxPerReviewer };
      });
    return { submission: rowOf(s, paper), candidates, k: s.k, maxPerReviewer: s.maxPerReviewer };
  }

  /** The reviewers of a manuscript with the state of their review (for the reviewing screens). */
  async reviewsOfSubmission(conferenceId: number, submissionId: number): Promise<Array<{ reviewerId: number; name: string; state: ReviewState }>> {
    const [rows, names] = await Promise.all([repo.reviewsOf(this.db, conferenceId, [submissionId]), this.names(conferenceId)]);
    return rows.map((r) => ({ reviewerId: r.reviewer_id, name: names.get(r.reviewer_id) ?? '', state: r.state }));
  }

  /** reviewerId → their reviews in the conference by state and in total. */
  async loadOf(conferenceId: number): Promise<Map<number, ReviewLoad>> {
    const m = new Map<number, ReviewLoad>();
    for (const row of await repo.countsByReviewer(this.db, conferenceId)) {
      const l = m.get(row.reviewer_id) ?? { assigned: 0, draft: 0, submitted: 0, total: 0 };
      l[row.state] += row.n;
      l.total += row.n;
      m.set(row.reviewer_id, l);
    }
    return m;
  }

  private async names(conferenceId: number): Promise<Map<number, string>> {
    const rows: Array<{ id: number; full_name: string; first_name: string; last_name: string; email: string }> = await this.db('reviewers').where({ conference_id: conferenceId }).select('id', 'full_name', 'first_name', 'last_name', 'email');
    return new Map(rows.map((r) => [Number(r.id), r.full_name || [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email]));
  }

  // ── the manual pick ────────────────────────────────────────────────────────────────────

  async assign(conferenceId: number, actor: Actor, submissionId: number, reviewerIds: number[]): Promise<CandidatesView> {
    const ids = [...new Set(reviewerIds)].sort((a, b) => a - b);
    const [settings, site] = await Promise.all([this.deps.reviewConfig.settings(conferenceId), this.deps.mailSites.mailSite(conferenceId)]);
    // The mail budget for the reviewers this adds, taken outside the transaction (allocationMails.ts).
    const current = new Set((await repo.reviewsOf(this.db, conferenceId, [submissionId])).map((r) => r.reviewer_id));
    const adding = site ? await Promise.all(ids.filter((id) => !current.has(id)).map((id) => reviewerById(this.db, conferenceId, id))) : [];
    const admission = await this.deps.mailGate.admit(conferenceId, adding.map((r) => r?.email ?? ''), REVIEW_MAIL_POLICY);
    await withAdmission(admission, () => inTransaction(this.db, async (tx) => {
      for (const id of ids) if (!(await repo.lockReviewer(tx, conferenceId, id))) throw reviewerMissing();
      const s = await this.snapshot(tx, conferenceId, settings);
      const paper = s.papers.find((p) => Number(p.id) === submissionId);
      if (!paper) throw paperMissing();
      if (!isAssignable(paper.status)) throw new AppError(409, 'allocation:notAssignable');
      const current = new Set(s.reviews.filter((r) => r.submission_id === submissionId).map((r) => r.reviewer_id));
      const load = loads(s);
      const fresh = ids.filter((id) => !current.has(id));
      for (const id of fresh) {
        const e = s.eligible.find((x) => x.reviewer.id === id);
        const name = s.all.get(id)?.name ?? '';
        if (!e || !e.sessions.includes(Number(paper.session_id))) throw new AppError(409, 'allocation:notEligible', 'reviewerIds', 409, { name });
        const c = s.conflicts.get(pair(submissionId, id));
        if (c?.state === 'suggested') throw new AppError(409, 'allocation:conflictUndecided', 'reviewerIds', 409, { name, reason: c.reason });
        if (blocks(c)) throw new AppError(409, 'allocation:conflict', 'reviewerIds', 409, { name });
        if (s.maxPerReviewer > 0 && (load.get(id) ?? 0) >= s.maxPerReviewer) throw new AppError(409, 'allocation:full', 'reviewerIds', 409, { name, max: String(s.maxPerReviewer) });
      }
      for (const id of fresh) await repo.insertReview(tx, conferenceId, submissionId, id);
      if (fresh.length) await this.deps.events.emit(tx, 'review.assigned', { conferenceId, submissionIds: [submissionId] });
      if (fresh.length && (paper.status === 'waiting' || paper.status === 'resubmitted')) {
        await this.deps.submissionDesk.moveInReview(tx, conferenceId, submissionId, 'assign', { by: 'manager', userId: actor.userId, name: actor.name });
      }
      for (const id of fresh) {
        const reviewer = s.all.get(id)!;
        if (site && admitted(admission.to, reviewer.email)) await assignMail(tx, conferenceId, site, reviewer, { id: submissionId, number: paper.number, title: paper.title });
      }
    }));
    return this.candidates(conferenceId, submissionId);
  }

  async unassign(conferenceId: number, actor: Actor, submissionId: number, reviewerId: number): Promise<CandidatesView> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lockReviewer(tx, conferenceId, reviewerId))) throw reviewerMissing();
      const paper = await submissions.findSubmission(tx, conferenceId, submissionId);
      if (!paper) throw paperMissing();
      const [review] = (await repo.reviewsOf(tx, conferenceId, [submissionId])).filter((r) => r.reviewer_id === reviewerId);
      if (!review) throw notFound('allocation:reviewNotFound');
      if (!isAssignable(paper.status)) throw new AppError(409, 'allocation:notAssignable');
      await this.end(tx, conferenceId, paper, reviewerId, 'unassigned', actor);
    });
    return this.candidates(conferenceId, submissionId);
  }

  /**
   * Ends an assignment whatever its state (a confirmed conflict, the manager's unassignment): a
   * started review is kept aside, never counted (allocationRepo.endReview); the manuscript goes back
   * to waiting when it was the last one.
   */
  private async end(tx: Tx, conferenceId: number, paper: submissions.SubmissionRow, reviewerId: number, reason: 'conflict' | 'unassigned', actor: Actor): Promise<void> {
    const reviewerName = (await reviewerById(tx, conferenceId, reviewerId))?.name ?? '';
    if (!(await repo.endReview(tx, conferenceId, Number(paper.id), reviewerId, { reason, reviewerName, byUserId: actor.userId }))) return;
    if (paper.status === 'assigned' && (await repo.countReviews(tx, conferenceId, Number(paper.id))) === 0) {
      await this.deps.submissionDesk.moveInReview(tx, conferenceId, Number(paper.id), 'unassign', { by: 'manager', userId: actor.userId, name: actor.name });
    }
  }

  /** Deletes an unstarted review; the manuscript goes back to waiting when it was the last one. False when the review had started. */
  private async dropUnstarted(tx: Tx, conferenceId: number, paper: submissions.SubmissionRow, reviewerId: number, by: { by: 'manager' | 'system'; userId: number | null; name: string; note?: string }): Promise<boolean> {
    if (!(await repo.deleteUnstarted(tx, conferenceId, Number(paper.id), reviewerId))) return false;
    if (paper.status === 'assigned' && (await repo.countReviews(tx, conferenceId, Number(paper.id))) === 0) {
      await this.deps.submissionDesk.moveInReview(tx, conferenceId, Number(paper.id), 'unassign', by);
    }
    return true;
  }

  // ── one-click ──────────────────────────────────────────────────────────────────────────

  preview(conferenceId: number, seed: number, keepCurrent: boolean, lang: Lang): Promise<AllocationPreview> {
    return this.run.preview(conferenceId, seed, keepCurrent, lang);
  }

  apply(conferenceId: number, actor: Actor, seed: number, keepCurrent: boolean, token: string, lang: Lang): Promise<AllocationApplied> {
    return this.run.apply(conferenceId, actor, seed, keepCurrent, token, lang);
  }

  // ── conflicts ──────────────────────────────────────────────────────────────────────────

  /** Stored conflicts, and the suggestions that matter: the reviewer serves (or chairs) the manuscript's session and it is assignable. */
  async conflicts(conferenceId: number): Promise<ConflictView[]> {
    const s = await this.snapshot(this.db, conferenceId);
    const papers = new Map(s.papers.map((p) => [Number(p.id), p]));
    const open = new Set(runPapers(s).map((p) => Number(p.id)));
    // A chair's pairs count too: a chair in conflict neither reads the reviews nor decides (chairConflicts.ts).
    const sessionsOf = new Map(s.eligible.map((e) => [e.reviewer.id, servedSessions(e.reviewer)]));
    const views: ConflictView[] = [];
    for (const [key, c] of s.conflicts) {
      const [submissionId, reviewerId] = key.split(':').map(Number);
      const paper = papers.get(submissionId);
      if (!paper) continue;
      if (!c.stored && !(open.has(submissionId) && sessionsOf.get(reviewerId)?.includes(Number(paper.session_id)))) continue;
      views.push({ reviewerId, reviewerName: s.all.get(reviewerId)?.name ?? '', submissionId, number: paper.number, title: paper.title, reason: c.reason, detail: c.detail, state: c.state, note: c.note, stored: c.stored });
    }
    const rank = { suggested: 0, declared: 1, confirmed: 2, dismissed: 3 } as const;
    return views.sort((a, b) => rank[a.state] - rank[b.state] || a.number.localeCompare(b.number) || a.reviewerId - b.reviewerId);
  }

  /** A manager confirms or dismisses a conflict (suggested or not); confirming ends the pair's review, started or not. */
  async decide(conferenceId: number, actor: Actor, input: { reviewerId: number; submissionId: number; state: 'confirmed' | 'dismissed'; note: string }): Promise<ConflictView[]> {
    const settings = await this.deps.reviewConfig.settings(conferenceId);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lockReviewer(tx, conferenceId, input.reviewerId))) throw reviewerMissing();
      const s = await this.snapshot(tx, conferenceId, settings);
      const paper = s.papers.find((p) => Number(p.id) === input.submissionId);
      if (!paper) throw paperMissing();
      const c = s.conflicts.get(pair(input.submissionId, input.reviewerId));
      // A reviewer's own declaration stays; an author's may be overruled (an author could name
      // every demanding reviewer they can guess), and the overruling is remembered.
      if (c?.state === 'declared' && c.stored && input.state === 'dismissed') throw new AppError(409, 'allocation:declaredStays');
      await repo.saveConflict(tx, conferenceId, { reviewer_id: input.reviewerId, submission_id: input.submissionId, state: input.state, reason: c?.reason ?? '', note: input.note }, actor.userId);
      // Confirmed: the reviewer leaves the manuscript even with a draft begun (kept aside, never counted).
      if (input.state === 'confirmed' && isAssignable(paper.status)) await this.end(tx, conferenceId, paper, input.reviewerId, 'conflict', actor);
    });
    return this.conflicts(conferenceId);
  }

  /** Forgets a decision or a declaration: the pair is suggested again if the finder still finds it. */
  async undecide(conferenceId: number, submissionId: number, reviewerId: number): Promise<ConflictView[]> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lockReviewer(tx, conferenceId, reviewerId))) throw reviewerMissing();
      if (!(await repo.deleteConflict(tx, conferenceId, reviewerId, submissionId))) throw notFound('allocation:conflictNotFound');
    });
    return this.conflicts(conferenceId);
  }

  /** A reviewer declares a conflict with a manuscript assigned to them (see the header). */
  async declare(conferenceId: number, reviewerId: number, submissionId: number, note: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lockReviewer(tx, conferenceId, reviewerId))) throw reviewerMissing();
      const paper = await submissions.findSubmission(tx, conferenceId, submissionId);
      const mine = paper && (await repo.reviewsOf(tx, conferenceId, [submissionId])).some((r) => r.reviewer_id === reviewerId);
      // Not assigned to them: the same answer as a manuscript that does not exist.
      if (!paper || !mine) throw paperMissing();
      await repo.saveConflict(tx, conferenceId, { reviewer_id: reviewerId, submission_id: submissionId, state: 'declared', reason: '', note }, null);
      const who = await reviewerById(tx, conferenceId, reviewerId);
      const why = t(paper.lang === 'en' ? 'en' : 'zh', 'allocation:declaredNote');
      if (isAssignable(paper.status)) await this.dropUnstarted(tx, conferenceId, paper, reviewerId, { by: 'system', userId: who?.userId ?? null, name: who?.name ?? '', note: why });
    });
  }
}

function rowOf(s: Snapshot, p: submissions.SubmissionRow): AllocationRow {
  const id = Number(p.id);
  const reviewers = s.reviews.filter((r) => r.submission_id === id).map((r) => ({ reviewerId: r.reviewer_id, name: s.all.get(r.reviewer_id)?.name ?? '', state: r.state }));
  const assignable = isAssignable(p.status);
  return {
    id, number: p.number, title: p.title, sessionId: Number(p.session_id), subSessionId: p.sub_session_id === null ? null : Number(p.sub_session_id), status: p.status,
    assignable, reviewers, missing: assignable ? Math.max(0, s.k - reviewers.length) : 0,
    needsChair: !CLOSED.has(p.status) && needsChairIn(s.all, s.conflicts, p),
  };
}
