/**
 * What a manager configures of submissions (spec 3 "Submission config", "Layout (PDF typesetting)
 * config", "Theme / session", "Report type, category"; 5 "Submission config"; 9 "PDF layout"; the
 * submission fee of issue 32): the limits, the call's settings, the book's layout, the sessions and
 * terms, the fee. The manuscript, the managers' list and the endpoint map are in ./submissions.ts,
 * which re-exports this file. No Node imports here: the islands bundle this file.
 *
 * Dates are calendar days "YYYY-MM-DD" in the conference's time zone: the call is open from the
 * start day to the end day inclusive; a returned manuscript may be resubmitted up to the second
 * deadline inclusive.
 */
import { z } from 'zod';
import { isDay } from './fees';
import { isCurrency, parseAmount, type Money } from './money';

export const SUBMISSION_LIMITS = {
  title: 300,
  abstract: 20_000,
  keywords: 500,
  sessionTitle: 200,
  prefix: 10,
  termTitle: 100,
  authors: 30,
  authorName: 100,
  email: 254,
  phone: 40,
  country: 100,
  company: 300,
  instructions: 50_000,
  maxPerPerson: 100,
  maxTotal: 100_000,
  maxFileMb: 20,
  note: 1_000,
  /** conflicts of interest an author declares on one manuscript */
  conflicts: 20,
} as const;

/** Spec 9 "Field modes". */
export const FIELD_MODES = ['required', 'optional', 'hide'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

/** The file types a manager may allow for the abstract and full-text files (a subset of what uploads accept). */
export const MANUSCRIPT_FILE_TYPES = ['pdf', 'doc', 'docx', 'txt', 'zip', 'jpg', 'png'] as const;
export type ManuscriptFileType = (typeof MANUSCRIPT_FILE_TYPES)[number];

// ── configuration ────────────────────────────────────────────────────────────────────────

export type FileRule = { mode: FieldMode; types: ManuscriptFileType[]; maxMb: number };

export type SubmissionSettings = {
  /** false until saved once */
  saved: boolean;
  enabled: boolean;
  startDate: string;
  endDate: string;
  secondDeadline: string;
  /** the abstract text */
  abstractMode: FieldMode;
  abstractMaxChars: number;
  abstractFile: FileRule;
  fullText: FileRule;
  /** the authors' contact details (e-mail, phone, country/region, company); names are always asked */
  authorInfo: FieldMode;
  category: FieldMode;
  reportType: FieldMode;
  keywords: FieldMode;
  limitPerPerson: boolean;
  maxPerPerson: number;
  /** manuscripts the conference takes in all (not counting withdrawn ones); 0: no limit */
  maxTotal: number;
  /** rich text, sanitised when saved */
  instructionsZh: string;
  instructionsEn: string;
  editAfterAccept: boolean;
};

const day = (required: string) =>
  z.string({ message: required }).trim().min(1, required).refine(isDay, 'submissions:dateInvalid');
const mode = z.enum(FIELD_MODES, { message: 'submissions:modeInvalid' });
const int = (key: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, key).transform(Number)], { message: key })
    .pipe(z.number({ message: key }).int(key).min(min, key).max(max, key));
const fileRule = z.object({
  mode,
  types: z
    .array(z.enum(MANUSCRIPT_FILE_TYPES, { message: 'submissions:fileTypeInvalid' }))
    .max(MANUSCRIPT_FILE_TYPES.length)
    .transform((v) => [...new Set(v)]),
  maxMb: int('submissions:maxMbInvalid', 1, SUBMISSION_LIMITS.maxFileMb),
});

/** Spec 5 "Submission config": the end and the second deadline not before the start; shared with the island. */
export function settingsProblem(
  v: Pick<
    SubmissionSettings,
    'startDate' | 'endDate' | 'secondDeadline' | 'abstractFile' | 'fullText' | 'limitPerPerson' | 'maxPerPerson'
  >,
): [string, string] | null {
  if (v.endDate < v.startDate) return ['endDate', 'submissions:endBeforeStart'];
  if (v.secondDeadline < v.startDate) return ['secondDeadline', 'submissions:deadlineBeforeStart'];
  if (v.abstractFile.mode !== 'hide' && !v.abstractFile.types.length)
    return ['abstractFile', 'submissions:fileTypesRequired'];
  if (v.fullText.mode !== 'hide' && !v.fullText.types.length) return ['fullText', 'submissions:fileTypesRequired'];
  if (v.limitPerPerson && v.maxPerPerson < 1) return ['maxPerPerson', 'submissions:maxPerPersonInvalid'];
  return null;
}

export const settingsInput = z
  .object({
    enabled: z.boolean({ message: 'submissions:enabledRequired' }),
    startDate: day('submissions:startDateRequired'),
    endDate: day('submissions:endDateRequired'),
    secondDeadline: day('submissions:secondDeadlineRequired'),
    abstractMode: mode,
    abstractMaxChars: int('submissions:abstractMaxInvalid', 100, SUBMISSION_LIMITS.abstract),
    abstractFile: fileRule,
    fullText: fileRule,
    authorInfo: mode,
    category: mode,
    reportType: mode,
    keywords: mode,
    limitPerPerson: z.boolean({ message: 'submissions:limitRequired' }),
    maxPerPerson: int('submissions:maxPerPersonInvalid', 0, SUBMISSION_LIMITS.maxPerPerson),
    maxTotal: int('submissions:maxTotalInvalid', 0, SUBMISSION_LIMITS.maxTotal),
    instructionsZh: z.string().max(SUBMISSION_LIMITS.instructions, 'submissions:instructionsTooLong').default(''),
    instructionsEn: z.string().max(SUBMISSION_LIMITS.instructions, 'submissions:instructionsTooLong').default(''),
    editAfterAccept: z.boolean({ message: 'submissions:editAfterAcceptRequired' }),
  })
  .superRefine((v, ctx) => {
    const problem = settingsProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  });
