/** Edit the account's personal information (the name; the e-mail is the account and stays). */
import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { ProfileEditFormProps } from './props';

function Edit({ lang, trueName, email }: ProfileEditFormProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function submit(values: { trueName: string }) {
    setBusy(true);
    try {
      await call(accountsApi.updateInfo, { body: values });
      message.success(t('profile.saved'));
      setTimeout(() => location.assign('/profile/userInfo'), 800);
    } catch (err) {
      message.warning(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
      setBusy(false);
    }
  }

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ trueName }}
      name="profile"
      className="panel-form"
    >
      <Form.Item label={t('auth.email')}>
        <Input value={email} disabled />
      </Form.Item>
      <Form.Item
        name="trueName"
        label={t('auth.name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequire') },
          { max: 100, message: t('nameTooLong') },
        ]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('profile.save')}
        </Button>
        <Button href="/profile/userInfo">{t('profile.cancel')}</Button>
      </Space>
    </Form>
  );
}

export default function ProfileEditForm(props: ProfileEditFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Edit {...props} />
    </AntdRoot>
  );
}
