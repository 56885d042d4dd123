/**
 * The registration form's checks in the browser, with the messages of spec 5: required items,
 * lengths, the e-mail and phone formats. The server checks the same again (registration
 * service); this only saves a round trip and says it next to the field.
 */
import {
  CHOICE_TYPES,
  MAX_TEXT,
  NAME_PARTS,
  PHONE_PATTERN,
  type FormItem,
  type FormRules,
} from '../../server/contract/registrationForm';
import { EMAIL_PATTERN } from '../../server/contract/patterns';
import type { Lang } from './locale';
import type { T } from './i18n';

export type { T };
type Value = string | string[] | boolean | undefined;

export const NAME_LABELS: Record<string, string> = {
  fullName: 'registration:fullName',
  firstName: 'registration:firstName',
  middleName: 'registration:middleName',
  lastName: 'registration:lastName',
};
const NAME_MAX = 100;

export function itemTitle(item: FormItem, lang: Lang): string {
  return (lang === 'en' ? item.titleEn || item.titleZh : item.titleZh || item.titleEn) || item.field;
}

export function optionLabel(o: { zh: string; en: string; value: string }, lang: Lang): string {
  return (lang === 'en' ? o.en || o.zh : o.zh || o.en) || o.value;
}

const isEmpty = (v: Value) => (Array.isArray(v) ? v.length === 0 : typeof v !== 'string' || v.trim() === '');

/** The message for one field of an item (a name item has several fields), or null. */
function checkItem(item: FormItem, field: string, value: Value, lang: Lang, t: T): string | null {
  if (item.type === 'name') {
    const label = t(NAME_LABELS[field]);
    if (field !== 'middleName' && isEmpty(value)) return t('registration:pleaseInput', { title: label });
    return typeof value === 'string' && value.length > NAME_MAX ? t('nameTooLong') : null;
  }
  if (item.type === 'email')
    return typeof value === 'string' && EMAIL_PATTERN.test(value) ? null : t('emailFormatError');
  const title = itemTitle(item, lang);
  if (item.mode === 'required' && isEmpty(value))
    return t(CHOICE_TYPES.has(item.type) ? 'registration:pleaseSelect' : 'registration:pleaseInput', { title });
  if (typeof value !== 'string' || value === '') return null;
  if (item.field === 'tel' && !CHOICE_TYPES.has(item.type) && !PHONE_PATTERN.test(value)) return t('phoneRequire');
  const max = item.type === 'textarea' ? MAX_TEXT.textarea : MAX_TEXT.input;
  if (!CHOICE_TYPES.has(item.type) && item.type !== 'date' && value.length > max)
    return t('registration:tooLong', { title, max });
  return null;
}

/** The fields an item fills: its own, or a name's parts. */
export function fieldsOf(item: FormItem, rules: FormRules): readonly string[] {
  return item.type === 'name' ? NAME_PARTS[rules.nameStyle] : [item.field];
}

/** Every shown field's message, by field (empty: the form can be sent). */
export function validateForm(
  rules: FormRules,
  values: Record<string, Value>,
  lang: Lang,
  t: T,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of rules.items) {
    if (item.mode === 'hidden') continue;
    for (const field of fieldsOf(item, rules)) {
      const message = checkItem(item, field, values[field], lang, t);
      if (message) errors[field] = message;
    }
  }
  return errors;
}

/** One field's message, when the person leaves it (the e-mail and the phone are checked then). */
export function validateField(rules: FormRules, field: string, value: Value, lang: Lang, t: T): string | null {
  const item = rules.items.find((i) => fieldsOf(i, rules).includes(field));
  return item ? checkItem(item, field, value, lang, t) : null;
}
