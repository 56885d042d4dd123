/**
 * Feedback and questions (spec 2.10 feedback): the form — title, name, e-mail, phone, type,
 * content, an attachment (text or document) and the e-mail code — and one's earlier feedback
 * with whether it was answered.
 */
import { useState } from 'react';
import { App, Button, Form, Input, List, Select, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { formatInstant } from '../../server/contract/conferences';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { call, urlOf, ApiError, type Envelope } from '../shared/api';
import { feedbackApi } from '../../server/contract/feedback';
import { CodeInput } from '../shared/CodeInput';
import { validatedEmail } from '../shared/rules';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { Feedback } from './types';

/**
 * `types`: the conference's feedback types, `value` (both names, as stored) and `label` (the
 * reader's language). `phone`: from the person's registration. `verifiedEmail`: the account's
 * proven address — feedback from it needs no code.
 */
export type ProfileFeedbackProps = { lang: Lang; mobile: boolean; types: Array<{ value: string; label: string }>; mine: Feedback[]; name: string; email: string; phone: string; verifiedEmail: string | null };
type Values = { title: string; name: string; email: string; phone: string; type: string; content: string; verifyCode: string };

function FeedbackScreen({ lang, mobile, types, mine, name, email, phone, verifiedEmail }: ProfileFeedbackProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [list, setList] = useState(mine);
  const [file, setFile] = useState<{ name: string; originalName: string } | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validEmail = validatedEmail(form);
  const typed = Form.useWatch('email', form) ?? email;
  const codeNeeded = !verifiedEmail || typed.trim().toLowerCase() !== verifiedEmail.toLowerCase();
  const typeLabel = (stored: string) => types.find((x) => x.value === stored)?.label ?? stored;

  async function submit(values: Values) {
    setBusy(true);
    try {
      const done = await call(feedbackApi.submit, { body: { ...values, attachment: file?.name ?? null } });
      setList([done, ...list]);
      form.resetFields(['title', 'content', 'verifyCode']);
      setFile(null);
      message.success(t('feedback:sent'));
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'commonMsg.failed');
      if (e.field && e.field !== 'attachment') form.setFields([{ name: e.field as keyof Values, errors: [t(e.messageKey)] }]);
      else message.error(t(e.messageKey));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="profile-feedback">
      <Form form={form} layout="vertical" name="feedback" onFinish={submit} initialValues={{ name, email, phone, type: types[0]?.value }} className="panel-form">
        <Form.Item name="title" label={t('feedback:fields.title')} rules={[{ required: true, whitespace: true, message: t('feedback:titleRequired') }, { max: 200, message: t('feedback:titleTooLong') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('feedback:fields.type')} rules={[{ required: true, whitespace: true, message: t('feedback:typeRequired') }]}>
          {types.length ? <Select options={types} /> : <Input maxLength={100} />}
        </Form.Item>
        <Form.Item name="name" label={t('feedback:fields.name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="phone" label={t('feedback:fields.phone')} validateTrigger="onBlur" rules={[{ pattern: PHONE_PATTERN, message: t('phoneRequire') }]}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label={t('feedback:fields.email')} validateTrigger="onBlur" rules={[{ required: true, message: t('emailFormatError') }, { pattern: EMAIL_PATTERN, message: t('emailFormatError') }]}>
          <Input inputMode="email" />
        </Form.Item>
        <Form.Item name="content" label={t('feedback:fields.content')} rules={[{ required: true, whitespace: true, message: t('feedback:contentRequired') }, { max: 5000, message: t('feedback:contentTooLong') }]}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} />
        </Form.Item>
        <Form.Item label={t('feedback:fields.attachment')} extra={t('feedback:attachmentHint')}>
          <Upload
            accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.md"
            maxCount={1}
            fileList={file ? [{ uid: file.name, name: file.originalName, status: 'done' }] : uploading ? [{ uid: 'uploading', name: uploading, status: 'uploading' }] : []}
            onRemove={() => setFile(null)}
            // The request is ours, not antd's: with the list held here, antd drops the error of a
            // file it does not list, and a refused upload used to say nothing (issue 18).
            customRequest={async ({ file: chosen }) => {
              const picked = chosen as File;
              setUploading(picked.name);
              try {
                const body = new FormData();
                body.append('file', picked);
                const res = await fetch(urlOf(feedbackApi.upload), { method: 'POST', body, credentials: 'same-origin' });
                const envelope = (await res.json().catch(() => null)) as Envelope<{ name: string; originalName: string }> | null;
                if (envelope?.code === 200) setFile(envelope.data);
                else message.error(t(envelope?.message ?? (res.status === 413 ? 'files:fileTooLarge' : 'files:uploadFailed')));
              } catch {
                message.error(t('files:uploadFailed'));
              } finally {
                setUploading(null);
              }
            }}
          >
            <Button icon={<UploadOutlined />}>{t('feedback:upload')}</Button>
          </Upload>
        </Form.Item>
        {codeNeeded && (
          <Form.Item name="verifyCode" label={t('auth.verifyCode')} extra={verifiedEmail ? t('feedback:codeForOtherAddress') : undefined} rules={[{ required: true, message: t('inputVerifyCode') }]}>
            <CodeInput t={t} lang={lang} type="feedbackCode" email={validEmail} onError={(key) => form.setFields([{ name: 'email', errors: [t(key)] }])} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('feedback:submit')}
        </Button>
      </Form>
      <h3 className="register-section">{t('feedback:mine')}</h3>
      <List
        dataSource={list}
        locale={{ emptyText: t('feedback:none') }}
        rowKey="id"
        renderItem={(f) => (
          <List.Item actions={[<a key="v" href={`/profile/feedBackDetails?id=${f.id}`}>{t('feedback:view')}</a>]}>
            <List.Item.Meta title={<>{f.title} {f.reply ? <Tag color="green">{t('feedback:replied')}</Tag> : <Tag>{t('feedback:waiting')}</Tag>}</>} description={`${typeLabel(f.type)} · ${formatInstant(f.createdAt)}`} />
          </List.Item>
        )}
      />
    </div>
  );
}

export default function ProfileFeedback(props: ProfileFeedbackProps) {
  return (
    <AntdRoot lang={props.lang}>
      <FeedbackScreen {...props} />
    </AntdRoot>
  );
}
