/**
 * The conference registration form (spec 3 "Registration form (user) config", 5 "Conference
 * registration form"): its items, the answers a registrant gives, and the one function that
 * checks answers against a form. Shared by the server (which enforces it) and the islands
 * (which show the same messages early); and the registration API's endpoints. No Node imports here.
 */
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { orEmpty } from './validation';
import { EMAIL_PATTERN } from './patterns';
import { COMMON_ITEMS, CUSTOM_TYPES, FIELD_MODES, DEFAULT_VERSION, CHOICE_TYPES, LIST_TYPES, OPTION_TYPES, FILE_TYPES, NAME_PARTS, PHONE_PATTERN, MAX_TEXT, MAX_FILES_PER_ITEM, registrationFormApi } from './registrationForm';
import type { CommonItem, ItemType, FormOption, FormItem, FormRules, Answer, Answers } from './registrationForm';
import { PROVINCE_NAMES } from './provinces';
import { zhOrEn } from './bilingual';
import { endpoint, type AnswerOf, type Download, type Method } from './endpoint';
import { REGISTRANT_PAGE_SIZE, type EdugainInfo, type FormVersionView, type RegistrantContentPage, type RegistrantDetails, type RegistrantPage } from './registrants';

export { COMMON_ITEMS, CUSTOM_TYPES, FIELD_MODES, DEFAULT_VERSION, CHOICE_TYPES, LIST_TYPES, OPTION_TYPES, FILE_TYPES, NAME_PARTS, PHONE_PATTERN, MAX_TEXT, MAX_FILES_PER_ITEM } from './registrationForm';
export type { CommonItem, CustomType, ItemType, FieldMode, FormOption, FormItem, FormRules, Answer, Answers } from './registrationForm';

const COMMON_TYPE: Record<CommonItem, ItemType> = {
  name: 'name', email: 'email', tel: 'input', country: 'country', unit: 'unit', post: 'input', gender: 'radio', birthDay: 'date',
  idCard: 'input', passport: 'input', profile: 'input', fax: 'input', address: 'textarea', comment: 'textarea', photo: 'photo',
};

const COMMON_TITLES: Record<CommonItem, [zh: string, en: string]> = {
  name: ['姓名', 'Name'], email: ['邮箱', 'E-mail'], tel: ['手机号码', 'Phone'], country: ['国家/地区', 'Country/Region'],
  unit: ['单位', 'Organization'], post: ['职务/职称', 'Position'], gender: ['性别', 'Gender'], birthDay: ['出生日期', 'Date of birth'],
  idCard: ['身份证号', 'ID card number'], passport: ['护照号', 'Passport number'], profile: ['个人主页', 'Homepage'], fax: ['传真', 'Fax'],
  address: ['通讯地址', 'Address'], comment: ['备注', 'Comment'], photo: ['照片', 'Photo'],
};

const GENDER_OPTIONS: FormOption[] = [
  { value: 'male', zh: '男', en: 'Male' },
  { value: 'female', zh: '女', en: 'Female' },
];

/** A fresh form: name, e-mail, phone, country and organisation required; the rest hidden. */
export function defaultRules(): FormRules {
  const required = new Set<CommonItem>(['name', 'email', 'tel', 'country', 'unit']);
  return {
    nameStyle: 'full',
    countries: [],
    items: COMMON_ITEMS.map((field) => ({
      field,
      custom: false,
      type: COMMON_TYPE[field],
      titleZh: COMMON_TITLES[field][0],
      titleEn: COMMON_TITLES[field][1],
      mode: required.has(field) ? 'required' : 'hidden',
      options: field === 'gender' ? GENDER_OPTIONS : [],
    })),
  };
}

// ── the form as a manager saves it ─────────────────────────────────────────────────────

