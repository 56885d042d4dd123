/**
 * The platform administrators' queue of publication requests: approve (the conference is
 * published) or reject with a reason the managers then see.
 */
import { useState } from 'react';
import { App, Button, Form, Input, List, Modal, Popconfirm, Space, Table } from 'antd';
import { conferencesApi, formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { useHydrated } from '../shared/hydrated';
import type { PublicationRequestItem, AdminPublicationsProps } from './props';

const NS = 'manageConference:';

function Queue({ lang, mobile, requests, scheme, port }: AdminPublicationsProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(requests);
  const [rejecting, setRejecting] = useState<PublicationRequestItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  async function approve(item: PublicationRequestItem) {
    try {
      setRows(await call(conferencesApi.approve, { params: { requestId: item.requestId } }));
      message.success(t(`${NS}published`));
    } catch (err) {
      fail(err);
    }
  }

  async function reject({ reason }: { reason: string }) {
    if (!rejecting) return;
    setBusy(true);
    try {
      setRows(await call(conferencesApi.reject, { params: { requestId: rejecting.requestId }, body: { reason } }));
      message.success(t(`${NS}rejected`));
      setRejecting(null);
      form.resetFields();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'reason')
        form.setFields([{ name: 'reason', errors: [t(err.messageKey)] }]);
      else fail(err);
    } finally {
      setBusy(false);
    }
  }

  const site = (r: PublicationRequestItem) =>
    r.domain ? (
      <a href={`${scheme}${r.domain}${port}/`} target="_blank" rel="noreferrer">
        {r.domain}
      </a>
    ) : (
      '—'
    );
  // The draft is seen as it will look only by staff of that conference: the administrator signs in on
  // its own address (sessions are per conference), then lands on the site or its management area.
  const enter = (r: PublicationRequestItem, to: '/' | '/platform') =>
    `${scheme}${r.domain}${port}/conferencelogin?redirect=${encodeURIComponent(to)}`;
  const actions = (r: PublicationRequestItem) => (
    <Space wrap>
      {r.domain && (
        <>
          <Button size="small" href={enter(r, '/')} target="_blank" rel="noreferrer">
            {t(`${NS}queue.preview`)}
          </Button>
          <Button size="small" href={enter(r, '/platform')} target="_blank" rel="noreferrer">
            {t(`${NS}queue.manage`)}
          </Button>
        </>
      )}
      <Popconfirm
        title={t(`${NS}queue.confirmApprove`)}
        onConfirm={() => approve(r)}
        okText={t(`${NS}queue.approve`)}
        cancelText={t('profile.cancel')}
      >
        <Button type="primary" size="small">
          {t(`${NS}queue.approve`)}
        </Button>
      </Popconfirm>
      <Button danger size="small" onClick={() => setRejecting(r)}>
        {t(`${NS}queue.reject`)}
      </Button>
    </Space>
  );

  return (
    <div className="admin-publications">
      <p className="admin-publications-hint">{t(`${NS}queue.hint`)}</p>
      {mobile ? (
        <List
          dataSource={rows}
          rowKey="requestId"
          locale={{ emptyText: t(`${NS}queue.empty`) }}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={r.name}
                description={
                  <>
                    <div>{site(r)}</div>
                    <div>{r.requestedBy}</div>
                    <div>{formatInstant(r.requestedAt)}</div>
                    <div style={{ marginTop: 8 }}>{actions(r)}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="requestId"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t(`${NS}queue.empty`) }}
          columns={[
            { title: t(`${NS}queue.conference`), dataIndex: 'name', key: 'name' },
            {
              title: t(`${NS}queue.domain`),
              key: 'domain',
              render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{site(r)}</span>,
            },
            { title: t(`${NS}queue.requestedBy`), dataIndex: 'requestedBy', key: 'requestedBy' },
            {
              title: t(`${NS}queue.requestedAt`),
              dataIndex: 'requestedAt',
              key: 'requestedAt',
              render: (v: string) => formatInstant(v),
              width: 150,
            },
            { title: t('admin.actions'), key: 'actions', width: 260, render: (_, r) => actions(r) },
          ]}
        />
      )}
      <Modal
        open={rejecting !== null}
        title={t(`${NS}queue.rejectTitle`)}
        okText={t(`${NS}queue.reject`)}
        cancelText={t('profile.cancel')}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => form.submit()}
        onCancel={() => {
          setRejecting(null);
          form.resetFields();
        }}
        forceRender={hydrated}
      >
        <p>{rejecting?.name}</p>
        <Form form={form} layout="vertical" name="rejectPublication" onFinish={reject}>
          <Form.Item
            name="reason"
            label={t(`${NS}queue.reason`)}
            rules={[
              { required: true, whitespace: true, message: t(`${NS}reasonRequired`) },
              { max: 1000, message: t(`${NS}reasonTooLong`) },
            ]}
          >
            <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t(`${NS}queue.reasonPlaceholder`)} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default function AdminPublications(props: AdminPublicationsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Queue {...props} />
    </AntdRoot>
  );
}
