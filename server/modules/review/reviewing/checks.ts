/**
 * A review's content against the conference's configuration: only the scores in use, each a whole
 * number from 0 to its maximum; only the detail rules in use, one answer per point. A draft may be
 * partial; a submitted review gives every score, every answer and an opinion. A malformed value
 * is refused with its field; what a submit lacks is refused all at once (FieldProblems: `scores.<key>`,
 * `answers.<ruleId>.<point>`, `opinion`).
 */
import type { ScoreRule } from '../../../contract/review';
import type { ReviewInput, RuleForm } from '../../../contract/reviewing';
import { AppError, FieldProblems, type FieldProblem } from '../../../platform/errors';
import { pointCount } from './views';

export type CleanReview = {
  scores: Record<string, number>;
  answers: Record<string, string[]>;
  opinion: ReviewInput['opinion'];
  comment: string;
};

export function checkedReview(
  input: ReviewInput,
  scores: ScoreRule[],
  rules: RuleForm[],
  complete: boolean,
): CleanReview {
  const used = scores.filter((s) => s.enabled);
  const clean: CleanReview = { scores: {}, answers: {}, opinion: input.opinion, comment: input.comment.trim() };
  for (const [key, value] of Object.entries(input.scores)) {
    const rule = used.find((s) => s.key === key);
    if (!rule) throw new AppError(400, 'reviewing:scoreUnknown', { field: `scores.${key}` });
    if (value === null || value === '') continue;
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > rule.max)
      throw new AppError(400, 'reviewing:scoreRange', { field: `scores.${key}`, params: { max: String(rule.max) } });
    clean.scores[key] = n;
  }
  for (const [id, given] of Object.entries(input.answers)) {
    const rule = rules.find((r) => String(r.id) === id);
    if (!rule) throw new AppError(400, 'reviewing:ruleUnknown', { field: `answers.${id}` });
    const count = pointCount(rule);
    if (given.length > count) throw new AppError(400, 'reviewing:answersInvalid', { field: `answers.${id}` });
    clean.answers[id] = Array.from({ length: count }, (_, i) => (given[i] ?? '').trim());
  }
  if (!complete) return clean;
  // Everything a submit still lacks, at once: each score, each point's answer, the opinion.
  const missing: FieldProblem[] = used
    .filter((s) => clean.scores[s.key] === undefined)
    .map((s) => ({ field: `scores.${s.key}`, message: 'reviewing:scoreRequired' }));
  for (const rule of rules) {
    const answers = clean.answers[String(rule.id)] ?? [];
    for (let i = 0; i < pointCount(rule); i++)
      if (!answers[i]) missing.push({ field: `answers.${rule.id}.${i}`, message: 'reviewing:answerRequired' });
  }
  if (!clean.opinion) missing.push({ field: 'opinion', message: 'reviewing:opinionRequired' });
  if (missing.length) throw new FieldProblems(missing);
  return clean;
}