const title = z.string().trim().max(100, 'registration:titleTooLong');
const optionSchema = z.object({
  value: z.string().trim().min(1, 'registration:optionValueRequired').max(100, 'registration:titleTooLong'),
  zh: z.string().trim().max(200, 'registration:titleTooLong'),
  en: z.string().trim().max(200, 'registration:titleTooLong'),
});
const itemSchema = z.object({
  field: z.string().regex(/^(c_[A-Za-z0-9]{1,30}|[a-zA-Z]{2,20})$/, 'registration:fieldInvalid'),
  custom: z.boolean(),
  type: z.enum([...CUSTOM_TYPES, 'email', 'name', 'country', 'unit', 'photo'], { message: 'registration:typeInvalid' }),
  titleZh: title,
  titleEn: title,
  mode: z.enum(FIELD_MODES, { message: 'registration:modeInvalid' }),
  options: z.array(optionSchema).max(200, 'registration:tooManyOptions').default([]),
});

export const formRulesSchema = z
  .object({
    nameStyle: z.enum(['full', 'split']),
    countries: z.array(z.string().max(100)).max(300),
    items: z.array(itemSchema).min(1).max(80, 'registration:tooManyItems'),
  })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.items.forEach((item, i) => {
      const path = ['items', i];
      if (seen.has(item.field)) ctx.addIssue({ code: 'custom', message: 'registration:duplicateField', path });
      seen.add(item.field);
      if (!item.titleZh && !item.titleEn) ctx.addIssue({ code: 'custom', message: 'registration:titleRequired', path });
      if (item.custom !== item.field.startsWith('c_')) ctx.addIssue({ code: 'custom', message: 'registration:fieldInvalid', path });
      if (!item.custom) {
        const common = item.field as CommonItem;
        if (!COMMON_ITEMS.includes(common) || COMMON_TYPE[common] !== item.type) ctx.addIssue({ code: 'custom', message: 'registration:fieldInvalid', path });
        // The e-mail is the registrant's identity, and the name is who they are.
        if ((common === 'email' || common === 'name') && item.mode !== 'required') ctx.addIssue({ code: 'custom', message: 'registration:alwaysRequired', path });
      } else if (!(CUSTOM_TYPES as readonly string[]).includes(item.type)) {
        ctx.addIssue({ code: 'custom', message: 'registration:typeInvalid', path });
      }
      if (OPTION_TYPES.has(item.type) && item.options.length === 0 && item.mode !== 'hidden') ctx.addIssue({ code: 'custom', message: 'registration:optionsRequired', path });
      const values = new Set(item.options.map((o) => o.value));
      if (values.size !== item.options.length) ctx.addIssue({ code: 'custom', message: 'registration:duplicateOption', path });
    });
    for (const field of ['name', 'email']) {
      if (!seen.has(field)) ctx.addIssue({ code: 'custom', message: 'registration:alwaysRequired', path: ['items'] });
    }
  });

/** Version codes: letters, digits, '-' and '_' (they appear in URLs: /conferenceRegister?version=). */
export const versionCode = z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, 'registration:versionInvalid');

// ── answers ────────────────────────────────────────────────────────────────────────────


export type AnswerError = { field: string; key: string; params?: Record<string, string> };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The answer keys a form accepts: the items shown, with the name split into its parts. */
export function answerKeys(rules: FormRules): string[] {
  const keys: string[] = [];
  for (const item of rules.items) {
    if (item.mode === 'hidden') continue;
    if (item.field === 'name') keys.push(...NAME_PARTS[rules.nameStyle]);
    else keys.push(item.field);
  }
  return keys;
}

