/**
 * What the configuration's tabs share: the translator's type, date fields kept as 'YYYY-MM-DD'
 * strings (the contract's calendar days), the success text each endpoint declares, and one way to
 * show a server error: on its field when the form has that field, as a toast otherwise.
 */
import dayjs from 'dayjs';
import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../shared/api';
import { SCROLL_TO_FIELD } from '../shared/AntdRoot';
import { errorText } from '../shared/orderText';
import type { T } from '../shared/i18n';

export type { T };
type Toast = { error: (text: string) => unknown };

/** A DatePicker whose form value is 'YYYY-MM-DD' ('' when empty). */
export const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

/** The endpoint's own success message (the contract's `done`), so the toast says what the server says. */
export function doneText(endpoint: { done?: string }, t: T): string {
  return t(endpoint.done ?? 'submissions:saved');
}

/**
 * A server error on the field it names (the server joins a zod path with dots), scrolled into view
 * below the site's sticky menu; `alias` maps a field the server names to the form's own path.
 */
export function showError(
  err: unknown,
  t: T,
  toast: Toast,
  form?: FormInstance,
  fields: ReadonlyArray<string> = [],
  alias: Record<string, string> = {},
): void {
  if (form && err instanceof ApiError && err.field) {
    const name = alias[err.field] ?? err.field;
    if (fields.includes(name)) {
      const path = name.split('.');
      form.setFields([{ name: path, errors: [t(err.messageKey, err.params)] }]);
      form.scrollToField(path, SCROLL_TO_FIELD);
      return;
    }
  }
  toast.error(errorText(err, t));
}

/** The order of a session or item: optional (0 when empty), else a whole number 0–9999 as the contract says. */
export function sortRules(t: T): FormRule[] {
  return [{ type: 'integer', min: 0, max: 9999, message: t('submissions:sortInvalid') }];
}
