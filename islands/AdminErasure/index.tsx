/**
 * The super admin's erasure of an account on the person's request (issue 32): find the account
 * by its e-mail, type the e-mail again, say how the person asked, erase. The recent erasures below.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, List, Popconfirm, Table, Typography } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { privacyApi, type ErasureSubjectView, type ErasureView } from '../../server/contract/privacy';
import { ApiError, call } from '../shared/api';
import { translator } from '../shared/i18n';
import { Readable, StateTag, utcMinute } from '../shared/erasures';
import type { AdminErasureProps } from './props';

function AdminErasureScreen({ lang, mobile, recent }: AdminErasureProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<ErasureSubjectView | null>(null);
  const [findError, setFindError] = useState<string | null>(null);
  const [rows, setRows] = useState(recent);
  const [form] = Form.useForm<{ confirmEmail: string; note: string }>();
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  async function find() {
    setFindError(null);
    setFound(null);
    try {
      setFound(await call(privacyApi.adminFind, { query: { email } }));
      form.resetFields();
    } catch (err) {
      setFindError(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    }
  }

  async function erase() {
    if (!found) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const erasure = await call(privacyApi.adminErase, {
        body: { userId: found.userId, confirmEmail: values.confirmEmail, note: values.note ?? '' },
      });
      message.success(t('privacy:erasureStarted'));
      setFound({ ...found, erasure });
      setRows(await call(privacyApi.adminList));
    } catch (err) {
      if (err instanceof ApiError && err.field === 'confirmEmail')
        form.setFields([{ name: 'confirmEmail', errors: [t(err.messageKey)] }]);
      else fail(err);
    } finally {
      setBusy(false);
    }
  }

  const state = (e: ErasureView) => <StateTag state={e.state} label={t(`privacy:state.${e.state}`)} />;
  return (
    <div className="admin-erasure">
      <Typography.Paragraph>{t('privacy:adminIntro')}</Typography.Paragraph>
      <Card>
        <Form layout={mobile ? 'vertical' : 'inline'} onFinish={find}>
          <Form.Item label={t('privacy:adminEmail')} htmlFor="erasure-email">
            <Input
              id="erasure-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              style={{ width: mobile ? '100%' : 300 }}
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" type="primary">
              {t('privacy:adminFind')}
            </Button>
          </Form.Item>
        </Form>
        {findError ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={findError} /> : null}
        {found ? (
          <div style={{ marginTop: 16 }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'a', label: t('privacy:col.account'), children: `#${found.userId}` },
                { key: 'e', label: t('privacy:adminEmail'), children: found.email },
                { key: 'n', label: t('privacy:col.name'), children: found.name || '—' },
                ...(found.erasure ? [{ key: 's', label: t('privacy:col.state'), children: state(found.erasure) }] : []),
              ]}
            />
            {!found.erasure || found.erasure.state !== 'erasing' ? (
              <Form form={form} layout="vertical" style={{ marginTop: 16, maxWidth: 480 }}>
                <Form.Item
                  name="confirmEmail"
                  label={t('privacy:adminConfirmEmail')}
                  rules={[{ required: true, message: t('privacy:emailMismatch') }]}
                >
                  <Input type="email" />
                </Form.Item>
                <Form.Item
                  name="note"
                  label={t('privacy:adminNote')}
                  rules={[{ max: 500, message: t('privacy:noteTooLong') }]}
                >
                  <Input.TextArea rows={2} maxLength={500} />
                </Form.Item>
                <Popconfirm
                  title={t('privacy:eraseText')}
                  overlayStyle={{ maxWidth: 360 }}
                  onConfirm={erase}
                  okButtonProps={{ danger: true }}
                  okText={t('privacy:adminErase')}
                  cancelText={t('privacy:cancel')}
                >
                  <Button danger loading={busy}>
                    {t('privacy:adminErase')}
                  </Button>
                </Popconfirm>
              </Form>
            ) : null}
          </div>
        ) : null}
      </Card>
      <h2 style={{ fontSize: 18, marginTop: 24 }}>{t('privacy:adminRecent')}</h2>
      {mobile ? (
        <List
          dataSource={rows}
          rowKey="id"
          renderItem={(e) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    #{e.userId} {state(e)}
                  </span>
                }
                description={`${utcMinute(e.createdAt)} · ${t(`privacy:origin.${e.origin}`)}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={rows}
          pagination={false}
          columns={[
            { title: t('privacy:col.account'), key: 'a', render: (_, e) => `#${e.userId}` },
            { title: t('privacy:col.when'), key: 'w', render: (_, e) => utcMinute(e.createdAt) },
            { title: t('privacy:col.origin'), key: 'o', render: (_, e) => t(`privacy:origin.${e.origin}`) },
            { title: t('privacy:col.state'), key: 's', render: (_, e) => state(e) },
            { title: t('privacy:col.changed'), key: 'c', dataIndex: 'changed' },
          ]}
        />
      )}
    </div>
  );
}

export default function AdminErasure(props: AdminErasureProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Readable>
        <AdminErasureScreen {...props} />
      </Readable>
    </AntdRoot>
  );
}
