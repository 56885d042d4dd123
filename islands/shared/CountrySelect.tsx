/**
 * A country picker for forms: searchable by either name, labelled in the page's language, the
 * value is the English name (what the server stores). `allowed` narrows the list; empty = all.
 * Form.Item passes value and onChange.
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import { COUNTRIES } from '../../server/contract/countries';
import { translator } from './i18n';
import type { Lang } from './locale';

export type CountrySelectProps = {
  lang: Lang;
  allowed?: string[];
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
};

export function CountrySelect({ lang, allowed, value, onChange, id, disabled }: CountrySelectProps) {
  const t = translator(lang);
  const options = useMemo(() => {
    const only = allowed?.length ? new Set(allowed) : null;
    return COUNTRIES.filter((c) => !only || only.has(c.en)).map((c) => ({
      value: c.en,
      label: lang === 'zh' ? c.zh : c.en,
      search: `${c.en} ${c.zh}`.toLowerCase(),
    }));
  }, [allowed, lang]);
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string) => onChange?.(v ?? '')}
      options={options}
      showSearch
      allowClear
      disabled={disabled}
      placeholder={t('registration:choose')}
      filterOption={(input, option) => Boolean(option?.search.includes(input.trim().toLowerCase()))}
    />
  );
}