function isBlank(value: Answer | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

function titleOf(item: FormItem, lang: 'zh' | 'en'): string {
  return zhOrEn(item.titleZh, item.titleEn, lang) || item.field;
}

/** Checks one item's answer; the name item checks its parts. */
function checkItem(rules: FormRules, item: FormItem, answers: Answers, lang: 'zh' | 'en', allowedCountries: ReadonlySet<string> | null): AnswerError | null {
  const label = titleOf(item, lang);
  if (item.field === 'name') {
    // Full name, or first and last name (the middle name is optional).
    const parts = rules.nameStyle === 'full' ? ['fullName'] : ['firstName', 'lastName'];
    for (const part of parts) {
      const value = answers[part];
      if (isBlank(value)) return { field: part, key: 'registration:pleaseInput', params: { title: label } };
    }
    for (const part of NAME_PARTS[rules.nameStyle]) {
      const value = answers[part];
      if (value !== undefined && (typeof value !== 'string' || value.length > 100)) return { field: part, key: 'nameTooLong' };
    }
    return null;
  }
  const value = answers[item.field];
  const choice = CHOICE_TYPES.has(item.type);
  if (isBlank(value)) {
    if (item.mode !== 'required') return null;
    return { field: item.field, key: choice ? 'registration:pleaseSelect' : 'registration:pleaseInput', params: { title: label } };
  }
  const list = LIST_TYPES.has(item.type);
  if (list !== Array.isArray(value)) return { field: item.field, key: 'registration:answerInvalid', params: { title: label } };
  const invalid = { field: item.field, key: 'registration:answerInvalid', params: { title: label } };
  if (Array.isArray(value)) {
    if (value.some((v) => typeof v !== 'string')) return invalid;
    if (FILE_TYPES.has(item.type)) return value.length > MAX_FILES_PER_ITEM ? invalid : null;
    if (new Set(value).size !== value.length) return invalid;
    const allowed = new Set(item.options.map((o) => o.value));
    return value.every((v) => allowed.has(v)) ? null : invalid;
  }
  const text = value.trim();
  if (OPTION_TYPES.has(item.type)) return item.options.some((o) => o.value === text) ? null : invalid;
  if (item.type === 'email') return EMAIL_PATTERN.test(text) ? null : { field: item.field, key: 'emailFormatError' };
  if (item.field === 'tel') return PHONE_PATTERN.test(text) ? null : { field: item.field, key: 'phoneRequire' };
  if (item.type === 'country') return !allowedCountries || allowedCountries.has(text) ? null : invalid;
  if (item.type === 'date') return DATE_PATTERN.test(text) && !Number.isNaN(Date.parse(text)) ? null : invalid;
  if (item.type === 'city') return PROVINCE_NAMES.has(text) ? null : invalid;
  const max = item.type === 'textarea' ? MAX_TEXT.textarea : MAX_TEXT.input;
  return text.length <= max ? null : { field: item.field, key: 'registration:tooLong', params: { title: label, max: String(max) } };
}

/**
 * The first problem with `answers` for this form, or null. An answer for a field the form
 * does not show (another version's field, a hidden item, an unknown key) is refused.
 * `countries` is the full list of country names (for forms that allow all of them).
 */
export function checkAnswers(rules: FormRules, answers: Answers, lang: 'zh' | 'en', countries: ReadonlySet<string>): AnswerError | null {
  const accepted = new Set(answerKeys(rules));
  for (const key of Object.keys(answers)) {
    if (!accepted.has(key)) return { field: key, key: 'registration:unknownField' };
  }
  const allowed = rules.countries.length ? new Set(rules.countries.filter((c) => countries.has(c))) : countries;
  for (const item of rules.items) {
    if (item.mode === 'hidden') continue;
    const problem = checkItem(rules, item, answers, lang, allowed);
    if (problem) return problem;
  }
  return null;
}

/** The name shown for a registrant (spec 2.12): fullName, else first middle last, else the account name. */
export function displayName(r: { fullName?: string | null; firstName?: string | null; middleName?: string | null; lastName?: string | null; userName?: string | null }): string {
  if (r.fullName?.trim()) return r.fullName.trim();
  const parts = [r.firstName, r.middleName, r.lastName].map((p) => p?.trim()).filter(Boolean);
  if (parts.length) return parts.join(' ');
  return r.userName?.trim() ?? '';
}

// ── the basic configuration ─────────────────────────────────────────────────────────────

export const REGISTER_RULES = ['REGISTER_FIRST_AND_PAY_LATER', 'SUBMIT_FIRST_AND_PAY_LATER', 'PAY_FIRST_AND_SUBMIT'] as const;
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
    registerNum: z.number().int('registration:capInvalid').min(0, 'registration:capInvalid').max(1_000_000, 'registration:capInvalid'),
    codePrefix: z.string().trim().regex(/^[A-Za-z0-9_-]{0,16}$/, 'registration:prefixInvalid'),
    moduleOn: z.boolean(),
    // Issue 18: attendees change their registration after the window closed; attendees withdraw it.
    editAfterClose: z.boolean().default(false),
    allowWithdraw: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if ((v.registerStartDate === '') !== (v.registerEndDate === '')) ctx.addIssue({ code: 'custom', message: 'registration:datesBoth', path: ['registerEndDate'] });
    if (v.registerStartDate && v.registerEndDate && v.registerStartDate > v.registerEndDate) ctx.addIssue({ code: 'custom', message: 'registration:datesOrder', path: ['registerEndDate'] });
    if (v.registerFlag && v.registerNum < 1) ctx.addIssue({ code: 'custom', message: 'registration:capInvalid', path: ['registerNum'] });
  });
