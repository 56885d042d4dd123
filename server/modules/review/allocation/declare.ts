/**
 * A reviewer declares a conflict with a manuscript assigned to them, from their review screen:
 * the declaration is remembered, the unstarted review is removed (and the manuscript goes back to
 * waiting when it was the last one); a started one stays until a manager confirms the conflict,
 * which ends it (plan.ts). Not a manager's change, so no preview: it locks the reviewer's row
 * first like every assignment write.
 */
import { inTransaction } from '../../../db/transaction';
import type { ServiceDeps } from '../../../platform/feature';
import { t } from '../../../platform/i18n';
import { submissionReader as submissions } from '../../submissions/index';
import { reviewerById } from '../reviewers/people';
import { saveConflict } from '../conflicts/stored';
import { paperMissing, reviewerMissing } from './plan';
import { isAssignable } from './state';
import * as repo from './repo';

export async function declareConflict(
  deps: ServiceDeps,
  conferenceId: number,
  reviewerId: number,
  submissionId: number,
  note: string,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockReviewer(tx, conferenceId, reviewerId))) throw reviewerMissing();
    const paper = await submissions.findSubmission(tx, conferenceId, submissionId);
    const mine =
      paper && (await repo.reviewsOf(tx, conferenceId, [submissionId])).some((r) => r.reviewer_id === reviewerId);
    // Not assigned to them: the same answer as a manuscript that does not exist.
    if (!paper || !mine) throw paperMissing();
    await saveConflict(
      tx,
      conferenceId,
      { reviewer_id: reviewerId, submission_id: submissionId, state: 'declared', reason: '', note },
      null,
    );
    if (!isAssignable(paper.status)) return;
    const who = await reviewerById(tx, conferenceId, reviewerId);
    if (!(await repo.deleteUnstarted(tx, conferenceId, paper.id, reviewerId))) return;
    if (paper.status === 'assigned' && (await repo.countReviews(tx, conferenceId, paper.id)) === 0) {
      await deps.submissionDesk.moveInReview(tx, conferenceId, paper.id, 'unassign', {
        by: 'system',
        userId: who?.userId ?? null,
        name: who?.name ?? '',
        note: t(paper.lang === 'en' ? 'en' : 'zh', 'allocation:declaredNote'),
      });
    }
  });
}
