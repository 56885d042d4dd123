/**
 * Reviewers (issue 16; spec 2.9, 3 "Reviewer", 4 "Reviewer", 5 "Reviewer activation", 7
 * "Reviewer management", 8): what a manager adds, imports, mails and sets per session, what the
 * activation form sends, and the endpoint map. No Node imports here: the islands bundle this file.
 *
 * A reviewer is added by e-mail. Someone with a platform account is a reviewer at once; anyone
 * else gets a link to /review/active/{key}, single use, valid for REVIEWER_LIMITS.keyDays days.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import type { WorkStarted } from './work';
import { emailField, PASSWORD_PATTERN } from './validation';
import { PHONE_PATTERN } from './registration';

export const REVIEWER_LIMITS = {
  name: 100,
  fullName: 200,
  unit: 300,
  phone: 40,
  country: 100,
  direction: 300,
  importRows: 1000,
  importBytes: 2 * 1024 * 1024,
  subject: 200,
  content: 10_000,
  mailIds: 1000,
  keyDays: 7,
} as const;

export const REVIEWER_ROLES = ['reviewer', 'chair'] as const;
export type ReviewerRoleName = (typeof REVIEWER_ROLES)[number];

/** The spreadsheet's columns, in order (the template's header row names them in both languages). */
export const IMPORT_COLUMNS = ['email', 'fullName', 'unit', 'phone', 'country', 'direction'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const NS = 'reviewers:';
const text = (max: number, key: string) => z.string({ message: key }).trim().max(max, key);
const id = (key: string) =>
  z.coerce
    .number({ message: key })
    .int(key)
    .positive(key)
    .max(2 ** 31, key);

/** A reviewer's address: the platform's e-mail rule, lower-cased. */
export const reviewerEmail = emailField;

const phone = text(REVIEWER_LIMITS.phone, 'phoneRequire').refine(
  (v) => v === '' || PHONE_PATTERN.test(v),
  'phoneRequire',
);

/** What a manager types when adding one reviewer: the address; the rest the reviewer may complete on activation. */
export const addInput = z.object({
  email: reviewerEmail,
  fullName: text(REVIEWER_LIMITS.fullName, `${NS}fullNameTooLong`).default(''),
  unit: text(REVIEWER_LIMITS.unit, `${NS}unitTooLong`).default(''),
  phone: phone.default(''),
  country: text(REVIEWER_LIMITS.country, `${NS}countryTooLong`).default(''),
  direction: text(REVIEWER_LIMITS.direction, `${NS}directionTooLong`).default(''),
});
export type AddInput = z.output<typeof addInput>;

export const roleInput = z.object({
  reviewerId: id(`${NS}notFound`),
  sessionId: id(`${NS}sessionNotFound`),
  role: z.enum(REVIEWER_ROLES, { message: `${NS}roleInvalid` }),
});
export type RoleInput = z.output<typeof roleInput>;

/** 'invite': the activation mail again, with a fresh link (unactivated reviewers only); 'message': a free text. */
export const mailInput = z
  .object({
    ids: z
      .array(id(`${NS}notFound`), { message: `${NS}selectToMail` })
      .max(REVIEWER_LIMITS.mailIds, `${NS}tooManySelected`),
    kind: z.enum(['invite', 'message'], { message: `${NS}mailKindInvalid` }).default('message'),
    subject: text(REVIEWER_LIMITS.subject, `${NS}subjectTooLong`).default(''),
    content: text(REVIEWER_LIMITS.content, `${NS}contentTooLong`).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.ids.length) return ctx.addIssue({ code: 'custom', path: ['ids'], message: `${NS}selectToMail` });
    if (v.kind !== 'message') return;
    if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: `${NS}subjectRequired` });
    else if (!v.content) ctx.addIssue({ code: 'custom', path: ['content'], message: `${NS}contentRequired` });
  });
export type MailInput = z.output<typeof mailInput>;

export const checkQuery = z.object({
  email: reviewerEmail,
  name: text(REVIEWER_LIMITS.fullName, `${NS}fullNameTooLong`).default(''),
  unit: text(REVIEWER_LIMITS.unit, `${NS}unitTooLong`).default(''),
});

