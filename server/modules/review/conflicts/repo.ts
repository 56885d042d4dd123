/**
 * The remembered conflicts (review_conflicts, migrations/027_reviewers.ts): a manager's
 * confirmation or dismissal, a reviewer's declaration; one row per reviewer and manuscript. Every
 * function takes the conference first. The other parts reach these through stored.ts.
 */
import type { Db, Tx } from '../../../db/index';
import { toDbInstant } from '../../../db/dialect';
import type { ConflictRow } from '../tables';

type Conn = Db | Tx;

/** What the conflict rule needs of a remembered pair. */
export type StoredConflict = Pick<ConflictRow, 'reviewer_id' | 'submission_id' | 'state' | 'reason' | 'note'>;

/** The conference's remembered pairs, or one reviewer's, in the order they were stored. */
export function storedConflicts(db: Conn, conferenceId: number, reviewerId?: number): Promise<StoredConflict[]> {
  const q = db('review_conflicts').where({ conference_id: conferenceId });
  if (reviewerId !== undefined) q.where({ reviewer_id: reviewerId });
  return q.select('reviewer_id', 'submission_id', 'state', 'reason', 'note').orderBy('id');
}

/** Remembers a decision or a declaration for the pair (one row per pair; the later one wins). */
export async function saveConflict(
  tx: Tx,
  conferenceId: number,
  row: StoredConflict,
  byUserId: number | null,
): Promise<void> {
  const values = {
    state: row.state,
    reason: row.reason.slice(0, 16),
    note: row.note.slice(0, 500),
    by_user_id: byUserId,
    created_at: toDbInstant(),
  };
  const changed = await tx('review_conflicts')
    .where({ conference_id: conferenceId, reviewer_id: row.reviewer_id, submission_id: row.submission_id })
    .update(values);
  if (!changed)
    await tx('review_conflicts').insert({
      conference_id: conferenceId,
      reviewer_id: row.reviewer_id,
      submission_id: row.submission_id,
      ...values,
    });
}

export function deleteConflict(
  tx: Tx,
  conferenceId: number,
  reviewerId: number,
  submissionId: number,
): Promise<number> {
  return tx('review_conflicts')
    .where({ conference_id: conferenceId, reviewer_id: reviewerId, submission_id: submissionId })
    .delete();
}
