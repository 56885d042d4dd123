/** Platform administration: who the platform administrators are; add by e-mail, remove. */
import { useState } from 'react';
import { App, Button, Form, Input, List, Popconfirm, Table, Tag } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { SuperAdminItem, AdminSuperAdminsProps } from './props';

function SuperAdmins({ lang, mobile, admins, selfId }: AdminSuperAdminsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(admins);
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);

  async function add({ email }: { email: string }) {
    setBusy(true);
    try {
      setRows(await call(accountsApi.addSuperAdmin, { body: { email } }));
      form.resetFields();
      message.success(t('admin.saved'));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      form.setFields([{ name: 'email', errors: [t(key)] }]);
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: SuperAdminItem) {
    try {
      setRows(await call(accountsApi.removeSuperAdmin, { params: { userId: item.userId } }));
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    }
  }

  const who = (a: SuperAdminItem) => (
    <>
      {a.trueName || a.email} {a.userId === selfId ? <Tag color="blue">{t('admin.you')}</Tag> : null}
      {a.hasPassword ? null : <Tag>{t('admin.noPasswordYet')}</Tag>}
    </>
  );
  const removeAction = (a: SuperAdminItem) =>
    a.userId === selfId ? null : (
      <Popconfirm
        title={t('admin.confirmRemoveAdmin')}
        onConfirm={() => remove(a)}
        okText={t('admin.remove')}
        cancelText={t('profile.cancel')}
      >
        <a className="danger-link">{t('admin.remove')}</a>
      </Popconfirm>
    );

  return (
    <div className="admin-screen">
      <Form form={form} layout="inline" onFinish={add} name="addSuperAdmin" className="admin-add">
        <Form.Item
          name="email"
          rules={[
            { required: true, message: t('emailFormatError') },
            { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
          ]}
          style={{ flex: 1, minWidth: 220 }}
        >
          <Input placeholder={t('admin.addByEmail')} inputMode="email" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('admin.add')}
          </Button>
        </Form.Item>
      </Form>
      <p className="admin-hint">{t('admin.addHint')}</p>
      {mobile ? (
        <List
          dataSource={rows}
          renderItem={(a) => (
            <List.Item actions={[removeAction(a)]}>
              <List.Item.Meta title={who(a)} description={a.email} />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="userId"
          dataSource={rows}
          pagination={false}
          columns={[
            { title: t('admin.name'), render: (_, a) => who(a) },
            { title: t('auth.email'), dataIndex: 'email' },
            { title: t('admin.since'), dataIndex: 'since', render: (v: string) => v.slice(0, 10) },
            { title: t('admin.actions'), width: 100, render: (_, a) => removeAction(a) },
          ]}
        />
      )}
    </div>
  );
}

export default function AdminSuperAdmins(props: AdminSuperAdminsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <SuperAdmins {...props} />
    </AntdRoot>
  );
}
