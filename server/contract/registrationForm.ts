/**
 * The registration form as the attendee's island needs it, without zod: the items and their
 * types, the limits the form shows early, and the endpoints it calls (method and path; the body's
 * type only). The server's schemas for the same endpoints are in registration.ts, which builds
 * its endpoints from these and re-exports the rest. A public form page then loads no zod
 * (docs/performance.md). No Node imports here.
 */
import type { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint';

/** The common items a manager can switch between required, optional and hidden. */
export const COMMON_ITEMS = [
  'name',
  'email',
  'tel',
  'country',
  'unit',
  'post',
  'gender',
  'birthDay',
  'idCard',
  'passport',
  'profile',
  'fax',
  'address',
  'comment',
  'photo',
] as const;
export type CommonItem = (typeof COMMON_ITEMS)[number];

/** Custom item types (spec 9 "Registration-form custom item types"). */
export const CUSTOM_TYPES = [
  'input',
  'textarea',
  'date',
  'radio',
  'checkBox',
  'select',
  'multiSelect',
  'file',
  'city',
] as const;
export type CustomType = (typeof CUSTOM_TYPES)[number];

/** How an item is shown: every common and custom item has one of these. */
export type ItemType = CustomType | 'email' | 'name' | 'country' | 'unit' | 'photo';

export const FIELD_MODES = ['required', 'optional', 'hidden'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

export const DEFAULT_VERSION = 'default';

/** Types whose answer is picked from options, and whose message is 'please select'. */
export const CHOICE_TYPES: ReadonlySet<ItemType> = new Set<ItemType>([
  'radio',
  'checkBox',
  'select',
  'multiSelect',
  'country',
  'city',
]);
/** Types whose answer is a list. */
export const LIST_TYPES: ReadonlySet<ItemType> = new Set<ItemType>(['checkBox', 'multiSelect', 'file', 'photo']);
export const OPTION_TYPES: ReadonlySet<ItemType> = new Set<ItemType>(['radio', 'checkBox', 'select', 'multiSelect']);
export const FILE_TYPES: ReadonlySet<ItemType> = new Set<ItemType>(['file', 'photo']);

/** An option: the text shown (per language) and the value stored. */
export type FormOption = { value: string; zh: string; en: string };

export type FormItem = {
  /** a common item's key, or 'c_' + letters/digits for a custom item */
  field: string;
  custom: boolean;
  type: ItemType;
  titleZh: string;
  titleEn: string;
  mode: FieldMode;
  options: FormOption[];
};

export type FormRules = {
  /** the name as one full name, or first / middle / last name */
  nameStyle: 'full' | 'split';
  /** allowed countries by English name; empty means all */
  countries: string[];
  items: FormItem[];
};

/** The name parts a form asks for, by name style. */
export const NAME_PARTS = { full: ['fullName'], split: ['firstName', 'middleName', 'lastName'] } as const;

/** An answer: text, or a list (several choices, or stored file names). */
export type Answer = string | string[];
export type Answers = Record<string, Answer>;

/** 11 digits (a Chinese mobile number, spec 5), or an international '+' number of 6–15 digits. */
export const PHONE_PATTERN = /^(\d{11}|\+\d[\d -]{5,19})$/;
export const MAX_TEXT = { input: 200, textarea: 2000 } as const;
export const MAX_FILES_PER_ITEM = 5;

const USER = '/conference/conferenceUser';

/** Type only: what a body is as the caller gives it; the server's zod schema (registration.ts) checks it. */
type Body<T> = z.ZodType<unknown, T>;
type Post<P extends string, B, O = null> = Endpoint<'POST', P, Body<B>, undefined, undefined, O>;

/** The endpoints the registration form calls; registration.ts adds each one's schemas. */
export const registrationFormApi = {
  register: endpoint<{ code: string; redirect: string }>()({
    method: 'POST',
    path: USER,
    done: 'registration:success',
  }) as unknown as Post<
    typeof USER,
    { version?: string; answers: Answers; noticeAccepted?: boolean },
    { code: string; redirect: string }
  >,
  updateOwn: endpoint()({ method: 'PUT', path: USER, done: 'registration:saved' }) as unknown as Endpoint<
    'PUT',
    typeof USER,
    Body<{ answers: Answers }>
  >,
  withdrawOwn: endpoint()({ method: 'POST', path: `${USER}/withdraw`, done: 'registration:withdrawn' }),
  /** multipart, one file; answers 'temp/' + the stored name */
  tempUpload: endpoint<string>()({ method: 'POST', path: `${USER}/temp/upload` }) as unknown as Endpoint<
    'POST',
    `${typeof USER}/temp/upload`,
    undefined,
    Body<{ kind?: 'attachment' | 'photo' }>,
    undefined,
    string
  >,
  add: endpoint<{ id: number; code: string; mailed: boolean }>()({
    method: 'POST',
    path: `${USER}/addUser`,
    done: 'registration:added',
  }) as unknown as Post<
    `${typeof USER}/addUser`,
    { version?: string; answers: Answers },
    { id: number; code: string; mailed: boolean }
  >,
  update: endpoint()({ method: 'POST', path: `${USER}/updateUser`, done: 'registration:saved' }) as unknown as Post<
    `${typeof USER}/updateUser`,
    { id?: number; answers: Answers }
  >,
};