export type SettingsInput = z.output<typeof settingsInput>;

// ── layout of the book of abstracts ──────────────────────────────────────────────────────

export const BOOK_FONTS = ['sans', 'serif'] as const;
const textStyle = z.object({
  font: z.enum(BOOK_FONTS, { message: 'submissions:fontInvalid' }),
  size: z
    .number({ message: 'submissions:fontSizeInvalid' })
    .min(6, 'submissions:fontSizeInvalid')
    .max(24, 'submissions:fontSizeInvalid'),
  bold: z.boolean(),
  italic: z.boolean(),
});
/** The statuses a manager may put in the book: any but withdrawn, which is never printed. */
export const BOOK_STATUSES = ['accepted', 'waiting', 'assigned', 'resubmitted', 'returned', 'rejected'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
export const layoutInput = z.object({
  /** Which manuscripts the book prints, in every format of "(All)": the accepted ones unless the manager chooses. */
  statuses: z
    .array(z.enum(BOOK_STATUSES, { message: 'submissions:bookStatusesInvalid' }), {
      message: 'submissions:bookStatusesInvalid',
    })
    .min(1, 'submissions:bookStatusesRequired')
    .transform((list) => BOOK_STATUSES.filter((s) => list.includes(s)))
    .default(['accepted']),
  perPage: z.union([z.literal(1), z.literal(2), z.literal(4)], { message: 'submissions:perPageInvalid' }),
  showNumber: z.boolean(),
  title: textStyle,
  author: textStyle,
  content: textStyle,
});
export type LayoutInput = z.output<typeof layoutInput>;
export type BookLayoutView = LayoutInput;

export const DEFAULT_LAYOUT: LayoutInput = {
  statuses: ['accepted'],
  perPage: 2,
  showNumber: true,
  title: { font: 'sans', size: 13, bold: true, italic: false },
  author: { font: 'sans', size: 10, bold: false, italic: false },
  content: { font: 'serif', size: 10, bold: false, italic: false },
};

// ── sessions, report types, categories ───────────────────────────────────────────────────

export type SessionView = {
  id: number;
  parentId: number | null;
  titleZh: string;
  titleEn: string;
  prefix: string;
  sort: number;
  children: SessionView[];
};

const title = (max: number, required: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, 'submissions:titleTooLong');
export const sessionInput = z.object({
  parentId: z.coerce.number().int().positive().nullable().default(null),
  titleZh: title(SUBMISSION_LIMITS.sessionTitle, 'submissions:sessionTitleRequired'),
  titleEn: title(SUBMISSION_LIMITS.sessionTitle, 'submissions:sessionTitleRequired'),
  prefix: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.prefix, 'submissions:prefixInvalid')
    .regex(/^[A-Za-z0-9_-]*$/, 'submissions:prefixInvalid')
    .default(''),
  sort: int('submissions:sortInvalid', 0, 9999).default(0),
});
export type SessionInput = z.output<typeof sessionInput>;

export const TERM_KINDS = ['reportType', 'category'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
export type TermView = { id: number; kind: TermKind; titleZh: string; titleEn: string; sort: number };
export const termInput = z.object({
  titleZh: title(SUBMISSION_LIMITS.termTitle, 'submissions:termTitleRequired'),
  titleEn: title(SUBMISSION_LIMITS.termTitle, 'submissions:termTitleRequired'),
  sort: int('submissions:sortInvalid', 0, 9999).default(0),
});

/** Everything the configuration screen shows. */
export type ContributeConfig = {
  settings: SubmissionSettings;
  layout: BookLayoutView;
  sessions: SessionView[];
  reportTypes: TermView[];
  categories: TermView[];
};

/**
 * The submission fee (issue 32): charged as a `module` order, once per author. 'beforeSubmit': paid
 * before the first manuscript can be sent; 'afterSubmit': the first manuscript makes the order,
 * paid afterwards like any order.
 */
export const SUBMISSION_FEE_RULES = ['beforeSubmit', 'afterSubmit'] as const;
export type SubmissionFeeSettings = { enabled: boolean; price: Money; rule: (typeof SUBMISSION_FEE_RULES)[number] };
export const submissionFeeInput = z
  .object({
    enabled: z.boolean({ message: 'submissions:feeInvalid' }),
    currency: z
      .string({ message: 'submissions:feeCurrency' })
      .trim()
      .toUpperCase()
      .refine(isCurrency, 'submissions:feeCurrency'),
    /** a decimal string in `currency` ("100.50"); must be positive when the fee is charged */
    price: z.string({ message: 'submissions:feePrice' }).trim().max(24, 'submissions:feePrice'),
    rule: z.enum(SUBMISSION_FEE_RULES, { message: 'submissions:feeRule' }),
  })
  .transform((v, ctx) => {
    const parsed = parseAmount(v.price || '0', v.currency);
    if (!parsed.ok || (v.enabled && parsed.money.amount < 1)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'submissions:feePrice' });
      return z.NEVER;
    }
    return { enabled: v.enabled, price: parsed.money, rule: v.rule };
  });
