/**
 * Reviewer assignment (issue 16) — the service behind /platform/submissionManage/index.
 *
 * For the managers: `list` (manuscripts with their reviewers and how many are missing),
 * `candidates` (the reviewers of a manuscript's session with load and conflict), and the changes,
 * each a plan (plan.ts) written by the one apply (apply.ts): `manualPreview` / `manualApply` (a
 * pick, a removal, a conflict decided or undone, previewed then applied with the preview's
 * token), `assign` / `unassign` / `decide` / `undecide` (the same plans applied in one go; a
 * started review is kept aside, never counted), `preview` / `apply` (one-click random
 * allocation, run.ts), `conflicts` (suggested conflicts to confirm or dismiss, remembered in
 * review_conflicts; an author's declared conflict blocks without confirming and may be dismissed).
 * For a reviewer: `declare` (declare.ts).
 * For the other review services: `reviewsOfSubmission(cid, sid)` → the reviewers of a manuscript
 * with the state of their review; `loadOf(cid)` → reviewerId → reviews by state and in total.
 *
 * Rules: a reviewer serves a manuscript when they have the role 'reviewer' in its top-level
 * session and an account (chairs decide, they get no reviews). A conflict that is confirmed,
 * declared, or suggested and not yet decided is never assigned (a dismissed suggestion may be).
 * Every write first locks the reviewer rows it concerns (allocationRepo.lockReviewer(s)), then the
 * manuscript's row through moveInReview: one order everywhere, so no deadlock.
 */
import type { Db } from '../../../db/index';
import type { Lang } from '../../../contract/enums';
import type {
  AllocationApplied,
  AllocationPage,
  AllocationPreview,
  AllocationQuery,
  CandidatesView,
  ChangePlan,
  ConflictView,
  ManualApplied,
  ManualInput,
  ReviewState,
} from '../../../contract/allocation';
import type { ServiceDeps } from '../../../platform/feature';
import { submissionReader as submissions } from '../../submissions/index';
import { AllocationRun } from './run';
import { applyPlan, planNow, type Actor } from './apply';
import { manualPlanner, planView } from './plan';
import { declareConflict } from './declare';
import { loadSnapshot, undecidedCount, type Snapshot } from './state';
import { candidatesOf, conflictViews, rowOf } from './views';
import * as repo from './repo';
import { reviewersOf } from '../reviewers/people';

export type { Actor } from './apply';

export type ReviewLoad = { assigned: number; draft: number; submitted: number; total: number };

export class AllocationService {
  private readonly run: AllocationRun;

  constructor(private readonly deps: ServiceDeps) {
    this.run = new AllocationRun(deps);
  }

  private get db(): Db {
    return this.deps.db;
  }

  private async snapshot(conferenceId: number): Promise<Snapshot> {
    return loadSnapshot(this.db, conferenceId, await this.deps.reviewConfig.settings(conferenceId));
  }

  // ── reads ──────────────────────────────────────────────────────────────────────────────

  async list(conferenceId: number, q: AllocationQuery): Promise<AllocationPage> {
    const { page, size, ...filter } = q;
    const [found, s] = await Promise.all([
      submissions.page(this.db, conferenceId, filter, page, size),
      this.snapshot(conferenceId),
    ]);
    return {
      rows: found.rows.map((r) => rowOf(s, r)),
      total: found.total,
      k: s.k,
      maxPerReviewer: s.maxPerReviewer,
      undecided: undecidedCount(s),
    };
  }

  async candidates(conferenceId: number, submissionId: number): Promise<CandidatesView> {
    return candidatesOf(await this.snapshot(conferenceId), submissionId);
  }

  /** Stored conflicts, and the suggestions that matter (views.ts). */
  async conflicts(conferenceId: number): Promise<ConflictView[]> {
    return conflictViews(await this.snapshot(conferenceId));
  }

