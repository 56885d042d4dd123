/**
 * How a reviewer reads on the managers' reviewer screens (ManageReviewers, ReviewerInfo): their
 * catalog namespace, a session's title in the page's language, the key of their state.
 */
import type { ReviewerView, SessionChoice } from '../../server/contract/reviewers';
import type { Lang } from './locale';

export const NS = 'reviewers:';

export function sessionTitle(sessions: SessionChoice[], id: number, lang: Lang): string {
  const s = sessions.find((x) => x.id === id);
  if (!s) return `#${id}`;
  return (lang === 'en' ? s.titleEn || s.titleZh : s.titleZh || s.titleEn) || `#${id}`;
}

export function stateKey(r: ReviewerView): string {
  if (r.active) return `${NS}state.active`;
  return r.expired ? `${NS}state.expired` : `${NS}state.inactive`;
}
