/**
 * One form item of the registration form, by type (spec 3 "Registration form (user) config").
 * The antd rules give the messages of spec 5 early; the server checks the same again.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Checkbox, Form, Input, Radio, Select, type FormRule } from 'antd';
import { CHOICE_TYPES, MAX_TEXT, NAME_PARTS, PHONE_PATTERN, type FormItem, type FormRules } from '../../server/contract/registrationForm';
import { EMAIL_PATTERN } from '../../server/contract/patterns';
import { PROVINCES } from '../../server/contract/provinces';
import { CountrySelect } from '../shared/CountrySelect';
import { UnitInput } from '../shared/UnitInput';
import type { Lang } from '../shared/locale';
import { FileField, type UploadedFile } from './upload';
import type { DateItemProps } from './dateField';

/**
 * The date item's code is loaded only for forms that ask a date: before the form hydrates
 * (prepareFields, called by renderer/hydrate.tsx through the island's `prepare`), at start on the
 * server (renderer/islands.server.tsx), and otherwise when a form shown later needs it (a
 * manager switching to another version), with a disabled field meanwhile.
 */
let DateItem: ComponentType<DateItemProps> | null = null;

export function provideDateItem(component: ComponentType<DateItemProps>): void {
  DateItem = component;
}

async function loadDateItem(): Promise<ComponentType<DateItemProps>> {
  DateItem ??= (await import('./dateField')).DateItem;
  return DateItem;
}

export async function prepareFields(rules: FormRules): Promise<void> {
  if (rules.items.some((item) => item.type === 'date' && item.mode !== 'hidden')) await loadDateItem();
}

function LateDateItem(props: DateItemProps) {
  const [Loaded, setLoaded] = useState(() => DateItem);
  useEffect(() => {
    if (!Loaded) void loadDateItem().then((component) => setLoaded(() => component));
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Form.Item label={props.title}>
      <Input disabled />
    </Form.Item>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

export function itemTitle(item: FormItem, lang: Lang): string {
  return (lang === 'en' ? item.titleEn || item.titleZh : item.titleZh || item.titleEn) || item.field;
}

function optionLabel(o: { zh: string; en: string; value: string }, lang: Lang): string {
  return (lang === 'en' ? o.en || o.zh : o.zh || o.en) || o.value;
}

function requiredRule(item: FormItem, title: string, t: T): FormRule[] {
  if (item.mode !== 'required') return [];
  const key = CHOICE_TYPES.has(item.type) ? 'registration:pleaseSelect' : 'registration:pleaseInput';
  return [{ required: true, whitespace: !CHOICE_TYPES.has(item.type), message: t(key, { title }) }];
}

export type FieldContext = {
  rules: FormRules;
  lang: Lang;
  t: T;
  mobile: boolean;
  /** the e-mail of a signed-in person, shown disabled */
  lockedEmail: boolean;
  files: Record<string, UploadedFile[]>;
  onFiles(field: string, files: UploadedFile[]): void;
  uploadBusy(busy: boolean): void;
};

const NAME_LABELS: Record<string, string> = { fullName: 'registration:fullName', firstName: 'registration:firstName', middleName: 'registration:middleName', lastName: 'registration:lastName' };

export function ItemField({ item, ctx }: { item: FormItem; ctx: FieldContext }) {
  const { lang, t, rules } = ctx;
  const title = itemTitle(item, lang);
  const required = requiredRule(item, title, t);
  switch (item.type) {
    case 'name':
      return (
        <>
          {NAME_PARTS[rules.nameStyle].map((part) => (
            <Form.Item
              key={part}
              name={part}
              label={t(NAME_LABELS[part])}
              rules={part === 'middleName' ? [{ max: 100, message: t('nameTooLong') }] : [{ required: true, whitespace: true, message: t('registration:pleaseInput', { title: t(NAME_LABELS[part]) }) }, { max: 100, message: t('nameTooLong') }]}
            >
              <Input autoComplete={part === 'fullName' ? 'name' : part === 'firstName' ? 'given-name' : part === 'lastName' ? 'family-name' : 'additional-name'} />
            </Form.Item>
          ))}
        </>
      );
    case 'email':
      return (
        <Form.Item name="email" label={title} validateTrigger="onBlur" rules={[{ required: true, message: t('emailFormatError') }, { pattern: EMAIL_PATTERN, message: t('emailFormatError') }]}>
          <Input disabled={ctx.lockedEmail} inputMode="email" autoCapitalize="none" autoComplete="email" />
        </Form.Item>
      );
    case 'country':
      return (
        <Form.Item name={item.field} label={title} rules={required}>
          <CountrySelect lang={lang} allowed={rules.countries} />
        </Form.Item>
      );
    case 'unit':
      return (
        <Form.Item name={item.field} label={title} rules={[...required, { max: MAX_TEXT.input, message: t('registration:tooLong', { title, max: MAX_TEXT.input }) }]}>
          <UnitInput lang={lang} />
        </Form.Item>
      );
    case 'radio':
      return (
        <Form.Item name={item.field} label={title} rules={required}>
          <Radio.Group options={item.options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))} />
        </Form.Item>
      );
    case 'checkBox':
      return (
        <Form.Item name={item.field} label={title} rules={required}>
          <Checkbox.Group options={item.options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))} />
        </Form.Item>
      );
    case 'select':
    case 'multiSelect':
      return (
        <Form.Item name={item.field} label={title} rules={required}>
          <Select allowClear mode={item.type === 'multiSelect' ? 'multiple' : undefined} options={item.options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))} placeholder={t('registration:choose')} />
        </Form.Item>
      );
    case 'city':
      return (
        <Form.Item name={item.field} label={title} rules={required}>
          <Select allowClear showSearch optionFilterProp="label" options={PROVINCES.map((p) => ({ value: p.zh, label: lang === 'en' ? p.en : p.zh }))} placeholder={t('registration:choose')} />
        </Form.Item>
      );
    case 'date':
      return DateItem ? <DateItem field={item.field} title={title} required={required} mobile={ctx.mobile} lang={lang} /> : <LateDateItem field={item.field} title={title} required={required} mobile={ctx.mobile} lang={lang} />;
    case 'file':
    case 'photo':
      return (
        <Form.Item name={item.field} label={title} rules={required} getValueFromEvent={(files: UploadedFile[]) => files.map((f) => f.name)}>
          <FileField
            lang={lang}
            photo={item.type === 'photo'}
            files={ctx.files[item.field] ?? []}
            onFiles={(files) => ctx.onFiles(item.field, files)}
            onBusy={ctx.uploadBusy}
          />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item name={item.field} label={title} rules={[...required, { max: MAX_TEXT.textarea, message: t('registration:tooLong', { title, max: MAX_TEXT.textarea }) }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      );
    default: {
      const phone: FormRule[] = item.field === 'tel' ? [{ pattern: PHONE_PATTERN, message: t('phoneRequire') }] : [];
      return (
        <Form.Item name={item.field} label={title} validateTrigger="onBlur" rules={[...required, ...phone, { max: MAX_TEXT.input, message: t('registration:tooLong', { title, max: MAX_TEXT.input }) }]}>
          <Input inputMode={item.field === 'tel' || item.field === 'fax' ? 'tel' : undefined} autoComplete={item.field === 'tel' ? 'tel' : undefined} />
        </Form.Item>
      );
    }
  }
}
