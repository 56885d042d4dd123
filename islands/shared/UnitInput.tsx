/**
 * An organisation field: free text with suggestions from the platform's unit list
 * (POST /home/company/findByQuery, fetched once when the field is first focused), in the page's
 * language. Renders on the server without fetching. Form.Item passes value and onChange.
 */
import { useState } from 'react';
import { AutoComplete } from 'antd';
import { unitSearchEndpoint, type UnitRow } from '../../server/contract/unitSearch';
import { call } from './api';
import type { Lang } from './locale';

export type UnitInputProps = { lang: Lang; value?: string; onChange?: (value: string) => void; id?: string; disabled?: boolean };

type Unit = Pick<UnitRow, 'id' | 'zhTitle' | 'enTitle'>;
let loaded: Promise<Unit[]> | null = null;

function loadUnits(): Promise<Unit[]> {
  loaded ??= call(unitSearchEndpoint, { body: { page: 1, size: 99999 } })
    .then((d) => d.rows)
    .catch(() => {
      loaded = null;
      return [];
    });
  return loaded;
}

export function UnitInput({ lang, value, onChange, id, disabled }: UnitInputProps) {
  const [units, setUnits] = useState<string[]>([]);
  const query = (value ?? '').trim().toLowerCase();
  const options = (query ? units.filter((u) => u.toLowerCase().includes(query)) : units).slice(0, 50).map((u) => ({ value: u }));
  return (
    <AutoComplete
      id={id}
      value={value}
      disabled={disabled}
      onChange={(v: string) => onChange?.(v)}
      onFocus={() => void loadUnits().then((rows) => setUnits(rows.map((u) => (lang === 'zh' ? u.zhTitle || u.enTitle : u.enTitle || u.zhTitle))))}
      options={options}
      maxLength={200}
    />
  );
}
