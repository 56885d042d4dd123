/**
 * A whole-number field on the browser's own control, drawn like antd's InputNumber, without it
 * (antd's brings @rc-component/input-number and its decimal arithmetic, ~9 KB gzipped, issue 32).
 * The text may be cleared while typing; a number outside min..max is clamped when the field is left.
 */
import { useEffect, useState } from 'react';

/**
 * `onCleared`: the field may be left empty (a score not given yet), which this is told; without it
 * an emptied field takes its value back when left. `width`/`block`: antd's `style.width`, or the
 * whole row.
 */
export type LightNumberProps = {
  id?: string;
  min: number;
  max: number;
  value: number | undefined;
  onChange: (value: number) => void;
  onCleared?: () => void;
  disabled?: boolean;
  width?: number;
  block?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

export function LightNumber({
  id,
  min,
  max,
  value,
  onChange,
  onCleared,
  disabled,
  width,
  block,
  'aria-label': ariaLabel,
  ...aria
}: LightNumberProps) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const clamp = (n: number) => Math.min(max, Math.max(min, Math.trunc(n)));
  return (
    <input
      id={id}
      className="ln-input"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text}
      disabled={disabled}
      aria-label={ariaLabel}
      style={block ? { width: '100%' } : width ? { width } : undefined}
      {...aria}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n) && n >= min && n <= max) onChange(clamp(n));
        else if (onCleared && e.target.value.trim() === '' && !e.target.validity.badInput) onCleared();
      }}
      onBlur={() => {
        const n = Number(text);
        if (onCleared && text.trim() === '') return;
        const next = text.trim() === '' || !Number.isFinite(n) ? (value ?? min) : clamp(n);
        setText(String(next));
        if (next !== value) onChange(next);
      }}
    />
  );
}
