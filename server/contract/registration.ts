/**
 * Conference registration (spec 3 "Registration form (user) config", 5 "Conference registration
 * form"): the basic configuration, the managers' queries of registrants, and the registration
 * API's endpoints. The form's items are ./registrationForm.ts, its rules and the answers' check
 * ./registrationRules.ts. Shared by the server and the islands. No Node imports here.
 */
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { orEmpty } from './validation';
import { DEFAULT_VERSION, registrationFormApi } from './registrationForm';
import type { FormOption, FormRules } from './registrationForm';
import { endpoint, type AnswerOf, type Download, type Method } from './endpoint';
import {
  REGISTRANT_PAGE_SIZE,
  type EdugainInfo,
  type FormVersionView,
  type RegistrantContentPage,
  type RegistrantDetails,
  type RegistrantPage,
} from './registrants';
import { DATE_PATTERN, optionSchema, versionCode } from './registrationRules';

export {
  COMMON_ITEMS,
  CUSTOM_TYPES,
  FIELD_MODES,
  DEFAULT_VERSION,
  CHOICE_TYPES,
  LIST_TYPES,
  OPTION_TYPES,
  FILE_TYPES,
  NAME_PARTS,
  PHONE_PATTERN,
  MAX_TEXT,
  MAX_FILES_PER_ITEM,
} from './registrationForm';
export type {
  CommonItem,
  CustomType,
  ItemType,
  FieldMode,
  FormOption,
  FormItem,
  FormRules,
  Answer,
  Answers,
} from './registrationForm';

// ── the basic configuration ─────────────────────────────────────────────────────────────

export const REGISTER_RULES = [
  'REGISTER_FIRST_AND_PAY_LATER',
  'SUBMIT_FIRST_AND_PAY_LATER',
  'PAY_FIRST_AND_SUBMIT',
] as const;
export type RegisterRule = (typeof REGISTER_RULES)[number];

/** Without a configured cap the registration holds at most this many (spec 9). */
export const DEFAULT_REGISTER_CAP = 1000;

const dateOnly = z.union([z.literal(''), z.string().regex(DATE_PATTERN, 'registration:dateInvalid')]);

export const basicConfigSchema = z
  .object({
    registerStartDate: dateOnly,
    registerEndDate: dateOnly,
    registerInstructionsZh: z.string().max(50_000, 'registration:instructionsTooLong'),
    registerInstructionsEn: z.string().max(50_000, 'registration:instructionsTooLong'),
    registerRule: z.enum(REGISTER_RULES, { message: 'registration:ruleInvalid' }),
    costsSet: z.boolean(),
    registerFlag: z.boolean(),
    registerNum: z
      .number()
      .int('registration:capInvalid')
      .min(0, 'registration:capInvalid')
      .max(1_000_000, 'registration:capInvalid'),
    codePrefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,16}$/, 'registration:prefixInvalid'),
    moduleOn: z.boolean(),
    // Issue 18: attendees change their registration after the window closed; attendees withdraw it.
    editAfterClose: z.boolean().default(false),
    allowWithdraw: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if ((v.registerStartDate === '') !== (v.registerEndDate === ''))
      ctx.addIssue({ code: 'custom', message: 'registration:datesBoth', path: ['registerEndDate'] });
    if (v.registerStartDate && v.registerEndDate && v.registerStartDate > v.registerEndDate)
      ctx.addIssue({ code: 'custom', message: 'registration:datesOrder', path: ['registerEndDate'] });
    if (v.registerFlag && v.registerNum < 1)
      ctx.addIssue({ code: 'custom', message: 'registration:capInvalid', path: ['registerNum'] });
  });
export type BasicConfig = z.infer<typeof basicConfigSchema>;

/** Whether an attendee may still change their own registration (the window, or the manager's choice after it). */
export function ownChangesOpen(
  cfg: { registerStartDate: string; registerEndDate: string; moduleOn: boolean; editAfterClose: boolean },
  today: string,
): boolean {
  return windowOpen(cfg, today) || (cfg.editAfterClose && cfg.moduleOn);
}

/** The registration window (spec 4): open on and between the two days, in the conference's zone. */
export function windowOpen(
  cfg: { registerStartDate: string; registerEndDate: string; moduleOn: boolean },
  today: string,
): boolean {
  if (!cfg.moduleOn) return false;
  if (!cfg.registerStartDate || !cfg.registerEndDate) return false;
  return today >= cfg.registerStartDate && today <= cfg.registerEndDate;
}

// ── the API (spec 7 "Conference users", "Registration configuration") ─────────────────────

