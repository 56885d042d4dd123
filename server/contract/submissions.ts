/**
 * Submissions (issue 15; spec 3 "Submission (manuscript)"; 4 "Submission status"; 5 "Submission
 * form"; 8 "Submission and review"; 9 "Download types"): what an author sends, what authors and
 * managers see of it; the endpoint map is ./submissionsApi.ts. What a manager configures (the call, the book's
 * layout, sessions and terms, the fee) is ./submissionConfig.ts, re-exported here so that every
 * import of the submissions contract stays one. No Node imports here: the islands bundle this file.
 * The submission form's schema stays in this file: submissionChecks.ts gives the browser this file
 * with the real zod (vite.config.ts), and a schema it builds on must come with it.
 */
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { EMAIL_PATTERN } from './validation';
import { SUBMISSION_LIMITS } from './submissionConfig';
import type { SubmissionSettings, TermView, SessionView } from './submissionConfig';

export * from './submissionConfig';

/**
 * Spec 4 "Submission status". `waiting`: waiting for allocation; `returned`: need to modify;
 * `resubmitted`: sent back by its author after a return.
 */
export const SUBMISSION_STATUSES = [
  'waiting',
  'assigned',
  'accepted',
  'rejected',
  'returned',
  'resubmitted',
  'withdrawn',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * A manager's change of status on the detail screen. Accepting, rejecting and returning are the
 * final opinion of peer review (server/contract/reviewing.ts finalOpinion), its one path.
 */
export const MANAGER_ACTIONS = ['withdraw', 'reopen'] as const;
export type ManagerAction = (typeof MANAGER_ACTIONS)[number];

// ── the manuscript ───────────────────────────────────────────────────────────────────────

export type AuthorView = {
  name: string;
  surname: string;
  email: string;
  phone: string;
  country: string;
  company: string;
  corresponding: boolean;
};
export type FileView = { name: string; originalName: string; size: number };
/**
 * A conflict of interest the author declares (issue 16): a person by e-mail, an institution, or
 * both. No reviewer of the conference with that address or at that institution reviews the
 * manuscript (a manager may overrule one). Shown to the author and the managers, never to reviewers.
 */
export type DeclaredConflict = { email: string; organisation: string };

export type SubmissionView = {
  id: number;
  number: string;
  title: string;
  sessionId: number;
  subSessionId: number | null;
  reportTypeId: number | null;
  categoryId: number | null;
  abstract: string;
  keywords: string;
  abstractFile: FileView | null;
  fullTextFile: FileView | null;
  authors: AuthorView[];
  /** the author's declared conflicts of interest */
  conflicts: DeclaredConflict[];
  status: SubmissionStatus;
  submittedAt: string;
  updatedAt: string;
  /** what the author may do now (the reason when not: see `bar`) */
  can: { edit: boolean; withdraw: boolean; resubmit: boolean };
};

export type HistoryEntry = {
  at: string;
  from: SubmissionStatus | null;
  to: SubmissionStatus;
  by: 'author' | 'manager' | 'system' | 'chair';
  actor: string;
  note: string;
};

/**
 * Why a person may not submit a new manuscript now ('' when they may): the service is off or the
 * call is not open; not registered; the registration fee unpaid under pay-then-submit; their own
 * limit; the conference's.
 */
/** 'feeUnpaid': the conference charges a submission fee before the first manuscript, and it is not paid (issue 32). */
export type SubmitBar =
  '' | 'off' | 'notOpen' | 'closed' | 'notRegistered' | 'notPaid' | 'feeUnpaid' | 'personLimit' | 'conferenceLimit';

export type Choices = { sessions: SessionView[]; reportTypes: TermView[]; categories: TermView[] };

/** The author's page: the rules of the form, the choices, their manuscripts, and what the form is prefilled with. */
export type AuthorPage = {
  settings: Omit<SubmissionSettings, 'saved' | 'maxTotal'>;
  choices: Choices;
  mine: SubmissionView[];
  bar: SubmitBar;
  /** where `bar` sends the person (the registration form, the order to pay), '' when nowhere */
  barLink: string;
  /** the first author, from the person's registration */
  prefill: AuthorView;
  today: string;
};

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');
/** A positive id from a path or a form, refused with the given key. */
export const positiveId = (key: string) =>
  z.coerce
    .number({ message: key })
    .int(key)
    .positive(key)
    .max(2 ** 31, key);
const optionalId = (key: string) =>
  z
    .preprocess(
      (v) => (v === '' || v === 0 || v === '0' ? null : v),
      z.coerce
        .number({ message: key })
        .int(key)
        .positive(key)
        .max(2 ** 31, key)
        .nullable(),
    )
    .default(null);
/** A stored upload's name (a temporary one of this person, or the manuscript's current file), or '' for none. */
const storedName = z
  .string()
  .trim()
  .max(120)
  .regex(/^[\w.-]*$/, 'submissions:fileMissing')
  .default('');

/** An e-mail that may be left empty; `key` names the field in its message. */
const optionalEmail = (key: string) =>
  z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.email, key)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), key)
    .default('');

