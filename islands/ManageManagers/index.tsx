/**
 * The managers of this conference (spec 6, "Adding managers"): list, add by e-mail, remove.
 * The creator and the user themself have no remove action; the server enforces the same.
 */
import { useState } from 'react';
import { App, Button, Form, Input, List, Popconfirm, Table, Tag } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { conferencesApi, formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { call, callWithMessage, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { ManagerItem, ManageManagersProps } from './props';

const NS = 'manageConference:';

function Managers({ lang, mobile, managers, selfId }: ManageManagersProps) {
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState(managers);
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);

  async function add({ email }: { email: string }) {
    setBusy(true);
    try {
      const done = await callWithMessage(conferencesApi.addManager, { body: { email } });
      setRows(done.data);
      form.resetFields();
      // Unpublished, a new address gets no mail (the mail gate): the manager is told to pass the address on.
      if (done.message === `${NS}addedNoMail`)
        modal.info({ content: t(`${NS}addedNoMail`, { url: `${location.origin}/conferencelogin` }) });
      else message.success(t(`${NS}added`));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      form.setFields([{ name: 'email', errors: [t(key)] }]);
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: ManagerItem) {
    try {
      setRows(await call(conferencesApi.removeManager, { params: { userId: item.userId } }));
      message.success(t(`${NS}removed`));
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    }
  }

  const marks = (m: ManagerItem) => (
    <>
      {m.creator ? <Tag color="blue">{t(`${NS}managers.creator`)}</Tag> : null}
      {m.userId === selfId ? <Tag color="geekblue">{t('admin.you')}</Tag> : null}
      {m.hasPassword ? null : <Tag>{t('admin.noPasswordYet')}</Tag>}
    </>
  );
  const removeAction = (m: ManagerItem) =>
    m.creator || m.userId === selfId ? null : (
      <Popconfirm
        title={t(`${NS}managers.confirmRemove`)}
        onConfirm={() => remove(m)}
        okText={t('admin.remove')}
        cancelText={t('profile.cancel')}
      >
        <a className="danger-link" role="button">
          {t('admin.remove')}
        </a>
      </Popconfirm>
    );

  return (
    <div className="manage-managers">
      <Form form={form} layout={mobile ? 'vertical' : 'inline'} onFinish={add} name="addManager" className="admin-add">
        <Form.Item
          name="email"
          validateTrigger="onBlur"
          rules={[
            { required: true, message: t('emailFormatError') },
            { pattern: EMAIL_PATTERN, message: t(`${NS}nonPassUser`) },
          ]}
          style={mobile ? undefined : { flex: 1, minWidth: 240 }}
        >
          <Input
            placeholder={t(`${NS}managers.addByEmail`)}
            aria-label={t(`${NS}managers.addByEmail`)}
            inputMode="email"
            autoCapitalize="none"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
            {t('admin.add')}
          </Button>
        </Form.Item>
      </Form>
      <p className="admin-hint">{t(`${NS}managers.addHint`)}</p>
      {mobile ? (
        <List
          dataSource={rows}
          rowKey="userId"
          renderItem={(m) => (
            <List.Item actions={[removeAction(m)].filter(Boolean)}>
              <List.Item.Meta
                title={
                  <>
                    {m.trueName || m.email} {marks(m)}
                  </>
                }
                description={m.trueName ? m.email : undefined}
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="userId"
          dataSource={rows}
          pagination={false}
          columns={[
            {
              title: t('admin.name'),
              key: 'name',
              render: (_, m) => (
                <>
                  {m.trueName || '—'} {marks(m)}
                </>
              ),
            },
            { title: t('auth.email'), dataIndex: 'email', key: 'email' },
            {
              title: t('admin.since'),
              dataIndex: 'since',
              key: 'since',
              render: (v: string) => formatInstant(v).slice(0, 10),
            },
            { title: t('admin.actions'), key: 'actions', width: 100, render: (_, m) => removeAction(m) },
          ]}
        />
      )}
    </div>
  );
}

export default function ManageManagers(props: ManageManagersProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Managers {...props} />
    </AntdRoot>
  );
}
