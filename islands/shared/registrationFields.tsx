/**
 * One form item of the registration form, by type (spec 3 "Registration form (user) config"):
 * the form itself (RegisterForm) and the managers' preview of it (RegisterConfigForm) draw the
 * same items. Built on the browser's own controls rather than antd: this form is what everyone
 * loads at a registration opening, most on phones, and antd's form runtime alone was over a third
 * of the page's JavaScript (docs/performance.md). Native selects, date and file inputs are also
 * what phones show best. The checks (registrationChecks.ts) give the messages of spec 5 early; the
 * server checks the same again.
 */
import { useState, type ReactNode } from 'react';
import { NAME_PARTS, type FormItem, type FormRules } from '../../server/contract/registrationForm';
import { PROVINCES } from '../../server/contract/provinces';
import { COUNTRIES } from '../../server/contract/countries';
import { loadUnitNames } from './unitSuggestions';
import { controlAria, FieldRow } from './plainForm';
import type { Lang } from './locale';
import { FileField, type UploadedFile } from './registrationUpload';
import { NAME_LABELS, itemTitle, optionLabel, type T } from './registrationChecks';

export type Value = string | string[] | boolean | undefined;
export type Values = Record<string, Value>;

export type FieldContext = {
  rules: FormRules;
  lang: Lang;
  t: T;
  values: Values;
  errors: Record<string, string>;
  /** the e-mail of a signed-in person, shown disabled */
  lockedEmail: boolean;
  /** the whole form is shown but cannot be changed (a preview; changes closed) */
  disabled: boolean;
  set(field: string, value: Value): void;
  /** a field left: the e-mail and phone are checked then */
  blur(field: string): void;
  files: Record<string, UploadedFile[]>;
  onFiles(field: string, files: UploadedFile[]): void;
  uploadBusy(busy: boolean): void;
};

/** The element id of a field: antd's pattern, which the page's tests and anchors know. */
export const fieldId = (field: string) => `conferenceRegister_${field}`;

const str = (v: Value) => (typeof v === 'string' ? v : '');
const list = (v: Value) => (Array.isArray(v) ? v : []);

const aria = (field: string, error?: string) => controlAria(fieldId(field), error);

/** A row of the form: the shared plain row, with the field's id and name. */
function Row({
  field,
  ...rest
}: {
  field: string;
  label: string;
  required: boolean;
  error?: string;
  group?: boolean;
  children: ReactNode;
}) {
  return <FieldRow id={fieldId(field)} field={field} {...rest} />;
}