export const authorInput = z.object({
  name: z
    .string({ message: 'submissions:authorNameRequired' })
    .trim()
    .min(1, 'submissions:authorNameRequired')
    .max(SUBMISSION_LIMITS.authorName, 'submissions:authorNameTooLong'),
  surname: z
    .string({ message: 'submissions:authorSurnameRequired' })
    .trim()
    .min(1, 'submissions:authorSurnameRequired')
    .max(SUBMISSION_LIMITS.authorName, 'submissions:authorNameTooLong'),
  email: optionalEmail('submissions:authorEmailInvalid'),
  phone: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.phone, 'submissions:authorPhoneInvalid')
    .regex(/^[\d+\-() ]*$/, 'submissions:authorPhoneInvalid')
    .default(''),
  country: text(SUBMISSION_LIMITS.country, 'submissions:authorCountryTooLong'),
  company: text(SUBMISSION_LIMITS.company, 'submissions:authorCompanyTooLong'),
  corresponding: z.boolean().default(false),
});
export type AuthorInput = z.output<typeof authorInput>;

export const declaredConflictInput = z
  .object({
    email: optionalEmail('submissions:conflictEmailInvalid'),
    organisation: text(SUBMISSION_LIMITS.company, 'submissions:conflictOrganisationTooLong'),
  })
  .refine((c) => c.email !== '' || c.organisation !== '', { message: 'submissions:conflictEmpty', path: ['email'] });

export const submissionInput = z.object({
  title: z
    .string({ message: 'submissions:titleRequired' })
    .trim()
    .min(1, 'submissions:titleRequired')
    .max(SUBMISSION_LIMITS.title, 'submissions:titleTooLong'),
  sessionId: positiveId('submissions:sessionRequired'),
  subSessionId: optionalId('submissions:subSessionInvalid'),
  reportTypeId: optionalId('submissions:reportTypeInvalid'),
  categoryId: optionalId('submissions:categoryInvalid'),
  abstract: z.string().max(SUBMISSION_LIMITS.abstract, 'submissions:abstractTooLong').default(''),
  keywords: text(SUBMISSION_LIMITS.keywords, 'submissions:keywordsTooLong'),
  abstractFile: storedName,
  fullTextFile: storedName,
  authors: z
    .array(authorInput, { message: 'submissions:authorsRequired' })
    .min(1, 'submissions:authorsRequired')
    .max(SUBMISSION_LIMITS.authors, 'submissions:tooManyAuthors'),
  conflicts: z
    .array(declaredConflictInput, { message: 'submissions:conflictsInvalid' })
    .max(SUBMISSION_LIMITS.conflicts, 'submissions:tooManyConflicts')
    .default([]),
});
export type SubmissionInput = z.output<typeof submissionInput>;
export type SubmissionForm = z.input<typeof submissionInput>;

/**
 * Spec 5 "Submission form": each field required when its mode says so (title and session always;
 * names always). Answers [field, message key] of the first problem in the form's order, or null.
 * Shared with the island; the service also checks the choices exist and belong together.
 */
