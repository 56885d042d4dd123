/**
 * Peer review (issue 16; spec 3 "Review scoring", "Review config"; 5 "Review config"; 9 "Review
 * rule titles"): the review configuration a manager sets at /platform/config/review — blind review,
 * the five scores with their scale and weight, the chair's opinion final or not, the default number
 * of reviewers per manuscript and the most a reviewer takes — and its detail rules. No Node
 * imports here: the islands bundle this file.
 *
 * A detail rule's title may hold several points separated by semicolons (spec 9); each point is
 * one question a reviewer answers. The titles are at most 100 characters each.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const REVIEW_LIMITS = {
  ruleTitle: 100,
  rules: 50,
  scoreMax: 100,
  weight: 100,
  reviewersPerPaper: 10,
  maxPerReviewer: 1000,
} as const;

/** Spec 3 "Review scoring", in its order. */
export const SCORE_KEYS = ['overall', 'relevance', 'english', 'originality', 'recommendation'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

/** One score as reviewers give it: from 0 to `max`; `weight` counts it in the weighted total. */
export type ScoreRule = { key: ScoreKey; enabled: boolean; max: number; weight: number };

export type ReviewSettings = {
  blind: boolean;
  chairFinal: boolean;
  scores: ScoreRule[];
  reviewersPerPaper: number;
  /** 0: no maximum */
  maxPerReviewer: number;
  /** the last day (YYYY-MM-DD, the conference's time zone) to submit reviews; '': none set */
  deadline: string;
  /** false until a manager saves them (the defaults are shown) */
  saved: boolean;
};

export type ReviewRule = {
  id: number;
  titleZh: string;
  titleEn: string;
  display: boolean;
  enabled: boolean;
  sort: number;
};

export type ReviewConfig = { settings: ReviewSettings; rules: ReviewRule[] };

export const DEFAULT_SCORES: ScoreRule[] = [
  { key: 'overall', enabled: true, max: 10, weight: 40 },
  { key: 'relevance', enabled: true, max: 10, weight: 20 },
  { key: 'english', enabled: true, max: 10, weight: 10 },
  { key: 'originality', enabled: true, max: 10, weight: 20 },
  { key: 'recommendation', enabled: true, max: 10, weight: 10 },
];

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  blind: true,
  chairFinal: false,
  scores: DEFAULT_SCORES,
  reviewersPerPaper: 3,
  maxPerReviewer: 0,
  deadline: '',
  saved: false,
};

/** '' or a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDeadline(value: string): boolean {
  if (value === '') return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const int = (key: string, min: number, max: number) =>
  z.coerce.number({ message: key }).int(key).min(min, key).max(max, key);

const scoreRule = z.object({
  key: z.enum(SCORE_KEYS, { message: 'review:scoreUnknown' }),
  enabled: z.boolean({ message: 'review:flagInvalid' }),
  max: int('review:scoreMaxInvalid', 1, REVIEW_LIMITS.scoreMax),
  weight: int('review:weightInvalid', 0, REVIEW_LIMITS.weight),
});

/** Every score named once, in spec order; at least one in use, and the weights of those in use not all zero. */
export function scoresProblem(scores: ScoreRule[]): [string, string] | null {
  const keys = scores.map((s) => s.key);
  if (keys.length !== SCORE_KEYS.length || SCORE_KEYS.some((k) => !keys.includes(k)))
    return ['scores', 'review:scoresIncomplete'];
  const used = scores.filter((s) => s.enabled);
  if (!used.length) return ['scores', 'review:noScore'];
  if (!used.some((s) => s.weight > 0)) return ['scores', 'review:weightsZero'];
  return null;
}

export const settingsInput = z
  .object({
    blind: z.boolean({ message: 'review:flagInvalid' }),
    chairFinal: z.boolean({ message: 'review:flagInvalid' }),
    scores: z
      .array(scoreRule, { message: 'review:scoresIncomplete' })
      .max(SCORE_KEYS.length, 'review:scoresIncomplete'),
    reviewersPerPaper: int('review:reviewersPerPaperInvalid', 1, REVIEW_LIMITS.reviewersPerPaper),
    maxPerReviewer: int('review:maxPerReviewerInvalid', 0, REVIEW_LIMITS.maxPerReviewer),
    // left out (an older client): the deadline saved stays as it is
    deadline: z
      .string({ message: 'review:deadlineInvalid' })
      .trim()
      .max(10, 'review:deadlineInvalid')
      .refine(isDeadline, 'review:deadlineInvalid')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const problem = scoresProblem(v.scores);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  });
export type SettingsInput = z.output<typeof settingsInput>;

/** A title: required, at most 100 characters, no empty point between semicolons. */
const ruleTitle = z
  .string({ message: 'review:ruleTitleRequired' })
  .trim()
  .min(1, 'review:ruleTitleRequired')
  .max(REVIEW_LIMITS.ruleTitle, 'review:ruleTitleTooLong')
  .refine((v) => rulePoints(v).length === v.split(/[;；]/).length, 'review:rulePointEmpty');

export const ruleInput = z.object({
  titleZh: ruleTitle,
  titleEn: ruleTitle,
  display: z.boolean({ message: 'review:flagInvalid' }).default(true),
  enabled: z.boolean({ message: 'review:flagInvalid' }).default(true),
  sort: int('review:sortInvalid', 0, 9999).default(0),
});
export type RuleInput = z.output<typeof ruleInput>;

/** The points of a rule's title: split on ASCII or full-width semicolons, trimmed, none empty. */
export function rulePoints(title: string): string[] {
  return title
    .split(/[;；]/)
    .map((p) => p.trim())
    .filter(Boolean);
}

const CONFIG = '/conference/platform/config/review';
const idParam = z.object({
  id: z.coerce
    .number({ message: 'review:ruleNotFound' })
    .int('review:ruleNotFound')
    .positive('review:ruleNotFound')
    .max(2 ** 31, 'review:ruleNotFound'),
});

export const reviewApi = {
  config: endpoint<ReviewConfig>()({ method: 'GET', path: CONFIG }),
  saveSettings: endpoint<ReviewConfig>()({
    method: 'PUT',
    path: `${CONFIG}/settings`,
    body: settingsInput,
    done: 'review:saved',
  }),
  createRule: endpoint<ReviewConfig>()({
    method: 'POST',
    path: `${CONFIG}/rules`,
    body: ruleInput,
    done: 'review:saved',
  }),
  updateRule: endpoint<ReviewConfig>()({
    method: 'PUT',
    path: `${CONFIG}/rules/:id`,
    params: idParam,
    body: ruleInput,
    done: 'review:saved',
  }),
  removeRule: endpoint<ReviewConfig>()({
    method: 'DELETE',
    path: `${CONFIG}/rules/:id`,
    params: idParam,
    done: 'review:deleted',
  }),
};

/** The review screens' paths live in a zod-free file: the reviewer's islands need only them. */
export { REVIEW_SCREENS } from './reviewScreens';
