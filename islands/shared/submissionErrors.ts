/**
 * The error toast's text, shared by the managers' list and detail of manuscripts (ManageSubmissions,
 * ManageSubmissionDetail) so both screens word a refusal alike.
 */
import {
  MANAGER_ACTIONS,
  SUBMISSION_STATUSES,
  type ManagerAction,
  type SubmissionStatus,
} from '../../server/contract/submissions';
import { ApiError } from './api';
import { errorText, type T } from './orderText';

const isStatus = (v: string | undefined): v is SubmissionStatus =>
  (SUBMISSION_STATUSES as readonly string[]).includes(v ?? '');
const isAction = (v: string | undefined): v is ManagerAction =>
  (MANAGER_ACTIONS as readonly string[]).includes(v ?? '');

/**
 * The server's message, translated. A refused transition names the status and the action by
 * their codes; they are shown in the page's language like everywhere else on the screen.
 */
export function failText(err: unknown, t: T): string {
  if (!(err instanceof ApiError) || !err.params) return errorText(err, t);
  const params = { ...err.params };
  if (isStatus(params.status)) params.status = t(`submissions:status.${params.status}`);
  if (isAction(params.action)) params.action = t(`submissions:action.${params.action}`);
  return t(err.messageKey, params);
}
