/**
 * "Create conference" on the platform host: names, short title, the website's address (a
 * subdomain of the platform or an own domain) and language. On success the user is sent to the
 * new site's login page: a session belongs to one website.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Radio, Result, Space } from 'antd';
import {
  conferencesApi,
  DOMAIN_PATTERN,
  RESERVED_SLUGS,
  SLUG_PATTERN,
  type CreatedConference,
} from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { CreateConferenceProps } from './props';

type Values = {
  nameZh: string;
  nameEn: string;
  shortTitle?: string;
  addressKind: 'subdomain' | 'custom';
  slug?: string;
  domain?: string;
  languageType: '1' | '2' | '3';
};

const NS = 'manageConference:';
const FIELDS = ['nameZh', 'nameEn', 'shortTitle', 'slug', 'domain', 'languageType'];
const REDIRECT_MS = 5000;

function CreateForm({ lang, mobile, siteDomain, customDomain = false }: CreateConferenceProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('addressKind', form) ?? 'subdomain';
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedConference | null>(null);

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => window.location.assign(created.loginUrl), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [created]);

  async function submit(values: Values) {
    setBusy(true);
    try {
      const body = {
        nameZh: values.nameZh,
        nameEn: values.nameEn,
        shortTitle: values.shortTitle ?? '',
        languageType: values.languageType,
        ...(values.addressKind === 'custom' ? { domain: values.domain ?? '' } : { slug: values.slug ?? '' }),
      };
      setCreated(await call(conferencesApi.create, { body }));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      if (err instanceof ApiError && err.field && FIELDS.includes(err.field))
        form.setFields([{ name: err.field as keyof Values, errors: [t(key, err.params)] }]);
      else message.error(t(key, err instanceof ApiError ? err.params : undefined));
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    return (
      <Result
        status="success"
        title={t(`${NS}created`)}
        subTitle={
          <>
            <p>{t(`${NS}create.createdHint`, { domain: created.domain })}</p>
            <p>{t(`${NS}create.redirecting`)}</p>
          </>
        }
        extra={
          <Button type="primary" href={created.loginUrl}>
            {t(`${NS}create.goLogin`)}
          </Button>
        }
      />
    );
  }

  const required = (key: string) => ({ required: true, whitespace: true, message: t(`${NS}${key}`) });
  return (
    <div style={{ maxWidth: mobile ? undefined : 640 }}>
      <Alert type="info" showIcon title={t(`${NS}create.intro`)} style={{ marginBottom: 20 }} />
      <Form
        form={form}
        layout="vertical"
        name="createConference"
        onFinish={submit}
        initialValues={{ addressKind: 'subdomain', languageType: '3' }}
        requiredMark
      >
        <Form.Item
          name="nameZh"
          label={t(`${NS}create.nameZh`)}
          rules={[required('nameZhRequired'), { max: 300, message: t(`${NS}nameZhTooLong`) }]}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t(`${NS}create.nameEn`)}
          rules={[required('nameEnRequired'), { max: 300, message: t(`${NS}nameEnTooLong`) }]}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item
          name="shortTitle"
          label={t(`${NS}create.shortTitle`)}
          rules={[{ max: 100, message: t(`${NS}shortTitleTooLong`) }]}
        >
          <Input maxLength={100} placeholder={t(`${NS}create.shortTitlePlaceholder`)} />
        </Form.Item>
        <Form.Item name="addressKind" label={t(`${NS}create.address`)} hidden={!customDomain}>
          <Radio.Group
            options={[
              { value: 'subdomain', label: t(`${NS}create.subdomain`) },
              { value: 'custom', label: t(`${NS}create.customDomain`) },
            ]}
          />
        </Form.Item>
        {kind === 'custom' ? (
          <Form.Item
            name="domain"
            label={t(`${NS}create.domain`)}
            extra={t(`${NS}create.domainHelp`)}
            validateTrigger="onBlur"
            normalize={(v: string) => v.trim().toLowerCase()}
            rules={[required('slugRequired'), { pattern: DOMAIN_PATTERN, message: t(`${NS}domainInvalid`) }]}
          >
            <Input placeholder="conf.example.org" inputMode="url" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
        ) : (
          <Form.Item label={t(`${NS}create.slug`)} extra={t(`${NS}create.slugHelp`)} required>
            <Space.Compact block>
              <Form.Item
                name="slug"
                noStyle
                validateTrigger="onBlur"
                normalize={(v: string) => v.trim().toLowerCase()}
                rules={[
                  required('slugRequired'),
                  { pattern: SLUG_PATTERN, message: t(`${NS}slugInvalid`) },
                  {
                    validator: async (_, v: string) => {
                      if ((RESERVED_SLUGS as readonly string[]).includes(v)) throw new Error(t(`${NS}slugReserved`));
                    },
                  },
                ]}
              >
                <Input maxLength={40} autoCapitalize="none" spellCheck={false} aria-label={t(`${NS}create.slug`)} />
              </Form.Item>
              <Space.Addon>.{siteDomain}</Space.Addon>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item name="languageType" label={t(`${NS}create.languageType`)}>
          <Radio.Group
            options={[
              { value: '3', label: t('manage.language.bilingual') },
              { value: '1', label: t('manage.language.chinese') },
              { value: '2', label: t('manage.language.english') },
            ]}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
            {t(`${NS}create.submit`)}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}

export default function CreateConference(props: CreateConferenceProps) {
  return (
    <AntdRoot lang={props.lang}>
      <CreateForm {...props} />
    </AntdRoot>
  );
}
