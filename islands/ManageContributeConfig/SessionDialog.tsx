/**
 * A session's (theme's) form: its titles in both languages, the prefix that starts each of its
 * manuscripts' numbers, and its place in the list. A sub-session keeps the session it was added
 * under; the checks are the contract's, with its messages.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { SUBMISSION_LIMITS, type ContributeConfig, type SessionView } from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { call } from '../shared/api';
import { useHydrated } from '../shared/hydrated';
import { doneText, showError, sortRules, type T } from './shared';

/** What the dialog is doing: a new top-level session, a new sub-session under `parent`, or an edit. */
export type SessionEditing =
  | { kind: 'new'; parent: SessionView | null }
  | { kind: 'edit'; session: SessionView; parent: SessionView | null }
  | null;

type Values = { titleZh: string; titleEn: string; prefix: string; sort: number | null };

const FIELDS = ['titleZh', 'titleEn', 'prefix', 'sort'];
const PREFIX = /^[A-Za-z0-9_-]*$/;

type Props = {
  t: T;
  mobile: boolean;
  pick: (zh: string, en: string) => string;
  editing: SessionEditing;
  onClose: () => void;
  onSaved: (c: ContributeConfig) => void;
};

export function SessionDialog({ t, mobile, pick, editing, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.kind === 'edit')
      form.setFieldsValue({
        titleZh: editing.session.titleZh,
        titleEn: editing.session.titleEn,
        prefix: editing.session.prefix,
        sort: editing.session.sort,
      });
    else form.setFieldsValue({ titleZh: '', titleEn: '', prefix: '', sort: 0 });
  }, [editing, form]);

  async function save() {
    if (!editing) return;
    // A failed check already shows its message on the field.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      parentId: editing.parent?.id ?? null,
      titleZh: v.titleZh,
      titleEn: v.titleEn,
      prefix: v.prefix ?? '',
      sort: v.sort ?? 0,
    };
    const endpoint = editing.kind === 'edit' ? submissionsApi.updateSession : submissionsApi.createSession;
    setBusy(true);
    try {
      onSaved(
        editing.kind === 'edit'
          ? await call(submissionsApi.updateSession, { params: { id: editing.session.id }, body })
          : await call(submissionsApi.createSession, { body }),
      );
      message.success(doneText(endpoint, t));
      onClose();
    } catch (err) {
      showError(err, t, message, form, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  const title = [
    { required: true, whitespace: true, message: t('submissions:sessionTitleRequired') },
    { max: SUBMISSION_LIMITS.sessionTitle, message: t('submissions:titleTooLong') },
  ];
  const prefix = {
    validator: async (_: unknown, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (v.length > SUBMISSION_LIMITS.prefix || !PREFIX.test(v)) throw new Error(t('submissions:prefixInvalid'));
    },
  };
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 220 } };
  const isSub = editing?.parent != null;
  const heading = editing?.kind === 'edit' ? (isSub ? 'editSub' : 'edit') : isSub ? 'addSub' : 'add';
  return (
    <Modal
      open={editing !== null}
      title={t(`submitConfig:sessions.${heading}`)}
      onCancel={onClose}
      width={mobile ? '100%' : 640}
      forceRender={hydrated}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('submitConfig:cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} onClick={save}>
          {t('submitConfig:save')}
        </Button>,
      ]}
    >
      {editing?.parent ? (
        <Typography.Paragraph type="secondary">
          {t('submitConfig:sessions.parent', { title: pick(editing.parent.titleZh, editing.parent.titleEn) })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" name="contributeSession">
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="titleZh" label={t('submitConfig:titleZh')} {...half} rules={title}>
            <Input />
          </Form.Item>
          <Form.Item name="titleEn" label={t('submitConfig:titleEn')} {...half} rules={title}>
            <Input />
          </Form.Item>
        </Space>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="prefix"
            label={t('submitConfig:sessions.prefix')}
            extra={t('submitConfig:sessions.prefixHint')}
            rules={[prefix]}
            {...half}
          >
            <Input style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('submitConfig:sort')}
            extra={t('submitConfig:sortHint')}
            rules={sortRules(t)}
            {...half}
          >
            <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
