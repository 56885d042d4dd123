/**
 * The conference registration form (spec 2.8): the person's own registration, or a manager's
 * "add registrant" and "edit" (mode). Built from the form's items. Only signed-in people register
 * themselves: someone without an account gets one in the platform's frame on the page first (no
 * password is typed on a conference's origin, docs/accounts.md). After a successful registration
 * it says 'Registration successful, page jumps in N seconds', counting down from 3.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Popconfirm, Select, Space } from 'antd';
import { registrationFormApi as registrationApi, type Answers, type FormRules } from '../../server/contract/registrationForm';
import type { RegistrantFile } from '../../server/contract/registrants';
import { AntdRoot, SCROLL_TO_FIELD } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { ItemField, itemTitle, prepareFields, type FieldContext } from './fields';
import type { UploadedFile } from './upload';

export type RegisterFormProps = {
  lang: Lang;
  mobile: boolean;
  /** self: one's own registration; update: changing it later; add / edit: a manager's */
  mode: 'self' | 'update' | 'add' | 'edit';
  version: string;
  rules: FormRules;
  /** the signed-in person (self mode) */
  account: { email: string; name: string } | null;
  /** the page shows the instructions above: the 'I have read the notice' tick is required */
  notice: boolean;
  /** add mode: the versions a manager can pick */
  versions?: string[];
  registrantId?: number;
  initial?: Answers;
  initialFiles?: Record<string, RegistrantFile[]>;
  /** update mode: changes are still allowed (the window, or the managers' choice after it) */
  changesOpen?: boolean;
  /** update mode: the managers let attendees withdraw */
  canWithdraw?: boolean;
};

const REDIRECT_SECONDS = 3;
type Values = Record<string, string | string[] | boolean | undefined>;

function answersFrom(values: Values, extra: Set<string>): Answers {
  const answers: Answers = {};
  for (const [key, value] of Object.entries(values)) {
    if (extra.has(key) || value === undefined || value === null || typeof value === 'boolean') continue;
    answers[key] = value;
  }
  return answers;
}

