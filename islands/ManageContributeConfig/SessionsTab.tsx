/**
 * The sessions (themes) authors file their manuscripts under, each with its sub-sessions: a tree
 * table on a computer, cards on a phone. A sub-session has no sub-sessions of its own. Deleting
 * asks first; the server refuses a session that has sub-sessions or manuscripts, and says why.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type ContributeConfig, type SessionView } from '../../server/contract/submissions';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { SessionDialog, type SessionEditing } from './SessionDialog';
import { doneText, showError, type T } from './shared';

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  pick: (zh: string, en: string) => string;
  sessions: SessionView[];
  onSaved: (c: ContributeConfig) => void;
};

/** A table row: antd draws an expander for any `children` array, so a session without sub-sessions has none. */
type Row = { session: SessionView; parent: SessionView | null; key: number; children?: Row[] };

function rowsOf(sessions: SessionView[], parent: SessionView | null): Row[] {
  return sessions.map((s) => ({
    session: s,
    parent,
    key: s.id,
    children: !parent && s.children.length ? rowsOf(s.children, s) : undefined,
  }));
}

export function SessionsTab({ lang, mobile, t, pick, sessions, onSaved }: Props) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<SessionEditing>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  async function remove(s: SessionView) {
    try {
      onSaved(await call(submissionsApi.removeSession, { params: { id: s.id } }));
      message.success(doneText(submissionsApi.removeSession, t));
    } catch (err) {
      showError(err, t, message);
    }
  }

  const actions = (s: SessionView, parent: SessionView | null) => (
    <Space size="small" wrap>
      <a role="button" onClick={() => setEditing({ kind: 'edit', session: s, parent })}>
        {t('submitConfig:edit')}
      </a>
      {!parent && (
        <a role="button" onClick={() => setEditing({ kind: 'new', parent: s })}>
          {t('submitConfig:sessions.addSub')}
        </a>
      )}
      <Popconfirm
        title={t(parent ? 'submitConfig:sessions.confirmDeleteSub' : 'submitConfig:sessions.confirmDelete')}
        okText={t('submitConfig:delete')}
        cancelText={t('submitConfig:cancel')}
        onConfirm={() => remove(s)}
      >
        <a role="button" className="danger-link">
          {t('submitConfig:delete')}
        </a>
      </Popconfirm>
    </Space>
  );
  // On a phone the page's language leads and the other title follows, smaller.
  const main = (s: SessionView) => (lang === 'zh' ? s.titleZh : s.titleEn);
  const other = (s: SessionView) => (lang === 'zh' ? s.titleEn : s.titleZh);
  const prefix = (s: SessionView) =>
    s.prefix ? (
      <Tag>{s.prefix}</Tag>
    ) : (
      <Typography.Text type="secondary">{t('submitConfig:sessions.noPrefix')}</Typography.Text>
    );

  const columns = [
    { title: t('submitConfig:titleZh'), key: 'zh', render: (_: unknown, r: Row) => r.session.titleZh },
    { title: t('submitConfig:titleEn'), key: 'en', render: (_: unknown, r: Row) => r.session.titleEn },
    { title: t('submitConfig:sessions.prefix'), key: 'prefix', render: (_: unknown, r: Row) => prefix(r.session) },
    { title: t('submitConfig:sort'), key: 'sort', render: (_: unknown, r: Row) => r.session.sort },
    { title: t('submitConfig:actions'), key: 'actions', render: (_: unknown, r: Row) => actions(r.session, r.parent) },
  ];
  const rows = rowsOf(sessions, null);
  const expanded = rows.filter((r) => r.children && !collapsed.has(r.key)).map((r) => r.key);

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('submitConfig:sessions.hint')}</Typography.Paragraph>
      <Button
        type="primary"
        onClick={() => setEditing({ kind: 'new', parent: null })}
        style={{ marginBottom: 12 }}
        block={mobile}
      >
        {t('submitConfig:sessions.add')}
      </Button>
      {mobile ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {sessions.map((s) => (
            <Card
              key={s.id}
              size="small"
              title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{main(s)}</span>}
            >
              {other(s) && (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
                  {other(s)}
                </Typography.Paragraph>
              )}
              <Space wrap style={{ marginBottom: 8 }}>
                {prefix(s)}
                <span>{t('submitConfig:sortValue', { sort: s.sort })}</span>
              </Space>
              <div>{actions(s, null)}</div>
              {s.children.length > 0 && (
                <div style={{ marginTop: 12 }}>
                  <Typography.Text strong>{t('submitConfig:sessions.subSessions')}</Typography.Text>
                  {s.children.map((c) => (
                    <div key={c.id} style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0 0 12px', marginTop: 8 }}>
                      <div style={{ overflowWrap: 'anywhere' }}>{main(c)}</div>
                      {other(c) && (
                        <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
                          {other(c)}
                        </Typography.Text>
                      )}
                      <Space wrap size="small">
                        {prefix(c)}
                        <span>{t('submitConfig:sortValue', { sort: c.sort })}</span>
                        {actions(c, s)}
                      </Space>
                    </div>
                  ))}
                </div>
              )}
            </Card>
          ))}
          {!sessions.length && <Empty description={t('submitConfig:sessions.none')} />}
        </Space>
      ) : (
        <Table<Row>
          size="middle"
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, r) =>
              setCollapsed((prev) => {
                const next = new Set(prev);
                if (open) next.delete(r.key);
                else next.add(r.key);
                return next;
              }),
          }}
          locale={{ emptyText: t('submitConfig:sessions.none') }}
        />
      )}
      <SessionDialog
        t={t}
        mobile={mobile}
        pick={pick}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={onSaved}
      />
    </div>
  );
}
