/**
 * The conference registration form's rules (spec 3 "Registration form (user) config", 5
 * "Conference registration form"): the default form, the schema a manager's form is saved with,
 * and the one function that checks a registrant's answers against a form. Shared by the server
 * (which enforces it) and the islands (which show the same messages early). No Node imports here.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './patterns';
import {
  COMMON_ITEMS,
  CUSTOM_TYPES,
  FIELD_MODES,
  CHOICE_TYPES,
  LIST_TYPES,
  OPTION_TYPES,
  FILE_TYPES,
  NAME_PARTS,
  PHONE_PATTERN,
  MAX_TEXT,
  MAX_FILES_PER_ITEM,
} from './registrationForm';
import type { CommonItem, ItemType, FormOption, FormItem, FormRules, Answer, Answers } from './registrationForm';
import { PROVINCE_NAMES } from './provinces';
import { zhOrEn } from './bilingual';

const COMMON_TYPE: Record<CommonItem, ItemType> = {
  name: 'name',
  email: 'email',
  tel: 'input',
  country: 'country',
  unit: 'unit',
  post: 'input',
  gender: 'radio',
  birthDay: 'date',
  idCard: 'input',
  passport: 'input',
  profile: 'input',
  fax: 'input',
  address: 'textarea',
  comment: 'textarea',
  photo: 'photo',
};

const COMMON_TITLES: Record<CommonItem, [zh: string, en: string]> = {
  name: ['姓名', 'Name'],
  email: ['邮箱', 'E-mail'],
  tel: ['手机号码', 'Phone'],
  country: ['国家/地区', 'Country/Region'],
  unit: ['单位', 'Organization'],
  post: ['职务/职称', 'Position'],
  gender: ['性别', 'Gender'],
  birthDay: ['出生日期', 'Date of birth'],
  idCard: ['身份证号', 'ID card number'],
  passport: ['护照号', 'Passport number'],
  profile: ['个人主页', 'Homepage'],
  fax: ['传真', 'Fax'],
  address: ['通讯地址', 'Address'],
  comment: ['备注', 'Comment'],
  photo: ['照片', 'Photo'],
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
export const optionSchema = z.object({
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
      if (item.custom !== item.field.startsWith('c_'))
        ctx.addIssue({ code: 'custom', message: 'registration:fieldInvalid', path });
      if (!item.custom) {
        const common = item.field as CommonItem;
        if (!COMMON_ITEMS.includes(common) || COMMON_TYPE[common] !== item.type)
          ctx.addIssue({ code: 'custom', message: 'registration:fieldInvalid', path });
        // The e-mail is the registrant's identity, and the name is who they are.
        if ((common === 'email' || common === 'name') && item.mode !== 'required')
          ctx.addIssue({ code: 'custom', message: 'registration:alwaysRequired', path });
      } else if (!(CUSTOM_TYPES as readonly string[]).includes(item.type)) {
        ctx.addIssue({ code: 'custom', message: 'registration:typeInvalid', path });
      }
      if (OPTION_TYPES.has(item.type) && item.options.length === 0 && item.mode !== 'hidden')
        ctx.addIssue({ code: 'custom', message: 'registration:optionsRequired', path });
      const values = new Set(item.options.map((o) => o.value));
      if (values.size !== item.options.length)
        ctx.addIssue({ code: 'custom', message: 'registration:duplicateOption', path });
    });
    for (const field of ['name', 'email']) {
      if (!seen.has(field)) ctx.addIssue({ code: 'custom', message: 'registration:alwaysRequired', path: ['items'] });
    }
  });

/** Version codes: letters, digits, '-' and '_' (they appear in URLs: /conferenceRegister?version=). */
export const versionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'registration:versionInvalid');

// ── answers ────────────────────────────────────────────────────────────────────────────

export type AnswerError = { field: string; key: string; params?: Record<string, string> };

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

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
function checkItem(
  rules: FormRules,
  item: FormItem,
  answers: Answers,
  lang: 'zh' | 'en',
  allowedCountries: ReadonlySet<string> | null,
): AnswerError | null {
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
      if (value !== undefined && (typeof value !== 'string' || value.length > 100))
        return { field: part, key: 'nameTooLong' };
    }
    return null;
  }
  const value = answers[item.field];
  const choice = CHOICE_TYPES.has(item.type);
  if (isBlank(value)) {
    if (item.mode !== 'required') return null;
    return {
      field: item.field,
      key: choice ? 'registration:pleaseSelect' : 'registration:pleaseInput',
      params: { title: label },
    };
  }
  const list = LIST_TYPES.has(item.type);
  if (list !== Array.isArray(value))
    return { field: item.field, key: 'registration:answerInvalid', params: { title: label } };
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
  return text.length <= max
    ? null
    : { field: item.field, key: 'registration:tooLong', params: { title: label, max: String(max) } };
}

/**
 * The first problem with `answers` for this form, or null. An answer for a field the form
 * does not show (another version's field, a hidden item, an unknown key) is refused.
 * `countries` is the full list of country names (for forms that allow all of them).
 */
export function checkAnswers(
  rules: FormRules,
  answers: Answers,
  lang: 'zh' | 'en',
  countries: ReadonlySet<string>,
): AnswerError | null {
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
export function displayName(r: {
  fullName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  userName?: string | null;
}): string {
  if (r.fullName?.trim()) return r.fullName.trim();
  const parts = [r.firstName, r.middleName, r.lastName].map((p) => p?.trim()).filter(Boolean);
  if (parts.length) return parts.join(' ');
  return r.userName?.trim() ?? '';
}
