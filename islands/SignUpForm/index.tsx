/**
 * New account (spec 2.6): e-mail, a code sent to it, name, password twice. On success the user
 * is logged in and goes to the conference registration.
 */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { goToConference, useFrameHeight, type Handoff } from '../shared/handoff';
import { CodeInput } from '../shared/CodeInput';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { SecretsNotice } from '../shared/Notice';
import { codeRules, confirmRules, emailRules, passwordRules, validatedEmail } from '../shared/rules';

/** handoff: shown in the platform's frame inside a conference's page (docs/accounts.md). */
export type SignUpFormProps = { lang: Lang; next: string; handoff?: Handoff | null };

type Values = { email: string; verifyCode: string; trueName: string; password: string; confirmPassword: string };

function SignUp({ lang, next, handoff }: SignUpFormProps) {
  const t = translator(lang);
  useFrameHeight(handoff);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const email = Form.useWatch('email', form);

  const validEmail = validatedEmail(form);

  async function submit(values: Values) {
    setBusy(true);
    try {
      const done = await call(accountsApi.register, {
        body: {
          email: values.email,
          trueName: values.trueName,
          passWord: values.password,
          verifyCode: values.verifyCode,
          ...(handoff ? { handoff: { origin: handoff.origin, state: handoff.state, redirect: handoff.redirect ?? next } } : {}),
        },
      });
      if (handoff && done?.handoffUrl) return goToConference(handoff, done.handoffUrl);
      location.assign(next);
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'userReg.passportError';
      if (err instanceof ApiError && err.field) form.setFields([{ name: (err.field === 'passWord' ? 'password' : err.field) as keyof Values, errors: [t(key)] }]);
      else message.warning(t(key));
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} className="auth-form" name="signup">
      <Form.Item name="email" label={t('auth.email')} validateTrigger="onBlur" rules={emailRules(t, 'new')} hasFeedback>
        <Input autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <Form.Item name="verifyCode" label={t('auth.verifyCode')} validateTrigger="onBlur" rules={codeRules(t, 'registerCode', form)}>
        <CodeInput t={t} type="registerCode" size="large" disabled={!email || !EMAIL_PATTERN.test(email)} email={validEmail} />
      </Form.Item>
      <Form.Item name="trueName" label={t('auth.name')} rules={[{ required: true, whitespace: true, message: t('nameRequire') }, { max: 100, message: t('nameTooLong') }]}>
        <Input autoComplete="name" size="large" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} validateTrigger="onBlur" rules={passwordRules(t)} extra={t('passwordCheck')}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('auth.signUpAndLogin')}
      </Button>
      <div className="auth-links auth-links-center">
        <span>{t('auth.haveAccount')}</span> <a href="/conferencelogin">{t('auth.login')}</a>
      </div>
      <SecretsNotice text={t('auth.notice')} />
    </Form>
  );
}

export default function SignUpForm(props: SignUpFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <SignUp {...props} />
    </AntdRoot>
  );
}
