/**
 * Review's tables (migrations 026, 027, 030, 034, 048) as the database holds them, typed for knex
 * (`db('reviews')` yields a `ReviewRow`). The parts' repositories (repo.ts here, reviewers/,
 * allocation/, reviewing/, conflicts/) read them and hand out what the rest uses; instants are
 * the dialect's UTC text (server/db/dialect.ts), booleans 0/1 on SQLite.
 */
import type { ReviewOpinion, ReviewState } from '../../contract/reviewing';

export type ReviewerRole = 'reviewer' | 'chair';

/** The review configuration of a conference (one row, once a manager saved it). */
export type SettingsRow = {
  conference_id: number;
  blind: number | boolean;
  chair_final: number | boolean;
  scores: string;
  reviewers_per_paper: number;
  max_per_reviewer: number;
  deadline: string | null;
  updated_at: string;
};

/** A detail rule of the review form. */
export type RuleRow = {
  id: number;
  conference_id: number;
  title_zh: string;
  title_en: string;
  display: number | boolean;
  enabled: number | boolean;
  sort: number;
  created_at: string;
};

/** A reviewer of a conference: invited, then activated with an account. */
export type ReviewerRow = {
  id: number;
  conference_id: number;
  email: string;
  user_id: number | null;
  active: number | boolean;
  key_hash: string | null;
  key_expires_at: string | null;
  last_name: string;
  middle_name: string;
  first_name: string;
  full_name: string;
  unit: string;
  phone: string;
  country: string;
  direction: string;
  lang: 'zh' | 'en';
  invited_at: string;
  activated_at: string | null;
};

/** A reviewer's role in one top-level session. */
export type RoleRow = {
  id: number;
  conference_id: number;
  reviewer_id: number;
  session_id: number;
  role: ReviewerRole;
};

/** What is remembered for a reviewer and a manuscript: a manager's decision or a reviewer's declaration. */
export type ConflictRow = {
  id: number;
  conference_id: number;
  reviewer_id: number;
  submission_id: number;
  state: 'confirmed' | 'dismissed' | 'declared';
  reason: string;
  note: string;
  by_user_id: number | null;
  created_at: string;
};

/** One reviewer's review of one manuscript. */
export type ReviewRow = {
  id: number;
  conference_id: number;
  submission_id: number;
  reviewer_id: number;
  state: ReviewState;
  scores: string;
  answers: string;
  opinion: ReviewOpinion | null;
  comment: string;
  assigned_at: string;
  updated_at: string;
  submitted_at: string | null;
};

/** The chair's and the final opinion on a manuscript. */
export type DecisionRow = {
  submission_id: number;
  conference_id: number;
  chair_opinion: ReviewOpinion | null;
  chair_comment: string;
  chair_reviewer_id: number | null;
  chair_at: string | null;
  final_opinion: ReviewOpinion | null;
  final_comment: string;
  final_user_id: number | null;
  final_at: string | null;
};

/** A started review a manager ended (a confirmed conflict, a removal): kept as it was, never counted. */
export type EndedReviewRow = Omit<ReviewRow, 'id'> & {
  id: number;
  reviewer_name: string;
  reason: 'conflict' | 'unassigned';
  ended_by: number | null;
  ended_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    review_settings: SettingsRow;
    review_rules: RuleRow;
    reviewers: ReviewerRow;
    reviewer_roles: RoleRow;
    review_conflicts: ConflictRow;
    reviews: ReviewRow;
    review_decisions: DecisionRow;
    ended_reviews: EndedReviewRow;
  }
}