function RegisterFormBody(props: RegisterFormProps) {
  const { lang, mobile, mode, rules, account } = props;
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>(props.initialFiles ?? {});
  const [countdown, setCountdown] = useState<{ seconds: number; to: string } | null>(null);

  useEffect(() => {
    if (!countdown) return;
    if (countdown.seconds <= 0) return void location.assign(countdown.to);
    const timer = setTimeout(() => setCountdown({ ...countdown, seconds: countdown.seconds - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const titles = useMemo(() => new Map(rules.items.map((i) => [i.field, itemTitle(i, lang)])), [rules, lang]);
  const initialValues: Values = mode === 'self' && account ? { email: account.email, fullName: account.name } : { ...(props.initial ?? {}) };
  const extra = new Set(['noticeAccepted', '_version']);

  const ctx: FieldContext = {
    rules,
    lang,
    t,
    mobile,
    lockedEmail: Boolean(account) || mode === 'edit' || mode === 'update',
    files,
    onFiles: (field, list) => setFiles((prev) => ({ ...prev, [field]: list })),
    uploadBusy: setUploading,
  };

  async function submit(values: Values) {
    setBusy(true);
    const answers = answersFrom(values, extra);
    try {
      if (mode === 'self') {
        const done = await call(registrationApi.register, { body: { version: props.version, answers, noticeAccepted: Boolean(values.noticeAccepted) } });
        setCountdown({ seconds: REDIRECT_SECONDS, to: done.redirect });
      } else if (mode === 'add') {
        const done = await call(registrationApi.add, { body: { version: typeof values._version === 'string' ? values._version : props.version, answers } });
        const details = `/platform/manage/userDetails?uid=${done.id}`;
        // Not mailed: the conference is unpublished and the address a stranger to it (the mail gate);
        // the manager reads why before going on.
        if (done.mailed === false) modal.info({ content: t('registration:addedNoMail'), onOk: () => location.assign(details) });
        else {
          message.success(t('registration:added'));
          location.assign(details);
        }
      } else if (mode === 'update') {
        await call(registrationApi.updateOwn, { body: { answers } });
        message.success(t('registration:saved'));
        location.assign('/profile/userInfo');
      } else {
        await call(registrationApi.update, { body: { id: props.registrantId, answers } });
        message.success(t('registration:saved'));
        location.assign(`/platform/manage/userDetails?uid=${props.registrantId}`);
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'userReg.passportError');
      const text = t(e.messageKey, { ...(e.params ?? {}), title: e.params?.title ?? titles.get(e.field ?? '') ?? '' });
      if (e.field && form.getFieldInstance(e.field) !== undefined) {
        form.setFields([{ name: e.field, errors: [text] }]);
        form.scrollToField(e.field, SCROLL_TO_FIELD);
      } else message.warning(text);
    } finally {
      setBusy(false);
    }
  }

  if (countdown) {
    return <Alert type="success" showIcon title={t('registration:success')} description={t('registration:jumpIn', { seconds: countdown.seconds })} className="register-success" />;
  }

  const closed = mode === 'update' && props.changesOpen === false;
  return (
    <>
    {closed ? <Alert type="info" showIcon title={t('registration:changesClosedNote')} style={{ marginBottom: 16 }} /> : null}
    <Form form={form} layout="vertical" requiredMark onFinish={submit} initialValues={initialValues} name="conferenceRegister" className="register-form" disabled={closed}>
      {mode === 'add' && props.versions && props.versions.length > 1 ? (
        <Form.Item name="_version" label={t('registration:version')} initialValue={props.version}>
          <Select options={props.versions.map((v) => ({ value: v, label: v }))} onChange={(v: string) => location.assign(`/platform/manage/user/add?version=${encodeURIComponent(v)}`)} />
        </Form.Item>
      ) : null}
      <h3 className="register-section">{t('registration:userInfo')}</h3>
      {rules.items.filter((i) => i.mode !== 'hidden').map((item) => (
        <ItemField key={item.field} item={item} ctx={ctx} />
      ))}
      {mode === 'self' && props.notice ? (
        <Form.Item name="noticeAccepted" valuePropName="checked" rules={[{ validator: async (_, v) => (v ? undefined : Promise.reject(new Error(t('userReg.selectedNotice')))) }]}>
          <Checkbox>{t('registration:noticeRead')}</Checkbox>
        </Form.Item>
      ) : null}
      {mode === 'self' ? <p className="register-red-note">{t('registration:redNote')}</p> : null}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy} disabled={uploading} block={mobile} size="large">
          {mode === 'self' ? t('registration:submit') : t('registration:save')}
        </Button>
        {mode !== 'self' ? <Button disabled={false} href={mode === 'update' ? '/profile/userInfo' : mode === 'edit' ? `/platform/manage/userDetails?uid=${props.registrantId}` : '/platform/manage/user'}>{t('profile.cancel')}</Button> : null}
      </Space>
    </Form>
    {mode === 'update' && props.canWithdraw ? <WithdrawButton t={t} /> : null}
    </>
  );
}

/** The person withdraws their own registration (issue 18), after a confirmation; the server says why when it refuses. */
function WithdrawButton({ t }: { t: ReturnType<typeof translator> }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function withdraw() {
    setBusy(true);
    try {
      await call(registrationApi.withdrawOwn);
      message.success(t('registration:withdrawn'));
      setTimeout(() => location.assign('/profile/userInfo'), 1500);
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
      setBusy(false);
    }
  }
  return (
    <div className="register-withdraw" style={{ marginTop: 32, paddingTop: 16, borderTop: '1px solid #eef0f4' }}>
      <Popconfirm title={t('registration:withdrawConfirm')} onConfirm={withdraw} okText={t('registration:withdraw')} cancelText={t('profile.cancel')} okButtonProps={{ danger: true }}>
        <Button danger loading={busy}>{t('registration:withdraw')}</Button>
      </Popconfirm>
    </div>
  );
}

/** Before hydration (renderer/hydrate.tsx): the code of the items this form shows that is loaded on demand. */
export function prepare(props: RegisterFormProps): Promise<void> {
  return prepareFields(props.rules);
}

export default function RegisterForm(props: RegisterFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <RegisterFormBody {...props} />
    </AntdRoot>
  );
}