function Choices({
  field,
  options,
  multiple,
  ctx,
}: {
  field: string;
  options: Array<{ value: string; label: string }>;
  multiple: boolean;
  ctx: FieldContext;
}) {
  const value = ctx.values[field];
  return (
    <div
      className="rf-choices"
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={`${fieldId(field)}_label`}
      {...aria(field, ctx.errors[field])}
    >
      {options.map((o) => {
        const checked = multiple ? list(value).includes(o.value) : str(value) === o.value;
        return (
          <label key={o.value} className="rf-choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={fieldId(field)}
              value={o.value}
              checked={checked}
              disabled={ctx.disabled}
              onChange={() =>
                ctx.set(
                  field,
                  multiple ? (checked ? list(value).filter((v) => v !== o.value) : [...list(value), o.value]) : o.value,
                )
              }
            />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

function NativeSelect({
  field,
  options,
  ctx,
}: {
  field: string;
  options: Array<{ value: string; label: string }>;
  ctx: FieldContext;
}) {
  return (
    <select
      className="rf-input rf-select"
      {...aria(field, ctx.errors[field])}
      value={str(ctx.values[field])}
      disabled={ctx.disabled}
      onChange={(e) => ctx.set(field, e.target.value)}
    >
      <option value="">{ctx.t('registration:choose')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Free text with the platform's unit list as suggestions (fetched when the field is first focused). */
function UnitField({ field, ctx }: { field: string; ctx: FieldContext }) {
  const [units, setUnits] = useState<string[]>([]);
  const listId = `${fieldId(field)}_units`;
  const query = str(ctx.values[field]).trim().toLowerCase();
  const shown = (query ? units.filter((u) => u.toLowerCase().includes(query)) : units).slice(0, 50);
  return (
    <>
      <input
        className="rf-input"
        {...aria(field, ctx.errors[field])}
        list={listId}
        maxLength={200}
        autoComplete="organization"
        value={str(ctx.values[field])}
        disabled={ctx.disabled}
        onChange={(e) => ctx.set(field, e.target.value)}
        onFocus={() => void loadUnitNames(ctx.lang).then(setUnits)}
      />
      <datalist id={listId}>
        {shown.map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
    </>
  );
}

export function ItemField({ item, ctx }: { item: FormItem; ctx: FieldContext }) {
  const { lang, t, rules, errors } = ctx;
  const title = itemTitle(item, lang);
  const required = item.mode === 'required';
  const field = item.field;
  const text = (opts: { inputMode?: 'tel' | 'email'; autoComplete?: string; disabled?: boolean } = {}) => (
    <input
      className="rf-input"
      {...aria(field, errors[field])}
      type="text"
      inputMode={opts.inputMode}
      autoComplete={opts.autoComplete}
      value={str(ctx.values[field])}
      disabled={ctx.disabled || opts.disabled}
      onChange={(e) => ctx.set(field, e.target.value)}
      onBlur={() => ctx.blur(field)}
    />
  );
  switch (item.type) {
    case 'name':
      return (
        <>
          {NAME_PARTS[rules.nameStyle].map((part) => (
            <Row
              key={part}
              field={part}
              label={t(NAME_LABELS[part])}
              required={part !== 'middleName'}
              error={errors[part]}
            >
              <input
                className="rf-input"
                {...aria(part, errors[part])}
                autoComplete={
                  part === 'fullName'
                    ? 'name'
                    : part === 'firstName'
                      ? 'given-name'
                      : part === 'lastName'
                        ? 'family-name'
                        : 'additional-name'
                }
                value={str(ctx.values[part])}
                disabled={ctx.disabled}
                onChange={(e) => ctx.set(part, e.target.value)}
              />
            </Row>
          ))}
        </>
      );
    case 'email':
      return (
        <Row field="email" label={title} required error={errors.email}>
          <input
            className="rf-input"
            {...aria('email', errors.email)}
            type="email"
            inputMode="email"
            autoCapitalize="none"
            autoComplete="email"
            value={str(ctx.values.email)}
            disabled={ctx.disabled || ctx.lockedEmail}
            onChange={(e) => ctx.set('email', e.target.value)}
            onBlur={() => ctx.blur('email')}
          />
        </Row>
      );
    case 'country': {
      const only = rules.countries.length ? new Set(rules.countries) : null;
      const options = COUNTRIES.filter((c) => !only || only.has(c.en)).map((c) => ({
        value: c.en,
        label: lang === 'zh' ? c.zh : c.en,
      }));
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <NativeSelect field={field} options={options} ctx={ctx} />
        </Row>
      );
    }
    case 'unit':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <UnitField field={field} ctx={ctx} />
        </Row>
      );
    case 'radio':
    case 'checkBox':
    case 'multiSelect':
      return (
        <Row field={field} label={title} required={required} error={errors[field]} group>
          <Choices
            field={field}
            multiple={item.type !== 'radio'}
            options={item.options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))}
            ctx={ctx}
          />
        </Row>
      );
    case 'select':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <NativeSelect
            field={field}
            options={item.options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))}
            ctx={ctx}
          />
        </Row>
      );
    case 'city':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <NativeSelect
            field={field}
            options={PROVINCES.map((p) => ({ value: p.zh, label: lang === 'en' ? p.en : p.zh }))}
            ctx={ctx}
          />
        </Row>
      );
    case 'date':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <input
            className="rf-input rf-date"
            {...aria(field, errors[field])}
            type="date"
            value={str(ctx.values[field])}
            disabled={ctx.disabled}
            onChange={(e) => ctx.set(field, e.target.value)}
          />
        </Row>
      );
    case 'file':
    case 'photo':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <FileField
            id={fieldId(field)}
            lang={lang}
            photo={item.type === 'photo'}
            disabled={ctx.disabled}
            files={ctx.files[field] ?? []}
            onFiles={(files) => {
              ctx.onFiles(field, files);
              ctx.set(
                field,
                files.map((f) => f.name),
              );
            }}
            onBusy={ctx.uploadBusy}
          />
        </Row>
      );
    case 'textarea':
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          <textarea
            className="rf-input rf-textarea"
            {...aria(field, errors[field])}
            rows={3}
            value={str(ctx.values[field])}
            disabled={ctx.disabled}
            onChange={(e) => ctx.set(field, e.target.value)}
          />
        </Row>
      );
    default:
      return (
        <Row field={field} label={title} required={required} error={errors[field]}>
          {text({
            inputMode: field === 'tel' || field === 'fax' ? 'tel' : undefined,
            autoComplete: field === 'tel' ? 'tel' : undefined,
          })}
        </Row>
      );
  }
}

/** The form as an attendee will see it, not fillable (the managers' form builder shows it beside the items). */
export function FormPreview({ rules, lang, t }: { rules: FormRules; lang: Lang; t: T }) {
  const ctx: FieldContext = {
    rules,
    lang,
    t,
    values: {},
    errors: {},
    lockedEmail: false,
    disabled: true,
    set: () => {},
    blur: () => {},
    files: {},
    onFiles: () => {},
    uploadBusy: () => {},
  };
  return (
    <div className="rf-form">
      {rules.items
        .filter((i) => i.mode !== 'hidden')
        .map((item) => (
          <ItemField key={item.field} item={item} ctx={ctx} />
        ))}
    </div>
  );
}
