/**
 * The report types and the categories authors choose from (spec 3 "Report type, category"): two
 * lists side by side on a computer, one under the other on a phone, each with its own add, edit
 * and delete. The server refuses to delete an item manuscripts use, and says so.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { TERM_KINDS, type ContributeConfig, type TermKind, type TermView } from '../../server/contract/submissions';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { TermDialog, type TermEditing } from './TermDialog';
import { doneText, showError, type T } from './shared';

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  reportTypes: TermView[];
  categories: TermView[];
  onSaved: (c: ContributeConfig) => void;
};

export function TermsTab({ lang, mobile, t, reportTypes, categories, onSaved }: Props) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TermEditing>(null);
  const terms: Record<TermKind, TermView[]> = { reportType: reportTypes, category: categories };

  async function remove(term: TermView) {
    try {
      onSaved(await call(submissionsApi.removeTerm, { params: { kind: term.kind, id: term.id } }));
      message.success(doneText(submissionsApi.removeTerm, t));
    } catch (err) {
      showError(err, t, message);
    }
  }

  const actions = (term: TermView) => (
    <Space size="small" wrap>
      <a role="button" onClick={() => setEditing({ kind: term.kind, term })}>
        {t('submitConfig:edit')}
      </a>
      <Popconfirm
        title={t('submitConfig:terms.confirmDelete')}
        okText={t('submitConfig:delete')}
        cancelText={t('submitConfig:cancel')}
        onConfirm={() => remove(term)}
      >
        <a role="button" className="danger-link">
          {t('submitConfig:delete')}
        </a>
      </Popconfirm>
    </Space>
  );
  const columns = [
    { title: t('submitConfig:titleZh'), key: 'zh', render: (_: unknown, r: TermView) => r.titleZh },
    { title: t('submitConfig:titleEn'), key: 'en', render: (_: unknown, r: TermView) => r.titleEn },
    { title: t('submitConfig:sort'), key: 'sort', render: (_: unknown, r: TermView) => r.sort },
    { title: t('submitConfig:actions'), key: 'actions', render: (_: unknown, r: TermView) => actions(r) },
  ];

  function list(kind: TermKind) {
    const rows = terms[kind];
    const none = t(`submitConfig:terms.none.${kind}`);
    if (!mobile)
      return (
        <Table<TermView>
          rowKey="id"
          size="small"
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: none }}
        />
      );
    if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />;
    return rows.map((r) => (
      <div key={r.id} style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}>
        <div style={{ overflowWrap: 'anywhere' }}>{lang === 'zh' ? r.titleZh : r.titleEn}</div>
        <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {lang === 'zh' ? r.titleEn : r.titleZh}
        </Typography.Text>
        <Space wrap size="small">
          <span>{t('submitConfig:sortValue', { sort: r.sort })}</span>
          {actions(r)}
        </Space>
      </div>
    ));
  }

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      {TERM_KINDS.map((kind) => (
        <Card
          key={kind}
          size="small"
          title={t(`submitConfig:terms.title.${kind}`)}
          extra={
            <Button size="small" type="primary" onClick={() => setEditing({ kind, term: null })}>
              {t('submitConfig:terms.addShort')}
            </Button>
          }
          style={{ flex: '1 1 420px', minWidth: 0, maxWidth: '100%' }}
        >
          <Typography.Paragraph type="secondary">{t(`submitConfig:terms.hint.${kind}`)}</Typography.Paragraph>
          {list(kind)}
        </Card>
      ))}
      <TermDialog t={t} mobile={mobile} editing={editing} onClose={() => setEditing(null)} onSaved={onSaved} />
    </div>
  );
}