const answersField = z.record(
  z.string().max(40),
  z.union([z.string().max(5000, 'registration:answerInvalid'), z.array(z.string().max(300)).max(50)]),
  { message: 'commonMsg.invalidInput' },
);
const registrantId = z.coerce
  .number({ message: 'registration:registrantNotFound' })
  .int()
  .positive('registration:registrantNotFound')
  .max(2 ** 31);
const idQuery = z.object({ id: registrantId });

const listDay = z.string().refine(isRealDay, 'commonMsg.invalidInput');
/**
 * The filters beside the keyword and e-mail (issue 33, what the overview's charts count): the
 * country or region as stored (NO_COUNTRY: none given), the unit exactly, the local days of
 * registration, the form version.
 */
const registrantFilters = {
  country: z.string().trim().max(100).optional(),
  unit: z.string().trim().max(200).optional(),
  from: listDay.optional(),
  to: listDay.optional(),
  version: versionCode.optional(),
};
/** The country filter's value for registrants who gave none. */
export const NO_COUNTRY = '-';

/** A search of the registrant list; an empty body is the first page of everyone. */
export const registrantQuery = orEmpty(
  z.object({
    name: z.string().trim().max(100).optional().default(''),
    email: z.string().trim().max(254).optional().default(''),
    ...registrantFilters,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(200).default(REGISTRANT_PAGE_SIZE),
  }),
);

/** The registrants an export is for: the given ids, or everyone matching the search. */
export const registrantSelection = orEmpty(
  z.object({
    ids: z.array(registrantId).max(5000, 'registration:tooManySelected').optional(),
    name: z.string().max(100).optional(),
    email: z.string().max(254).optional(),
    ...registrantFilters,
  }),
);
export type RegistrantSelection = z.output<typeof registrantSelection>;

const USER = '/conference/conferenceUser';
const FORM = '/conference/conferenceRegUserConfig';
const BASIC = '/conference/admin/register/config/basic';

const form = registrationFormApi;
/** An endpoint's method, path and success message, to be given its schemas. */
const pathOf = <M extends Method, P extends string>(e: { method: M; path: P; done?: string }) => ({
  method: e.method,
  path: e.path,
  ...(e.done ? { done: e.done } : {}),
});

