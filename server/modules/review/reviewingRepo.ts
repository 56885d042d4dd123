/**
 * The queries of the reviews and the decisions (migrations/027_reviewers.ts `reviews`,
 * `review_decisions`), every one scoped by conference. The reviews' rows are created by the
 * allocation (allocation.ts); here they are read, written by their reviewer, and reset for a new
 * round.
 */
import type { Db, Tx } from '../../db/index';
import { lockForUpdate, toDbInstant } from '../../db/dialect';
import type { ReviewOpinion, ReviewState } from '../../contract/reviewing';

type Conn = Db | Tx;

export type ReviewRow = {
  id: number; conference_id: number; submission_id: number; reviewer_id: number; state: ReviewState;
  scores: string; answers: string; opinion: ReviewOpinion | null; comment: string;
  assigned_at: string; updated_at: string; submitted_at: string | null;
};

export type DecisionRow = {
  submission_id: number; conference_id: number;
  chair_opinion: ReviewOpinion | null; chair_comment: string; chair_reviewer_id: number | null; chair_at: string | null;
  final_opinion: ReviewOpinion | null; final_comment: string; final_user_id: number | null; final_at: string | null;
};

export function reviewsOfReviewer(db: Conn, conferenceId: number, reviewerId: number): Promise<ReviewRow[]> {
  return db<ReviewRow>('reviews').where({ conference_id: conferenceId, reviewer_id: reviewerId }).orderBy('id');
}

export function reviewsOfSubmissions(db: Conn, conferenceId: number, submissionIds: number[]): Promise<ReviewRow[]> {
  if (!submissionIds.length) return Promise.resolve([]);
  return db<ReviewRow>('reviews').where({ conference_id: conferenceId }).whereIn('submission_id', submissionIds).orderBy('id');
}

export function findReview(db: Conn, conferenceId: number, submissionId: number, reviewerId: number): Promise<ReviewRow | undefined> {
  return db<ReviewRow>('reviews').where({ conference_id: conferenceId, submission_id: submissionId, reviewer_id: reviewerId }).first();
}

export function lockReview(tx: Tx, conferenceId: number, submissionId: number, reviewerId: number): Promise<ReviewRow | undefined> {
  return lockForUpdate(tx, tx<ReviewRow>('reviews').where({ conference_id: conferenceId, submission_id: submissionId, reviewer_id: reviewerId })).first();
}

export async function writeReview(tx: Tx, conferenceId: number, id: number, values: Pick<ReviewRow, 'state' | 'scores' | 'answers' | 'opinion' | 'comment'>): Promise<void> {
  const now = toDbInstant();
  await tx('reviews').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: now, submitted_at: values.state === 'submitted' ? now : null });
}

/** The manuscript's reviews not yet submitted (read under the manuscript's lock: the last submit sees 0). */
export async function countUnsubmitted(db: Conn, conferenceId: number, submissionId: number): Promise<number> {
  const row = await db('reviews').where({ conference_id: conferenceId, submission_id: submissionId }).whereNot('state', 'submitted').count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** A new round (a resubmitted manuscript): the submitted reviews become drafts again, their answers kept. */
export async function reopenReviews(tx: Tx, conferenceId: number, submissionId: number): Promise<void> {
  await tx('reviews').where({ conference_id: conferenceId, submission_id: submissionId, state: 'submitted' }).update({ state: 'draft', submitted_at: null, updated_at: toDbInstant() });
}

export function findDecision(db: Conn, conferenceId: number, submissionId: number): Promise<DecisionRow | undefined> {
  return db<DecisionRow>('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).first();
}

export function decisionsOf(db: Conn, conferenceId: number, submissionIds: number[]): Promise<DecisionRow[]> {
  if (!submissionIds.length) return Promise.resolve([]);
  return db<DecisionRow>('review_decisions').where({ conference_id: conferenceId }).whereIn('submission_id', submissionIds);
}

/** Writes part of a manuscript's decision row, creating it the first time (under the manuscript's lock). */
export async function saveDecision(tx: Tx, conferenceId: number, submissionId: number, values: Partial<DecisionRow>): Promise<void> {
  const found = await tx('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).first('submission_id');
  if (found) await tx('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).update(values);
  else await tx('review_decisions').insert({ conference_id: conferenceId, submission_id: submissionId, chair_comment: '', final_comment: '', ...values });
}

export async function clearDecision(tx: Tx, conferenceId: number, submissionId: number): Promise<void> {
  await tx('review_decisions').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
}

/** The reviewers holding 'chair' for a top-level session, with their sign-in addresses and mail language. */
export function chairsOf(db: Conn, conferenceId: number, sessionId: number): Promise<Array<{ id: number; email: string; lang: string; user_id: number | null }>> {
  return db('reviewer_roles as r')
    .join('reviewers as p', 'p.id', 'r.reviewer_id')
    .where({ 'r.conference_id': conferenceId, 'r.session_id': sessionId, 'r.role': 'chair', 'p.conference_id': conferenceId })
    .select('p.id', 'p.email', 'p.lang', 'p.user_id');
}

export type EndedReviewRow = ReviewRow & { reviewer_name: string; reason: 'conflict' | 'unassigned'; ended_at: string };

/** The reviews a manager ended after they had started (migrations/034_ended_reviews.ts): shown to the managers, never counted. */
export function endedReviewsOf(db: Conn, conferenceId: number, submissionId: number): Promise<EndedReviewRow[]> {
  return db<EndedReviewRow>('ended_reviews').where({ conference_id: conferenceId, submission_id: submissionId }).orderBy('id');
}
