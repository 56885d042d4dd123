/**
 * A country picker on the browser's own select (lightSelect.tsx), labelled in the page's language;
 * the value is the English name (what the server stores). `allowed` narrows the list; empty = all.
 * The light forms' counterpart of CountrySelect.tsx, without antd's Select (~25 KB gzipped, issue
 * 32): the browser's list, which a phone shows as its own picker, as the registration form does.
 */
import { useMemo } from 'react';
import { COUNTRIES } from '../../server/contract/countries';
import { translator } from './i18n';
import type { Lang } from './locale';
import { LightSelect } from './lightSelect';

export type LightCountrySelectProps = {
  lang: Lang;
  id?: string;
  allowed?: string[];
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

export function LightCountrySelect({ lang, id, allowed, value, onChange, disabled, ...aria }: LightCountrySelectProps) {
  const t = translator(lang);
  const options = useMemo(() => {
    const only = allowed?.length ? new Set(allowed) : null;
    return COUNTRIES.filter((c) => !only || only.has(c.en)).map((c) => ({
      value: c.en,
      label: lang === 'zh' ? c.zh : c.en,
    }));
  }, [allowed, lang]);
  return (
    <LightSelect<string>
      id={id}
      block
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      options={options}
      allowClear
      placeholder={t('registration:choose')}
      disabled={disabled}
      {...aria}
    />
  );
}