export const registrationApi = {
  // the person's own registration
  // The form's own endpoints (registrationForm.ts, zod-free for the attendee's page) with their schemas.
  register: endpoint<AnswerOf<typeof form.register>>()({
    ...pathOf(form.register),
    body: z.object({
      version: versionCode.default(DEFAULT_VERSION),
      answers: answersField,
      noticeAccepted: z.boolean().optional(),
    }),
  }),
  updateOwn: endpoint()({ ...pathOf(form.updateOwn), body: z.object({ answers: answersField }) }),
  /** the person withdraws their own registration, when the managers allow it (issue 18) */
  withdrawOwn: form.withdrawOwn,
  /** multipart, one file; answers 'temp/' + the stored name */
  tempUpload: endpoint<string>()({
    ...pathOf(form.tempUpload),
    query: z.object({ kind: z.enum(['attachment', 'photo']).default('attachment') }),
  }),
  count: endpoint<number>()({ method: 'POST', path: `${USER}/countUser` }),
  checkRegistered: endpoint<boolean>()({
    method: 'GET',
    path: `${USER}/checkRegisteredUser`,
    query: z.object({ email: z.string().max(254).optional() }),
  }),
  currentVersion: endpoint<{ data: string }>()({ method: 'GET', path: `${USER}/getCurrentVersion` }),
  edugainInfo: endpoint<EdugainInfo>()({ method: 'POST', path: `${USER}/getEdugainInfo` }),

  // managers: registrants
  add: endpoint<AnswerOf<typeof form.add>>()({
    ...pathOf(form.add),
    body: z.object({ version: versionCode.default(DEFAULT_VERSION), answers: answersField }),
  }),
  update: endpoint()({ ...pathOf(form.update), body: z.object({ id: registrantId, answers: answersField }) }),
  remove: endpoint()({ method: 'DELETE', path: USER, query: idQuery, done: 'registration:deleted' }),
  find: endpoint<RegistrantPage>()({ method: 'POST', path: `${USER}/findByQuery`, body: registrantQuery }),
  pageQuery: endpoint<RegistrantContentPage>()({ method: 'POST', path: `${USER}/pageQuery`, body: registrantQuery }),
  details: endpoint<RegistrantDetails>()({ method: 'GET', path: `${USER}/details`, query: idQuery }),
  findByEmail: endpoint<RegistrantDetails | null>()({
    method: 'GET',
    path: `${USER}/findUserByConferenceIdAndEmail`,
    query: z.object({ email: z.string().trim().min(1, 'emailFormatError').max(254) }),
  }),
  mailConfigured: endpoint<boolean>()({ method: 'GET', path: `${USER}/checkEmailConfigByConference` }),
  /** type 'NotAll': to the given ids; '': to every registrant */
  sendMail: endpoint<{ recipients: number; messages: number }>()({
    method: 'POST',
    path: `${USER}/sendEmail`,
    body: z.object({
      data: z.object({
        type: z.enum(['NotAll', '']),
        ids: z.array(registrantId).max(5000).optional(),
        title: z.string().trim().min(1, 'registration:mailTitleRequired').max(200, 'registration:mailTitleTooLong'),
        content: z
          .string()
          .trim()
          .min(1, 'registration:mailContentRequired')
          .max(20_000, 'registration:mailContentTooLong'),
      }),
    }),
    done: 'registration:sendMsg',
  }),

  // managers: exports
  badges: endpoint<Download>()({ method: 'POST', path: `${USER}/exportPdf`, body: registrantSelection }),
  excel: endpoint<Download>()({ method: 'POST', path: `${USER}/download/excel`, body: registrantSelection }),
  allFiles: endpoint<Download>()({ method: 'POST', path: `${USER}/download/allFiles`, body: registrantSelection }),
  downloadToken: endpoint<{ token: string }>()({ method: 'POST', path: `${USER}/download/token` }),
  /** a urlencoded form posted into a new tab: data = JSON [{name, field}], access_token from downloadToken */
  downloadFiles: endpoint<Download>()({
    method: 'POST',
    path: `${USER}/download/files`,
    body: orEmpty(z.object({ data: z.string().max(60_000), access_token: z.string().max(100) })),
  }),

  // managers: the configuration (reading a version's form is public: the registration page needs it)
  basic: endpoint<BasicConfigView>()({ method: 'GET', path: `${BASIC}/find` }),
  saveBasic: endpoint<BasicConfigView>()({
    method: 'POST',
    path: `${BASIC}/save`,
    body: basicConfigSchema,
    done: 'registration:saved',
  }),
  versions: endpoint<FormVersionView[]>()({ method: 'GET', path: `${FORM}/getRuleVersion` }),
  rules: endpoint<RulesView>()({
    method: 'GET',
    path: `${FORM}/getRuleByConference`,
    query: z.object({ version: z.union([z.literal(''), versionCode]).optional() }),
  }),
  // The form itself is checked when saved, against formRulesSchema, so that an item's error names it ('items.3').
  saveRules: endpoint<FormVersionView[]>()({
    method: 'POST',
    path: `${FORM}/saveRules`,
    body: z.object({ version: versionCode, rules: z.custom<FormRules>(), confirmAnswered: z.boolean().optional() }),
    done: 'registration:saved',
  }),
  copyRules: endpoint<FormVersionView[]>()({
    method: 'POST',
    path: `${FORM}/copyRules`,
    body: z.object({ from: versionCode, to: versionCode }),
    done: 'registration:saved',
  }),
  deleteRules: endpoint<FormVersionView[]>()({
    method: 'DELETE',
    path: `${FORM}/deleteRules`,
    query: z.object({ version: versionCode }),
    done: 'registration:deleted',
  }),
  options: endpoint<FormOption[]>()({
    method: 'GET',
    path: `${FORM}/findByField`,
    query: z.object({ version: versionCode.default(DEFAULT_VERSION), field: z.string().min(1).max(40) }),
  }),
  saveOptions: endpoint<FormOption[]>()({
    method: 'POST',
    path: `${FORM}/saveOptions`,
    body: z.object({
      version: versionCode.default(DEFAULT_VERSION),
      field: z.string().max(40),
      options: z.array(optionSchema).max(200),
    }),
    done: 'registration:saved',
  }),
  saveCountries: endpoint<string[]>()({
    method: 'POST',
    path: `${FORM}/saveCountryOptions`,
    body: z.object({ version: versionCode.default(DEFAULT_VERSION), countries: z.array(z.string().max(100)).max(300) }),
    done: 'registration:saved',
  }),
  /** id = '<field>:<value>' names one option of the version's item */
  deleteOption: endpoint<FormOption[]>()({
    method: 'DELETE',
    path: `${FORM}/deleteOptions`,
    query: z.object({
      version: versionCode.default(DEFAULT_VERSION),
      id: z.string().regex(/^[A-Za-z0-9_]{1,40}:.{1,100}$/, 'commonMsg.invalidInput'),
    }),
    done: 'registration:deleted',
  }),
};

/** The basic tab as the server answers it: the saved settings, and the count against the cap. */
export type BasicConfigView = BasicConfig & { registered: number; cap: number; windowOpen: boolean; timeZone: string };

/** A form version's rules as the configuration answers them. */
export type RulesView = { version: string; data: string; rules: FormRules };
