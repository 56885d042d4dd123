/**
 * Change or forgotten password (spec 2.7): e-mail, a code sent to it, name, new password twice.
 * A reset ends every other session of the account; then the user logs in again.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { AntdRoot } from '../shared/AntdRoot';
import { LightResult } from '../shared/lightResult';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { conferenceHref, goToConference, useFrameHeight } from '../shared/handoff';
import { CodeInput } from '../shared/CodeInput';
import { translator } from '../shared/i18n';
import { codeRules, confirmRules, emailRules, passwordRules } from '../shared/rules';
import type { ResetPasswordFormProps } from './props';

type Values = { email: string; verifyCode: string; name: string; password: string; confirmPassword: string };

function Reset({ lang, email, name, handoff }: ResetPasswordFormProps) {
  const t = translator(lang);
  useFrameHeight(handoff);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // Where the person goes once the password is changed: the page says so until it gets there (issue 18).
  const [done, setDone] = useState<string | null>(null);
  const current = Form.useWatch('email', form);

  async function validEmail(): Promise<string | null> {
    const value = String(form.getFieldValue('email') ?? '').trim();
    if (!value) {
      form.setFields([{ name: 'email', errors: [t('emailFormatError')] }]);
      return null;
    }
    try {
      return (await form.validateFields(['email'])).email;
    } catch {
      return null;
    }
  }

  async function submit(values: Values) {
    setBusy(true);
    try {
      const handoffBody = handoff
        ? { handoff: { origin: handoff.origin, state: handoff.state, redirect: handoff.redirect ?? undefined } }
        : {};
      const done = await call(accountsApi.resetPassword, { body: { data: values, ...handoffBody } });
      message.success(t('auth.passwordChanged'));
      // In a conference's page the new password signs the person in there.
      if (handoff && done?.handoffUrl) {
        setDone(t('auth.passwordChangedSignedIn'));
        return void setTimeout(() => goToConference(handoff, done.handoffUrl!), 2000);
      }
      setDone(t('auth.passwordChanged'));
      // In a frame the button below opens the conference's login page at the top (the platform's
      // page refuses to be framed, and a frame may not move the window without the person's click).
      if (!handoff) setTimeout(() => location.assign('/conferencelogin'), 2000);
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'userReg.passportError';
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Values, errors: [t(key)] }]);
      else message.warning(t(key));
      setBusy(false);
    }
  }

  if (done) {
    return (
      <LightResult
        status="success"
        title={done}
        extra={
          <Button
            type="primary"
            href={conferenceHref(handoff, '/conferencelogin')}
            target={handoff ? '_top' : undefined}
          >
            {t('prompt.goLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className="auth-form"
      name="reset"
      initialValues={{ email: email ?? '', name: name ?? '' }}
    >
      <Form.Item
        name="email"
        label={t('auth.email')}
        validateTrigger="onBlur"
        rules={emailRules(t, 'existing')}
        hasFeedback
      >
        <Input autoComplete="username" inputMode="email" size="large" readOnly={Boolean(email)} />
      </Form.Item>
      <Form.Item
        name="verifyCode"
        label={t('auth.verifyCode')}
        validateTrigger="onBlur"
        rules={codeRules(t, 'resetPassCode', form)}
      >
        <CodeInput t={t} lang={lang} type="resetPassCode" size="large" disabled={!current} email={validEmail} />
      </Form.Item>
      <Form.Item
        name="name"
        label={
          <span>
            {t('auth.name')}{' '}
            <Tooltip title={t('auth.nameNote')}>
              <InfoCircleOutlined aria-label={t('auth.nameNote')} />
            </Tooltip>
          </span>
        }
        rules={[{ max: 100, message: t('nameTooLong') }]}
      >
        <Input autoComplete="name" size="large" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.newPassword')}
        validateTrigger="onBlur"
        rules={passwordRules(t)}
        extra={t('passwordCheck')}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('auth.confirm')}
      </Button>
    </Form>
  );
}

export default function ResetPasswordForm(props: ResetPasswordFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Reset {...props} />
    </AntdRoot>
  );
}
