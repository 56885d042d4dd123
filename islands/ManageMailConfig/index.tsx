/**
 * Mail configuration (spec 3 "Email config", 5): the conference's SMTP settings with a test
 * message, and its e-mail templates.
 */
import { useState } from 'react';
import { App, Alert, Button, Card, Form, Input, InputNumber, Space, Switch } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { AntdRoot } from '../shared/AntdRoot';
import { mailApi } from '../../server/contract/mail';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { Templates } from './Templates';
import type { ManageMailConfigProps, MailConfig } from './props';

type Values = Omit<MailConfig, 'hasPassword'> & { password: string; confirmPassword: string };

function MailConfigScreen({ lang, mobile, config, templates, platformSmtp }: ManageMailConfigProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState(config);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [testTo, setTestTo] = useState('');

  function showError(err: unknown) {
    const e = err instanceof ApiError ? err : new ApiError(0, 'commonMsg.failed');
    if (e.field && e.field !== 'to')
      form.setFields([{ name: e.field.replace(/^settings\./, '') as keyof Values, errors: [t(e.messageKey)] }]);
    else message.error(t(e.messageKey));
  }

  async function save(values: Values) {
    setBusy('save');
    try {
      setSaved(await call(mailApi.saveConfig, { body: values }));
      form.setFieldsValue({ password: '', confirmPassword: '' });
      message.success(t('mail:saved'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    if (!EMAIL_PATTERN.test(testTo.trim())) return void message.error(t('emailFormatError'));
    setBusy('test');
    try {
      const settings = await form.validateFields();
      await call(mailApi.test, { body: { to: testTo.trim(), settings } });
      message.success(t('mail:testSent'));
    } catch (err) {
      if (err instanceof ApiError) showError(err);
    } finally {
      setBusy(null);
    }
  }

  const initial: Partial<Values> = saved
    ? { ...saved, password: '', confirmPassword: '' }
    : { port: 465, ssl: true, active: true };
  return (
    <div className="manage-mail">
      <Card size="small" title={t('mail:config.smtp')} style={{ marginBottom: 16 }}>
        {!saved?.active ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t(platformSmtp ? 'mail:config.usingPlatform' : 'mail:config.noneYet')}
          />
        ) : null}
        <Form
          form={form}
          layout={mobile ? 'vertical' : 'horizontal'}
          labelCol={mobile ? undefined : { flex: '160px' }}
          initialValues={initial}
          onFinish={save}
          name="mailConfig"
        >
          <Form.Item
            name="email"
            label={t('mail:config.email')}
            rules={[
              { required: true, message: t('emailFormatError') },
              { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
            ]}
          >
            <Input autoComplete="off" inputMode="email" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('mail:config.password')}
            extra={saved?.hasPassword ? t('mail:config.passwordKept') : t('mail:config.passwordHint')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('mail:config.confirmPassword')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v) =>
                  v === getFieldValue('password') || (!v && !getFieldValue('password'))
                    ? undefined
                    : Promise.reject(new Error(t('passwordError'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="smtpHost"
            label={t('mail:config.host')}
            rules={[{ required: true, whitespace: true, message: t('mail:smtpRequired') }]}
          >
            <Input placeholder="smtp.example.org" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('mail:config.port')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('mail:portInvalid') }]}
          >
            <InputNumber precision={0} min={1} max={65535} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="ssl" label={t('mail:config.ssl')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('mail:config.phone')}
            extra={t('mail:config.phoneHint')}
            validateTrigger="onBlur"
            rules={[{ pattern: PHONE_PATTERN, message: t('phoneRequire') }]}
          >
            <Input inputMode="tel" autoComplete="off" style={{ maxWidth: 240 }} />
          </Form.Item>
          <Form.Item
            name="active"
            label={t('mail:config.active')}
            valuePropName="checked"
            extra={t('mail:config.activeHint')}
          >
            <Switch />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {t('mail:config.save')}
            </Button>
            <Space.Compact>
              <Input
                value={testTo}
                onChange={(e) => setTestTo(e.target.value)}
                placeholder={t('mail:config.testTo')}
                aria-label={t('mail:config.testTo')}
                inputMode="email"
                style={{ width: mobile ? 180 : 240 }}
              />
              <Button onClick={test} loading={busy === 'test'}>
                {t('mail:config.test')}
              </Button>
            </Space.Compact>
          </Space>
        </Form>
      </Card>
      <Card size="small" title={t('mail:templates.title')}>
        <Templates t={t} initial={templates} mobile={mobile} />
      </Card>
    </div>
  );
}

export default function ManageMailConfig(props: ManageMailConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <MailConfigScreen {...props} />
    </AntdRoot>
  );
}
