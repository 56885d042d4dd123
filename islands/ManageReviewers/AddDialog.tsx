/**
 * Adding one reviewer by e-mail (spec 5: a valid address, never twice), with an optional name and
 * organisation, and the check of that person against every manuscript before inviting them.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, List, Modal, Tag } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { reviewerApi, type ConflictSuggestion, type ReviewerView } from '../../server/contract/reviewers';
import { call, ApiError } from '../shared/api';
import { errorKey, type T } from './shared';
import { NS } from '../shared/reviewerLabels';

type Values = { email: string; fullName: string; unit: string };

export function AddDialog({
  t,
  open,
  onClose,
  onAdded,
}: {
  t: T;
  open: boolean;
  onClose: () => void;
  onAdded: (r: ReviewerView) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<ConflictSuggestion[] | null>(null);

  async function check() {
    let values: Values;
    try {
      values = await form.validateFields(['email']).then(() => form.getFieldsValue());
    } catch {
      return;
    }
    try {
      setConflicts(
        await call(reviewerApi.check, {
          query: { email: values.email, name: values.fullName ?? '', unit: values.unit ?? '' },
        }),
      );
    } catch (err) {
      message.error(t(errorKey(err)));
    }
  }

  async function add(values: Values) {
    setBusy(true);
    try {
      const result = await call(reviewerApi.add, {
        body: { email: values.email, fullName: values.fullName ?? '', unit: values.unit ?? '' },
      });
      if (result.mailWithheld) message.warning(t(`${NS}add.withheld`));
      else message.success(t(`${NS}added`));
      onAdded(result.reviewer);
      form.resetFields();
      setConflicts(null);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey)] }]);
      else message.error(t(errorKey(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(`${NS}add.title`)}
      onCancel={onClose}
      okText={t(`${NS}add.button`)}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={add} name="addReviewer" onValuesChange={() => setConflicts(null)}>
        <Form.Item
          name="email"
          label={t(`${NS}add.email`)}
          rules={[
            { required: true, message: t('emailFormatError') },
            { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
          ]}
        >
          <Input inputMode="email" autoCapitalize="none" maxLength={254} />
        </Form.Item>
        <Form.Item name="fullName" label={t(`${NS}add.fullName`)}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="unit" label={t(`${NS}add.unit`)}>
          <Input maxLength={300} />
        </Form.Item>
      </Form>
      <p className="admin-hint">{t(`${NS}add.hint`)}</p>
      <Button onClick={check}>{t(`${NS}add.check`)}</Button>
      {conflicts === null ? null : conflicts.length === 0 ? (
        <Alert type="success" showIcon title={t(`${NS}add.noConflicts`)} style={{ marginTop: 12 }} />
      ) : (
        <>
          <Alert type="warning" showIcon title={t(`${NS}add.conflicts`)} style={{ marginTop: 12 }} />
          <List
            size="small"
            dataSource={conflicts}
            rowKey="submissionId"
            renderItem={(c) => (
              <List.Item>
                <span>
                  {c.number} {c.title} <Tag>{t(`${NS}reason.${c.reason}`)}</Tag> {c.detail}
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
