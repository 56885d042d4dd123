/**
 * The verification-code field: six digits, with the "send code" button (and its countdown)
 * inside. Form.Item passes value, onChange and id; `email` answers the address to send to, or
 * null when the form's e-mail is not valid yet.
 */
import { App, Input, type InputProps } from 'antd';
import type { CodeType } from '../../server/contract/validation';
import { CodeButton } from './CodeButton';
import type { Lang } from './locale';

type Props = {
  t: (key: string, options?: Record<string, unknown>) => string;
  type: CodeType;
  /** the page's language: the code's mail is written in it */
  lang: Lang;
  email: () => Promise<string | null>;
  disabled?: boolean;
  size?: 'large';
  /** where a refusal to send is shown (the e-mail field, usually); a warning toast otherwise */
  onError?: (key: string) => void;
  /** value, onChange, id and the aria-* attributes Form.Item gives its field */
} & Omit<InputProps, 'size' | 'disabled' | 'suffix' | 'type' | 'onError'>;

export function CodeInput({ t, type, lang, email, disabled, size, onError, ...field }: Props) {
  const { message } = App.useApp();
  return (
    <Input
      size={size}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      {...field}
      suffix={
        <CodeButton
          t={t}
          type={type}
          lang={lang}
          disabled={disabled}
          email={email}
          onSent={() => message.success(t('auth.codeSent'))}
          onError={(key) => (onError ? onError(key) : message.warning(t(key)))}
        />
      }
    />
  );
}
