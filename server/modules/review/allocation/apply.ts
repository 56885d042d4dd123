/**
 * The one writer of assignment plans (plan.ts), for the one-click run and every manual change.
 * Under the locks every assignment write takes in the same order — the reviewer rows first, then
 * the manuscript row through moveInReview — it reads the state again, refuses with
 * 'allocation:stale' when the state no longer hashes to the preview's token, plans again (equal
 * state, equal plan: the planners are pure) and writes exactly that plan. Without a token (the
 * direct calls that plan and apply in one go) the plan made under the locks is written.
 */
import type { Db, Tx } from '../../../db/index';
import { isUniqueViolation } from '../../../db/dialect';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../platform/errors';
import type { ServiceDeps } from '../../../platform/feature';
import { withAdmission } from '../../mail/index';
import { deleteConflict, saveConflict } from '../conflicts/stored';
import { admitted, assignMail, REVIEW_MAIL_POLICY } from './mails';
import { reviewerMissing, type Plan, type Planner } from './plan';
import { loadSnapshot, type Snapshot } from './state';
import * as repo from './repo';

export type Actor = { userId: number; name: string };

export const stale = () => new AppError(409, 'allocation:stale');

/** `mailing`: the conference has a site to link to, so the plan's mails were written (those the gate admitted). */
export type Applied = { snapshot: Snapshot; plan: Plan; token: string; mails: number; mailing: boolean };

/** The state and the plan now, without locks and without saving (what a preview shows). */
export async function planNow(
  deps: ServiceDeps,
  conn: Db | Tx,
  conferenceId: number,
  planner: Planner,
): Promise<{ snapshot: Snapshot; plan: Plan; token: string }> {
  const settings = await deps.reviewConfig.settings(conferenceId);
  const snapshot = await loadSnapshot(conn, conferenceId, settings);
  return { snapshot, token: planner.token(snapshot), plan: planner.plan(snapshot) };
}

export async function applyPlan(
  deps: ServiceDeps,
  conferenceId: number,
  actor: Actor,
  planner: Planner,
  token: string | null,
): Promise<Applied> {
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const [settings, site] = await Promise.all([
    deps.reviewConfig.settings(conferenceId),
    deps.mailSites.mailSite(conferenceId),
  ]);
  // The mail budget for the reviewers the plan adds is taken outside the transaction
  // (allocation/mails.ts); a stale token is refused here already. Without a site no mail is
  // written, and the plan is not made twice.
  let emails: string[] = [];
  if (site) {
    const before = await loadSnapshot(deps.db, conferenceId, settings);
    if (token !== null && planner.token(before) !== token) throw stale();
    emails = planner.plan(before).mails.map((x) => before.all.get(x.reviewerId)?.email ?? '');
  }
  const admission = await deps.mailGate.admit(conferenceId, emails, REVIEW_MAIL_POLICY);
  return withAdmission(admission, () =>
    inTransaction(deps.db, async (tx) => {
      if (planner.lock === 'all') await repo.lockReviewers(tx, conferenceId);
      else for (const id of planner.lock) if (!(await repo.lockReviewer(tx, conferenceId, id))) throw reviewerMissing();
      const snapshot = await loadSnapshot(tx, conferenceId, settings);
      const now = planner.token(snapshot);
      if (token !== null && now !== token) throw stale();
      const plan = planner.plan(snapshot);
      await write(deps, tx, conferenceId, snapshot, plan, actor, token !== null);
      let mails = 0;
      if (site) {
        const papers = new Map(snapshot.papers.map((p) => [p.id, p]));
        for (const { submissionId, reviewerId } of plan.mails) {
          const paper = papers.get(submissionId)!;
          const reviewer = snapshot.all.get(reviewerId)!;
          if (!admitted(admission.to, reviewer.email)) continue;
          await assignMail(tx, conferenceId, site, reviewer, {
            id: submissionId,
            number: paper.number,
            title: paper.title,
          });
          mails++;
        }
      }
      return { snapshot, plan, token: now, mails, mailing: Boolean(site) };
    }),
  );
}

/** The plan's rows: conflict decisions, ended reviews, new reviews, then the manuscripts' statuses. */
async function write(
  deps: ServiceDeps,
  tx: Tx,
  conferenceId: number,
  s: Snapshot,
  plan: Plan,
  actor: Actor,
  previewed: boolean,
): Promise<void> {
  for (const c of plan.conflicts) {
    if (c.to === null) {
      if (!(await deleteConflict(tx, conferenceId, c.reviewerId, c.submissionId))) throw stale();
    } else
      await saveConflict(
        tx,
        conferenceId,
        { reviewer_id: c.reviewerId, submission_id: c.submissionId, state: c.to, reason: c.reason, note: c.note },
        actor.userId,
      );
  }
  for (const x of plan.removed) {
    if (x.end === null) {
      // A review started since the lock was taken (the reviewer's own screen does not take it) is not deleted: the run is stale.
      if (!(await repo.deleteUnstarted(tx, conferenceId, x.submissionId, x.reviewerId))) throw stale();
      continue;
    }
    const reviewerName = s.all.get(x.reviewerId)?.name ?? '';
    await repo.endReview(tx, conferenceId, x.submissionId, x.reviewerId, {
      reason: x.end,
      reviewerName,
      byUserId: actor.userId,
    });
  }
  for (const x of plan.added) {
    try {
      await repo.insertReview(tx, conferenceId, x.submissionId, x.reviewerId);
    } catch (err) {
      if (isUniqueViolation(err)) throw stale();
      throw err;
    }
  }
  if (plan.added.length)
    await deps.events.emit(tx, 'review.assigned', {
      conferenceId,
      submissionIds: [...new Set(plan.added.map((x) => x.submissionId))],
    });
  const by = { by: 'manager' as const, userId: actor.userId, name: actor.name };
  for (const m of plan.moves) {
    try {
      await deps.submissionDesk.moveInReview(tx, conferenceId, m.submissionId, m.action, by);
    } catch (err) {
      // The manuscript moved after the state was read (a manual change locks only its own reviewers'
      // rows): for a preview that is a change since the preview; the direct calls answer as before.
      if (previewed && err instanceof AppError) throw stale();
      throw err;
    }
  }
}
