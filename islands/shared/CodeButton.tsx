/** "Send verification code" inside the code field: 60 s countdown after sending, then "resend". */
import { useEffect, useState } from 'react';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from './api';
import type { CodeType } from '../../server/contract/validation';
import type { Lang } from './locale';

export type CodeButtonProps = {
  email: () => Promise<string | null>;
  type: CodeType;
  /** the page's language: the code's mail is written in it */
  lang: Lang;
  disabled?: boolean;
  t: (key: string, options?: Record<string, unknown>) => string;
  onError: (key: string) => void;
  onSent: () => void;
};

export function CodeButton({ email, type, lang, disabled, t, onError, onSent }: CodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    const address = await email();
    if (!address) return;
    setSending(true);
    try {
      const { resendAfterSeconds } = await call(accountsApi.sendCode, {
        body: { data: { email: address, type, lang } },
      });
      setLeft(resendAfterSeconds);
      setSentOnce(true);
      onSent();
    } catch (err) {
      onError(err instanceof ApiError ? err.messageKey : 'userReg.passportError');
    } finally {
      setSending(false);
    }
  }

  return (
    // A plain button (it sits in antd inputs and in the plain account forms alike).
    <button
      type="button"
      disabled={disabled || left > 0 || sending}
      aria-busy={sending}
      onClick={() => void send()}
      className="code-button rf-link"
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : sentOnce ? t('auth.resend') : t('auth.sendCode')}
    </button>
  );
}
