/**
 * Forms on the browser's own controls, laid out and drawn like antd's Form (public/app.css, `lf-*`),
 * without antd's form runtime: antd's Form with @rc-component/form and its validator is ~21 KB
 * gzipped, its Input ~15 KB more (issue 32). For the forms of the personal centre and of
 * reviewers, which check a few fields each.
 *
 * It keeps antd's ways, which the screens' tests and people know: a field is checked on every
 * change (and the fields that depend on it), a submit checks them all, marks each one wrong and
 * brings the first into view (the middle of the window, as AntdRoot's SCROLL_TO_FIELD) with the
 * focus; the ids are antd's `${form}_${field}`, the message is tied to its field for screen readers.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';

/** A check of one field: its message when the value is wrong, else nothing. */
export type Check<V> = (value: unknown, values: V) => string | null | undefined | false;
export type Checks<V> = { [K in keyof V]?: Array<Check<V>> };

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** antd's `required` with `whitespace`: spaces alone are empty; an empty list is empty. */
export const required =
  <V,>(message: string): Check<V> =>
  (v) =>
    blank(v) ? message : null;
/** antd's `pattern`: an empty value passes (`required` says it is missing). */
export const matches =
  <V,>(pattern: RegExp, message: string): Check<V> =>
  (v) =>
    typeof v === 'string' && v !== '' && !pattern.test(v) ? message : null;
/** antd's `max` for text. */
export const longest =
  <V,>(max: number, message: string): Check<V> =>
  (v) =>
    typeof v === 'string' && v.length > max ? message : null;

