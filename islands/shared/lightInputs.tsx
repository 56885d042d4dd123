/**
 * Controls for the light forms (lightForm.tsx) that the browser has no single element for, drawn
 * like antd's (public/app.css): a password with its show/hide button (Input.Password), a group of
 * radios (Radio.Group), a list of names typed one after another (Select mode="tags"), a text area
 * that grows with its text and counts it (TextArea autoSize showCount), a checkbox with its text.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { CloseOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { translator } from './i18n';
import type { Lang } from './locale';

type Aria = { 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A password field and the button that shows what was typed (antd's eye). */
export function LightPassword({
  lang,
  id,
  value,
  onChange,
  autoComplete,
  ...aria
}: Aria & {
  lang: Lang;
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  autoComplete: string;
}) {
  const t = translator(lang);
  const [shown, setShown] = useState(false);
  return (
    <span className={aria['aria-invalid'] ? 'lpw lpw-error' : 'lpw'}>
      <input
        id={id}
        className="lpw-input"
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        {...aria}
      />
      <button
        type="button"
        className="lpw-toggle"
        aria-pressed={shown}
        aria-controls={id}
        aria-label={t('controls:password.show')}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
      </button>
    </span>
  );
}

export type RadioOption<V extends string> = { value: V; label: string; disabled?: boolean };

/** A group of radios in a row, named by its form row's label (`${id}_label`); the group carries the id, as antd's. */
export function LightRadios<V extends string>({
  id,
  value,
  options,
  onChange,
  disabled,
  ...aria
}: Aria & {
  id: string;
  value: V | undefined;
  options: Array<RadioOption<V>>;
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  return (
    <div id={id} className="lrd-group" role="radiogroup" aria-labelledby={`${id}_label`} {...aria}>
      {options.map((o) => (
        <label key={o.value} className={o.disabled || disabled ? 'lrd-option lrd-disabled' : 'lrd-option'}>
          <input
            type="radio"
            className="lrd-input"
            name={id}
            value={o.value}
            checked={value === o.value}
            disabled={o.disabled || disabled}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * Names typed one after another: Enter or a separator (a comma or semicolon, Chinese or not) makes
 * what was typed a name, as does leaving the field; Backspace in the empty field takes the last
 * one back; each name has its remove button.
 */
export function LightTags({
  lang,
  id,
  value,
  onChange,
  separators = /[,，;；]/,
  ...aria
}: Aria & { lang: Lang; id: string; value: string[]; onChange: (value: string[]) => void; separators?: RegExp }) {
  const t = translator(lang);
  const [typed, setTyped] = useState('');
  const add = (text: string) => {
    const names = text
      .split(separators)
      .map((s) => s.trim())
      .filter((s) => s && !value.includes(s));
    setTyped('');
    if (names.length) onChange([...value, ...names.filter((s, i) => names.indexOf(s) === i)]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add(typed);
    } else if (e.key === 'Backspace' && !typed && value.length) onChange(value.slice(0, -1));
  };
  return (
    <div
      className={aria['aria-invalid'] ? 'ltg ltg-error' : 'ltg'}
      onClick={(e) => (e.currentTarget.querySelector('input') as HTMLInputElement | null)?.focus()}
    >
      {value.map((name) => (
        <span key={name} className="ltg-tag">
          {name}
          <button
            type="button"
            className="ltg-remove"
            aria-label={t('controls:tags.remove', { name })}
            onClick={() => onChange(value.filter((n) => n !== name))}
          >
            <CloseOutlined aria-hidden />
          </button>
        </span>
      ))}
      <input
        id={id}
        className="ltg-input"
        value={typed}
        size={Math.max(4, typed.length + 1)}
        onChange={(e) => (separators.test(e.target.value) ? add(e.target.value) : setTyped(e.target.value))}
        onKeyDown={onKeyDown}
        onBlur={() => typed && add(typed)}
        {...aria}
      />
    </div>
  );
}

/** A text area between `minRows` and `maxRows` lines high as its text grows, with antd's "12 / 500" under it. */
export function LightTextArea({
  id,
  value,
  onChange,
  maxLength,
  minRows = 2,
  maxRows = 6,
  showCount,
  ...aria
}: Aria & {
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  maxLength?: number;
  minRows?: number;
  maxRows?: number;
  showCount?: boolean;
}) {
  // 22 px a line, 4 px padding above and below, 1 px borders: antd's autoSize.
  const height = (rows: number) => rows * 22 + 10;
  return (
    <div className={showCount ? 'lta lta-counted' : 'lta'}>
      <textarea
        id={id}
        className="li-input li-textarea"
        style={{ minHeight: height(minRows), maxHeight: height(maxRows) }}
        value={value}
        onChange={onChange}
        maxLength={maxLength}
        {...aria}
      />
      {showCount && maxLength ? (
        <span className="lta-count" aria-hidden="true">{`${[...value].length} / ${maxLength}`}</span>
      ) : null}
    </div>
  );
}

/** A checkbox and its text, one click target. */
export function LightCheckbox({
  id,
  checked,
  onChange,
  children,
}: {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="lcb">
      <input
        id={id}
        type="checkbox"
        className="lcb-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
