/**
 * User feedback (spec 2.12 manage/userFeedBack): every feedback with its writer, type and state;
 * read it, download its attachment, reply. What participants wrote is shown as text, never HTML.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Input, List, Modal, Select, Table, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { call, urlOf, ApiError } from '../shared/api';
import { feedbackApi, type FeedbackView } from '../../server/contract/feedback';
import { translator } from '../shared/i18n';
import type { ManageFeedbackProps } from './props';

function FeedbackList({ lang, mobile, initial }: ManageFeedbackProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState<{ page: number; replied?: string }>({ page: 1 });
  const [open, setOpen] = useState<FeedbackView | null>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  async function load(next: { page: number; replied?: string }) {
    try {
      setData(
        await call(feedbackApi.list, {
          query: {
            page: next.page,
            size: 20,
            replied: next.replied === 'yes' || next.replied === 'no' ? next.replied : undefined,
          },
        }),
      );
      setQuery(next);
    } catch (err) {
      fail(err);
    }
  }

  async function send() {
    if (!open || !reply.trim()) return void message.warning(t('feedback:replyRequired'));
    setBusy(true);
    try {
      const done = await call(feedbackApi.reply, { params: { id: open.id }, body: { reply } });
      setData({ ...data, rows: data.rows.map((r) => (r.id === done.id ? done : r)) });
      setOpen(null);
      message.success(t('feedback:replied'));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const show = (f: FeedbackView) => {
    setOpen(f);
    setReply(f.reply ?? '');
  };
  const state = (f: FeedbackView) =>
    f.reply ? <Tag color="green">{t('feedback:replied')}</Tag> : <Tag color="orange">{t('feedback:waiting')}</Tag>;
  return (
    <div className="manage-feedback">
      <Select
        allowClear
        placeholder={t('feedback:allStates')}
        aria-label={t('feedback:allStates')}
        style={{ width: 180, marginBottom: 12 }}
        value={query.replied}
        onChange={(v?: string) => load({ page: 1, replied: v })}
        options={[
          { value: 'no', label: t('feedback:waiting') },
          { value: 'yes', label: t('feedback:replied') },
        ]}
      />
      {mobile ? (
        <List
          dataSource={data.rows}
          rowKey="id"
          pagination={{
            current: query.page,
            pageSize: 20,
            total: data.total,
            simple: true,
            onChange: (page) => load({ ...query, page }),
          }}
          renderItem={(f) => (
            <List.Item
              actions={[
                <a key="o" role="button" onClick={() => show(f)}>
                  {t('feedback:open')}
                </a>,
              ]}
            >
              <List.Item.Meta
                title={
                  <>
                    {f.title} {state(f)}
                  </>
                }
                description={`${f.name || f.email} · ${formatInstant(f.createdAt)}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={data.rows}
          pagination={{
            current: query.page,
            pageSize: 20,
            total: data.total,
            showSizeChanger: false,
            onChange: (page) => load({ ...query, page }),
          }}
          columns={[
            { title: t('feedback:fields.title'), dataIndex: 'title', key: 't', ellipsis: true },
            { title: t('feedback:fields.type'), dataIndex: 'type', key: 'y', width: 120 },
            { title: t('feedback:fields.name'), key: 'n', render: (_, f) => f.name || f.email, ellipsis: true },
            {
              title: t('feedback:fields.time'),
              dataIndex: 'createdAt',
              key: 'c',
              width: 160,
              render: (v: string) => formatInstant(v),
            },
            { title: t('feedback:state'), key: 's', width: 100, render: (_, f) => state(f) },
            {
              title: '',
              key: 'a',
              width: 90,
              render: (_, f) => (
                <Button size="small" onClick={() => show(f)}>
                  {t('feedback:open')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        onOk={send}
        okText={t('feedback:sendReply')}
        cancelText={t('profile.cancel')}
        confirmLoading={busy}
        width={640}
      >
        {open ? (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'n', label: t('feedback:fields.name'), children: open.name || '—' },
                { key: 'e', label: t('feedback:fields.email'), children: open.email },
                { key: 'p', label: t('feedback:fields.phone'), children: open.phone || '—' },
                { key: 'y', label: t('feedback:fields.type'), children: open.type },
                {
                  key: 'c',
                  label: t('feedback:fields.content'),
                  children: (
                    <span className="feedback-content" style={{ whiteSpace: 'pre-wrap' }}>
                      {open.content}
                    </span>
                  ),
                },
                ...(open.attachment
                  ? [
                      {
                        key: 'a',
                        label: t('feedback:fields.attachment'),
                        children: (
                          <a href={urlOf(feedbackApi.attachment, { params: { id: open.id } })}>
                            {open.attachment.originalName}
                          </a>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <Input.TextArea
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              autoSize={{ minRows: 4, maxRows: 10 }}
              maxLength={5000}
              placeholder={t('feedback:replyPlaceholder')}
              style={{ marginTop: 12 }}
              aria-label={t('feedback:reply')}
            />
          </>
        ) : null}
      </Modal>
    </div>
  );
}

export default function ManageFeedback(props: ManageFeedbackProps) {
  return (
    <AntdRoot lang={props.lang}>
      <FeedbackList {...props} />
    </AntdRoot>
  );
}
