/**
 * What peer review (issue 16) reads of the manuscripts, through this feature's front door
 * (index.ts exports this file as `submissionReader`), rather than the whole repository: the
 * managers' filtered lists, manuscripts by id, their authors and declared conflicts, the sessions,
 * and the one lock review takes. Every function takes the conference first. Review changes a
 * manuscript's status only through the state machine's moves (SubmissionDesk.moveInReview), never
 * through these.
 */
export { page, all, byIds, findSubmission, authorsOf, conflictsOf } from './repo';
export { listSessions, findSession } from './configRepo';
export type { SubmissionRow, AuthorRow } from './repo';
export type { SessionRow } from './configRepo';

/**
 * The manuscript's row under its lock, inside review's own transaction: a decision, or a review
 * submitted, reads its status while no withdrawal or other decision can change it (the
 * submissions' own moves take the same lock).
 */
export { lockSubmission as lockForReview } from './repo';
