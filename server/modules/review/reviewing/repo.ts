/**
 * The queries of the reviews and the decisions (migrations/027_reviewers.ts `reviews`,
 * `review_decisions`), every one scoped by conference. The reviews' rows are created by the
 * allocation (allocation/service.ts); here they are read, written by their reviewer, and reset for a new
 * round.
 */
import type { Db, Tx } from '../../../db/index';
import { fromDbInstant, lockForUpdate, toDbInstant } from '../../../db/dialect';
import type { DecisionRow as StoredDecisionRow, ReviewRow as StoredReviewRow } from '../tables';
import { readByIdChunks } from '../../../db/idChunks';

type Conn = Db | Tx;

/** A review as this part reads it: its instants as `Date` (the table's row is review/tables.ts's). */
export type ReviewRow = Omit<StoredReviewRow, 'assigned_at' | 'updated_at' | 'submitted_at'> & {
  assigned_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
};

/** A manuscript's decisions, their instants as `Date`. */
export type DecisionRow = Omit<StoredDecisionRow, 'chair_at' | 'final_at'> & {
  chair_at: Date | null;
  final_at: Date | null;
};

const cleanReview = <T extends StoredReviewRow>(r: T) => ({
  ...r,
  assigned_at: fromDbInstant(r.assigned_at)!,
  updated_at: fromDbInstant(r.updated_at)!,
  submitted_at: fromDbInstant(r.submitted_at),
});

const cleanDecision = (r: StoredDecisionRow): DecisionRow => ({
  ...r,
  chair_at: fromDbInstant(r.chair_at),
  final_at: fromDbInstant(r.final_at),
});

export async function reviewsOfReviewer(db: Conn, conferenceId: number, reviewerId: number): Promise<ReviewRow[]> {
  const rows = await db('reviews').where({ conference_id: conferenceId, reviewer_id: reviewerId }).orderBy('id');
  return rows.map(cleanReview);
}

export async function reviewsOfSubmissions(
  db: Conn,
  conferenceId: number,
  submissionIds: number[],
): Promise<ReviewRow[]> {
  const rows = await readByIdChunks(submissionIds, (slice) =>
    db('reviews').where({ conference_id: conferenceId }).whereIn('submission_id', slice).orderBy('id'),
  );
  // read a slice of manuscripts at a time: in the reviews' own order again
  return rows.map(cleanReview).sort((a, b) => a.id - b.id);
}

export async function findReview(
  db: Conn,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
): Promise<ReviewRow | undefined> {
  const row = await db('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId, reviewer_id: reviewerId })
    .first();
  return row && cleanReview(row);
}

export async function lockReview(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  reviewerId: number,
): Promise<ReviewRow | undefined> {
  const row = await lockForUpdate(
    tx,
    tx('reviews').where({
      conference_id: conferenceId,
      submission_id: submissionId,
      reviewer_id: reviewerId,
    }),
  ).first();
  return row && cleanReview(row);
}

export async function writeReview(
  tx: Tx,
  conferenceId: number,
  id: number,
  values: Pick<ReviewRow, 'state' | 'scores' | 'answers' | 'opinion' | 'comment'>,
): Promise<void> {
  const now = toDbInstant();
  await tx('reviews')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: now, submitted_at: values.state === 'submitted' ? now : null });
}

/** The manuscript's reviews not yet submitted (read under the manuscript's lock: the last submit sees 0). */
export async function countUnsubmitted(db: Conn, conferenceId: number, submissionId: number): Promise<number> {
  const row = await db('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .whereNot('state', 'submitted')
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** A new round (a resubmitted manuscript): the submitted reviews become drafts again, their answers kept. */
export async function reopenReviews(tx: Tx, conferenceId: number, submissionId: number): Promise<void> {
  await tx('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId, state: 'submitted' })
    .update({ state: 'draft', submitted_at: null, updated_at: toDbInstant() });
}

export async function findDecision(
  db: Conn,
  conferenceId: number,
  submissionId: number,
): Promise<DecisionRow | undefined> {
  const row = await db('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).first();
  return row && cleanDecision(row);
}

export async function decisionsOf(db: Conn, conferenceId: number, submissionIds: number[]): Promise<DecisionRow[]> {
  const rows = await readByIdChunks(submissionIds, (slice) =>
    db('review_decisions').where({ conference_id: conferenceId }).whereIn('submission_id', slice),
  );
  return rows.map(cleanDecision);
}

/** Writes part of a manuscript's decision row, creating it the first time (under the manuscript's lock). */
export async function saveDecision(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  values: Partial<StoredDecisionRow>,
): Promise<void> {
  const found = await tx('review_decisions')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .first('submission_id');
  if (found)
    await tx('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).update(values);
  else
    await tx('review_decisions').insert({
      conference_id: conferenceId,
      submission_id: submissionId,
      chair_comment: '',
      final_comment: '',
      ...values,
    });
}

export async function clearDecision(tx: Tx, conferenceId: number, submissionId: number): Promise<void> {
  await tx('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
}

/** The reviewers holding 'chair' for a top-level session, with their sign-in addresses and mail language. */
export function chairsOf(
  db: Conn,
  conferenceId: number,
  sessionId: number,
): Promise<Array<{ id: number; email: string; lang: string; user_id: number | null }>> {
  return db('reviewer_roles as r')
    .join('reviewers as p', 'p.id', 'r.reviewer_id')
    .where({
      'r.conference_id': conferenceId,
      'r.session_id': sessionId,
      'r.role': 'chair',
      'p.conference_id': conferenceId,
    })
    .select('p.id', 'p.email', 'p.lang', 'p.user_id');
}

export type EndedReviewRow = ReviewRow & { reviewer_name: string; reason: 'conflict' | 'unassigned'; ended_at: Date };

/** The reviews a manager ended after they had started (migrations/034_ended_reviews.ts): shown to the managers, never counted. */
export async function endedReviewsOf(db: Conn, conferenceId: number, submissionId: number): Promise<EndedReviewRow[]> {
  const rows = await db('ended_reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .orderBy('id');
  return rows.map((r) => ({ ...cleanReview(r), ended_at: fromDbInstant(r.ended_at)! }));
}