  /** The reviewers of a manuscript with the state of their review (for the reviewing screens). */
  async reviewsOfSubmission(
    conferenceId: number,
    submissionId: number,
  ): Promise<Array<{ reviewerId: number; name: string; state: ReviewState }>> {
    const [rows, names] = await Promise.all([
      repo.reviewsOf(this.db, conferenceId, [submissionId]),
      this.names(conferenceId),
    ]);
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
    return new Map((await reviewersOf(this.db, conferenceId)).map((r) => [r.id, r.name]));
  }

  // ── manual changes: preview, then apply with the preview's token ──────────────────────

  async manualPreview(conferenceId: number, change: ManualInput): Promise<ChangePlan> {
    const [{ snapshot, plan, token }, site] = await Promise.all([
      planNow(this.deps, this.db, conferenceId, manualPlanner(change)),
      this.deps.mailSites.mailSite(conferenceId),
    ]);
    const view = planView(snapshot, plan, token);
    // Without a site to link to no assign mail is written (apply.ts).
    return site ? view : { ...view, mails: [] };
  }

  async manualApply(conferenceId: number, actor: Actor, change: ManualInput, token: string): Promise<ManualApplied> {
    const done = await applyPlan(this.deps, conferenceId, actor, manualPlanner(change), token);
    const view = planView(done.snapshot, done.plan, done.token);
    return { plan: done.mailing ? view : { ...view, mails: [] }, mails: done.mails };
  }

  // ── the direct calls: the same plans, applied in one go ───────────────────────────────

  async assign(
    conferenceId: number,
    actor: Actor,
    submissionId: number,
    reviewerIds: number[],
  ): Promise<CandidatesView> {
    await applyPlan(this.deps, conferenceId, actor, manualPlanner({ kind: 'assign', submissionId, reviewerIds }), null);
    return this.candidates(conferenceId, submissionId);
  }

  async unassign(
    conferenceId: number,
    actor: Actor,
    submissionId: number,
    reviewerId: number,
  ): Promise<CandidatesView> {
    await applyPlan(
      this.deps,
      conferenceId,
      actor,
      manualPlanner({ kind: 'unassign', submissionId, reviewerId }),
      null,
    );
    return this.candidates(conferenceId, submissionId);
  }

  /** A manager confirms or dismisses a conflict (suggested or not); confirming ends the pair's review, started or not. */
  async decide(
    conferenceId: number,
    actor: Actor,
    input: { reviewerId: number; submissionId: number; state: 'confirmed' | 'dismissed'; note: string },
  ): Promise<ConflictView[]> {
    await applyPlan(this.deps, conferenceId, actor, manualPlanner({ kind: 'decide', ...input }), null);
    return this.conflicts(conferenceId);
  }

  /** Forgets a decision or a declaration: the pair is suggested again if the finder still finds it. */
  async undecide(
    conferenceId: number,
    actor: Actor,
    submissionId: number,
    reviewerId: number,
  ): Promise<ConflictView[]> {
    await applyPlan(
      this.deps,
      conferenceId,
      actor,
      manualPlanner({ kind: 'undecide', submissionId, reviewerId }),
      null,
    );
    return this.conflicts(conferenceId);
  }

  // ── one-click ──────────────────────────────────────────────────────────────────────────

  preview(conferenceId: number, seed: number, keepCurrent: boolean, lang: Lang): Promise<AllocationPreview> {
    return this.run.preview(conferenceId, seed, keepCurrent, lang);
  }

  apply(
    conferenceId: number,
    actor: Actor,
    seed: number,
    keepCurrent: boolean,
    token: string,
    lang: Lang,
  ): Promise<AllocationApplied> {
    return this.run.apply(conferenceId, actor, seed, keepCurrent, token, lang);
  }

  /** A reviewer declares a conflict with a manuscript assigned to them (declare.ts). */
  declare(conferenceId: number, reviewerId: number, submissionId: number, note: string): Promise<void> {
    return declareConflict(this.deps, conferenceId, reviewerId, submissionId, note);
  }
}
