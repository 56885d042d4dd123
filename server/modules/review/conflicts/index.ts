/**
 * Conflicts of interest between reviewers and manuscripts (issue 16), as suggestions for a manager
 * to confirm or dismiss: the same person, a co-author, the same institution, the same mail domain.
 * Pure: the review service loads the people and stores the decisions.
 */
export type { ConflictPair, ConflictReason, PaperPeople, Person, Suggestion } from './types';
export { CONFLICT_REASONS } from './types';
export { conflictsOf } from './scan';
export { conflictPairs } from './pairs';
export { normaliseOrganisation } from './organisations';
export { institutionDomain, PUBLIC_MAIL_DOMAINS } from './domains';
