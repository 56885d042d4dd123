/**
 * The reviewer's home (spec 2.2 submissionManage/user) and full list (submissionManage/reviewList):
 * how many reviews are to do, in draft and submitted; the manuscripts assigned to them with their
 * review's state; and for a chair the manuscripts of their sessions with the reviews' progress.
 * The full list adds filters (review state, session, number or title). On a phone the tables
 * become lists of cards.
 */
import { useMemo, useState } from 'react';
import { Alert, Col, Empty, Input, List, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import type { ChairTask, ReviewerHome, ReviewState, ReviewTask } from '../../server/contract/reviewing';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { titleOf, type T } from '../shared/orderText';
import { StatusTag } from '../shared/submissionStatus';

export type ReviewerTasksProps = { lang: Lang; mobile: boolean; home: ReviewerHome; full: boolean };

const STATE_COLORS: Record<ReviewState, string> = { assigned: 'blue', draft: 'gold', submitted: 'green' };
const formUrl = (id: number) => `${REVIEW_SCREENS.reviewForm}/${id}`;

export function StateTag({ state, t }: { state: ReviewState; t: T }) {
  return <Tag color={STATE_COLORS[state]}>{t(`reviewing:state.${state}`)}</Tag>;
}

function Tasks({ lang, mobile, home, full }: ReviewerTasksProps) {
  const t = translator(lang);
  const [state, setState] = useState<ReviewState | ''>('');
  const [session, setSession] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const sessionName = useMemo(() => {
    const byId = new Map(home.sessions.map((s) => [s.id, titleOf(s.titleZh, s.titleEn, lang)]));
    return (id: number) => byId.get(id) ?? '';
  }, [home.sessions, lang]);
  const words = search.trim().toLowerCase();
  const matches = (x: { number: string; title: string; sessionId: number }) =>
    (session === '' || x.sessionId === session) && (!words || x.number.toLowerCase().includes(words) || x.title.toLowerCase().includes(words));
  const tasks = home.tasks.filter((x) => matches(x) && (state === '' || x.state === state));
  const chair = home.chair.filter(matches);

  const taskColumns = [
    { key: 'number', title: t('reviewing:home.number'), dataIndex: 'number', width: 100 },
    { key: 'title', title: t('reviewing:home.titleCol'), render: (_: unknown, x: ReviewTask) => <a href={formUrl(x.submissionId)}>{x.title}</a> },
    { key: 'session', title: t('reviewing:home.session'), render: (_: unknown, x: ReviewTask) => sessionName(x.sessionId) },
    { key: 'status', title: t('reviewing:home.status'), render: (_: unknown, x: ReviewTask) => <StatusTag status={x.status} t={t} /> },
    { key: 'review', title: t('reviewing:home.review'), render: (_: unknown, x: ReviewTask) => <StateTag state={x.state} t={t} /> },
    { key: 'weighted', title: t('reviewing:home.weighted'), render: (_: unknown, x: ReviewTask) => (x.weighted === null ? '—' : x.weighted) },
  ];
  const chairColumns = [
    { key: 'number', title: t('reviewing:home.number'), dataIndex: 'number', width: 100 },
    { key: 'title', title: t('reviewing:home.titleCol'), render: (_: unknown, x: ChairTask) => (x.conflicted ? <Space wrap size={4}>{x.title}<Tag color="red">{t('reviewing:home.conflicted')}</Tag></Space> : <a href={formUrl(x.submissionId)}>{x.title}</a>) },
    { key: 'session', title: t('reviewing:home.session'), render: (_: unknown, x: ChairTask) => sessionName(x.sessionId) },
    { key: 'status', title: t('reviewing:home.status'), render: (_: unknown, x: ChairTask) => <StatusTag status={x.status} t={t} /> },
    { key: 'progress', title: t('reviewing:home.progress'), render: (_: unknown, x: ChairTask) => (x.conflicted ? '—' : `${x.submitted} / ${x.reviews}`) },
    { key: 'chairOpinion', title: t('reviewing:home.chairOpinion'), render: (_: unknown, x: ChairTask) => (x.chairOpinion ? t(`reviewing:opinion.${x.chairOpinion}`) : '—') },
  ];

  return (
    <div className="reviewer-tasks" style={{ overflowWrap: 'anywhere' }}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {home.deadline && home.tasks.length > 0 && <Alert type="info" showIcon className="review-deadline" title={t('reviewing:home.deadline', { deadline: home.deadline })} />}
        <Row gutter={[12, 12]}>
          {(['todo', 'drafts', 'submitted'] as const).map((k) => (
            <Col key={k} xs={8} sm={8} md={6}>
              <Card size="small">
                <Statistic title={t(`reviewing:home.${k}`)} value={home.counts[k]} />
              </Card>
            </Col>
          ))}
        </Row>
        {full ? (
          <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
            <Select
              style={{ minWidth: 160, width: mobile ? '100%' : undefined }}
              value={state}
              onChange={setState}
              aria-label={t('reviewing:home.filterState')}
              options={[{ value: '', label: t('reviewing:home.filterState') }, ...(['assigned', 'draft', 'submitted'] as const).map((s) => ({ value: s, label: t(`reviewing:state.${s}`) }))]}
            />
            <Select
              style={{ minWidth: 200, width: mobile ? '100%' : undefined }}
              value={session}
              onChange={setSession}
              aria-label={t('reviewing:home.filterSession')}
              options={[{ value: '' as const, label: t('reviewing:home.filterSession') }, ...home.sessions.map((s) => ({ value: s.id, label: titleOf(s.titleZh, s.titleEn, lang) }))]}
            />
            <Input.Search allowClear placeholder={t('reviewing:home.search')} onSearch={setSearch} onChange={(e) => !e.target.value && setSearch('')} style={{ width: mobile ? '100%' : 240 }} />
          </Space>
        ) : (
          <a href={REVIEW_SCREENS.reviewList}>{t('reviewing:home.all')} →</a>
        )}
        <Card size="small" title={t('reviewing:home.mine')}>
          {mobile ? (
            <List
              dataSource={tasks}
              locale={{ emptyText: <Empty description={t('reviewing:home.none')} /> }}
              renderItem={(x) => (
                <List.Item key={x.submissionId}>
                  <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                    <a href={formUrl(x.submissionId)}>
                      <Typography.Text type="secondary">{x.number}</Typography.Text> {x.title}
                    </a>
                    <Typography.Text type="secondary">{sessionName(x.sessionId)}</Typography.Text>
                    <Space wrap size={4}>
                      <StatusTag status={x.status} t={t} />
                      <StateTag state={x.state} t={t} />
                      {x.weighted !== null && <span>{t('reviewing:home.weighted')}: {x.weighted}</span>}
                    </Space>
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            <Table rowKey="submissionId" size="small" columns={taskColumns} dataSource={tasks} pagination={tasks.length > 20 ? { pageSize: 20 } : false} locale={{ emptyText: t('reviewing:home.none') }} />
          )}
        </Card>
        {home.chair.length > 0 && (
          <Card size="small" title={t('reviewing:home.chair')}>
            {mobile ? (
              <List
                dataSource={chair}
                locale={{ emptyText: t('reviewing:home.noneChair') }}
                renderItem={(x) => (
                  <List.Item key={x.submissionId}>
                    <Space orientation="vertical" size={2}>
                      {x.conflicted ? (
                        <span>
                          <Typography.Text type="secondary">{x.number}</Typography.Text> {x.title}
                        </span>
                      ) : (
                        <a href={formUrl(x.submissionId)}>
                          <Typography.Text type="secondary">{x.number}</Typography.Text> {x.title}
                        </a>
                      )}
                      <Space wrap size={4}>
                        <StatusTag status={x.status} t={t} />
                        {x.conflicted ? <Tag color="red">{t('reviewing:home.conflicted')}</Tag> : <span>{t('reviewing:home.progress')}: {x.submitted} / {x.reviews}</span>}
                      </Space>
                    </Space>
                  </List.Item>
                )}
              />
            ) : (
              <Table rowKey="submissionId" size="small" columns={chairColumns} dataSource={chair} pagination={chair.length > 20 ? { pageSize: 20 } : false} locale={{ emptyText: t('reviewing:home.noneChair') }} />
            )}
          </Card>
        )}
      </Space>
    </div>
  );
}

export default function ReviewerTasks(props: ReviewerTasksProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Tasks {...props} />
    </AntdRoot>
  );
}
