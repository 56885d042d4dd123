/**
 * Reviewer activation (spec 2.9, 5 "Reviewer activation"): the form inside the platform's frame of
 * /review/active/{key}, so the password is typed on the platform's origin only. The e-mail is the
 * invitation's and cannot change; a password is asked only when the address has no platform
 * account. A confirmation first; then 'activation successful' and the activated state. Without a
 * usable key (`view` null) the activation message is all there is. On the browser's own controls
 * (islands/shared/lightForm.tsx), as the other forms of the platform's frame (issue 32).
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { LightFormFrame, LightItem, matches, required, useLightForm } from '../shared/lightForm';
import { LightPassword } from '../shared/lightInputs';
import { LightResult } from '../shared/lightResult';
import { PASSWORD_PATTERN } from '../../server/contract/validation';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { reviewerApi, type ActivationView } from '../../server/contract/reviewers';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { LightCountrySelect } from '../shared/lightCountrySelect';
import { useFrameHeight, type Handoff } from '../shared/handoff';
import { translator } from '../shared/i18n';
import { SecretsNotice } from '../shared/Notice';
import type { ReviewActivationProps } from './props';

type Values = Omit<ActivationView, 'email' | 'active' | 'hasAccount' | 'conferenceName'> & {
  password: string;
  confirmPassword: string;
};

const NS = 'reviewers:activation.';

function Activation({ lang, activationKey, origin, view, signIn }: ReviewActivationProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const handoff = useMemo<Handoff>(() => ({ origin, state: '', redirect: null, email: null }), [origin]);
  useFrameHeight(handoff);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [gone, setGone] = useState(view === null);
  const [confirming, setConfirming] = useState(false);
  const need = (key: string) => [required<Values>(t(`reviewers:${key}`))];
  const form = useLightForm<Values>(
    'reviewActivation',
    {
      password: '',
      confirmPassword: '',
      lastName: view?.lastName ?? '',
      middleName: view?.middleName ?? '',
      firstName: view?.firstName ?? '',
      fullName: view?.fullName ?? '',
      unit: view?.unit ?? '',
      phone: view?.phone ?? '',
      countryArea: view?.countryArea ?? '',
      direction: view?.direction ?? '',
    },
    {
      ...(view?.hasAccount
        ? {}
        : {
            password: [required(t('passwordRequire')), matches(PASSWORD_PATTERN, t('passwordCheck'))],
            confirmPassword: [
              required(t('confirmPasswordRequire')),
              (v, all) => v !== '' && v !== all.password && t('passwordError'),
            ],
          }),
      lastName: need('lastNameRequired'),
      firstName: need('firstNameRequired'),
      fullName: need('fullNameRequired'),
      unit: need('unitRequired'),
      phone: [required(t('phoneRequire')), matches(PHONE_PATTERN, t('phoneRequire'))],
      countryArea: [required(t('reviewers:countryRequired'))],
      direction: need('directionRequired'),
    },
    { dependents: { password: ['confirmPassword'] } },
  );
  const { values, errors } = form;

  if (gone || !view)
    return <Alert type="warning" showIcon title={t('reviewers:activationGone')} className="activation-message" />;
  if (done) {
    return (
      <LightResult
        status="success"
        title={t(`${NS}success`)}
        subTitle={t(`${NS}successText`)}
        extra={
          <Button type="primary" href={signIn} target="_top">
            {t(`${NS}signIn`)}
          </Button>
        }
      />
    );
  }

  async function activate(v: Values) {
    setBusy(true);
    try {
      const { password, confirmPassword, ...person } = v;
      await call(reviewerApi.activate, {
        body: { key: activationKey, ...person, ...(view?.hasAccount ? {} : { password, confirmPassword }), lang },
      });
      setDone(true);
    } catch (err) {
      const messageKey = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      if (messageKey === 'reviewers:activationGone') setGone(true);
      else if (err instanceof ApiError && err.field && err.field in values)
        form.setError(err.field as keyof Values, t(messageKey));
      else message.error(t(messageKey));
    } finally {
      setBusy(false);
    }
  }

  const text = (
    field: Exclude<keyof Values, 'password' | 'confirmPassword' | 'countryArea'>,
    props: { autoComplete?: string; maxLength: number; inputMode?: 'tel' },
    isRequired = true,
  ) => (
    <LightItem id={form.id(field)} label={t(`${NS}${field}`)} required={isRequired} error={errors[field]}>
      <input className="li-input" {...props} {...form.text(field)} />
    </LightItem>
  );
  const password = (field: 'password' | 'confirmPassword', extra?: string) => (
    <LightItem id={form.id(field)} label={t(`${NS}${field}`)} required error={errors[field]} extra={extra}>
      <LightPassword lang={lang} autoComplete="new-password" {...form.text(field)} />
    </LightItem>
  );
  // The confirmation takes the button's place: in a frame as tall as the form, a centred dialog may open out of sight.
  return (
    <LightFormFrame
      name="reviewActivation"
      layout="vertical"
      onSubmit={form.onSubmit(() => setConfirming(true))}
      className="auth-form review-activation"
    >
      <h2 className="activation-title">{t(`${NS}title`)}</h2>
      <SecretsNotice text={t('auth.notice')} />
      <p>{t(`${NS}intro`, { conference: view.conferenceName })}</p>
      <LightItem
        id="reviewActivation_email"
        label={t(`${NS}email`)}
        extra={<span className="auth-notice">{t(`${NS}emailHint`)}</span>}
      >
        <input
          id="reviewActivation_email"
          className="li-input"
          value={view.email}
          disabled
          readOnly
          autoComplete="username"
        />
      </LightItem>
      {view.hasAccount ? null : (
        <>
          {password('password', t('passwordCheck'))}
          {password('confirmPassword')}
        </>
      )}
      {text('lastName', { autoComplete: 'family-name', maxLength: 100 })}
      {text('middleName', { autoComplete: 'additional-name', maxLength: 100 }, false)}
      {text('firstName', { autoComplete: 'given-name', maxLength: 100 })}
      {text('fullName', { autoComplete: 'name', maxLength: 200 })}
      {text('unit', { autoComplete: 'organization', maxLength: 300 })}
      {text('phone', { autoComplete: 'tel', inputMode: 'tel', maxLength: 40 })}
      <LightItem id={form.id('countryArea')} label={t(`${NS}countryArea`)} required error={errors.countryArea}>
        <LightCountrySelect
          lang={lang}
          id={form.id('countryArea')}
          value={values.countryArea}
          onChange={(v) => form.set('countryArea', v)}
          {...form.aria('countryArea')}
        />
      </LightItem>
      {text('direction', { maxLength: 300 })}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="activation-confirm-title"
          className="activation-confirm"
          style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 16 }}
        >
          <p id="activation-confirm-title" style={{ fontWeight: 600, margin: 0 }}>
            {t(`${NS}confirmTitle`)}
          </p>
          <p>{t(`${NS}confirmText`)}</p>
          <Space>
            <Button onClick={() => setConfirming(false)}>{t(`${NS}cancel`)}</Button>
            <Button
              type="primary"
              className="activation-confirm-ok"
              loading={busy}
              onClick={() => {
                void activate(values).finally(() => setConfirming(false));
              }}
            >
              {t(`${NS}confirmOk`)}
            </Button>
          </Space>
        </div>
      ) : (
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t(`${NS}active`)}
        </Button>
      )}
    </LightFormFrame>
  );
}

export default function ReviewActivation(props: ReviewActivationProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Activation {...props} />
    </AntdRoot>
  );
}
