/**
 * Reviewer activation (spec 2.9, 5 "Reviewer activation"): the form inside the platform's frame of
 * /review/active/{key}, so the password is typed on the platform's origin only. The e-mail is the
 * invitation's and cannot change; a password is asked only when the address has no platform
 * account. A confirmation first; then 'activation successful' and the activated state. Without a
 * usable key (`view` null) the activation message is all there is.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { LightResult } from '../shared/lightResult';
import { PASSWORD_PATTERN } from '../../server/contract/validation';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { reviewerApi, type ActivationView } from '../../server/contract/reviewers';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { CountrySelect } from '../shared/CountrySelect';
import { useFrameHeight, type Handoff } from '../shared/handoff';
import { translator } from '../shared/i18n';
import { SecretsNotice } from '../shared/Notice';
import type { Lang } from '../shared/locale';

export type ReviewActivationProps = { lang: Lang; activationKey: string; origin: string; view: ActivationView | null; signIn: string };

type Values = Omit<ActivationView, 'email' | 'active' | 'hasAccount' | 'conferenceName'> & { password?: string; confirmPassword?: string };

const NS = 'reviewers:activation.';

function Activation({ lang, activationKey, origin, view, signIn }: ReviewActivationProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const handoff = useMemo<Handoff>(() => ({ origin, state: '', redirect: null, email: null }), [origin]);
  useFrameHeight(handoff);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [gone, setGone] = useState(view === null);
  const [confirming, setConfirming] = useState(false);

  if (gone || !view) return <Alert type="warning" showIcon title={t('reviewers:activationGone')} className="activation-message" />;
  if (done) {
    return (
      <LightResult
        status="success"
        title={t(`${NS}success`)}
        subTitle={t(`${NS}successText`)}
        extra={<Button type="primary" href={signIn} target="_top">{t(`${NS}signIn`)}</Button>}
      />
    );
  }

  async function activate(values: Values) {
    setBusy(true);
    try {
      await call(reviewerApi.activate, { body: { key: activationKey, ...values, lang } });
      setDone(true);
    } catch (err) {
      const messageKey = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      if (messageKey === 'reviewers:activationGone') setGone(true);
      else if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Values, errors: [t(messageKey)] }]);
      else message.error(t(messageKey));
    } finally {
      setBusy(false);
    }
  }

  // The confirmation takes the button's place: in a frame as tall as the form, a centred dialog may open out of sight.
  const confirm = () => setConfirming(true);

  const required = (key: string) => [{ required: true, whitespace: true, message: t(`reviewers:${key}`) }];
  return (
    <Form form={form} layout="vertical" requiredMark onFinish={confirm} className="auth-form review-activation" name="reviewActivation" initialValues={view}>
      <h2 className="activation-title">{t(`${NS}title`)}</h2>
      <SecretsNotice text={t('auth.notice')} />
      <p>{t(`${NS}intro`, { conference: view.conferenceName })}</p>
      <Form.Item label={t(`${NS}email`)} extra={<span className="auth-notice">{t(`${NS}emailHint`)}</span>}>
        <Input value={view.email} disabled autoComplete="username" />
      </Form.Item>
      {view.hasAccount ? null : (
        <>
          <Form.Item name="password" label={t(`${NS}password`)} extra={t('passwordCheck')} rules={[{ required: true, message: t('passwordRequire') }, { pattern: PASSWORD_PATTERN, message: t('passwordCheck') }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t(`${NS}confirmPassword`)}
            dependencies={['password']}
            rules={[
              { required: true, message: t('confirmPasswordRequire') },
              ({ getFieldValue }) => ({ validator: async (_, v: string) => { if (v && v !== getFieldValue('password')) throw new Error(t('passwordError')); } }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item name="lastName" label={t(`${NS}lastName`)} rules={required('lastNameRequired')}>
        <Input autoComplete="family-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="middleName" label={t(`${NS}middleName`)}>
        <Input autoComplete="additional-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="firstName" label={t(`${NS}firstName`)} rules={required('firstNameRequired')}>
        <Input autoComplete="given-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="fullName" label={t(`${NS}fullName`)} rules={required('fullNameRequired')}>
        <Input autoComplete="name" maxLength={200} />
      </Form.Item>
      <Form.Item name="unit" label={t(`${NS}unit`)} rules={required('unitRequired')}>
        <Input autoComplete="organization" maxLength={300} />
      </Form.Item>
      <Form.Item name="phone" label={t(`${NS}phone`)} rules={[{ required: true, message: t('phoneRequire') }, { pattern: PHONE_PATTERN, message: t('phoneRequire') }]}>
        <Input autoComplete="tel" inputMode="tel" maxLength={40} />
      </Form.Item>
      <Form.Item name="countryArea" label={t(`${NS}countryArea`)} rules={[{ required: true, message: t('reviewers:countryRequired') }]}>
        <CountrySelect lang={lang} />
      </Form.Item>
      <Form.Item name="direction" label={t(`${NS}direction`)} rules={required('directionRequired')}>
        <Input maxLength={300} />
      </Form.Item>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="activation-confirm-title" className="activation-confirm" style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 16 }}>
          <p id="activation-confirm-title" style={{ fontWeight: 600, margin: 0 }}>{t(`${NS}confirmTitle`)}</p>
          <p>{t(`${NS}confirmText`)}</p>
          <Space>
            <Button onClick={() => setConfirming(false)}>{t(`${NS}cancel`)}</Button>
            <Button
              type="primary"
              className="activation-confirm-ok"
              loading={busy}
              onClick={() => {
                void activate(form.getFieldsValue()).finally(() => setConfirming(false));
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
    </Form>
  );
}

export default function ReviewActivation(props: ReviewActivationProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Activation {...props} />
    </AntdRoot>
  );
}
