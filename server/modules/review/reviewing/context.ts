/**
 * Who may see a manuscript in review, and as what: its reviewer (a review row with their reviewer
 * id), a chair of its session ('chair' for its top-level session), or nobody — then it is not
 * found (404, never 403: its existence is not confirmed). Only an activated reviewer with an
 * account counts. A chair who conflicts with the manuscript (conflicts/chairs.ts) is refused with
 * 403 — the manuscript is in their session's list, marked — unless they also review it, then they
 * see their own review only.
 */
import type { Db, Tx } from '../../../db/index';
import type { Lang } from '../../../contract/enums';
import { AppError, notFound } from '../../../platform/errors';
import { submissionReader as subs } from '../../submissions/index';
import { reviewerOfUser, type Reviewer } from '../reviewers/people';
import { findReview, type ReviewRow } from './repo';
import { chairConflicted } from '../conflicts/chairs';

/** Who acts in review: the signed-in person, their name and language. */
export type Person = { userId: number; name: string; lang: Lang };

export type Seat = { reviewer: Reviewer; paper: subs.SubmissionRow; review: ReviewRow | null; chair: boolean };

export const chairs = (reviewer: Reviewer, sessionId: number): boolean =>
  reviewer.roles.some((r) => r.role === 'chair' && r.sessionId === Number(sessionId));

export async function activeReviewer(db: Db | Tx, conferenceId: number, userId: number): Promise<Reviewer | null> {
  const reviewer = await reviewerOfUser(db, conferenceId, userId);
  return reviewer?.active ? reviewer : null;
}

export async function seatOf(db: Db | Tx, conferenceId: number, userId: number, submissionId: number): Promise<Seat> {
  const reviewer = await activeReviewer(db, conferenceId, userId);
  if (!reviewer) throw notFound('reviewing:notFound');
  const paper = await subs.findSubmission(db, conferenceId, submissionId);
  if (!paper) throw notFound('reviewing:notFound');
  const review = (await findReview(db, conferenceId, submissionId, reviewer.id)) ?? null;
  let chair = chairs(reviewer, paper.session_id);
  if (!review && !chair) throw notFound('reviewing:notFound');
  if (chair && (await chairConflicted(db, conferenceId, reviewer, submissionId))) {
    if (!review) throw new AppError(403, 'reviewing:chairConflict');
    chair = false;
  }
  return { reviewer, paper, review, chair };
}
