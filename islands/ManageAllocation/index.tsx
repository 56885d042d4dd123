/**
 * Review assignment (issue 16; /platform/submissionManage/index): the manuscripts of the
 * conference with their reviewers and how many are missing, filtered by session, status and
 * keyword and paged; the manual pick per manuscript; the one-click random allocation with its
 * preview; the conflicts of interest. Withdrawn and decided manuscripts are shown, not assignable.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Pagination, Select, Space, Table, Tag, Typography } from 'antd';
import { allocationApi, type AllocationRow } from '../../server/contract/allocation';
import { SUBMISSION_STATUSES } from '../../server/contract/submissions';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { namesOf } from '../shared/submissionLabels';
import { StatusTag } from '../shared/submissionStatus';
import { ConflictsDrawer } from './ConflictsDrawer';
import { PickDialog } from './PickDialog';
import { PreviewDialog } from './PreviewDialog';
import { failText, REVIEW_COLORS, type T } from './shared';
import { showInAddress } from '../shared/address';
import type { ManageAllocationProps, Filter } from './props';

const PAGE_SIZE = 20;

function Reviewers({ row, t }: { row: AllocationRow; t: T }) {
  return (
    <Space size={4} wrap>
      {row.reviewers.map((r) => (
        <Tag key={r.reviewerId} color={REVIEW_COLORS[r.state]}>
          {r.name} · {t(`allocation:state.${r.state}`)}
        </Tag>
      ))}
      {!row.reviewers.length && <Typography.Text type="secondary">{t('allocation:ui.noReviewer')}</Typography.Text>}
      {row.missing > 0 && (
        <Tag color="orange">
          {t('allocation:ui.missing')} {row.missing}
        </Tag>
      )}
      {row.needsChair && <Tag color="red">{t('allocation:ui.needsChair')}</Tag>}
    </Space>
  );
}

/** The filters given (a cleared field is left out of the query and the address). */
function onlyGiven(v: Filter): Filter {
  const out: Filter = {};
  if (v.sessionId) out.sessionId = v.sessionId;
  if (v.status) out.status = v.status;
  if (v.keyword?.trim()) out.keyword = v.keyword.trim();
  return out;
}

function Allocation({ lang, mobile, choices, first, filter: initialFilter = {} }: ManageAllocationProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const names = useMemo(() => namesOf(choices, lang), [choices, lang]);
  const [form] = Form.useForm<Filter>();
  const [data, setData] = useState(first);
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [picking, setPicking] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [conflicts, setConflicts] = useState(false);

  async function load(next: Filter, at: number) {
    setLoading(true);
    try {
      setData(await call(allocationApi.list, { query: { ...next, page: at, size: PAGE_SIZE } }));
      if (next !== filter) showInAddress(next);
      setFilter(next);
      setPage(at);
    } catch (err) {
      message.error(failText(err, t));
    } finally {
      setLoading(false);
    }
  }
  const reload = (changed: boolean) => changed && void load(filter, page);
  const sessionOptions = choices.sessions.map((s) => ({ value: s.id, label: names.session(s.id) }));
  const statusOptions = SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`submissions:status.${s}`) }));
  const assign = (r: AllocationRow) =>
    r.assignable ? (
      <Button size="small" onClick={() => setPicking(r.id)}>
        {t('allocation:ui.manage')}
      </Button>
    ) : (
      <Typography.Text type="secondary">{t('allocation:ui.notAssignable')}</Typography.Text>
    );

  return (
    <div className="manage-allocation">
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        initialValues={initialFilter}
        onFinish={(v) => load(onlyGiven(v), 1)}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="sessionId" label={t('allocation:ui.session')}>
          <Select
            allowClear
            options={sessionOptions}
            placeholder={t('allocation:ui.allSessions')}
            style={{ minWidth: 180 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('allocation:ui.status')}>
          <Select
            allowClear
            options={statusOptions}
            placeholder={t('allocation:ui.allStatuses')}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('allocation:ui.keyword')} maxLength={200} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('allocation:ui.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ sessionId: undefined, status: undefined, keyword: undefined });
              void load({}, 1);
            }}
          >
            {t('allocation:ui.reset')}
          </Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setPreviewing(true)}>
          {t('allocation:ui.oneClick')}
        </Button>
        <Button onClick={() => setConflicts(true)}>{t('allocation:ui.conflicts')}</Button>
        <Typography.Text type="secondary">
          {t('allocation:ui.total', { n: data.total })} ·{' '}
          {data.maxPerReviewer > 0
            ? t('allocation:ui.settings', { k: data.k, max: data.maxPerReviewer })
            : t('allocation:ui.settingsNoMax', { k: data.k })}
        </Typography.Text>
      </Space>
      {data.undecided > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('allocation:ui.undecided', { n: data.undecided })}
          action={
            <Button size="small" onClick={() => setConflicts(true)}>
              {t('allocation:ui.conflicts')}
            </Button>
          }
        />
      )}
      {mobile ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {data.rows.map((r) => (
            <Card
              key={r.id}
              size="small"
              title={r.number}
              extra={<StatusTag status={r.status} t={t} />}
              style={{ overflowWrap: 'anywhere' }}
            >
              <Typography.Paragraph strong style={{ marginBottom: 4 }}>
                {r.title}
              </Typography.Paragraph>
              <div>{names.placement(r)}</div>
              <Reviewers row={r} t={t} />
              <div style={{ marginTop: 8 }}>{assign(r)}</div>
            </Card>
          ))}
          {!data.rows.length && <Typography.Text type="secondary">{t('allocation:ui.none')}</Typography.Text>}
          {data.total > PAGE_SIZE && (
            <Pagination
              simple
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={(p) => load(filter, p)}
            />
          )}
        </Space>
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={data.rows}
          locale={{ emptyText: t('allocation:ui.none') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data.total,
            showSizeChanger: false,
            onChange: (p) => load(filter, p),
          }}
          columns={[
            {
              title: t('allocation:ui.number'),
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
              title: t('allocation:ui.paper'),
              key: 'title',
              render: (_, r) => (
                <div style={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                  {r.title}
                  <div>
                    <Typography.Text type="secondary">{names.placement(r)}</Typography.Text>
                  </div>
                </div>
              ),
            },
            { title: t('allocation:ui.reviewers'), key: 'reviewers', render: (_, r) => <Reviewers row={r} t={t} /> },
            { title: '', key: 'actions', width: 100, render: (_, r) => assign(r) },
          ]}
        />
      )}
      <PickDialog
        t={t}
        mobile={mobile}
        submissionId={picking}
        onClose={(changed) => {
          setPicking(null);
          reload(changed);
        }}
      />
      <PreviewDialog
        t={t}
        mobile={mobile}
        names={names}
        open={previewing}
        onClose={(saved) => {
          setPreviewing(false);
          reload(saved);
        }}
      />
      <ConflictsDrawer
        t={t}
        mobile={mobile}
        open={conflicts}
        onClose={(changed) => {
          setConflicts(false);
          reload(changed);
        }}
      />
    </div>
  );
}

export default function ManageAllocation(props: ManageAllocationProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Allocation {...props} />
    </AntdRoot>
  );
}
