/**
 * A choice among a few options on the browser's own select, drawn like antd's Select
 * (public/app.css, `lsel-*`), without it: antd's Select brings its dropdown, its virtual list and
 * their triggers, ~25 KB gzipped (issue 32). The keyboard, the list and a phone's picker are the
 * browser's. Form rows and antd's Form.Item pass `id`, `value` and `onChange`.
 *
 * `placeholder`: the empty choice's text, shown while nothing is chosen; with `allowClear` the
 * empty choice may be chosen again, as antd's clear button did.
 */
import type { CSSProperties } from 'react';
import { DownOutlined } from '@ant-design/icons';

export type LightOption<V extends string | number> = { value: V; label: string; disabled?: boolean };

export type LightSelectProps<V extends string | number> = {
  id?: string;
  value?: V | null;
  onChange?: (value: V | undefined) => void;
  options: Array<LightOption<V>>;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** the whole width of its row */
  block?: boolean;
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onBlur?: () => void;
};

export function LightSelect<V extends string | number>({
  id,
  value,
  onChange,
  options,
  placeholder,
  allowClear,
  disabled,
  block,
  style,
  className,
  onBlur,
  ...aria
}: LightSelectProps<V>) {
  const chosen = options.findIndex((o) => o.value === value);
  const empty = chosen < 0 || (value === '' && placeholder !== undefined);
  const classes = ['lsel', block ? 'lsel-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} style={style}>
      <select
        id={id}
        className={empty ? 'lsel-select lsel-empty' : 'lsel-select'}
        value={chosen < 0 ? '' : String(chosen)}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(e) => onChange?.(e.target.value === '' ? undefined : options[Number(e.target.value)]?.value)}
        {...aria}
      >
        {chosen < 0 || allowClear || placeholder !== undefined ? (
          <option value="" disabled={!allowClear && chosen >= 0}>
            {placeholder ?? ''}
          </option>
        ) : null}
        {options.map((o, i) => (
          <option key={String(o.value)} value={String(i)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <DownOutlined className="lsel-arrow" aria-hidden />
    </span>
  );
}