const required = (max: number, key: string) => z.string({ message: key }).trim().min(1, key).max(max, `${NS}tooLong`);

/** Spec 5 "Reviewer activation": every field but middleName required; the password only for people without an account. */
export const activeInput = z.object({
  key: z
    .string({ message: `${NS}activationGone` })
    .min(1, `${NS}activationGone`)
    .max(100, `${NS}activationGone`),
  lastName: required(REVIEWER_LIMITS.name, `${NS}lastNameRequired`),
  middleName: text(REVIEWER_LIMITS.name, `${NS}tooLong`).default(''),
  firstName: required(REVIEWER_LIMITS.name, `${NS}firstNameRequired`),
  fullName: required(REVIEWER_LIMITS.fullName, `${NS}fullNameRequired`),
  unit: required(REVIEWER_LIMITS.unit, `${NS}unitRequired`),
  phone: z
    .string({ message: 'phoneRequire' })
    .trim()
    .min(1, 'phoneRequire')
    .max(REVIEWER_LIMITS.phone, 'phoneRequire')
    .regex(PHONE_PATTERN, 'phoneRequire'),
  countryArea: required(REVIEWER_LIMITS.country, `${NS}countryRequired`),
  direction: required(REVIEWER_LIMITS.direction, `${NS}directionRequired`),
  password: z.string({ message: 'passwordRequire' }).max(128, 'passwordCheck').optional(),
  confirmPassword: z.string({ message: 'confirmPasswordRequire' }).max(128, 'passwordCheck').optional(),
  /** the activation page's language: the reviewer's mail is written in it from then on */
  lang: z.enum(['zh', 'en'], { message: 'commonMsg.invalidInput' }).optional(),
});
export type ActiveInput = z.output<typeof activeInput>;

/** The password rules of the sign-up, for someone without an account: [field, message] or null. */
export function passwordProblem(password: string | undefined, confirm: string | undefined): [string, string] | null {
  if (!password) return ['password', 'passwordRequire'];
  if (!PASSWORD_PATTERN.test(password)) return ['password', 'passwordCheck'];
  if (!confirm) return ['confirmPassword', 'confirmPasswordRequire'];
  if (confirm !== password) return ['confirmPassword', 'passwordError'];
  return null;
}

// ── views ────────────────────────────────────────────────────────────────────────────────

export type RoleView = { id: number; sessionId: number; role: ReviewerRoleName };
export type Load = { assigned: number; draft: number; submitted: number };

export type ReviewerView = {
  id: number;
  email: string;
  name: string;
  lastName: string;
  middleName: string;
  firstName: string;
  fullName: string;
  unit: string;
  phone: string;
  country: string;
  direction: string;
  active: boolean;
  /** the activation link was sent and is past its time (resend it) */
  expired: boolean;
  invitedAt: string;
  activatedAt: string | null;
  roles: RoleView[];
  load: Load;
};

export type SessionChoice = { id: number; titleZh: string; titleEn: string };
export type ReviewerList = { rows: ReviewerView[]; sessions: SessionChoice[] };

/** The answer of an add: the record, and whether the mail was kept back (an unpublished conference mails only people it knows). */
export type AddResult = { reviewer: ReviewerView; mailWithheld: boolean };
export type ImportRowError = { row: number; field: ImportColumn | 'file'; message: string };
/**
 * A saved import: `added` new reviewers (each invited, but `mailWithheld` of them), and the rows an
 * earlier run of the same sheet had saved before it stopped (`alreadyImported`: see reviewers/import.ts).
 */
export type ImportResult = { added: number; mailWithheld: number; alreadyImported: number };
/** A refused import: nothing saved; every bad row with its number, as the sheet shows it. */
export type ImportRefused = { message: 'reviewers:importRowsBad'; params: { count: string }; rows: ImportRowError[] };
/** The summary of the work 'review.reviewerImport' (server/contract/work.ts). */
export type ImportSummary = ImportResult | ImportRefused;
export const isImportRefused = (s: ImportSummary): s is ImportRefused => 'rows' in s;

