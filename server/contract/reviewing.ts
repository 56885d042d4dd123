/**
 * The reviews (issue 16; spec 2.2 the reviewer's landing page; 3 "Submission … Review opinions",
 * "Review scoring"; 4 "Submission status"; 8 the two decision messages): what a reviewer sees and
 * writes, what a chair sees and decides, the manager's review panel and final opinion, and what
 * the author reads of it. No Node imports here: the islands bundle this file.
 *
 * A review is one row per manuscript and reviewer: 'assigned' (not started), 'draft' (saved),
 * 'submitted' (read-only from then on). Scores are whole numbers from 0 to the score's maximum;
 * the weighted total is Σ(score/max × weight) / Σweight × 100, from 0 to 100.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import type { ScoreRule } from './review';
import type { SubmissionStatus } from './submissions';

export const REVIEW_OPINIONS = ['accept', 'reject', 'return'] as const;
export type ReviewOpinion = (typeof REVIEW_OPINIONS)[number];
export type ReviewState = 'assigned' | 'draft' | 'submitted';

export const REVIEWING_LIMITS = { answer: 1000, comment: 5000, decisionComment: 5000 } as const;

/** A detail rule as the reviewer answers it: its title split into points (server/contract/review.ts rulePoints). */
export type RuleForm = {
  id: number;
  titleZh: string;
  titleEn: string;
  pointsZh: string[];
  pointsEn: string[];
  display: boolean;
};

/** One review as written: scores by key, one answer per point of each rule by rule id. */
export type ReviewBody = {
  scores: Record<string, number>;
  answers: Record<string, string[]>;
  opinion: ReviewOpinion | null;
  comment: string;
};

/** A review as a chair or a manager reads it (reviewer names: not for authors when blind). */
export type ReviewSummary = ReviewBody & {
  id: number;
  reviewerId: number;
  reviewer: string;
  state: ReviewState;
  weighted: number | null;
  submittedAt: string | null;
};

export type DecisionView = {
  chairOpinion: ReviewOpinion | null;
  chairComment: string;
  chair: string;
  chairAt: string | null;
  finalOpinion: ReviewOpinion | null;
  finalComment: string;
  finalAt: string | null;
};

/** The manuscript as a reviewer reads it: no authors when blind. */
export type ManuscriptForReview = {
  id: number;
  number: string;
  title: string;
  abstract: string;
  keywords: string;
  sessionId: number;
  subSessionId: number | null;
  status: SubmissionStatus;
  abstractFile: { originalName: string; size: number } | null;
  fullTextFile: { originalName: string; size: number } | null;
  /** null when blind */
  authors: Array<{ name: string; surname: string; company: string; country: string }> | null;
};

/** A reviewer's own task, a row of their list. */
export type ReviewTask = {
  submissionId: number;
  number: string;
  title: string;
  sessionId: number;
  status: SubmissionStatus;
  state: ReviewState;
  opinion: ReviewOpinion | null;
  weighted: number | null;
  assignedAt: string;
  submittedAt: string | null;
  /** the manuscript is decided or withdrawn: the review is read-only */
  closed: boolean;
};

/** A manuscript of a session the person chairs. */
export type ChairTask = {
  submissionId: number;
  number: string;
  title: string;
  sessionId: number;
  status: SubmissionStatus;
  reviews: number;
  submitted: number;
  chairOpinion: ReviewOpinion | null;
  finalOpinion: ReviewOpinion | null;
  /** the chair conflicts with this manuscript: another chair decides; its reviews and opinions are not shown (counts 0, opinions null) */
  conflicted: boolean;
};

export type ReviewerHome = {
  counts: { todo: number; drafts: number; submitted: number };
  tasks: ReviewTask[];
  chair: ChairTask[];
  sessions: Array<{ id: number; titleZh: string; titleEn: string }>;
  /** the review configuration's deadline (YYYY-MM-DD, the conference's time zone); '': none set */
  deadline: string;
};

/** The review screen: the manuscript, the form (the person's own review), and for a chair the reviews and the chair's form. */
export type ReviewScreen = {
  manuscript: ManuscriptForReview;
  sessionTitle: { zh: string; en: string };
  scores: ScoreRule[];
  rules: RuleForm[];
  /** the person's own review; null when they only chair the manuscript's session */
  mine: (ReviewSummary & { readOnly: boolean }) | null;
  /** for a chair of the manuscript's session */
  chair: { reviews: ReviewSummary[]; decision: DecisionView; canGive: boolean; chairFinal: boolean } | null;
};

/** The manager's review panel on the manuscript's detail screen. */
export type ReviewPanel = {
  reviews: ReviewSummary[];
  scores: ScoreRule[];
  rules: RuleForm[];
  decision: DecisionView;
  blind: boolean;
  chairFinal: boolean;
  /** why the final opinion cannot be given now ('' when it can): a message key */
  refusal: string;
  /** every chair of the manuscript's session conflicts with it: the manager names another chair */
  needsChair: boolean;
  /** reviews whose assignment a manager ended after they had started (a confirmed conflict, an unassignment): kept as they were, never counted */
  ended: Array<ReviewSummary & { reason: 'conflict' | 'unassigned'; endedAt: string | null }>;
};

