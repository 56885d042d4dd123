/**
 * Account login (spec 2.5): e-mail and password in one call. After login: the `redirect` path
 * when there is one, else the personal centre for registered attendees and the conference
 * registration for everyone else.
 */
import { useState, type FormEvent } from 'react';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { sitesApi } from '../../server/contract/sites';
import { translator } from '../shared/i18n';
import { SecretsNotice } from '../shared/Notice';
import { conferenceHref, goToConference, useFrameHeight } from '../shared/handoff';
import { controlAria, FieldRow, FormStatus } from '../shared/plainForm';
import { emailFormat } from '../shared/accountChecks';
import type { LoginFormProps } from './props';

type Errors = { email?: string | null; password?: string | null };

/** On the browser's own controls (islands/shared/plainForm.tsx): the frame on every conference's sign-in and registration page. */
export default function LoginForm({ lang, redirect, platform, handoff }: LoginFormProps) {
  const t = translator(lang);
  useFrameHeight(handoff);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ kind: 'warn'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function afterLogin() {
    if (redirect) return location.assign(redirect);
    if (platform) return location.assign('/');
    const conference = await call(sitesApi.conferenceStatus);
    location.assign(conference.allUsers.conferenceUser ? '/profile/userInfo' : '/conferenceRegister');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = { email: emailFormat(t, email.trim()), password: password ? null : t('passwordRequire') };
    setErrors(found);
    setStatus(null);
    if (found.email || found.password)
      return document.getElementById(found.email ? 'login_email' : 'login_password')?.focus();
    setBusy(true);
    try {
      const values = { email: email.trim(), password };
      const body = handoff
        ? {
            ...values,
            handoff: { origin: handoff.origin, state: handoff.state, redirect: handoff.redirect ?? undefined },
          }
        : values;
      const token = await call(accountsApi.login, { body });
      if (!token) throw new ApiError(400, 'loginFailed');
      if (handoff && token.handoffUrl) return goToConference(handoff, token.handoffUrl);
      await afterLogin();
    } catch (err) {
      setStatus({ kind: 'warn', text: t(err instanceof ApiError ? err.messageKey : 'loginFailed') });
      setBusy(false);
    }
  }

  return (
    <form id="login" className="rf-form auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <FieldRow id="login_email" label={t('auth.email')} error={errors.email}>
        <input
          className="rf-input rf-input-large"
          {...controlAria('login_email', errors.email)}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (errors.email) setErrors({ ...errors, email: null });
          }}
          onBlur={() => email && setErrors({ ...errors, email: emailFormat(t, email.trim()) })}
        />
      </FieldRow>
      <FieldRow id="login_password" label={t('auth.password')} error={errors.password}>
        <input
          className="rf-input rf-input-large"
          {...controlAria('login_password', errors.password)}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors({ ...errors, password: null });
          }}
        />
      </FieldRow>
      <div className="auth-links">
        <a href={conferenceHref(handoff, '/userRegister')} target={handoff ? '_top' : undefined}>
          {t('auth.signUp')}
        </a>
        <a href={conferenceHref(handoff, '/resetPassword')} target={handoff ? '_top' : undefined}>
          {t('auth.forgotPassword')}
        </a>
      </div>
      <FormStatus status={status} />
      <button
        type="submit"
        className="rf-button rf-button-primary rf-button-large rf-block"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <span className="rf-spinner" aria-hidden="true" /> : null}
        {t('auth.login')}
      </button>
      <SecretsNotice text={t('auth.notice')} />
    </form>
  );
}
