/**
 * The manuscript's state machine (spec 4 "Submission status"): every action from every status,
 * allowed or refused with its message, and the author's edit rules (the second deadline, editing
 * after acceptance on and off).
 */
import { describe, expect, test } from 'vitest';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../../server/contract/submissions';
import { editRefusal, managerActions, transition, type Action } from '../../../server/modules/submissions/states';
import { AppError } from '../../../server/platform/errors';
import { t } from '../../../server/platform/i18n';

/** The whole table: for each action, the status it leads to from each status ('' = refused). */
const TABLE: Record<Action, Record<SubmissionStatus, SubmissionStatus | ''>> = {
  withdraw: {
    waiting: 'withdrawn',
    assigned: 'withdrawn',
    accepted: 'withdrawn',
    rejected: '',
    returned: 'withdrawn',
    resubmitted: 'withdrawn',
    withdrawn: '',
  },
  resubmit: {
    waiting: '',
    assigned: '',
    accepted: '',
    rejected: '',
    returned: 'resubmitted',
    resubmitted: '',
    withdrawn: '',
  },
  assign: {
    waiting: 'assigned',
    assigned: '',
    accepted: '',
    rejected: '',
    returned: '',
    resubmitted: 'assigned',
    withdrawn: '',
  },
  unassign: {
    waiting: '',
    assigned: 'waiting',
    accepted: '',
    rejected: '',
    returned: '',
    resubmitted: '',
    withdrawn: '',
  },
  accept: {
    waiting: 'accepted',
    assigned: 'accepted',
    accepted: '',
    rejected: '',
    returned: '',
    resubmitted: 'accepted',
    withdrawn: '',
  },
  reject: {
    waiting: 'rejected',
    assigned: 'rejected',
    accepted: '',
    rejected: '',
    returned: '',
    resubmitted: 'rejected',
    withdrawn: '',
  },
  return: {
    waiting: 'returned',
    assigned: 'returned',
    accepted: '',
    rejected: '',
    returned: '',
    resubmitted: 'returned',
    withdrawn: '',
  },
  reopen: {
    waiting: '',
    assigned: '',
    accepted: 'waiting',
    rejected: 'waiting',
    returned: 'waiting',
    resubmitted: '',
    withdrawn: '',
  },
};

const refusal = (action: Action, from: SubmissionStatus): AppError => {
  try {
    transition(action, from);
  } catch (err) {
    return err as AppError;
  }
  throw new Error(`${action} from ${from} was allowed`);
};

describe('every action from every status', () => {
  for (const [action, row] of Object.entries(TABLE) as Array<
    [Action, Record<SubmissionStatus, SubmissionStatus | ''>]
  >) {
    for (const from of SUBMISSION_STATUSES) {
      const to = row[from];
      test(`${action} from ${from}: ${to || 'refused'}`, () => {
        if (to) return void expect(transition(action, from)).toBe(to);
        const err = refusal(action, from);
        expect(err).toBeInstanceOf(AppError);
        expect(err.status).toBe(409);
        // Every refusal reads as a sentence in both languages, never a bare key.
        for (const lang of ['zh', 'en'] as const)
          expect(t(lang, err.messageKey, err.params)).not.toMatch(/submissions:|status\.|action\./);
      });
    }
  }
});

test("a decision on a decided manuscript gets spec 8's message", () => {
  expect(refusal('accept', 'rejected').messageKey).toBe('submissions:finalized');
  expect(t('en', 'submissions:finalized')).toBe(
    'The manuscript has been finalized or not assigned to any reviewer yet',
  );
  expect(t('en', refusal('reopen', 'withdrawn').messageKey, refusal('reopen', 'withdrawn').params)).toBe(
    "A manuscript that is 'Withdrawn' cannot be given 'Back to waiting for allocation'",
  );
});

test('the manager is offered exactly the actions the machine allows; deciding is the review final opinion', () => {
  expect(managerActions('waiting')).toEqual(['withdraw']);
  expect(managerActions('assigned')).toEqual(['withdraw']);
  expect(managerActions('accepted')).toEqual(['withdraw', 'reopen']);
  expect(managerActions('withdrawn')).toEqual([]);
});

describe('the author may change a manuscript', () => {
  const rules = { today: '2027-05-10', endDate: '2027-05-10', secondDeadline: '2027-06-01', editAfterAccept: false };
  test('waiting: while the call is open (the end day included)', () => {
    expect(editRefusal('waiting', rules)).toBeNull();
    expect(editRefusal('waiting', { ...rules, today: '2027-05-11' })).toBe('submissions:closed');
  });
  test('returned: until the second deadline (included)', () => {
    expect(editRefusal('returned', { ...rules, today: '2027-06-01' })).toBeNull();
    expect(editRefusal('returned', { ...rules, today: '2027-06-02' })).toBe('submissions:secondDeadlinePassed');
  });
  test('accepted: only when editing after acceptance is on', () => {
    expect(editRefusal('accepted', rules)).toBe('submissions:cannotEditAccepted');
    expect(editRefusal('accepted', { ...rules, editAfterAccept: true })).toBeNull();
  });
  test('under review, decided or withdrawn: never', () => {
    for (const s of ['assigned', 'rejected', 'resubmitted', 'withdrawn'] as const)
      expect(editRefusal(s, { ...rules, editAfterAccept: true })).toBe('submissions:cannotEdit');
  });
});