export type LightForm<V extends Record<string, unknown>> = {
  name: string;
  values: V;
  errors: Partial<Record<keyof V, string>>;
  /** the field's element id, antd's pattern */
  id: (field: keyof V & string) => string;
  /** a person's change: the value, then its check and those of the fields that depend on it */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  /** several values at once, unchecked (the form's own prefill) */
  setValues: (values: Partial<V>) => void;
  /** a message for a field (the server's, say), or none; the field gets the focus */
  setError: (field: keyof V, message: string | null) => void;
  /** messages for several fields at once (a server's refusal naming all it lacks); the first in the page gets the focus */
  setErrors: (found: Partial<Record<keyof V, string>>) => void;
  /** checks every field; the first wrong one (in the page's order) gets the focus, in view; true when none is */
  validate: () => boolean;
  /** checks one field now and shows its message; true when it passes */
  check: (field: keyof V) => boolean;
  /** the form's submit: checked first, `ok` only when every field passes */
  onSubmit: (ok: (values: V) => void) => (event: FormEvent) => void;
  /** what a text field or text area takes: id, value, change (and leave, for a field checked then), and its message's ties */
  text: (field: keyof V & string) => {
    id: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    onBlur?: () => void;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  };
  /** the ties of a control to its message (for controls of another kind) */
  aria: (field: keyof V & string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
};

export type LightFormOptions<V> = {
  /** the fields checked again when a field changes (antd's `dependencies`), e.g. the password's confirmation */
  dependents?: { [K in keyof V]?: Array<keyof V> };
  /** the fields checked when left rather than at every change (antd's `validateTrigger="onBlur"`) */
  checkedOnLeave?: Array<keyof V>;
};

/**
 * `checks`: each field's checks in order (the first that fails gives the message), given anew at
 * every render so they may read the current values and language.
 */
export function useLightForm<V extends Record<string, unknown>>(
  name: string,
  initial: V,
  checks: Checks<V>,
  { dependents = {}, checkedOnLeave = [] }: LightFormOptions<V> = {},
): LightForm<V> {
  const [values, setAll] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const current = useRef({ values, checks });
  current.current = { values, checks };
  const id = (field: keyof V & string) => `${name}_${field}`;
  const messageOf = (field: keyof V, all: V): string | undefined => {
    for (const check of checks[field] ?? []) {
      const message = check(all[field], all);
      if (message) return message;
    }
    return undefined;
  };
  const aria = (field: keyof V & string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id(field)}_help` } : {};

  const form: LightForm<V> = {
    name,
    values,
    errors,
    id,
    set(field, value) {
      const next = { ...current.current.values, [field]: value };
      current.current.values = next;
      setAll(next);
      const again = [
        ...(checkedOnLeave.includes(field) ? [] : [field]),
        ...(dependents[field] ?? []).filter((f) => !blank(next[f]) || errors[f]),
      ];
      if (!again.length) return;
      setErrors((prev) => {
        const out = { ...prev };
        for (const f of again) out[f] = messageOf(f, next);
        return out;
      });
    },
    setValues(partial) {
      const next = { ...current.current.values, ...partial };
      current.current.values = next;
      setAll(next);
    },
    setError(field, message) {
      form.setErrors({ [field]: message ?? undefined } as Partial<Record<keyof V, string>>);
    },
    setErrors(found) {
      setErrors((prev) => ({ ...prev, ...found }));
      const wrong = Object.keys(found).filter((f) => found[f as keyof V]);
      if (wrong.length) focusFirst(wrong);
    },
    validate() {
      const all = current.current.values;
      const found: Partial<Record<keyof V, string>> = {};
      for (const field of Object.keys(checks) as Array<keyof V>) {
        const message = messageOf(field, all);
        if (message) found[field] = message;
      }
      setErrors(found);
      const wrong = Object.keys(found);
      if (wrong.length) focusFirst(wrong);
      return wrong.length === 0;
    },
    check(field) {
      const message = messageOf(field, current.current.values);
      setErrors((prev) => ({ ...prev, [field]: message }));
      return !message;
    },
    onSubmit: (ok) => (event) => {
      event.preventDefault();
      if (form.validate()) ok(current.current.values);
    },
    text: (field) => ({
      id: id(field),
      value: typeof values[field] === 'string' ? (values[field] as string) : '',
      onChange: (e) => form.set(field, e.target.value as V[typeof field]),
      ...(checkedOnLeave.includes(field) ? { onBlur: () => void form.check(field) } : {}),
      ...aria(field),
    }),
    aria,
  };

  /** The first of these fields in the page, brought to the middle of the window with the focus. */
  function focusFirst(fields: string[]): void {
    const elements = fields
      .map((f) => document.getElementById(`${name}_${f}`))
      .filter((e): e is HTMLElement => e !== null);
    const first = elements.sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    )[0];
    if (!first) return;
    // A group of radios is named by its id; the focus goes to its chosen (or first) radio.
    const target = first.matches('input, select, textarea, button')
      ? first
      : (first.querySelector<HTMLElement>('input:checked, input, select, textarea, button') ?? first);
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }

  return form;
}

/** The form element: antd's vertical layout (labels above) or horizontal (labels at the left, a quarter of the width, with a colon). */
export function LightFormFrame({
  name,
  layout,
  onSubmit,
  className,
  children,
}: {
  name: string;
  layout: 'vertical' | 'horizontal';
  onSubmit: (e: FormEvent) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      id={name}
      className={['lf-form', `lf-${layout}`, className].filter(Boolean).join(' ')}
      noValidate
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}

export type LightItemProps = {
  /** the control's id (form.id(field)); its message is `${id}_help` */
  id?: string;
  label?: ReactNode;
  required?: boolean;
  error?: string;
  /** the line under the control (antd's `extra`) */
  extra?: ReactNode;
  /** radios or checkboxes: the label names the group (`${id}_label`), not one control */
  group?: boolean;
  className?: string;
  children: ReactNode;
};

/** One row of a form: its label, its control, its message or its hint. */
export function LightItem({
  id,
  label,
  required: isRequired,
  error,
  extra,
  group,
  className,
  children,
}: LightItemProps) {
  const text =
    label === undefined ? null : group || !id ? (
      <span id={id ? `${id}_label` : undefined} className={isRequired ? 'lf-required' : undefined}>
        {label}
      </span>
    ) : (
      <label htmlFor={id} className={isRequired ? 'lf-required' : undefined}>
        {label}
      </label>
    );
  return (
    <div className={['lf-item', error ? 'lf-item-with-help lf-has-error' : '', className].filter(Boolean).join(' ')}>
      <div className={label === undefined ? 'lf-label lf-label-empty' : 'lf-label'}>{text}</div>
      <div className="lf-control">
        {children}
        {error ? (
          <div className="lf-help" id={id ? `${id}_help` : undefined} role="alert">
            {error}
          </div>
        ) : null}
        {extra ? <div className="lf-extra">{extra}</div> : null}
      </div>
    </div>
  );
}
