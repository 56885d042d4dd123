/**
 * One-click random allocation (issue 16): the preview computes the result of `assignReviewers`
 * over the current state and saves nothing; its token is a hash of that state (the function's
 * whole input, settings and seed included). Apply is the one writer of plans (apply.ts) under
 * the conference's assignment lock: another token means someone changed the assignments
 * meanwhile (409 'allocation:stale'), else exactly the previewed rows are written in one
 * transaction, the manuscripts move through the submissions' state machine, and each reviewer
 * added gets the assign mail.
 */
import type { Db } from '../../../db/index';
import type { Lang } from '../../../contract/enums';
import type { AllocationApplied, AllocationPreview, PlanReviewer } from '../../../contract/allocation';
import type { ServiceDeps } from '../../../platform/feature';
import { t } from '../../../platform/i18n';
import { assignReviewers, type AssignInput, type AssignResult } from '../assignment';
import { applyPlan, type Actor } from './apply';
import { runPlanner } from './plan';
import { assignInput, loadSnapshot, runPapers, tokenOf, undecidedCount, type Snapshot } from './state';

export type { Actor } from './apply';

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

  async apply(
    conferenceId: number,
    actor: Actor,
    seed: number,
    keepCurrent: boolean,
    token: string,
    lang: Lang,
  ): Promise<AllocationApplied> {
    const { snapshot, plan, mails } = await applyPlan(
      this.deps,
      conferenceId,
      actor,
      runPlanner(seed, keepCurrent),
      token,
    );
    const input = assignInput(snapshot, seed, keepCurrent);
    return {
      added: plan.added.length,
      removed: plan.removed.length,
      mails,
      preview: present(snapshot, input, assignReviewers(input), lang),
    };
  }
}

/** The result as the manager sees it before saving: changes per manuscript, shortfalls with their reason, loads per session. */
function present(s: Snapshot, input: AssignInput, result: AssignResult, lang: Lang): AllocationPreview {
  const who = (id: number): PlanReviewer => ({ reviewerId: id, name: s.all.get(id)?.name ?? String(id) });
  const papers = new Map(runPapers(s).map((p) => [p.id, p]));
  const added = group(result.added);
  const removed = group(result.removed);
  const short = new Set(result.shortfalls.map((x) => x.paperId));
  const changed = result.assignments
    .filter((a) => added.has(a.paperId) || removed.has(a.paperId) || short.has(a.paperId))
    .map((a) => {
      const p = papers.get(a.paperId)!;
      const fresh = added.get(a.paperId) ?? [];
      return {
        id: a.paperId,
        number: p.number,
        title: p.title,
        sessionId: p.session_id,
        kept: a.reviewerIds.filter((r) => !fresh.includes(r)).map(who),
        added: fresh.map(who),
        removed: (removed.get(a.paperId) ?? []).map(who),
      };
    });
  const load = new Map(result.loads.map((l) => [l.reviewerId, l.load]));
  const sessions = [...new Set(input.reviewers.flatMap((r) => r.sessions))].sort((a, b) => a - b);
  const loads = sessions.map((sessionId) => {
    const reviewers = input.reviewers
      .filter((r) => r.sessions.includes(sessionId))
      .map((r) => ({ ...who(r.id), load: load.get(r.id) ?? 0 }));
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
      return {
        paperId: x.paperId,
        number: p.number,
        title: p.title,
        missing: x.missing,
        reason: x.reason,
        text: t(lang, `allocation:shortfall.${x.reason}`, { missing: x.missing, k: s.k }),
      };
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
