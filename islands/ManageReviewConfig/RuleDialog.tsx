/**
 * A detail rule's form: its title in both languages (several points separated by semicolons, at
 * most 100 characters), whether authors see it, whether it is in use, and its place in the list.
 * Each field is checked by the contract's ruleInput, with its messages.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { REVIEW_LIMITS, reviewApi, type ReviewConfig, type ReviewRule } from '../../server/contract/review';
import { ruleInput } from '../../server/contract/reviewChecks';
import { call } from '../shared/api';
import { useHydrated } from '../shared/hydrated';
import { schemaRules, showError, type T } from './shared';

/** A new rule (`rule` null) or an existing one; null while the dialog is closed. */
export type RuleEditing = { rule: ReviewRule | null } | null;

type Values = { titleZh: string; titleEn: string; display: boolean; enabled: boolean; sort: number | null };

const FIELDS = ['titleZh', 'titleEn', 'display', 'enabled', 'sort'];
const BLANK: Values = { titleZh: '', titleEn: '', display: true, enabled: true, sort: 0 };

type Props = { t: T; mobile: boolean; editing: RuleEditing; onClose: () => void; onSaved: (c: ReviewConfig) => void };

export function RuleDialog({ t, mobile, editing, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const r = editing.rule;
    form.setFieldsValue(
      r ? { titleZh: r.titleZh, titleEn: r.titleEn, display: r.display, enabled: r.enabled, sort: r.sort } : BLANK,
    );
  }, [editing, form]);

  async function save() {
    if (!editing) return;
    // A failed check already shows its message on the field.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      titleZh: v.titleZh,
      titleEn: v.titleEn,
      display: Boolean(v.display),
      enabled: Boolean(v.enabled),
      sort: v.sort ?? 0,
    };
    const { rule } = editing;
    setBusy(true);
    try {
      onSaved(
        rule
          ? await call(reviewApi.updateRule, { params: { id: rule.id }, body })
          : await call(reviewApi.createRule, { body }),
      );
      message.success(t('review:saved'));
      onClose();
    } catch (err) {
      showError(err, t, message, form, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  const shape = ruleInput.shape;
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 260 } };
  const titleInput = <Input showCount maxLength={REVIEW_LIMITS.ruleTitle} />;
  return (
    <Modal
      open={editing !== null}
      title={t(editing?.rule ? 'review:config.editRule' : 'review:config.addRule')}
      onCancel={onClose}
      width={mobile ? '100%' : 680}
      forceRender={hydrated}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('review:config.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} onClick={save}>
          {t('review:config.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="reviewRule">
        <Form.Item
          name="titleZh"
          label={t('review:config.titleZh')}
          extra={t('review:config.titleHint')}
          rules={schemaRules(shape.titleZh, t)}
        >
          {titleInput}
        </Form.Item>
        <Form.Item name="titleEn" label={t('review:config.titleEn')} rules={schemaRules(shape.titleEn, t)}>
          {titleInput}
        </Form.Item>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="display" label={t('review:config.display')} valuePropName="checked" {...half}>
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('review:config.enabled')} valuePropName="checked" {...half}>
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="sort"
          label={t('review:config.sort')}
          extra={t('review:config.sortHint')}
          rules={schemaRules(shape.sort, t)}
        >
          <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