export type BasicConfig = z.infer<typeof basicConfigSchema>;

/** Whether an attendee may still change their own registration (the window, or the manager's choice after it). */
export function ownChangesOpen(cfg: { registerStartDate: string; registerEndDate: string; moduleOn: boolean; editAfterClose: boolean }, today: string): boolean {
  return windowOpen(cfg, today) || (cfg.editAfterClose && cfg.moduleOn);
}

/** The registration window (spec 4): open on and between the two days, in the conference's zone. */
export function windowOpen(cfg: { registerStartDate: string; registerEndDate: string; moduleOn: boolean }, today: string): boolean {
  if (!cfg.moduleOn) return false;
  if (!cfg.registerStartDate || !cfg.registerEndDate) return false;
  return today >= cfg.registerStartDate && today <= cfg.registerEndDate;
}

// ── the API (spec 7 "Conference users", "Registration configuration") ─────────────────────

const answersField = z.record(z.string().max(40), z.union([z.string().max(5000, 'registration:answerInvalid'), z.array(z.string().max(300)).max(50)]), { message: 'commonMsg.invalidInput' });
const registrantId = z.coerce.number({ message: 'registration:registrantNotFound' }).int().positive('registration:registrantNotFound').max(2 ** 31);
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
export const registrantSelection = orEmpty(z.object({ ids: z.array(registrantId).max(5000, 'registration:tooManySelected').optional(), name: z.string().max(100).optional(), email: z.string().max(254).optional(), ...registrantFilters }));
export type RegistrantSelection = z.output<typeof registrantSelection>;

const USER = '/conference/conferenceUser';
const FORM = '/conference/conferenceRegUserConfig';
const BASIC = '/conference/admin/register/config/basic';

const form = registrationFormApi;
/** An endpoint's method, path and success message, to be given its schemas. */
const pathOf = <M extends Method, P extends string>(e: { method: M; path: P; done?: string }) => ({ method: e.method, path: e.path, ...(e.done ? { done: e.done } : {}) });

