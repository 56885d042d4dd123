/** What the reviewer screen's parts share: the translator's type, the error key and parameters of a failed call. */
import { ApiError } from '../shared/api';
import type { T } from '../shared/i18n';

export type { T };

export const errorKey = (err: unknown): string => (err instanceof ApiError ? err.messageKey : 'commonMsg.failed');
export const errorParams = (err: unknown): Record<string, string> | undefined =>
  err instanceof ApiError ? err.params : undefined;
