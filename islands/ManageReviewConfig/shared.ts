/**
 * What the review configuration's tabs share: the translator's type, the contract's own zod
 * checks as form rules (so the browser says what the server would say, with the same keys), and
 * one way to show a server error: on its field when the form has that field, as a toast otherwise.
 */
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../shared/api';
import { SCROLL_TO_FIELD } from '../shared/AntdRoot';
import { errorText } from '../shared/orderText';
import type { T } from '../shared/i18n';

export type { T };
type Toast = { error: (text: string) => unknown };

/** The form's path of a field the contract names with dots: 'scores.2.max' → ['scores', 2, 'max'] (antd matches list indexes as numbers). */
export function pathOf(field: string): (string | number)[] {
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** A message under a field of the form, scrolled into view below the site's sticky menu. */
export function showOnField(form: FormInstance, field: string, text: string): void {
  const path = pathOf(field);
  form.setFields([{ name: path, errors: [text] }]);
  form.scrollToField(path, SCROLL_TO_FIELD);
}

/** A server error on the field it names when `fields` holds it, else a toast. */
export function showError(
  err: unknown,
  t: T,
  toast: Toast,
  form?: FormInstance,
  fields: ReadonlyArray<string> = [],
): void {
  if (form && err instanceof ApiError && err.field && fields.includes(err.field))
    return showOnField(form, err.field, t(err.messageKey, err.params));
  toast.error(errorText(err, t));
}

/**
 * A field checked by the contract's schema for it. `required` first: an emptied number box is
 * null, which the contract's z.coerce would read as 0 and might accept.
 */
export function schemaRules(schema: z.ZodType, t: T, required?: string): FormRule[] {
  const check: FormRule = {
    validator: async (_rule, value) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(t(parsed.error.issues[0]?.message ?? 'orders:failed'));
    },
  };
  return required ? [{ required: true, message: t(required) }, check] : [check];
}
