/**
 * A report type's or a category's form: its titles in both languages and its place in the list,
 * checked as the contract checks them.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space } from 'antd';
import {
  SUBMISSION_LIMITS,
  type ContributeConfig,
  type TermKind,
  type TermView,
} from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { call } from '../shared/api';
import { useHydrated } from '../shared/hydrated';
import { doneText, showError, sortRules, type T } from './shared';

/** A new item of a kind, or an existing one. */
export type TermEditing = { kind: TermKind; term: TermView | null } | null;

type Values = { titleZh: string; titleEn: string; sort: number | null };

const FIELDS = ['titleZh', 'titleEn', 'sort'];

type Props = {
  t: T;
  mobile: boolean;
  editing: TermEditing;
  onClose: () => void;
  onSaved: (c: ContributeConfig) => void;
};

export function TermDialog({ t, mobile, editing, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing.term
        ? { titleZh: editing.term.titleZh, titleEn: editing.term.titleEn, sort: editing.term.sort }
        : { titleZh: '', titleEn: '', sort: 0 },
    );
  }, [editing, form]);

  async function save() {
    if (!editing) return;
    // A failed check already shows its message on the field.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { titleZh: v.titleZh, titleEn: v.titleEn, sort: v.sort ?? 0 };
    const { kind, term } = editing;
    setBusy(true);
    try {
      onSaved(
        term
          ? await call(submissionsApi.updateTerm, { params: { kind, id: term.id }, body })
          : await call(submissionsApi.createTerm, { params: { kind }, body }),
      );
      message.success(doneText(term ? submissionsApi.updateTerm : submissionsApi.createTerm, t));
      onClose();
    } catch (err) {
      showError(err, t, message, form, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  const title = [
    { required: true, whitespace: true, message: t('submissions:termTitleRequired') },
    { max: SUBMISSION_LIMITS.termTitle, message: t('submissions:titleTooLong') },
  ];
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 220 } };
  const heading = editing
    ? `submitConfig:terms.${editing.term ? 'edit' : 'add'}.${editing.kind}`
    : 'submitConfig:terms.add.reportType';
  return (
    <Modal
      open={editing !== null}
      title={t(heading)}
      onCancel={onClose}
      width={mobile ? '100%' : 600}
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
      <Form form={form} layout="vertical" name="contributeTerm">
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="titleZh" label={t('submitConfig:titleZh')} {...half} rules={title}>
            <Input />
          </Form.Item>
          <Form.Item name="titleEn" label={t('submitConfig:titleEn')} {...half} rules={title}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="sort" label={t('submitConfig:sort')} extra={t('submitConfig:sortHint')} rules={sortRules(t)}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
