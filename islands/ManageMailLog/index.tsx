/** The delivery log of the conference's mail: queued, sent, failed with the reason; resend a failed one. */
import { useState } from 'react';
import { App, Button, Form, Input, List, Select, Space, Table, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { mailApi, type MailLogFilter, type MailLogMessage, type MailLogRow } from '../../server/contract/mail';
import { showInAddress } from '../shared/address';
import { MessageDialog } from './MessageDialog';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { ManageMailLogProps } from './props';

type Row = MailLogRow;
type Query = MailLogFilter & { page: number };

/** Only the filters given. */
const filterOf = (v: MailLogFilter): MailLogFilter => ({
  ...(v.status ? { status: v.status } : {}),
  ...(v.from ? { from: v.from } : {}),
  ...(v.to ? { to: v.to } : {}),
});

const COLORS: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  queued: 'blue',
  sending: 'gold',
  kept: 'default',
};

function MailLog({ lang, mobile, initial, filter = {} }: ManageMailLogProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [form] = Form.useForm<MailLogFilter>();
  const [query, setQuery] = useState<Query>({ ...filter, page: 1 });
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState<MailLogMessage | null>(null);

  async function load(next: Query) {
    setLoading(true);
    try {
      setData(await call(mailApi.log, { query: { ...filterOf(next), page: next.page, size: 20 } }));
      setQuery(next);
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setLoading(false);
    }
  }

  /** A new search from the form: the list and the address follow it. */
  function search(v: MailLogFilter) {
    const f = filterOf(v);
    showInAddress(f);
    return load({ ...f, page: 1 });
  }

  async function resend(row: Row) {
    try {
      await call(mailApi.resend, { params: { id: row.id } });
      message.success(t('mail:requeued'));
      await load(query);
    } catch (err) {
      // The gate's refusals carry their numbers (recipients not allowed, the day's allowance).
      message.error(
        t(
          err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
          err instanceof ApiError ? err.params : undefined,
        ),
      );
    }
  }

  async function open(row: Row) {
    try {
      setOpened(await call(mailApi.message, { params: { id: row.id } }));
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    }
  }

  const status = (r: Row) => <Tag color={COLORS[r.status]}>{t(`mail:status.${r.status}`)}</Tag>;
  const action = (r: Row) => (
    <Space size={4} wrap>
      <Button size="small" type="link" onClick={() => open(r)}>
        {t('mail:log.open')}
      </Button>
      {r.status === 'failed' && (
        <Button size="small" onClick={() => resend(r)}>
          {t('mail:log.resend')}
        </Button>
      )}
    </Space>
  );
  // Whole recipients and subjects, wrapped (issue 18: cut with an ellipsis they could not be read).
  const wrap = (v: string) => <span style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{v}</span>;
  return (
    <div className="mail-log">
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        name="mailLogFilters"
        initialValues={filter}
        onFinish={search}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('mail:log.status')}>
          <Select
            allowClear
            placeholder={t('mail:log.allStatus')}
            style={{ width: 180 }}
            onChange={() => form.submit()}
            options={(['queued', 'sending', 'sent', 'failed', 'kept', 'unsent', 'delivered'] as const).map((s) => ({
              value: s,
              label: t(`mail:status.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="from" label={t('mail:log.from')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label={t('mail:log.to')}>
          <Input type="date" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('mail:log.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ status: undefined, from: undefined, to: undefined });
              void search({});
            }}
          >
            {t('mail:log.reset')}
          </Button>
        </Space>
      </Form>
      {mobile ? (
        <List
          loading={loading}
          dataSource={data.rows}
          rowKey="id"
          pagination={{
            current: query.page,
            pageSize: 20,
            total: data.total,
            onChange: (page) => load({ ...query, page }),
            simple: true,
          }}
          renderItem={(r) => (
            <List.Item actions={[action(r)]}>
              <List.Item.Meta
                title={
                  <>
                    {status(r)} {r.subject}
                  </>
                }
                description={
                  <>
                    {wrap(r.to)}
                    <br />
                    {formatInstant(r.createdAt)}
                    {r.lastError ? (
                      <>
                        <br />
                        <span className="danger-text">{t(r.lastError)}</span>
                      </>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          loading={loading}
          dataSource={data.rows}
          pagination={{
            current: query.page,
            pageSize: 20,
            total: data.total,
            showSizeChanger: false,
            onChange: (page) => load({ ...query, page }),
          }}
          columns={[
            {
              title: t('mail:log.time'),
              dataIndex: 'createdAt',
              key: 'c',
              width: 160,
              render: (v: string) => formatInstant(v),
            },
            { title: t('mail:log.to'), dataIndex: 'to', key: 'to', render: wrap },
            {
              title: t('mail:log.subject'),
              dataIndex: 'subject',
              key: 's',
              render: (v: string, r) => <a onClick={() => open(r)}>{wrap(v)}</a>,
            },
            { title: t('mail:log.status'), key: 'st', width: 110, render: (_, r) => status(r) },
            { title: t('mail:log.attempts'), dataIndex: 'attempts', key: 'a', width: 80 },
            {
              title: t('mail:log.error'),
              dataIndex: 'lastError',
              key: 'e',
              ellipsis: true,
              render: (v: string | null) => (v ? t(v) : '—'),
            },
            { title: '', key: 'x', width: 130, render: (_, r) => action(r) },
          ]}
        />
      )}
      <MessageDialog t={t} message={opened} onClose={() => setOpened(null)} mobile={mobile} />
    </div>
  );
}

export default function ManageMailLog(props: ManageMailLogProps) {
  return (
    <AntdRoot lang={props.lang}>
      <MailLog {...props} />
    </AntdRoot>
  );
}