/** What the author reads once a final opinion is given: never the reviewers' names when blind. */
export type AuthorReviews = {
  result: ReviewOpinion;
  comment: string;
  reviews: Array<{
    reviewer: string;
    comment: string;
    answers: Array<{ titleZh: string; titleEn: string; pointsZh: string[]; pointsEn: string[]; answers: string[] }>;
  }>;
};

const id = (key: string) =>
  z.coerce
    .number({ message: key })
    .int(key)
    .positive(key)
    .max(2 ** 31, key);
const opinion = z.enum(REVIEW_OPINIONS, { message: 'reviewing:opinionInvalid' });

/** The shape only; the scores' keys and ranges and the rules are checked against the conference's configuration. */
export const reviewInput = z.object({
  scores: z.record(z.string().max(40), z.unknown(), { message: 'reviewing:scoresInvalid' }).default({}),
  answers: z
    .record(
      z.string().max(12),
      z
        .array(z.string().max(REVIEWING_LIMITS.answer, 'reviewing:answerTooLong'), {
          message: 'reviewing:answersInvalid',
        })
        .max(50, 'reviewing:answersInvalid'),
      { message: 'reviewing:answersInvalid' },
    )
    .default({}),
  opinion: opinion.nullable().default(null),
  comment: z
    .string({ message: 'reviewing:commentInvalid' })
    .max(REVIEWING_LIMITS.comment, 'reviewing:commentTooLong')
    .default(''),
});
export type ReviewInput = z.output<typeof reviewInput>;

/** What the result mail carries of the reviews, as the one who decides chooses (never a reviewer's name). */
export const decisionMail = z
  .object(
    {
      comments: z.boolean({ message: 'reviewing:mailChoiceInvalid' }).default(false),
      scores: z.boolean({ message: 'reviewing:mailChoiceInvalid' }).default(false),
    },
    { message: 'reviewing:mailChoiceInvalid' },
  )
  .default({ comments: false, scores: false });
export type DecisionMail = z.output<typeof decisionMail>;
export const decisionInput = z.object({
  opinion,
  comment: z
    .string({ message: 'reviewing:commentInvalid' })
    .trim()
    .max(REVIEWING_LIMITS.decisionComment, 'reviewing:commentTooLong')
    .default(''),
  mail: decisionMail,
});
export type DecisionInput = z.output<typeof decisionInput>;

/** Σ(score/max × weight) / Σweight × 100 over the scores in use, one decimal; null until every score in use is given. */
export function weightedTotal(scores: Record<string, number>, rules: ScoreRule[]): number | null {
  const used = rules.filter((r) => r.enabled);
  const weight = used.reduce((n, r) => n + r.weight, 0);
  if (!used.length || !weight || used.some((r) => typeof scores[r.key] !== 'number')) return null;
  const total = used.reduce((n, r) => n + (scores[r.key] / r.max) * r.weight, 0);
  return Math.round((total / weight) * 1000) / 10;
}

const REVIEW = '/conference/platform/review';
const idParam = z.object({ id: id('reviewing:notFound') });

export const reviewingApi = {
  home: endpoint<ReviewerHome>()({ method: 'GET', path: `${REVIEW}/tasks` }),
  screen: endpoint<ReviewScreen>()({ method: 'GET', path: `${REVIEW}/:id`, params: idParam }),
  saveDraft: endpoint<ReviewScreen>()({
    method: 'PUT',
    path: `${REVIEW}/:id`,
    params: idParam,
    body: reviewInput,
    done: 'reviewing:draftSaved',
  }),
  submit: endpoint<ReviewScreen>()({
    method: 'POST',
    path: `${REVIEW}/:id/submit`,
    params: idParam,
    body: reviewInput,
    done: 'reviewing:submitted',
  }),
  /** the manuscript's file for its reviewers and its session's chairs (not the managers' route) */
  file: endpoint<Download>()({
    method: 'GET',
    path: `${REVIEW}/:id/file/:slot`,
    params: z.object({
      id: id('reviewing:notFound'),
      slot: z.enum(['abstractFile', 'fullTextFile'], { message: 'reviewing:notFound' }),
    }),
  }),
  chairOpinion: endpoint<ReviewScreen>()({
    method: 'POST',
    path: `${REVIEW}/:id/chair`,
    params: idParam,
    body: decisionInput,
    done: 'reviewing:chairSaved',
  }),
  /** managers: the review panel and the final opinion */
  panel: endpoint<ReviewPanel>()({ method: 'GET', path: `${REVIEW}/:id/panel`, params: idParam }),
  finalOpinion: endpoint<ReviewPanel>()({
    method: 'POST',
    path: `${REVIEW}/:id/final`,
    params: idParam,
    body: decisionInput,
    done: 'reviewing:finalSaved',
  }),
};
