/**
 * One-click random allocation (issue 16): the preview computes the result of `assignReviewers`
 * over the current state and saves nothing; its token is a hash of that state (the function's
 * whole input, settings and seed included). Apply recomputes under the conference's assignment
 * lock: another token means someone changed the assignments meanwhile (409 'allocation:stale'),
 * else exactly the previewed rows are written in one transaction, the manuscripts move through
 * the submissions' state machine, and each reviewer added gets the assign mail.
 */
import type { Db, Tx } from '../../db/index';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import type { AllocationApplied, AllocationPreview, PlanReviewer } from '../../contract/allocation';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { assignReviewers, type AssignInput, type AssignResult } from './assignment';
import { withAdmission } from '../mail/index';
import { admitted, assignMail, REVIEW_MAIL_POLICY } from './allocationMails';
import { assignInput, loadSnapshot, runPapers, tokenOf, undecidedCount, type Snapshot } from './allocationState';
import * as repo from './allocationRepo';

export type Actor = { userId: number; name: string };

const stale = () => new AppError(409, 'allocation:stale');

export class AllocationRun {
  constructor(private readonly deps: ServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async preview(conferenceId: number, seed: number, keepCurrent: boolean, lang: Lang): Promise<AllocationPreview> {
    const settings = await this.deps.reviewConfig.settings(conferenceId);
    const snapshot = await loadSnapshot(this.db, conferenceId, settings);
    const input = assignInput(snapshot, seed, keepCurrent);
    return present(snapshot, input, assignReviewers(input), lang);
  }

  /** The addresses of the reviewers the preview with `token` adds; stale when the state moved. */
  private async plannedEmails(conferenceId: number, settings: Parameters<typeof loadSnapshot>[2], seed: number, keepCurrent: boolean, token: string): Promise<string[]> {
    const before = await loadSnapshot(this.db, conferenceId, settings);
    const planned = assignInput(before, seed, keepCurrent);
    if (tokenOf(planned, before.maxPerReviewer) !== token) throw stale();
    return assignReviewers(planned).added.map(([, reviewerId]) => before.all.get(reviewerId)?.email ?? '');
  }

  async apply(conferenceId: number, actor: Actor, seed: number, keepCurrent: boolean, token: string, lang: Lang): Promise<AllocationApplied> {
    // Read before the transaction: on SQLite the transaction holds the only connection.
    const [settings, site] = await Promise.all([this.deps.reviewConfig.settings(conferenceId), this.deps.mailSites.mailSite(conferenceId)]);
    // The reviewers this preview adds, for the mail budget (taken outside the transaction); the
    // transaction checks the token again, so the run below adds exactly these.
    // Without a site to link to no mail is written, and the run is not computed twice.
    const emails = site ? await this.plannedEmails(conferenceId, settings, seed, keepCurrent, token) : [];
    const admission = await this.deps.mailGate.admit(conferenceId, emails, REVIEW_MAIL_POLICY);
    return withAdmission(admission, () => inTransaction(this.db, async (tx) => {
      await repo.lockReviewers(tx, conferenceId);
      const snapshot = await loadSnapshot(tx, conferenceId, settings);
      const input = assignInput(snapshot, seed, keepCurrent);
      if (tokenOf(input, snapshot.maxPerReviewer) !== token) throw stale();
      const result = assignReviewers(input);
      // A review started since the lock was taken (the reviewer's own screen does not take it) is not deleted: the run is stale.
      for (const [paperId, reviewerId] of result.removed) if (!(await repo.deleteUnstarted(tx, conferenceId, paperId, reviewerId))) throw stale();
      for (const [paperId, reviewerId] of result.added) {
        try {
          await repo.insertReview(tx, conferenceId, paperId, reviewerId);
        } catch (err) {
          if (isUniqueViolation(err)) throw stale();
          throw err;
        }
      }
      if (result.added.length) await this.deps.events.emit(tx, 'review.assigned', { conferenceId, submissionIds: [...new Set(result.added.map(([paperId]) => paperId))] });
      await moveStatuses(this.deps, tx, conferenceId, snapshot, input, result, actor);
      let mails = 0;
      if (site) {
        const papers = new Map(snapshot.papers.map((p) => [Number(p.id), p]));
        for (const [paperId, reviewerId] of result.added) {
          const paper = papers.get(paperId)!;
          const reviewer = snapshot.all.get(reviewerId)!;
          if (!admitted(admission.to, reviewer.email)) continue;
          await assignMail(tx, conferenceId, site, reviewer, { id: paperId, number: paper.number, title: paper.title });
          mails++;
        }
      }
      return { added: result.added.length, removed: result.removed.length, mails, preview: present(snapshot, input, result, lang) };
    }));
  }
}

/** A manuscript that got its first reviewer is assigned; one left with none goes back to waiting. */
async function moveStatuses(deps: ServiceDeps, tx: Tx, conferenceId: number, s: Snapshot, input: AssignInput, result: AssignResult, actor: Actor) {
  const touched = new Set([...result.added.map(([p]) => p), ...result.removed.map(([p]) => p)]);
  const status = new Map(s.papers.map((p) => [Number(p.id), p.status]));
  const addedTo = new Set(result.added.map(([p]) => p));
  const after = new Map(result.assignments.map((a) => [a.paperId, a.reviewerIds.length]));
  for (const paper of input.papers) {
    if (!touched.has(paper.id)) continue;
    const from = status.get(paper.id);
    const by = { by: 'manager' as const, userId: actor.userId, name: actor.name };
    if (addedTo.has(paper.id) && (from === 'waiting' || from === 'resubmitted')) await deps.submissionDesk.moveInReview(tx, conferenceId, paper.id, 'assign', by);
    else if (!after.get(paper.id) && from === 'assigned') await deps.submissionDesk.moveInReview(tx, conferenceId, paper.id, 'unassign', by);
  }
}

/** The result as the manager sees it before saving: changes per manuscript, shortfalls with their reason, loads per session. */
function present(s: Snapshot, input: AssignInput, result: AssignResult, lang: Lang): AllocationPreview {
  const who = (id: number): PlanReviewer => ({ reviewerId: id, name: s.all.get(id)?.name ?? String(id) });
  const papers = new Map(runPapers(s).map((p) => [Number(p.id), p]));
  const added = group(result.added);
  const removed = group(result.removed);
  const short = new Set(result.shortfalls.map((x) => x.paperId));
  const changed = result.assignments
    .filter((a) => added.has(a.paperId) || removed.has(a.paperId) || short.has(a.paperId))
    .map((a) => {
      const p = papers.get(a.paperId)!;
      const fresh = added.get(a.paperId) ?? [];
      return { id: a.paperId, number: p.number, title: p.title, sessionId: Number(p.session_id), kept: a.reviewerIds.filter((r) => !fresh.includes(r)).map(who), added: fresh.map(who), removed: (removed.get(a.paperId) ?? []).map(who) };
    });
  const load = new Map(result.loads.map((l) => [l.reviewerId, l.load]));
  const sessions = [...new Set(input.reviewers.flatMap((r) => r.sessions))].sort((a, b) => a - b);
  const loads = sessions.map((sessionId) => {
    const reviewers = input.reviewers.filter((r) => r.sessions.includes(sessionId)).map((r) => ({ ...who(r.id), load: load.get(r.id) ?? 0 }));
    const values = reviewers.map((r) => r.load);
    return { sessionId, reviewers, max: Math.max(...values), min: Math.min(...values) };
  });
  return {
    token: tokenOf(input, s.maxPerReviewer),
    seed: input.seed,
    keepCurrent: input.keepCurrent,
    k: s.k,
    maxPerReviewer: s.maxPerReviewer,
    papers: changed,
    shortfalls: result.shortfalls.map((x) => {
      const p = papers.get(x.paperId)!;
      return { paperId: x.paperId, number: p.number, title: p.title, missing: x.missing, reason: x.reason, text: t(lang, `allocation:shortfall.${x.reason}`, { missing: x.missing, k: s.k }) };
    }),
    loads,
    undecided: undecidedCount(s),
    added: result.added.length,
    removed: result.removed.length,
    total: input.papers.length,
  };
}

function group(pairs: Array<[number, number]>): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const [p, r] of pairs) m.set(p, [...(m.get(p) ?? []), r]);
  return m;
}
