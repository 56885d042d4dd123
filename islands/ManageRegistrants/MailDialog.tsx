/** The e-mail dialog of user management (spec 2.12): addresses (read-only), title, content. */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MAX_RECIPIENTS_PER_MAIL } from '../../server/contract/registrants';
import { registrationApi } from '../../server/contract/registration';
import { call, ApiError } from '../shared/api';
import { checkedValues } from '../shared/formCheck';
import type { T } from '../shared/i18n';

export type MailTarget = { all: true } | { all: false; ids: number[]; emails: string[] };

export function MailDialog({ t, target, onClose }: { t: T; target: MailTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [busy, setBusy] = useState(false);

  async function send() {
    const values = await checkedValues(form);
    if (!values) return;
    if (!target) return;
    setBusy(true);
    try {
      await call(registrationApi.sendMail, {
        body: {
          data: {
            type: target.all ? '' : 'NotAll',
            ids: target.all ? undefined : target.ids,
            title: values.title,
            content: values.content,
          },
        },
      });
      message.success(t('registration:sendMsg'));
      form.resetFields();
      onClose();
    } catch (err) {
      // spec 8: 20001 / 20006 and network failures are 'send error'; others say what the server said.
      const e = err instanceof ApiError ? err : null;
      const key = !e || e.status === 0 || e.status >= 500 ? 'manageRegistration:sendError' : e.messageKey;
      message.error(t(key, e?.params));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={t('manageRegistration:mail.title')}
      okText={t('manageRegistration:mail.send')}
      cancelText={t('manageRegistration:mail.close')}
      onOk={send}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="registrantMail">
        <Form.Item label={t('manageRegistration:mail.addresses')}>
          <Input.TextArea
            readOnly
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={target ? (target.all ? t('manageRegistration:mail.allUsers') : target.emails.join(', ')) : ''}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('manageRegistration:mail.subject')}
          rules={[
            { required: true, whitespace: true, message: t('registration:mailTitleRequired') },
            { max: 200, message: t('registration:mailTitleTooLong') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('manageRegistration:mail.content')}
          rules={[{ required: true, whitespace: true, message: t('registration:mailContentRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 14 }} />
        </Form.Item>
        <p className="admin-hint">{t('manageRegistration:mail.hint', { n: MAX_RECIPIENTS_PER_MAIL })}</p>
      </Form>
    </Modal>
  );
}
