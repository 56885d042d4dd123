/** What the allocation screen's parts share: the translator's type and the tag colours of states. */
import type { ConflictState, ReviewState } from '../../server/contract/allocation';
import { ApiError } from '../shared/api';
import { errorText, type T } from '../shared/orderText';

export type { T };

export const REVIEW_COLORS: Record<ReviewState, string> = {
  assigned: 'default',
  draft: 'processing',
  submitted: 'success',
};
export const CONFLICT_COLORS: Record<ConflictState, string> = {
  suggested: 'warning',
  confirmed: 'error',
  declared: 'error',
  dismissed: 'default',
};

/** The server's refusal, translated; a conflict's reason code is shown in words. */
export function failText(err: unknown, t: T): string {
  if (err instanceof ApiError && err.params?.reason !== undefined)
    return t(err.messageKey, { ...err.params, reason: reasonText(err.params.reason, t) });
  return errorText(err, t);
}

/** A conflict's reason in words; a declared conflict that was never suggested has none. */
export function reasonText(reason: string, t: T): string {
  return reason ? t(`allocation:reason.${reason}`) : t('allocation:state.declared');
}
