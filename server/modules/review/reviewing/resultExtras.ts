/**
 * What goes with the final result mail besides the template (issue 32): the reviews, when the
 * manager (or the chair whose opinion is final) chose to send them — the reviewers' comments, their
 * scores, or both, never a reviewer's name — the comment on the decision, the date by which a
 * returned manuscript is to be resubmitted, and a link to the manuscript. Added after the template
 * as the platform's own paragraph (MailNote), so a template a manager edited before these existed
 * cannot drop what was chosen for this decision. Escaped here: authors' and reviewers' text is
 * never markup in a mail.
 */
import type { Lang } from '../../../contract/enums';
import type { ScoreRule } from '../../../contract/review';
import { weightedTotal, type DecisionMail, type ReviewOpinion } from '../../../contract/reviewing';
import { SUBMISSION_SCREENS } from '../../../contract/submissionsApi';
import { escapeHtml } from '../../../platform/html';
import { t } from '../../../platform/i18n';
import type { MailNote } from '../../mail/index';

export type ResultExtras = {
  opinion: ReviewOpinion;
  include: DecisionMail;
  decisionComment: string;
  /** the submitted reviews, in the order they were given */
  reviews: Array<{ scores: Record<string, number>; comment: string }>;
  scoreRules: ScoreRule[];
  /** the call's second deadline (YYYY-MM-DD), or '' */
  resubmitDeadline: string;
  siteUrl: string;
  submissionId: number;
};

const para = (html: string, style = '') => `<p${style ? ` style="${style}"` : ''}>${html}</p>`;

function scoresLine(lang: Lang, scores: Record<string, number>, rules: ScoreRule[]): string {
  const used = rules.filter((r) => r.enabled && typeof scores[r.key] === 'number');
  const parts = used.map((r) => `${t(lang, `review:score.${r.key}`)} ${scores[r.key]}/${r.max}`);
  const total = weightedTotal(scores, rules);
  if (total !== null) parts.push(t(lang, 'reviewing:mail.weighted', { total: String(total) }));
  return parts.join(lang === 'zh' ? '；' : '; ');
}

function noteIn(lang: Lang, x: ResultExtras): string {
  const out: string[] = [];
  if (x.include.comments && x.decisionComment)
    out.push(
      para(
        `<strong>${escapeHtml(t(lang, 'reviewing:mail.decisionComment'))}</strong><br>${escapeHtml(x.decisionComment)}`,
        'white-space:pre-wrap',
      ),
    );
  const shown = x.include.comments || x.include.scores ? x.reviews : [];
  if (shown.length) {
    out.push(para(`<strong>${escapeHtml(t(lang, 'reviewing:mail.reviewsHeading'))}</strong>`));
    shown.forEach((r, i) => {
      const lines = [`<em>${escapeHtml(t(lang, 'reviewing:mail.reviewer', { n: String(i + 1) }))}</em>`];
      if (x.include.scores) {
        const scores = scoresLine(lang, r.scores, x.scoreRules);
        if (scores) lines.push(escapeHtml(scores));
      }
      if (x.include.comments && r.comment) lines.push(escapeHtml(r.comment));
      out.push(para(lines.join('<br>'), 'white-space:pre-wrap'));
    });
  }
  if (x.opinion === 'return' && x.resubmitDeadline)
    out.push(para(escapeHtml(t(lang, 'reviewing:mail.resubmitBy', { date: x.resubmitDeadline }))));
  const url = `${x.siteUrl}${SUBMISSION_SCREENS.authorDetail}?id=${x.submissionId}`;
  out.push(
    para(`${escapeHtml(t(lang, 'reviewing:mail.seeSubmission'))} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`),
  );
  return out.join('');
}

/** The paragraph after the result mail's template, in both languages (the mail picks its own). */
export function resultNote(x: ResultExtras): MailNote {
  return { zh: noteIn('zh', x), en: noteIn('en', x) };
}
