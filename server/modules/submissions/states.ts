/**
 * The one state machine of a manuscript (spec 4 "Submission status"). Every change of status goes
 * through `transition`, which answers the new status or the refusal with its message; the service
 * applies it under the manuscript's row lock and writes the history in the same transaction.
 *
 *   waiting ──assign──▶ assigned ──accept/reject/return──▶ accepted | rejected | returned
 *   returned ──resubmit (until the second deadline)──▶ resubmitted ──assign──▶ assigned
 *   any open status ──withdraw──▶ withdrawn (final)
 *   a decision ──reopen (manager)──▶ waiting
 *
 * A decision is peer review's final opinion (issue 16: server/modules/review/decisions.ts), which
 * refuses a manuscript without a reviewer; the manager's own buttons are withdraw and reopen.
 */
import { MANAGER_ACTIONS, type ManagerAction, type SubmissionStatus } from '../../contract/submissions';
import { AppError } from '../../platform/errors';

/** Accept, reject and return come only from peer review's final opinion (SubmissionDesk.moveInReview). */
export type Action = ManagerAction | 'resubmit' | 'assign' | 'unassign' | 'accept' | 'reject' | 'return';

const DECIDABLE: readonly SubmissionStatus[] = ['waiting', 'assigned', 'resubmitted'];

const MOVES: Record<Action, { from: readonly SubmissionStatus[]; to: SubmissionStatus }> = {
  withdraw: { from: ['waiting', 'assigned', 'returned', 'resubmitted', 'accepted'], to: 'withdrawn' },
  resubmit: { from: ['returned'], to: 'resubmitted' },
  assign: { from: ['waiting', 'resubmitted'], to: 'assigned' },
  unassign: { from: ['assigned'], to: 'waiting' },
  accept: { from: DECIDABLE, to: 'accepted' },
  reject: { from: DECIDABLE, to: 'rejected' },
  return: { from: DECIDABLE, to: 'returned' },
  reopen: { from: ['accepted', 'rejected', 'returned'], to: 'waiting' },
};

export function allowed(action: Action, from: SubmissionStatus): boolean {
  return MOVES[action].from.includes(from);
}

/** The status after `action`, or the refusal: a decision on a decided manuscript gets spec 8's 'finalized' message. */
export function transition(action: Action, from: SubmissionStatus): SubmissionStatus {
  if (allowed(action, from)) return MOVES[action].to;
  if (
    (action === 'accept' || action === 'reject' || action === 'return') &&
    (from === 'accepted' || from === 'rejected' || from === 'returned')
  ) {
    throw new AppError(409, 'submissions:finalized');
  }
  if (action === 'withdraw') throw new AppError(409, 'submissions:cannotWithdraw');
  throw new AppError(409, 'submissions:transitionRefused', { params: { status: from, action } });
}

/** The manager's actions a manuscript in `status` can take (the detail screen's buttons; decisions are the review panel's). */
export function managerActions(status: SubmissionStatus): ManagerAction[] {
  return MANAGER_ACTIONS.filter((a) => allowed(a, status));
}

/** The dates and the switch the author's rules read. */
export type AuthorRules = { today: string; endDate: string; secondDeadline: string; editAfterAccept: boolean };

/**
 * Why the author may not change the manuscript now (null when they may): a manuscript waiting for
 * allocation while the call is open; an accepted one when editing after acceptance is allowed; a
 * returned one, as a resubmission, until the second deadline.
 */
export function editRefusal(status: SubmissionStatus, r: AuthorRules): string | null {
  if (status === 'waiting') return r.today <= r.endDate ? null : 'submissions:closed';
  if (status === 'accepted') return r.editAfterAccept ? null : 'submissions:cannotEditAccepted';
  if (status === 'returned') return r.today <= r.secondDeadline ? null : 'submissions:secondDeadlinePassed';
  return 'submissions:cannotEdit';
}
