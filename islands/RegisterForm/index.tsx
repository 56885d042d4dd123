/**
 * The conference registration form (spec 2.8): the person's own registration, or a manager's
 * "add registrant" and "edit" (mode). Built from the form's items. Only signed-in people register
 * themselves: someone without an account gets one in the platform's frame on the page first (no
 * password is typed on a conference's origin, docs/accounts.md). After a successful registration
 * it says 'Registration successful, page jumps in N seconds', counting down from 3.
 *
 * Plain React on the browser's controls, no antd (fields.tsx says why): the registration page's
 * JavaScript stays under its budget (issue 17).
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { registrationFormApi as registrationApi, type Answers } from '../../server/contract/registrationForm';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { fieldId, ItemField, type FieldContext, type Value, type Values } from '../shared/registrationFields';
import type { UploadedFile } from '../shared/registrationUpload';
import { itemTitle, validateField, validateForm, type T } from '../shared/registrationChecks';
import type { RegisterFormProps } from './props';

const REDIRECT_SECONDS = 3;
const NOTICE = 'noticeAccepted';
type Status = { kind: 'ok' | 'warn' | 'info'; text: string; next?: string; title?: string } | null;

function answersFrom(values: Values): Answers {
  const answers: Answers = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === NOTICE || value === undefined || value === null || typeof value === 'boolean') continue;
    answers[key] = value;
  }
  return answers;
}

/** Brings the first field with a message into view and puts the cursor there. */
function showFirstError(errors: Record<string, string>): void {
  const first = Object.keys(errors)
    .map((field) => document.getElementById(fieldId(field)))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.focus({ preventScroll: true });
}

