/**
 * The manuscripts found: a table on a computer, cards on a phone (nothing wider than the screen),
 * each selectable for the downloads and linking to its detail.
 */
import { Card, Checkbox, Empty, Pagination, Space, Table, Typography } from 'antd';
import { SUBMISSION_SCREENS } from '../../server/contract/submissionsApi';
import { type ManageRow } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';
import { formatAt, type T } from '../shared/orderText';
import { authorsLine, type Names } from '../shared/submissionLabels';
import { StatusTag } from '../shared/submissionStatus';

export const PAGE_SIZE = 20;

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  names: Names;
  rows: ManageRow[];
  total: number;
  page: number;
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number) => void;
};

const detailHref = (r: ManageRow) => `${SUBMISSION_SCREENS.detail}?id=${r.id}`;
const WRAP = { overflowWrap: 'anywhere' } as const;

export function SubmissionList({
  lang,
  mobile,
  t,
  names,
  rows,
  total,
  page,
  loading,
  selected,
  onSelect,
  onPage,
}: Props) {
  const details = (r: ManageRow) => <a href={detailHref(r)}>{t('submitManage:list.details')}</a>;
  if (mobile) {
    const toggle = (id: number, on: boolean) =>
      onSelect(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {rows.map((r) => (
          <Card
            key={r.id}
            size="small"
            title={
              <Checkbox checked={selected.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)}>
                {r.number}
              </Checkbox>
            }
            extra={<StatusTag status={r.status} t={t} />}
            style={WRAP}
          >
            <Typography.Paragraph strong style={{ marginBottom: 4 }}>
              {r.title}
            </Typography.Paragraph>
            <div>{names.placement(r)}</div>
            {(names.hasReportTypes || names.hasCategories) && (
              <Typography.Text type="secondary">
                {[
                  names.hasReportTypes ? names.reportType(r.reportTypeId) : '',
                  names.hasCategories ? names.category(r.categoryId) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            )}
            <div>
              {t('submitManage:list.authors')}: {authorsLine(r.authors)}
            </div>
            <div>
              {t('submitManage:list.submitter')}: {r.submitter || '—'}{' '}
              <Typography.Text type="secondary">{r.submitterEmail}</Typography.Text>
            </div>
            <Typography.Text type="secondary">{formatAt(r.submittedAt, lang)}</Typography.Text>
            <div style={{ marginTop: 8 }}>{details(r)}</div>
          </Card>
        ))}
        {!rows.length && !loading && <Empty description={t('submitManage:list.none')} />}
        {total > PAGE_SIZE && (
          <Pagination
            simple
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={onPage}
            style={{ marginTop: 12, textAlign: 'center' }}
          />
        )}
      </Space>
    );
  }

  return (
    <Table
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: t('submitManage:list.none') }}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: onPage }}
      // Four columns of two lines each, so that status and authors are seen without scrolling sideways
      // on a laptop's management area (about 800 px): the number with its status, the title with its
      // authors and submitter, the session with its report type and category, the time.
      columns={[
        {
          title: t('submitManage:list.number'),
          key: 'number',
          width: 120,
          render: (_, r) => (
            <Space orientation="vertical" size={4}>
              <span>{r.number}</span>
              <StatusTag status={r.status} t={t} />
            </Space>
          ),
        },
        {
          title: t('submitManage:list.title'),
          key: 'title',
          render: (_, r) => (
            <div style={{ ...WRAP, minWidth: 220 }}>
              <a href={detailHref(r)}>{r.title}</a>
              <div>{authorsLine(r.authors)}</div>
              <Typography.Text type="secondary">
                {t('submitManage:list.submitter')}: {r.submitter || '—'} {r.submitterEmail}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: t('submitManage:list.session'),
          key: 'session',
          width: 200,
          render: (_, r) => (
            <div style={WRAP}>
              <div>{names.placement(r)}</div>
              {(names.hasReportTypes || names.hasCategories) && (
                <Typography.Text type="secondary">
                  {[
                    names.hasReportTypes ? names.reportType(r.reportTypeId) : '',
                    names.hasCategories ? names.category(r.categoryId) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          title: t('submitManage:list.submittedAt'),
          key: 'submittedAt',
          width: 120,
          render: (_, r) => formatAt(r.submittedAt, lang),
        },
        { title: t('submitManage:list.actions'), key: 'actions', width: 70, render: (_, r) => details(r) },
      ]}
    />
  );
}
