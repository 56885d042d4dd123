/** The delivery log of the conference's mail: queued, sent, failed with the reason; resend a failed one. */
import { useState } from 'react';
import { App, Button, List, Select, Space, Table, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { mailApi, type MailLogPage, type MailLogRow, type MailStatus } from '../../server/contract/mail';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';

type Row = MailLogRow;
type Query = { page: number; status?: MailStatus };
export type ManageMailLogProps = { lang: Lang; mobile: boolean; initial: MailLogPage };

const COLORS: Record<string, string> = { sent: 'green', failed: 'red', queued: 'blue', sending: 'gold', kept: 'default' };

function MailLog({ lang, mobile, initial }: ManageMailLogProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState<Query>({ page: 1 });
  const [loading, setLoading] = useState(false);

  async function load(next: Query) {
    setLoading(true);
    try {
      setData(await call(mailApi.log, { query: { page: next.page, size: 20, status: next.status } }));
      setQuery(next);
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setLoading(false);
    }
  }

  async function resend(row: Row) {
    try {
      await call(mailApi.resend, { params: { id: row.id } });
      message.success(t('mail:requeued'));
      await load(query);
    } catch (err) {
      // The gate's refusals carry their numbers (recipients not allowed, the day's allowance).
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed', err instanceof ApiError ? err.params : undefined));
    }
  }

  const status = (r: Row) => <Tag color={COLORS[r.status]}>{t(`mail:status.${r.status}`)}</Tag>;
  const action = (r: Row) => (r.status === 'failed' ? <Button size="small" onClick={() => resend(r)}>{t('mail:log.resend')}</Button> : null);
  return (
    <div className="mail-log">
      <Space style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('mail:log.allStatus')} style={{ width: 180 }} value={query.status} onChange={(s?: MailStatus) => load({ page: 1, status: s })} options={(['queued', 'sent', 'failed', 'kept'] as const).map((s) => ({ value: s, label: t(`mail:status.${s}`) }))} />
      </Space>
      {mobile ? (
        <List loading={loading} dataSource={data.rows} rowKey="id" pagination={{ current: query.page, pageSize: 20, total: data.total, onChange: (page) => load({ ...query, page }), simple: true }}
          renderItem={(r) => <List.Item actions={[action(r)].filter(Boolean)}><List.Item.Meta title={<>{status(r)} {r.subject}</>} description={<>{r.to}<br />{formatInstant(r.createdAt)}{r.lastError ? <><br /><span className="danger-text">{t(r.lastError)}</span></> : null}</>} /></List.Item>} />
      ) : (
        <Table rowKey="id" loading={loading} dataSource={data.rows} pagination={{ current: query.page, pageSize: 20, total: data.total, showSizeChanger: false, onChange: (page) => load({ ...query, page }) }}
          columns={[
            { title: t('mail:log.time'), dataIndex: 'createdAt', key: 'c', width: 160, render: (v: string) => formatInstant(v) },
            { title: t('mail:log.to'), dataIndex: 'to', key: 'to', ellipsis: true },
            { title: t('mail:log.subject'), dataIndex: 'subject', key: 's', ellipsis: true },
            { title: t('mail:log.status'), key: 'st', width: 110, render: (_, r) => status(r) },
            { title: t('mail:log.attempts'), dataIndex: 'attempts', key: 'a', width: 80 },
            { title: t('mail:log.error'), dataIndex: 'lastError', key: 'e', ellipsis: true, render: (v: string | null) => (v ? t(v) : '—') },
            { title: '', key: 'x', width: 90, render: (_, r) => action(r) },
          ]}
        />
      )}
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
