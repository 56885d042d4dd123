/** What the reviewer screens' parts share: the translator's type, a reviewer's labels, the error key of a failed call. */
import type { ReviewerView, SessionChoice } from '../../server/contract/reviewers';
import { ApiError } from '../shared/api';
import type { Lang } from '../shared/locale';

export type T = (key: string, options?: Record<string, unknown>) => string;

export const NS = 'reviewers:';

export const errorKey = (err: unknown): string => (err instanceof ApiError ? err.messageKey : 'commonMsg.failed');
export const errorParams = (err: unknown): Record<string, string> | undefined => (err instanceof ApiError ? err.params : undefined);

export function sessionTitle(sessions: SessionChoice[], id: number, lang: Lang): string {
  const s = sessions.find((x) => x.id === id);
  if (!s) return `#${id}`;
  return (lang === 'en' ? s.titleEn || s.titleZh : s.titleZh || s.titleEn) || `#${id}`;
}

export function stateKey(r: ReviewerView): string {
  if (r.active) return `${NS}state.active`;
  return r.expired ? `${NS}state.expired` : `${NS}state.inactive`;
}
