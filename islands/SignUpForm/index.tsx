/**
 * New account (spec 2.6): e-mail, a code sent to it, name, password twice. On success the user
 * is logged in and goes to the conference registration.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { conferenceHref, goToConference, useFrameHeight } from '../shared/handoff';
import { CodeButton } from '../shared/CodeButton';
import { translator } from '../shared/i18n';
import { SecretsNotice } from '../shared/Notice';
import { controlAria, FieldRow, FormStatus } from '../shared/plainForm';
import { codeCheck, confirmCheck, emailAvailability, emailFormat, passwordStrength } from '../shared/accountChecks';
import type { SignUpFormProps } from './props';

type Field = 'email' | 'verifyCode' | 'trueName' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;
const FIELDS: Field[] = ['email', 'verifyCode', 'trueName', 'password', 'confirmPassword'];
const id = (field: Field) => `signup_${field}`;

/** The login page, keeping where the person was going. */
const loginPath = (redirect: string | null) =>
  `/conferencelogin${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

/** On the browser's own controls (islands/shared/plainForm.tsx): the frame on every conference's registration page. */
export default function SignUpForm({ lang, next, handoff }: SignUpFormProps) {
  const t = translator(lang);
  useFrameHeight(handoff);
  const [values, setValues] = useState<Values>({
    email: '',
    verifyCode: '',
    trueName: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'warn'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Spec 5 "Verification-code button": disabled until the e-mail passes validation, which for a
  // sign-up includes "not already existing". The address that passed both, checked 200 ms after typing stops.
  const [emailPassed, setEmailPassed] = useState<string | null>(null);
  const typedEmail = values.email.trim();
  useEffect(() => {
    if (!EMAIL_PATTERN.test(typedEmail)) return;
    let current = true;
    // Asked once typing pauses (emailAvailability then waits the spec's 200 ms); a newer address makes the answer stale.
    const timer = setTimeout(() => {
      void emailAvailability(t, 'new', typedEmail).then(
        (message) => {
          if (!current) return;
          if (message) setError('email', message);
          else setEmailPassed(typedEmail);
        },
        () => undefined,
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typedEmail]);

  const setError = (field: Field, message: string | null) => setErrors((prev) => ({ ...prev, [field]: message }));

  /** One field's check (those that ask the server wait for it). */
  async function check(field: Field, v: Values = values): Promise<string | null> {
    switch (field) {
      case 'email':
        return emailFormat(t, v.email.trim()) ?? (await emailAvailability(t, 'new', v.email.trim()));
      case 'verifyCode':
        return v.verifyCode ? codeCheck(t, 'registerCode', v.email.trim(), v.verifyCode) : t('inputVerifyCode');
      case 'trueName':
        return !v.trueName.trim() ? t('nameRequire') : v.trueName.length > 100 ? t('nameTooLong') : null;
      case 'password':
        return passwordStrength(t, v.password);
      case 'confirmPassword':
        return confirmCheck(t, v.password, v.confirmPassword);
    }
  }

  async function checkOnLeave(field: Field) {
    if (!values[field]) return;
    setError(field, await check(field).catch(() => t('userReg.passportError')));
  }

  /** The address a code is sent to, once the e-mail passes its checks. */
  async function emailForCode(): Promise<string | null> {
    const message = await check('email');
    setError('email', message);
    return message ? null : values.email.trim();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const found = Object.fromEntries(
        await Promise.all(FIELDS.map(async (f) => [f, await check(f)] as const)),
      ) as Record<Field, string | null>;
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) return document.getElementById(id(first))?.focus();
      const done = await call(accountsApi.register, {
        body: {
          email: values.email.trim(),
          trueName: values.trueName,
          passWord: values.password,
          verifyCode: values.verifyCode,
          lang,
          ...(handoff
            ? { handoff: { origin: handoff.origin, state: handoff.state, redirect: handoff.redirect ?? next } }
            : {}),
        },
      });
      if (handoff && done?.handoffUrl) return goToConference(handoff, done.handoffUrl);
      location.assign(next);
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'userReg.passportError';
      const field =
        err instanceof ApiError && err.field ? ((err.field === 'passWord' ? 'password' : err.field) as Field) : null;
      if (field && FIELDS.includes(field)) setError(field, t(key));
      else setStatus({ kind: 'warn', text: t(key) });
    } finally {
      setBusy(false);
    }
  }

  const input = (
    field: Field,
    props: { type?: string; autoComplete: string; inputMode?: 'email' | 'numeric'; maxLength?: number },
  ) => (
    <input
      className="rf-input rf-input-large"
      {...controlAria(id(field), errors[field])}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      maxLength={props.maxLength}
      autoCapitalize={field === 'email' ? 'none' : undefined}
      value={values[field]}
      onChange={(e) => {
        setValues({ ...values, [field]: e.target.value });
        if (errors[field]) setError(field, null);
      }}
      onBlur={() => void checkOnLeave(field)}
    />
  );

  const emailOk = emailPassed !== null && emailPassed === typedEmail;
  return (
    <form id="signup" className="rf-form auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <FieldRow id={id('email')} label={t('auth.email')} error={errors.email}>
        {input('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      </FieldRow>
      <FieldRow id={id('verifyCode')} label={t('auth.verifyCode')} error={errors.verifyCode}>
        <div className="rf-code">
          {input('verifyCode', { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 })}
          <CodeButton
            t={t}
            type="registerCode"
            lang={lang}
            disabled={!emailOk}
            email={emailForCode}
            onSent={() => setStatus({ kind: 'ok', text: t('auth.codeSent') })}
            onError={(key) => setStatus({ kind: 'warn', text: t(key) })}
          />
        </div>
      </FieldRow>
      <FieldRow id={id('trueName')} label={t('auth.name')} error={errors.trueName}>
        {input('trueName', { autoComplete: 'name' })}
      </FieldRow>
      <FieldRow id={id('password')} label={t('auth.password')} error={errors.password} hint={t('passwordCheck')}>
        {input('password', { type: 'password', autoComplete: 'new-password' })}
      </FieldRow>
      <FieldRow id={id('confirmPassword')} label={t('auth.confirmPassword')} error={errors.confirmPassword}>
        {input('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      </FieldRow>
      <FormStatus status={status} />
      <button
        type="submit"
        className="rf-button rf-button-primary rf-button-large rf-block"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <span className="rf-spinner" aria-hidden="true" /> : null}
        {t('auth.signUpAndLogin')}
      </button>
      <div className="auth-links auth-links-center">
        {/* In the platform's frame, the conference's own login page, opened at the top: the platform's page refuses to be framed. */}
        <span>{t('auth.haveAccount')}</span>{' '}
        <a href={conferenceHref(handoff, loginPath(handoff?.redirect ?? null))} target={handoff ? '_top' : undefined}>
          {t('auth.login')}
        </a>
      </div>
      <SecretsNotice text={t('auth.notice')} />
    </form>
  );
}
