/**
 * An organisation field for antd forms: free text with suggestions from the platform's unit list
 * (unitSuggestions.ts), in the page's language. Renders on the server without fetching. Form.Item passes value and onChange.
 */
import { useState } from 'react';
import { AutoComplete } from 'antd';
import { loadUnitNames } from './unitSuggestions';
import type { Lang } from './locale';

export type UnitInputProps = {
  lang: Lang;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
};

export function UnitInput({ lang, value, onChange, id, disabled }: UnitInputProps) {
  const [units, setUnits] = useState<string[]>([]);
  const query = (value ?? '').trim().toLowerCase();
  const options = (query ? units.filter((u) => u.toLowerCase().includes(query)) : units)
    .slice(0, 50)
    .map((u) => ({ value: u }));
  return (
    <AutoComplete
      id={id}
      value={value}
      disabled={disabled}
      onChange={(v: string) => onChange?.(v)}
      onFocus={() => void loadUnitNames(lang).then(setUnits)}
      options={options}
      maxLength={200}
    />
  );
}
