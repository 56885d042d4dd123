/**
 * The managers' mail API (spec 3 "Email config", 5): the conference's SMTP settings and their
 * test message, the eleven templates, and the delivery log. No Node imports here.
 */
import { PHONE_PATTERN } from './registration';
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { endpoint } from './endpoint';
import { LANGS } from './enums';
import { emailField } from './validation';

/** The conference e-mails a manager can rewrite. */
export const MAIL_KINDS = [
  'registration',
  'hotelReservation',
  'abstractSubmission',
  'inviteReviewer',
  'assignAbstractReview',
  'submitAbstractReview',
  'finalReviewResult',
  'chairReviewNotice',
  'registrationPayment',
  'optionalPayment',
  'hotelPayment',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The kinds this build sends, which the template list shows: a manager is not offered a template
 * no feature uses. Every kind is sent now (peer review, issue 16, sends the five review mails).
 */
export const MAIL_KINDS_SENT: readonly MailKind[] = MAIL_KINDS;

export type MailText = { subjectZh: string; subjectEn: string; bodyZh: string; bodyEn: string };

/** The SMTP settings as the API answers them: the password is never sent back. */
export type MailConfigView = {
  email: string;
  smtpHost: string;
  port: number;
  ssl: boolean;
  active: boolean;
  hasPassword: boolean;
  phone: string;
};

/**
 * The mailbox's password or authorization code. Not the platform's password rule (spec 5 asks
 * for letters and digits, 10 or more): providers issue codes of letters only (QQ, 163: 16
 * lowercase letters), and the rule would refuse them. Any 1 to 128 characters without control
 * characters — a line break could not be sent in the SMTP login. Empty: keep the saved one.
 */
const smtpPassword = z
  .string()
  .max(128, 'mail:passwordInvalid')
  .refine((v) => !/\p{Cc}/u.test(v), 'mail:passwordInvalid')
  .optional()
  .default('');

export const mailConfigInput = z
  .object({
    email: emailField,
    // Empty: keep the saved password (it is never sent to the browser).
    password: smtpPassword,
    confirmPassword: z.string().max(200).optional().default(''),
    smtpHost: z
      .string()
      .trim()
      .min(1, 'mail:smtpRequired')
      .max(253, 'mail:smtpRequired')
      .regex(/^[A-Za-z0-9.-]+$/, 'mail:smtpInvalid'),
    port: z
      .number({ message: 'mail:portInvalid' })
      .int('mail:portInvalid')
      .min(1, 'mail:portInvalid')
      .max(65535, 'mail:portInvalid'),
    ssl: z.boolean(),
    active: z.boolean(),
    // Spec 3/5: who runs the mailbox, reachable when its mail fails; optional (the platform's phone rule).
    phone: z
      .string()
      .trim()
      .max(40, 'phoneRequire')
      .default('')
      .refine((v) => v === '' || PHONE_PATTERN.test(v), 'phoneRequire'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', message: 'passwordError', path: ['confirmPassword'] });
  });
export type MailConfigInput = z.infer<typeof mailConfigInput>;

// A subject is one header line: a line break in it would make every message of the kind fail
// (enqueueMail refuses it), so it is refused when the template is saved.
const subjectField = z
  .string()
  .trim()
  .min(1, 'mail:subjectRequired')
  .max(300, 'mail:subjectTooLong')
  .refine((v) => !/[\r\n]/.test(v), 'mail:subjectLineBreak');

export const templateInput = z.object({
  subjectZh: subjectField,
  subjectEn: subjectField,
  bodyZh: z.string().trim().min(1, 'mail:bodyRequired').max(100_000, 'mail:bodyTooLong'),
  bodyEn: z.string().trim().min(1, 'mail:bodyRequired').max(100_000, 'mail:bodyTooLong'),
});

export type TemplateView = MailText & { kind: MailKind; placeholders: string[]; custom: boolean };

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Statuses the log's filter takes together (the overview counts them so, issue 33). */
export const MAIL_STATUS_GROUPS = {
  unsent: ['queued', 'sending'],
  delivered: ['sent', 'kept'],
} as const satisfies Record<string, readonly MailStatus[]>;
const logDay = z.string().refine(isRealDay, 'commonMsg.invalidInput');
/** The log's filter: a status or a group of them, the local days the message was queued on. */
export const mailLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...MAIL_STATUSES, 'unsent', 'delivered']).optional(),
  from: logDay.optional(),
  to: logDay.optional(),
});
export type MailLogFilter = Omit<z.output<typeof mailLogQuery>, 'page' | 'size'>;

export type MailLogRow = {
  id: number;
  to: string;
  subject: string;
  kind: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
export type MailLogPage = { rows: MailLogRow[]; total: number };

/**
 * One message of the log, opened: every recipient, and the message as it went — except what must
 * stay secret from managers (`withheld`: a verification code's mail; an activation link's key is
 * masked).
 */
export type MailLogMessage = MailLogRow & {
  toList: string[];
  bccList: string[];
  html: string | null;
  text: string;
  withheld: boolean;
};

const kindParam = z.object({ kind: z.enum(MAIL_KINDS, { message: 'mail:kindInvalid' }) });

const CONFIG = '/conference/platform/config/email';
const LOG = '/conference/platform/mail/log';

export const mailApi = {
  config: endpoint<MailConfigView | null>()({ method: 'GET', path: CONFIG }),
  saveConfig: endpoint<MailConfigView>()({ method: 'POST', path: CONFIG, body: mailConfigInput, done: 'mail:saved' }),
  /** sends a test message with the given settings, saved or not */
  test: endpoint()({
    method: 'POST',
    path: `${CONFIG}/test`,
    body: z.object({ to: emailField, settings: mailConfigInput }),
    done: 'mail:testSent',
  }),
  templates: endpoint<TemplateView[]>()({ method: 'GET', path: `${CONFIG}/templates` }),
  saveTemplate: endpoint<TemplateView[]>()({
    method: 'POST',
    path: `${CONFIG}/templates/:kind`,
    params: kindParam,
    body: templateInput,
    done: 'mail:saved',
  }),
  resetTemplate: endpoint<TemplateView[]>()({
    method: 'POST',
    path: `${CONFIG}/templates/:kind/reset`,
    params: kindParam,
    done: 'mail:resetDone',
  }),
  /** the text filled with sample values */
  preview: endpoint<{ subject: string; html: string; text: string }>()({
    method: 'POST',
    path: `${CONFIG}/templates/:kind/preview`,
    params: kindParam,
    body: templateInput.extend({ lang: z.enum(LANGS) }),
  }),
  log: endpoint<MailLogPage>()({
    method: 'GET',
    path: LOG,
    query: mailLogQuery,
  }),
  message: endpoint<MailLogMessage>()({
    method: 'GET',
    path: `${LOG}/:id`,
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive('mail:messageNotFound')
        .max(2 ** 31, 'mail:messageNotFound'),
    }),
  }),
  /** a failed message queued again, through the mail gate as a new one */
  resend: endpoint()({
    method: 'POST',
    path: `${LOG}/:id/resend`,
    params: z.object({ id: z.coerce.number().int().positive('commonMsg.notFound') }),
    done: 'mail:requeued',
  }),
};
