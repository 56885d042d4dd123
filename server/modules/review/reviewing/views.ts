/**
 * The reviews' rows as the contract's views (server/contract/reviewing.ts). Blind review is
 * decided here once: `manuscriptFor` leaves the authors out, `forAuthor` the reviewers' names.
 */
import { parseJson } from '../../../db/dialect';
import { rulePoints, type ReviewRule, type ScoreRule } from '../../../contract/review';
import {
  weightedTotal,
  type AuthorReviews,
  type DecisionView,
  type ManuscriptForReview,
  type ReviewSummary,
  type RuleForm,
} from '../../../contract/reviewing';
import type { submissionReader as subs } from '../../submissions/index';
import type { DecisionRow, ReviewRow } from './repo';

export const iso = (v: Date | null | undefined): string | null => v?.toISOString() ?? null;

/** The statuses after which a manuscript's reviews and decisions are read-only. */
export const CLOSED = new Set(['accepted', 'rejected', 'returned', 'withdrawn']);

export function ruleForms(rules: ReviewRule[]): RuleForm[] {
  return rules
    .filter((r) => r.enabled)
    .map((r) => ({
      id: r.id,
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      pointsZh: rulePoints(r.titleZh),
      pointsEn: rulePoints(r.titleEn),
      display: r.display,
    }));
}

/** A rule's number of answers: its points in the language that has more of them. */
export const pointCount = (r: RuleForm): number => Math.max(r.pointsZh.length, r.pointsEn.length, 1);

export function scoresOf(row: Pick<ReviewRow, 'scores'>): Record<string, number> {
  const v = parseJson<Record<string, number>>(row.scores, {});
  return v && typeof v === 'object' ? v : {};
}

export function answersOf(row: Pick<ReviewRow, 'answers'>): Record<string, string[]> {
  const v = parseJson<Record<string, string[]>>(row.answers, {});
  return v && typeof v === 'object' ? v : {};
}

export function summary(row: ReviewRow, reviewer: string, scores: ScoreRule[]): ReviewSummary {
  const given = scoresOf(row);
  return {
    id: row.id,
    reviewerId: row.reviewer_id,
    reviewer,
    state: row.state,
    scores: given,
    answers: answersOf(row),
    opinion: row.opinion,
    comment: row.comment,
    weighted: weightedTotal(given, scores),
    submittedAt: iso(row.submitted_at),
  };
}

/** A review as others (chairs, managers) read it: a review not yet submitted shows only its state — a draft is its reviewer's own. */
export function othersView(s: ReviewSummary): ReviewSummary {
  return s.state === 'submitted' ? s : { ...s, scores: {}, answers: {}, opinion: null, comment: '', weighted: null };
}

export function decisionView(row: DecisionRow | undefined, chair: string): DecisionView {
  return {
    chairOpinion: row?.chair_opinion ?? null,
    chairComment: row?.chair_comment ?? '',
    chair,
    chairAt: iso(row?.chair_at),
    finalOpinion: row?.final_opinion ?? null,
    finalComment: row?.final_comment ?? '',
    finalAt: iso(row?.final_at),
  };
}

/** The manuscript for its reviewers and chairs: with blind review, nothing that names or places an author. */
export function manuscriptFor(
  row: subs.SubmissionRow,
  authors: subs.AuthorRow[],
  files: Map<string, { originalName: string; size: number }>,
  blind: boolean,
): ManuscriptForReview {
  // The original file name may carry an author's name: blind review shows the number's name instead.
  const file = (stored: string, slot: string) => {
    const f = stored ? files.get(stored) : undefined;
    if (!f) return null;
    return {
      originalName: blind
        ? `${row.number}-${slot}${/\.[A-Za-z0-9]+$/.exec(f.originalName)?.[0] ?? ''}`
        : f.originalName,
      size: f.size,
    };
  };
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    abstract: row.abstract,
    keywords: row.keywords,
    sessionId: row.session_id,
    subSessionId: row.sub_session_id === null ? null : row.sub_session_id,
    status: row.status,
    abstractFile: file(row.abstract_file, 'abstract'),
    fullTextFile: file(row.full_text_file, 'fulltext'),
    authors: blind
      ? null
      : authors.map((a) => ({ name: a.name, surname: a.surname, company: a.company, country: a.country })),
  };
}

/** What the author reads of the reviews: the comments and the answers of rules shown to authors; no reviewer named when blind. */
export function forAuthor(
  decision: DecisionRow,
  reviews: Array<{ row: ReviewRow; name: string }>,
  rules: RuleForm[],
  blind: boolean,
): AuthorReviews {
  const shown = rules.filter((r) => r.display);
  return {
    result: decision.final_opinion!,
    comment: decision.final_comment,
    reviews: reviews
      .filter((r) => r.row.state === 'submitted')
      .map(({ row, name }) => {
        const answers = answersOf(row);
        return {
          reviewer: blind ? '' : name,
          comment: row.comment,
          answers: shown
            .filter((r) => answers[r.id]?.some(Boolean))
            .map((r) => ({
              titleZh: r.titleZh,
              titleEn: r.titleEn,
              pointsZh: r.pointsZh,
              pointsEn: r.pointsEn,
              answers: answers[r.id],
            })),
        };
      }),
  };
}
