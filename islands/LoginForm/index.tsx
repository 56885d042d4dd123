/**
 * Account login (spec 2.5): e-mail and password in one call. After login: the `redirect` path
 * when there is one, else the personal centre for registered attendees and the conference
 * registration for everyone else.
 */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { sitesApi } from '../../server/contract/sites';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { SecretsNotice } from '../shared/Notice';
import { conferenceHref, goToConference, useFrameHeight, type Handoff } from '../shared/handoff';

/** handoff: shown in the platform's frame inside a conference's page (docs/accounts.md). */
export type LoginFormProps = { lang: Lang; redirect: string | null; platform: boolean; handoff?: Handoff | null };

function Login({ lang, redirect, platform, handoff }: LoginFormProps) {
  const t = translator(lang);
  useFrameHeight(handoff);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function afterLogin() {
    if (redirect) return location.assign(redirect);
    if (platform) return location.assign('/');
    const status = await call(sitesApi.conferenceStatus);
    location.assign(status.allUsers.conferenceUser ? '/profile/userInfo' : '/conferenceRegister');
  }

  async function submit(values: { email: string; password: string }) {
    setBusy(true);
    try {
      const body = handoff ? { ...values, handoff: { origin: handoff.origin, state: handoff.state, redirect: handoff.redirect ?? undefined } } : values;
      const token = await call(accountsApi.login, { body });
      if (!token) throw new ApiError(400, 'loginFailed');
      if (handoff && token.handoffUrl) return goToConference(handoff, token.handoffUrl);
      await afterLogin();
    } catch (err) {
      message.warning(t(err instanceof ApiError ? err.messageKey : 'loginFailed'));
      setBusy(false);
    }
  }

  return (
    <Form layout="vertical" requiredMark={false} onFinish={submit} className="auth-form" name="login">
      <Form.Item
        name="email"
        label={t('auth.email')}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: t('emailFormatError') },
          { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
        ]}
      >
        <Input autoComplete="username" inputMode="email" size="large" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('passwordRequire') }]}>
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <div className="auth-links">
        <a href={conferenceHref(handoff, '/userRegister')} target={handoff ? '_top' : undefined}>
          {t('auth.signUp')}
        </a>
        <a href={conferenceHref(handoff, '/resetPassword')} target={handoff ? '_top' : undefined}>
          {t('auth.forgotPassword')}
        </a>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('auth.login')}
      </Button>
      <SecretsNotice text={t('auth.notice')} />
    </Form>
  );
}

export default function LoginForm(props: LoginFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Login {...props} />
    </AntdRoot>
  );
}
