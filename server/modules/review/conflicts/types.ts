/** The shapes the conflict finder works on: plain data, so the service can feed it from any query. */
export type Person = { userId: number | null; email: string; name: string; organisation: string };

export type PaperPeople = {
  id: number;
  submitterUserId: number;
  submitterEmail: string;
  authors: Array<{ name: string; surname: string; email: string; company: string }>;
  /** what the author declared: people by e-mail, institutions (either may be '') */
  declared?: Array<{ email: string; organisation: string }>;
};

export type ConflictReason = 'samePerson' | 'authorDeclared' | 'coAuthor' | 'sameInstitution' | 'sameDomain';

export type Suggestion = { paperId: number; reason: ConflictReason; detail: string };

export type ConflictPair = { reviewerId: number; paperId: number; reason: ConflictReason; detail: string };

/** Strongest first: a paper gets one suggestion, the first of these that applies. */
export const CONFLICT_REASONS: readonly ConflictReason[] = [
  'samePerson',
  'authorDeclared',
  'coAuthor',
  'sameInstitution',
  'sameDomain',
];
