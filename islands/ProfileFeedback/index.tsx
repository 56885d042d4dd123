/**
 * Feedback and questions (spec 2.10 feedback): the form — title, name, e-mail, phone, type,
 * content, an attachment (text or document) and the e-mail code — and one's earlier feedback
 * with whether it was answered. On the browser's own controls (islands/shared/lightForm.tsx and
 * its neighbours), without antd's Form, Input, Select, Upload and List (issue 32).
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { call, urlOf, ApiError, type Envelope } from '../shared/api';
import { feedbackApi } from '../../server/contract/feedback';
import { LightCodeInput } from '../shared/lightCodeInput';
import { LightFormFrame, LightItem, longest, matches, required, useLightForm } from '../shared/lightForm';
import { LightTextArea } from '../shared/lightInputs';
import { LightList } from '../shared/lightList';
import { LightSelect } from '../shared/lightSelect';
import { LightUpload } from '../shared/lightUpload';
import { translator } from '../shared/i18n';
import type { ProfileFeedbackProps } from './props';

type Values = {
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  verifyCode: string;
};

function FeedbackScreen({ lang, mobile, types, mine, name, email, phone, verifiedEmail }: ProfileFeedbackProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [list, setList] = useState(mine);
  const [file, setFile] = useState<{ name: string; originalName: string } | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useLightForm<Values>(
    'feedback',
    { title: '', name, email, phone, type: types[0]?.value ?? '', content: '', verifyCode: '' },
    {
      title: [required(t('feedback:titleRequired')), longest(200, t('feedback:titleTooLong'))],
      type: [required(t('feedback:typeRequired'))],
      phone: [matches(PHONE_PATTERN, t('phoneRequire'))],
      email: [required(t('emailFormatError')), matches(EMAIL_PATTERN, t('emailFormatError'))],
      content: [required(t('feedback:contentRequired')), longest(5000, t('feedback:contentTooLong'))],
      verifyCode: [(v, all) => codeNeededFor(all.email) && !String(v ?? '') && t('inputVerifyCode')],
    },
    { checkedOnLeave: ['phone', 'email'] },
  );
  const { values, errors } = form;

  function codeNeededFor(address: string): boolean {
    return !verifiedEmail || address.trim().toLowerCase() !== verifiedEmail.toLowerCase();
  }
  const codeNeeded = codeNeededFor(values.email);
  const typeLabel = (stored: string) => types.find((x) => x.value === stored)?.label ?? stored;

  async function submit(v: Values) {
    setBusy(true);
    try {
      const done = await call(feedbackApi.submit, { body: { ...v, attachment: file?.name ?? null } });
      setList([done, ...list]);
      form.setValues({ title: '', content: '', verifyCode: '' });
      setFile(null);
      message.success(t('feedback:sent'));
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'commonMsg.failed');
      if (e.field && e.field !== 'attachment' && e.field in values)
        form.setError(e.field as keyof Values, t(e.messageKey));
      else message.error(t(e.messageKey));
    } finally {
      setBusy(false);
    }
  }

  // The request is ours: a refused upload says why (issue 18).
  async function upload(picked: File) {
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
  }

  const item = (
    field: keyof Values & string,
    label: string,
    control: ReactNode,
    isRequired = false,
    extra?: string,
  ) => (
    <LightItem id={form.id(field)} label={label} required={isRequired} error={errors[field]} extra={extra}>
      {control}
    </LightItem>
  );
  return (
    <div className="profile-feedback">
      <LightFormFrame
        name="feedback"
        layout="vertical"
        onSubmit={form.onSubmit((v) => void submit(v))}
        className="panel-form"
      >
        {item('title', t('feedback:fields.title'), <input className="li-input" {...form.text('title')} />, true)}
        {item(
          'type',
          t('feedback:fields.type'),
          types.length ? (
            <LightSelect<string>
              id={form.id('type')}
              block
              value={values.type}
              options={types}
              onChange={(v) => form.set('type', v ?? '')}
              {...form.aria('type')}
            />
          ) : (
            <input className="li-input" maxLength={100} {...form.text('type')} />
          ),
          true,
        )}
        {item('name', t('feedback:fields.name'), <input className="li-input" maxLength={100} {...form.text('name')} />)}
        {item(
          'phone',
          t('feedback:fields.phone'),
          <input className="li-input" inputMode="tel" {...form.text('phone')} />,
        )}
        {item(
          'email',
          t('feedback:fields.email'),
          <input className="li-input" inputMode="email" {...form.text('email')} />,
          true,
        )}
        {item(
          'content',
          t('feedback:fields.content'),
          <LightTextArea minRows={5} maxRows={12} {...form.text('content')} />,
          true,
        )}
        <LightItem label={t('feedback:fields.attachment')} extra={t('feedback:attachmentHint')}>
          <LightUpload
            lang={lang}
            accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.md"
            label={t('feedback:upload')}
            file={file ? { name: file.originalName } : uploading ? { name: uploading, uploading: true } : null}
            onPick={(picked) => void upload(picked)}
            onRemove={() => setFile(null)}
          />
        </LightItem>
        {codeNeeded &&
          item(
            'verifyCode',
            t('auth.verifyCode'),
            <LightCodeInput
              t={t}
              lang={lang}
              type="feedbackCode"
              email={async () => (form.check('email') ? values.email.trim() : null)}
              onError={(key) => form.setError('email', t(key))}
              {...form.text('verifyCode')}
            />,
            true,
            verifiedEmail ? t('feedback:codeForOtherAddress') : undefined,
          )}
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('feedback:submit')}
        </Button>
      </LightFormFrame>
      <h3 className="register-section">{t('feedback:mine')}</h3>
      {list.length ? (
        <LightList
          items={list.map((f) => ({
            key: f.id,
            title: (
              <>
                {f.title}{' '}
                {f.reply ? <Tag color="green">{t('feedback:replied')}</Tag> : <Tag>{t('feedback:waiting')}</Tag>}
              </>
            ),
            description: `${typeLabel(f.type)} · ${formatInstant(f.createdAt)}`,
            actions: [
              <a key="v" href={`/profile/feedBackDetails?id=${f.id}`}>
                {t('feedback:view')}
              </a>,
            ],
          }))}
        />
      ) : (
        <div className="ls-empty">{t('feedback:none')}</div>
      )}
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