export const registrationApi = {
  // the person's own registration
  // The form's own endpoints (registrationForm.ts, zod-free for the attendee's page) with their schemas.
  register: endpoint<AnswerOf<typeof form.register>>()({
    ...pathOf(form.register),
    body: z.object({ version: versionCode.default(DEFAULT_VERSION), answers: answersField, noticeAccepted: z.boolean().optional() }),
  }),
  updateOwn: endpoint()({ ...pathOf(form.updateOwn), body: z.object({ answers: answersField }) }),
  /** the person withdraws their own registration, when the managers allow it (issue 18) */
  withdrawOwn: form.withdrawOwn,
  /** multipart, one file; answers 'temp/' + the stored name */
  tempUpload: endpoint<string>()({ ...pathOf(form.tempUpload), query: z.object({ kind: z.enum(['attachment', 'photo']).default('attachment') }) }),
  count: endpoint<number>()({ method: 'POST', path: `${USER}/countUser` }),
  checkRegistered: endpoint<boolean>()({ method: 'GET', path: `${USER}/checkRegisteredUser`, query: z.object({ email: z.string().max(254).optional() }) }),
  currentVersion: endpoint<{ data: string }>()({ method: 'GET', path: `${USER}/getCurrentVersion` }),
  edugainInfo: endpoint<EdugainInfo>()({ method: 'POST', path: `${USER}/getEdugainInfo` }),

  // managers: registrants
  add: endpoint<AnswerOf<typeof form.add>>()({ ...pathOf(form.add), body: z.object({ version: versionCode.default(DEFAULT_VERSION), answers: answersField }) }),
  update: endpoint()({ ...pathOf(form.update), body: z.object({ id: registrantId, answers: answersField }) }),
  remove: endpoint()({ method: 'DELETE', path: USER, query: idQuery, done: 'registration:deleted' }),
  find: endpoint<RegistrantPage>()({ method: 'POST', path: `${USER}/findByQuery`, body: registrantQuery }),
  pageQuery: endpoint<RegistrantContentPage>()({ method: 'POST', path: `${USER}/pageQuery`, body: registrantQuery }),
  details: endpoint<RegistrantDetails>()({ method: 'GET', path: `${USER}/details`, query: idQuery }),
  findByEmail: endpoint<RegistrantDetails | null>()({ method: 'GET', path: `${USER}/findUserByConferenceIdAndEmail`, query: z.object({ email: z.string().trim().min(1, 'emailFormatError').max(254) }) }),
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
        content: z.string().trim().min(1, 'registration:mailContentRequired').max(20_000, 'registration:mailContentTooLong'),
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
  downloadFiles: endpoint<Download>()({ method: 'POST', path: `${USER}/download/files`, body: orEmpty(z.object({ data: z.string().max(60_000), access_token: z.string().max(100) })) }),

  // managers: the configuration (reading a version's form is public: the registration page needs it)
  basic: endpoint<BasicConfigView>()({ method: 'GET', path: `${BASIC}/find` }),
  saveBasic: endpoint<BasicConfigView>()({ method: 'POST', path: `${BASIC}/save`, body: basicConfigSchema, done: 'registration:saved' }),
  versions: endpoint<FormVersionView[]>()({ method: 'GET', path: `${FORM}/getRuleVersion` }),
  rules: endpoint<RulesView>()({ method: 'GET', path: `${FORM}/getRuleByConference`, query: z.object({ version: z.union([z.literal(''), versionCode]).optional() }) }),
  // The form itself is checked when saved, against formRulesSchema, so that an item's error names it ('items.3').
  saveRules: endpoint<FormVersionView[]>()({ method: 'POST', path: `${FORM}/saveRules`, body: z.object({ version: versionCode, rules: z.custom<FormRules>(), confirmAnswered: z.boolean().optional() }), done: 'registration:saved' }),
  copyRules: endpoint<FormVersionView[]>()({ method: 'POST', path: `${FORM}/copyRules`, body: z.object({ from: versionCode, to: versionCode }), done: 'registration:saved' }),
  deleteRules: endpoint<FormVersionView[]>()({ method: 'DELETE', path: `${FORM}/deleteRules`, query: z.object({ version: versionCode }), done: 'registration:deleted' }),
  options: endpoint<FormOption[]>()({ method: 'GET', path: `${FORM}/findByField`, query: z.object({ version: versionCode.default(DEFAULT_VERSION), field: z.string().min(1).max(40) }) }),
  saveOptions: endpoint<FormOption[]>()({
    method: 'POST',
    path: `${FORM}/saveOptions`,
    body: z.object({ version: versionCode.default(DEFAULT_VERSION), field: z.string().max(40), options: z.array(optionSchema).max(200) }),
    done: 'registration:saved',
  }),
  saveCountries: endpoint<string[]>()({ method: 'POST', path: `${FORM}/saveCountryOptions`, body: z.object({ version: versionCode.default(DEFAULT_VERSION), countries: z.array(z.string().max(100)).max(300) }), done: 'registration:saved' }),
  /** id = '<field>:<value>' names one option of the version's item */
  deleteOption: endpoint<FormOption[]>()({
    method: 'DELETE',
    path: `${FORM}/deleteOptions`,
    query: z.object({ version: versionCode.default(DEFAULT_VERSION), id: z.string().regex(/^[A-Za-z0-9_]{1,40}:.{1,100}$/, 'commonMsg.invalidInput') }),
    done: 'registration:deleted',
  }),
};

/** The basic tab as the server answers it: the saved settings, and the count against the cap. */
export type BasicConfigView = BasicConfig & { registered: number; cap: number; windowOpen: boolean; timeZone: string };

/** A form version's rules as the configuration answers them. */
export type RulesView = { version: string; data: string; rules: FormRules };