/** 'Page jumps in N seconds': one second at a time, then to where the registration goes. */
function useCountdown(
  countdown: { seconds: number; to: string } | null,
  set: (next: { seconds: number; to: string }) => void,
): void {
  useEffect(() => {
    if (!countdown) return;
    if (countdown.seconds <= 0) return void location.assign(countdown.to);
    const timer = setTimeout(() => set({ ...countdown, seconds: countdown.seconds - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [countdown, set]);
}

function cancelHref(mode: RegisterFormProps['mode'], registrantId?: number): string {
  if (mode === 'update') return '/profile/userInfo';
  return mode === 'edit' ? `/platform/manage/userDetails?uid=${registrantId}` : '/platform/manage/user';
}

export default function RegisterForm(props: RegisterFormProps) {
  const { lang, mode, rules, account } = props;
  const t = translator(lang);
  const [values, setValues] = useState<Values>(() =>
    mode === 'self' && account ? { email: account.email, fullName: account.name } : { ...(props.initial ?? {}) },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>(props.initialFiles ?? {});
  const [countdown, setCountdown] = useState<{ seconds: number; to: string } | null>(null);
  useCountdown(countdown, setCountdown);
  const titles = useMemo(() => new Map(rules.items.map((i) => [i.field, itemTitle(i, lang)])), [rules, lang]);
  const closed = mode === 'update' && props.changesOpen === false;

  const set = useCallback((field: string, value: Value) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    // A message goes once the field is changed; the checks run again on leaving it or sending.
    setErrors((prev) => (prev[field] ? Object.fromEntries(Object.entries(prev).filter(([k]) => k !== field)) : prev));
  }, []);

  const ctx: FieldContext = {
    rules,
    lang,
    t,
    values,
    errors,
    lockedEmail: Boolean(account) || mode === 'edit' || mode === 'update',
    disabled: closed,
    set,
    blur: (field) => {
      if (field !== 'email' && field !== 'tel') return;
      const message = values[field] ? validateField(rules, field, values[field], lang, t) : null;
      if (message) setErrors((prev) => ({ ...prev, [field]: message }));
    },
    files,
    onFiles: (field, list) => setFiles((prev) => ({ ...prev, [field]: list })),
    uploadBusy: setUploading,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading || closed) return;
    const found = validateForm(rules, values, lang, t);
    if (mode === 'self' && props.notice && values[NOTICE] !== true) found[NOTICE] = t('userReg.selectedNotice');
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length) return showFirstError(found);
    setBusy(true);
    const answers = answersFrom(values);
    try {
      if (mode === 'self') {
        const done = await call(registrationApi.register, {
          body: { version: props.version, answers, noticeAccepted: values[NOTICE] === true },
        });
        setCountdown({ seconds: REDIRECT_SECONDS, to: done.redirect });
      } else if (mode === 'add') {
        const done = await call(registrationApi.add, { body: { version: props.version, answers } });
        const details = `/platform/manage/userDetails?uid=${done.id}`;
        // Not mailed: the conference is unpublished and the address a stranger to it (the mail gate);
        // the manager reads why before going on.
        if (done.mailed === false) setStatus({ kind: 'info', text: t('registration:addedNoMail'), next: details });
        else {
          setStatus({ kind: 'ok', text: t('registration:added') });
          location.assign(details);
        }
      } else if (mode === 'update') {
        await call(registrationApi.updateOwn, { body: { answers } });
        setStatus({ kind: 'ok', text: t('registration:saved') });
        location.assign('/profile/userInfo');
      } else {
        await call(registrationApi.update, { body: { id: props.registrantId, answers } });
        setStatus({ kind: 'ok', text: t('registration:saved') });
        location.assign(`/platform/manage/userDetails?uid=${props.registrantId}`);
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'userReg.passportError');
      const text = t(e.messageKey, { ...(e.params ?? {}), title: e.params?.title ?? titles.get(e.field ?? '') ?? '' });
      if (e.field && document.getElementById(fieldId(e.field))) {
        setErrors({ [e.field]: text });
        showFirstError({ [e.field]: text });
      } else
        setStatus({
          kind: 'warn',
          text,
          ...(e.messageKey === 'userReg.emailInitialFailed' ? { title: t('userReg.attendFailed') } : {}),
        });
    } finally {
      setBusy(false);
    }
  }

  if (countdown) {
    return (
      <div className="rf-alert rf-alert-ok register-success" role="status">
        <strong>{t('registration:success')}</strong>
        <p>{t('registration:jumpIn', { seconds: countdown.seconds })}</p>
      </div>
    );
  }

  return (
    <>
      {closed ? <div className="rf-alert rf-alert-info">{t('registration:changesClosedNote')}</div> : null}
      <form id="conferenceRegister" className="rf-form register-form" noValidate onSubmit={(e) => void submit(e)}>
        {mode === 'add' && props.versions && props.versions.length > 1 ? (
          <div className="rf-item">
            <label className="rf-label-row" htmlFor={fieldId('_version')}>
              <span className="rf-label">{t('registration:version')}</span>
            </label>
            <select
              id={fieldId('_version')}
              className="rf-input rf-select"
              value={props.version}
              onChange={(e) =>
                location.assign(`/platform/manage/user/add?version=${encodeURIComponent(e.target.value)}`)
              }
            >
              {props.versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <h3 className="register-section">{t('registration:userInfo')}</h3>
        {rules.items
          .filter((i) => i.mode !== 'hidden')
          .map((item) => (
            <ItemField key={item.field} item={item} ctx={ctx} />
          ))}
        {mode === 'self' && props.notice ? (
          <div className={errors[NOTICE] ? 'rf-item rf-item-error' : 'rf-item'}>
            <label className="rf-choice">
              <input
                id={fieldId(NOTICE)}
                type="checkbox"
                checked={values[NOTICE] === true}
                aria-invalid={errors[NOTICE] ? true : undefined}
                aria-describedby={errors[NOTICE] ? `${fieldId(NOTICE)}_help` : undefined}
                onChange={(e) => set(NOTICE, e.target.checked)}
              />
              <span>{t('registration:noticeRead')}</span>
            </label>
            {errors[NOTICE] ? (
              <div className="rf-error" id={`${fieldId(NOTICE)}_help`} role="alert">
                {errors[NOTICE]}
              </div>
            ) : null}
          </div>
        ) : null}
        {mode === 'self' ? <p className="register-red-note">{t('registration:redNote')}</p> : null}
        {status ? (
          <div className={`rf-alert rf-alert-${status.kind}`} role={status.kind === 'warn' ? 'alert' : 'status'}>
            {status.title ? <strong className="rf-alert-title">{status.title}</strong> : null}
            {status.title ? <p>{status.text}</p> : status.text}
            {status.next ? (
              <p>
                <a className="rf-button rf-button-primary" href={status.next}>
                  {t('registration:continue')}
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="rf-actions">
          <button
            type="submit"
            className={
              props.mobile
                ? 'rf-button rf-button-primary rf-button-large rf-block'
                : 'rf-button rf-button-primary rf-button-large'
            }
            disabled={busy || uploading || closed}
            aria-busy={busy}
          >
            {busy ? <span className="rf-spinner" aria-hidden="true" /> : null}
            {mode === 'self' ? t('registration:submit') : t('registration:save')}
          </button>
          {mode !== 'self' ? (
            <a className="rf-button rf-button-large" href={cancelHref(mode, props.registrantId)}>
              {t('profile.cancel')}
            </a>
          ) : null}
        </div>
      </form>
      {mode === 'update' && props.canWithdraw ? <WithdrawButton t={t} /> : null}
    </>
  );
}

/** The person withdraws their own registration (issue 18), after a confirmation; the server says why when it refuses. */
function WithdrawButton({ t }: { t: T }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  async function withdraw() {
    setBusy(true);
    try {
      await call(registrationApi.withdrawOwn);
      setStatus({ kind: 'ok', text: t('registration:withdrawn') });
      setTimeout(() => location.assign('/profile/userInfo'), 1500);
    } catch (err) {
      setStatus({ kind: 'warn', text: t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed') });
      setBusy(false);
      setAsking(false);
    }
  }
  return (
    <div className="register-withdraw">
      {status ? (
        <div className={`rf-alert rf-alert-${status.kind}`} role={status.kind === 'warn' ? 'alert' : 'status'}>
          {status.text}
        </div>
      ) : null}
      {asking ? (
        <div className="rf-confirm" role="group">
          <p>{t('registration:withdrawConfirm')}</p>
          <div className="rf-actions">
            <button
              type="button"
              className="rf-button rf-button-danger"
              disabled={busy}
              onClick={() => void withdraw()}
            >
              {t('registration:withdrawConfirmYes')}
            </button>
            <button type="button" className="rf-button" disabled={busy} onClick={() => setAsking(false)}>
              {t('registration:withdrawKeep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="rf-button rf-button-danger-outline" onClick={() => setAsking(true)}>
          {t('registration:withdraw')}
        </button>
      )}
    </div>
  );
}
