/**
 * The assignment's queries on review's own tables (migrations/027_reviewers.ts): the reviews rows
 * (one per manuscript and reviewer) and the remembered conflicts. Every function takes the
 * conference first and filters by it.
 */
import type { Db, Tx } from '../../../db/index';
import { lockForUpdate, toDbInstant } from '../../../db/dialect';
import type { ReviewState } from '../../../contract/allocation';

type Conn = Db | Tx;

export type ReviewRow = { submission_id: number; reviewer_id: number; state: ReviewState };

/** A review that has started (a draft or submitted) never moves. */
export const isStarted = (state: string): boolean => state !== 'assigned';

/**
 * The conference's lock for assignment: every reviewer row, in id order. An allocation, a manual
 * pick (which locks its one reviewer row) and a declared conflict all pass through these rows, so
 * they serialise per conference and per reviewer — and always before any manuscript row, the
 * order moveInReview takes next. The lookup is by (conference_id) only: its range lock also holds
 * back a reviewer being added meanwhile, which a run must not miss either.
 */
export async function lockReviewers(tx: Tx, conferenceId: number): Promise<number[]> {
  const rows = await lockForUpdate(
    tx,
    tx<{ id: number }>('reviewers').where('conference_id', conferenceId).select('id').orderBy('id'),
  );
  return (rows as Array<{ id: number }>).map((r) => Number(r.id));
}

/** One reviewer's row, locked by its primary key (no gap lock). False when not this conference's. */
export async function lockReviewer(tx: Tx, conferenceId: number, reviewerId: number): Promise<boolean> {
  const row = await lockForUpdate(tx, tx('reviewers').where({ id: reviewerId }).select('id', 'conference_id')).first();
  return row?.conference_id === conferenceId;
}

export async function reviewsOf(db: Conn, conferenceId: number, submissionIds?: number[]): Promise<ReviewRow[]> {
  const q = db<ReviewRow>('reviews').where('conference_id', conferenceId);
  if (submissionIds) {
    if (!submissionIds.length) return [];
    q.whereIn('submission_id', submissionIds);
  }
  const rows = await q
    .select('submission_id', 'reviewer_id', 'state')
    .orderBy([{ column: 'submission_id' }, { column: 'reviewer_id' }]);
  return rows.map((r) => ({
    submission_id: Number(r.submission_id),
    reviewer_id: Number(r.reviewer_id),
    state: r.state,
  }));
}

/** Reviews per reviewer and state, for the loads. */
export async function countsByReviewer(
  db: Conn,
  conferenceId: number,
): Promise<Array<{ reviewer_id: number; state: ReviewState; n: number }>> {
  const rows = await db('reviews')
    .where('conference_id', conferenceId)
    .select('reviewer_id', 'state')
    .count<Array<{ reviewer_id: number; state: ReviewState; n: number | string }>>({ n: '*' })
    .groupBy('reviewer_id', 'state');
  return rows.map((r) => ({ reviewer_id: Number(r.reviewer_id), state: r.state, n: Number(r.n) }));
}

export async function insertReview(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
): Promise<void> {
  const now = toDbInstant();
  await tx('reviews').insert({
    conference_id: conferenceId,
    submission_id: submissionId,
    reviewer_id: reviewerId,
    state: 'assigned',
    scores: '{}',
    answers: '{}',
    opinion: null,
    comment: '',
    assigned_at: now,
    updated_at: now,
    submitted_at: null,
  });
}

/** Deletes the review only while it has not started; answers the rows deleted (0 or 1). */
export function deleteUnstarted(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
): Promise<number> {
  return tx('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId, reviewer_id: reviewerId, state: 'assigned' })
    .delete();
}

export async function countReviews(db: Conn, conferenceId: number, submissionId: number): Promise<number> {
  const row = await db('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .count<Array<{ n: number | string }>>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/**
 * Ends a reviewer's assignment to a manuscript (migrations/034_ended_reviews.ts): an unstarted
 * review is deleted; a started one moves to `ended_reviews`, kept for the managers and never
 * counted again. Answers whether there was a review.
 */
export async function endReview(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
  ended: { reason: 'conflict' | 'unassigned'; reviewerName: string; byUserId: number | null },
): Promise<boolean> {
  const where = { conference_id: conferenceId, submission_id: submissionId, reviewer_id: reviewerId };
  const row = await lockForUpdate(tx, tx('reviews').where(where)).first();
  if (!row) return false;
  if (isStarted(row.state)) {
    await tx('ended_reviews').insert({
      conference_id: conferenceId,
      submission_id: submissionId,
      reviewer_id: reviewerId,
      reviewer_name: ended.reviewerName.slice(0, 300),
      state: row.state,
      scores: row.scores,
      answers: row.answers,
      opinion: row.opinion,
      comment: row.comment,
      assigned_at: row.assigned_at,
      updated_at: row.updated_at,
      submitted_at: row.submitted_at,
      reason: ended.reason,
      ended_by: ended.byUserId,
      ended_at: toDbInstant(),
    });
  }
  await tx('reviews').where(where).delete();
  return true;
}