export function formProblem(
  v: SubmissionInput,
  s: Pick<
    SubmissionSettings,
    | 'abstractMode'
    | 'abstractMaxChars'
    | 'abstractFile'
    | 'fullText'
    | 'authorInfo'
    | 'category'
    | 'reportType'
    | 'keywords'
  >,
  subSessionsOf: (sessionId: number) => number[],
): [string, string] | null {
  const subs = subSessionsOf(v.sessionId);
  if (subs.length && v.subSessionId == null) return ['subSessionId', 'submissions:subSessionRequired'];
  if (v.subSessionId != null && !subs.includes(v.subSessionId))
    return ['subSessionId', 'submissions:subSessionInvalid'];
  if (s.reportType === 'required' && v.reportTypeId == null) return ['reportTypeId', 'submissions:reportTypeRequired'];
  if (s.category === 'required' && v.categoryId == null) return ['categoryId', 'submissions:categoryRequired'];
  const abstract = v.abstract.trim();
  if (s.abstractMode === 'required' && !abstract) return ['abstract', 'submissions:abstractRequired'];
  if (abstract.length > s.abstractMaxChars) return ['abstract', 'submissions:abstractTooLong'];
  if (s.keywords === 'required' && !v.keywords) return ['keywords', 'submissions:keywordsRequired'];
  if (s.abstractFile.mode === 'required' && !v.abstractFile)
    return ['abstractFile', 'submissions:abstractFileRequired'];
  if (s.fullText.mode === 'required' && !v.fullTextFile) return ['fullTextFile', 'submissions:fullTextRequired'];
  if (s.authorInfo === 'required') {
    const i = v.authors.findIndex((a) => !a.email);
    if (i >= 0) return [`authors.${i}.email`, 'submissions:authorEmailRequired'];
    const j = v.authors.findIndex((a) => !a.phone);
    if (j >= 0) return [`authors.${j}.phone`, 'submissions:authorPhoneRequired'];
  }
  return null;
}

// ── the managers' list ───────────────────────────────────────────────────────────────────

export type ManageRow = SubmissionView & { userId: number; submitter: string; submitterEmail: string };
export type ManagePage = { rows: ManageRow[]; total: number };
export type ManageDetail = { submission: ManageRow; history: HistoryEntry[]; actions: ManagerAction[] };

export const manageQuery = z.object({
  sessionId: positiveId('submissions:sessionInvalid').optional(),
  reportTypeId: positiveId('submissions:reportTypeInvalid').optional(),
  categoryId: positiveId('submissions:categoryInvalid').optional(),
  status: z.enum(SUBMISSION_STATUSES, { message: 'submissions:statusInvalid' }).optional(),
  /** number, title or keywords */
  keyword: z.string().trim().max(200).optional(),
  /** an author's name, e-mail or company */
  author: z.string().trim().max(200).optional(),
  /** submitted on these local days (the overview's submissions per day, issue 33) */
  from: z.string().refine(isRealDay, 'commonMsg.invalidInput').optional(),
  to: z.string().refine(isRealDay, 'commonMsg.invalidInput').optional(),
  /** '1': not withdrawn (the overview counts sessions and report types of those) */
  active: z.enum(['1']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type ManageQuery = z.output<typeof manageQuery>;
export type ManageFilter = Omit<ManageQuery, 'page' | 'size'> & {
  /** the conference's zone ahead of UTC, for the days (set by the server, never sent) */
  offsetMinutes?: number;
};

/** Spec 9 "Download types": each for the selection, or "(All)" for every manuscript the filter finds. */
export const DOWNLOAD_TYPES = ['abstract', 'manuscript', 'excel', 'pdf', 'word', 'html'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

export const downloadInput = z.object({
  type: z.enum(DOWNLOAD_TYPES, { message: 'submissions:downloadTypeInvalid' }),
  /** the selection; absent: "(All)" of the filter */
  ids: z.array(positiveId('submissions:notFound')).max(10_000).optional(),
  filter: manageQuery.omit({ page: true, size: true }).default({}),
});

export const actionInput = z.object({
  action: z.enum(MANAGER_ACTIONS, { message: 'submissions:actionInvalid' }),
  note: text(SUBMISSION_LIMITS.note, 'submissions:noteTooLong'),
});

/** The cached book of abstracts (the PDF download of "(All)"). */
export type BookState = {
  state: 'none' | 'building' | 'ready' | 'failed';
  /** the content changed since it was built: a rebuild is queued */
  stale: boolean;
  builtAt: string;
  pages: number;
  bytes: number;
  lang: 'zh' | 'en';
  /** abstracts that did not fit their slot, and what was done */
  moves: Array<{ id: number; number: string; title: string; action: 'largerSlot' | 'ownPage' | 'spansPages' }>;
};