/** The work's parameters: the sheet as base64 (the route received it as one multipart file, at most importBytes). */
export const importParams = z.object({
  sheet: z
    .string({ message: `${NS}importNoFile` })
    .min(1, `${NS}importNoFile`)
    .max(Math.ceil(REVIEWER_LIMITS.importBytes / 3) * 4, `${NS}importTooLarge`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `${NS}importFileBad`),
});
export type ImportParams = z.output<typeof importParams>;
export type MailResult = { sent: number; skipped: number; withheld: number };

/** server/modules/review/conflicts: why a reviewer may be partial to a manuscript */
export type ConflictReason = 'samePerson' | 'authorDeclared' | 'coAuthor' | 'sameInstitution' | 'sameDomain';
export type ConflictSuggestion = {
  submissionId: number;
  number: string;
  title: string;
  reason: ConflictReason;
  detail: string;
};
export type StoredConflict = {
  submissionId: number;
  number: string;
  title: string;
  state: string;
  reason: string;
  note: string;
};
export type ReviewSummary = {
  submissionId: number;
  number: string;
  title: string;
  state: string;
  opinion: string | null;
  submittedAt: string | null;
};
export type ReviewerInfo = {
  reviewer: ReviewerView;
  sessions: SessionChoice[];
  conflicts: StoredConflict[];
  suggestions: ConflictSuggestion[];
  reviews: ReviewSummary[];
};

/** What the activation page shows of the record a key opens (never the key's hash). */
export type ActivationView = {
  email: string;
  /** spec 7 "reviewer record including active": always false here (an active record's key no longer opens it) */
  active: boolean;
  /** the address already has a platform account: no password asked */
  hasAccount: boolean;
  conferenceName: string;
  lastName: string;
  middleName: string;
  firstName: string;
  fullName: string;
  unit: string;
  phone: string;
  countryArea: string;
  direction: string;
};

/** The signed-in person's reviewer record in this conference (GET …/review/active), or null. */
export type MyReviewer = { reviewer: { id: number; active: boolean; roles: RoleView[] } | null };

const BASE = '/conference/platform/manage/review';
const idParam = z.object({ id: id(`${NS}notFound`) });
const roleIdParam = z.object({ id: id(`${NS}roleNotFound`) });
const keyParam = z.object({ key: z.string().max(100, `${NS}activationGone`) });

export const reviewerApi = {
  list: endpoint<ReviewerList>()({ method: 'GET', path: BASE }),
  add: endpoint<AddResult>()({ method: 'POST', path: BASE, body: addInput, done: `${NS}added` }),
  /** multipart, one file named "file" (.xlsx); answers 202 `{ work }` whose summary is an ImportSummary (server/contract/work.ts) */
  import: endpoint<WorkStarted>()({ method: 'POST', path: `${BASE}/import` }),
  template: endpoint<Download>()({ method: 'GET', path: `${BASE}/template` }),
  check: endpoint<ConflictSuggestion[]>()({ method: 'GET', path: `${BASE}/check`, query: checkQuery }),
  info: endpoint<ReviewerInfo>()({ method: 'GET', path: `${BASE}/info/:id`, params: idParam }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${BASE}/:id`, params: idParam, done: `${NS}deleted` }),
  byKey: endpoint<ActivationView>()({ method: 'GET', path: `${BASE}/key/:key`, params: keyParam }),
  mine: endpoint<MyReviewer>()({ method: 'GET', path: `${BASE}/active` }),
  activate: endpoint<null>()({ method: 'POST', path: `${BASE}/active`, body: activeInput, done: `${NS}activated` }),
  roles: endpoint<RoleView[]>()({ method: 'GET', path: `${BASE}/role/:id`, params: idParam }),
  setRole: endpoint<RoleView[]>()({ method: 'POST', path: `${BASE}/role`, body: roleInput, done: `${NS}saved` }),
  removeRole: endpoint<RoleView[]>()({
    method: 'DELETE',
    path: `${BASE}/role/:id`,
    params: roleIdParam,
    done: `${NS}deleted`,
  }),
  mail: endpoint<MailResult>()({ method: 'POST', path: `${BASE}/mail`, body: mailInput, done: `${NS}mailed` }),
};
