/**
 * The verification-code field of the light forms (lightForm.tsx): six digits, with the "send code"
 * button and its countdown inside, drawn like CodeInput.tsx's antd Input with a suffix (issue 32).
 * `email` answers the address to send to, or null when the form's e-mail is not valid yet.
 */
import { App } from 'antd';
import type { CodeType } from '../../server/contract/validation';
import { CodeButton } from './CodeButton';
import type { Lang } from './locale';

type Props = {
  t: (key: string, options?: Record<string, unknown>) => string;
  type: CodeType;
  lang: Lang;
  email: () => Promise<string | null>;
  /** where a refusal to send is shown (the e-mail field, usually); a warning toast otherwise */
  onError?: (key: string) => void;
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

export function LightCodeInput({ t, type, lang, email, onError, id, value, onChange, ...aria }: Props) {
  const { message } = App.useApp();
  return (
    <span className={aria['aria-invalid'] ? 'lfx lfx-error' : 'lfx'}>
      <input
        id={id}
        className="lfx-input"
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        value={value}
        onChange={onChange}
        {...aria}
      />
      <CodeButton
        t={t}
        type={type}
        lang={lang}
        email={email}
        onSent={() => message.success(t('auth.codeSent'))}
        onError={(key) => (onError ? onError(key) : message.warning(t(key)))}
      />
    </span>
  );
}
