/** A free message to the selected reviewers (through the conference's mail and its limits). */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { REVIEWER_LIMITS, reviewerApi } from '../../server/contract/reviewers';
import { call, ApiError } from '../shared/api';
import { errorKey, errorParams, type T } from './shared';
import { NS } from '../shared/reviewerLabels';

type Values = { subject: string; content: string };

export function MailDialog({ t, ids, open, onClose }: { t: T; ids: number[]; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function send(values: Values) {
    setBusy(true);
    try {
      await call(reviewerApi.mail, {
        body: { ids, kind: 'message', subject: values.subject, content: values.content },
      });
      message.success(t(`${NS}mailed`));
      form.resetFields();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'subject' || err.field === 'content'))
        form.setFields([{ name: err.field, errors: [t(err.messageKey)] }]);
      else message.error(t(errorKey(err), errorParams(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={`${t(`${NS}mail.title`)} (${t(`${NS}mail.selected`, { count: ids.length })})`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t(`${NS}mail.button`)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={send} name="mailReviewers">
        <Form.Item
          name="subject"
          label={t(`${NS}mail.subject`)}
          rules={[{ required: true, whitespace: true, message: t(`${NS}subjectRequired`) }]}
        >
          <Input maxLength={REVIEWER_LIMITS.subject} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t(`${NS}mail.content`)}
          rules={[{ required: true, whitespace: true, message: t(`${NS}contentRequired`) }]}
        >
          <Input.TextArea rows={8} maxLength={REVIEWER_LIMITS.content} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
