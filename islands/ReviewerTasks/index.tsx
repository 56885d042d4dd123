/**
 * The reviewer's home (spec 2.2 submissionManage/user) and full list (submissionManage/reviewList):
 * how many reviews are to do, in draft and submitted; the manuscripts assigned to them with their
 * review's state; and for a chair the manuscripts of their sessions with the reviews' progress.
 * The full list adds filters (review state, session, number or title). On a phone the tables
 * become lists of cards. Light parts of islands/shared instead of antd's Table, List, Select,
 * Input and Statistic: a reviewer's page loads ~100 KB less (issue 32).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Empty, Space, Tag } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { LightSearch } from '../shared/lightSearch';
import { LightSelect } from '../shared/lightSelect';
import { LightStatistic } from '../shared/lightStatistic';
import { LightTable, type LightColumn } from '../shared/lightTable';
import { LightTypography as Typography } from '../shared/lightText';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import type { ChairTask, ReviewState, ReviewTask } from '../../server/contract/reviewing';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { titleOf, type T } from '../shared/orderText';
import { StatusTag } from '../shared/submissionStatus';
import type { ReviewerTasksProps } from './props';

const STATE_COLORS: Record<ReviewState, string> = { assigned: 'blue', draft: 'gold', submitted: 'green' };
const formUrl = (id: number) => `${REVIEW_SCREENS.reviewForm}/${id}`;

export function StateTag({ state, t }: { state: ReviewState; t: T }) {
  return <Tag color={STATE_COLORS[state]}>{t(`reviewing:state.${state}`)}</Tag>;
}

/** A phone's list of manuscripts, one item each, drawn like antd's List (`ls-*` in public/app.css). */
function PlainList<X extends { submissionId: number }>({
  items,
  empty,
  render,
}: {
  items: X[];
  empty: ReactNode;
  render: (x: X) => ReactNode;
}) {
  if (!items.length) return <div className="ls-empty">{empty}</div>;
  return (
    <ul className="ls-list ls-default">
      {items.map((x) => (
        <li key={x.submissionId} className="ls-item">
          {render(x)}
        </li>
      ))}
    </ul>
  );
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
    (session === '' || x.sessionId === session) &&
    (!words || x.number.toLowerCase().includes(words) || x.title.toLowerCase().includes(words));
  const tasks = home.tasks.filter((x) => matches(x) && (state === '' || x.state === state));
  const chair = home.chair.filter(matches);

  const taskColumns: Array<LightColumn<ReviewTask>> = [
    { key: 'number', title: t('reviewing:home.number'), dataIndex: 'number', width: 100 },
    {
      key: 'title',
      title: t('reviewing:home.titleCol'),
      render: (_, x) => <a href={formUrl(x.submissionId)}>{x.title}</a>,
    },
    { key: 'session', title: t('reviewing:home.session'), render: (_, x) => sessionName(x.sessionId) },
    { key: 'status', title: t('reviewing:home.status'), render: (_, x) => <StatusTag status={x.status} t={t} /> },
    { key: 'review', title: t('reviewing:home.review'), render: (_, x) => <StateTag state={x.state} t={t} /> },
    {
      key: 'weighted',
      title: t('reviewing:home.weighted'),
      render: (_, x) => (x.weighted === null ? '—' : x.weighted),
    },
  ];
  const chairColumns: Array<LightColumn<ChairTask>> = [
    { key: 'number', title: t('reviewing:home.number'), dataIndex: 'number', width: 100 },
    {
      key: 'title',
      title: t('reviewing:home.titleCol'),
      render: (_, x) =>
        x.conflicted ? (
          <Space wrap size={4}>
            {x.title}
            <Tag color="red">{t('reviewing:home.conflicted')}</Tag>
          </Space>
        ) : (
          <a href={formUrl(x.submissionId)}>{x.title}</a>
        ),
    },
    { key: 'session', title: t('reviewing:home.session'), render: (_, x) => sessionName(x.sessionId) },
    { key: 'status', title: t('reviewing:home.status'), render: (_, x) => <StatusTag status={x.status} t={t} /> },
    {
      key: 'progress',
      title: t('reviewing:home.progress'),
      render: (_, x) => (x.conflicted ? '—' : `${x.submitted} / ${x.reviews}`),
    },
    {
      key: 'chairOpinion',
      title: t('reviewing:home.chairOpinion'),
      render: (_, x) => (x.chairOpinion ? t(`reviewing:opinion.${x.chairOpinion}`) : '—'),
    },
  ];

  return (
    <div className="reviewer-tasks" style={{ overflowWrap: 'anywhere' }}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {home.deadline && home.tasks.length > 0 && (
          <Alert
            type="info"
            showIcon
            className="review-deadline"
            title={t('reviewing:home.deadline', { deadline: home.deadline })}
          />
        )}
        <div className="reviewer-counts">
          {(['todo', 'drafts', 'submitted'] as const).map((k) => (
            <Card key={k} size="small">
              <LightStatistic title={t(`reviewing:home.${k}`)} value={home.counts[k]} />
            </Card>
          ))}
        </div>
        {full ? (
          <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
            <LightSelect<ReviewState | ''>
              style={mobile ? undefined : { width: 160 }}
              block={mobile}
              value={state}
              onChange={(v) => setState(v ?? '')}
              aria-label={t('reviewing:home.filterState')}
              options={[
                { value: '', label: t('reviewing:home.filterState') },
                ...(['assigned', 'draft', 'submitted'] as const).map((s) => ({
                  value: s,
                  label: t(`reviewing:state.${s}`),
                })),
              ]}
            />
            <LightSelect<number | ''>
              style={mobile ? undefined : { width: 200 }}
              block={mobile}
              value={session}
              onChange={(v) => setSession(v ?? '')}
              aria-label={t('reviewing:home.filterSession')}
              options={[
                { value: '', label: t('reviewing:home.filterSession') },
                ...home.sessions.map((s) => ({ value: s.id, label: titleOf(s.titleZh, s.titleEn, lang) })),
              ]}
            />
            <LightSearch
              lang={lang}
              placeholder={t('reviewing:home.search')}
              onSearch={setSearch}
              width={240}
              block={mobile}
            />
          </Space>
        ) : (
          <a href={REVIEW_SCREENS.reviewList}>{t('reviewing:home.all')} →</a>
        )}
        <Card size="small" title={t('reviewing:home.mine')}>
          {mobile ? (
            <PlainList
              items={tasks}
              empty={<Empty description={t('reviewing:home.none')} />}
              render={(x) => (
                <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                  <a href={formUrl(x.submissionId)}>
                    <Typography.Text type="secondary">{x.number}</Typography.Text> {x.title}
                  </a>
                  <Typography.Text type="secondary">{sessionName(x.sessionId)}</Typography.Text>
                  <Space wrap size={4}>
                    <StatusTag status={x.status} t={t} />
                    <StateTag state={x.state} t={t} />
                    {x.weighted !== null && (
                      <span>
                        {t('reviewing:home.weighted')}: {x.weighted}
                      </span>
                    )}
                  </Space>
                </Space>
              )}
            />
          ) : (
            <LightTable<ReviewTask>
              lang={lang}
              rowKey="submissionId"
              size="small"
              columns={taskColumns}
              dataSource={tasks}
              pageSize={20}
              emptyText={t('reviewing:home.none')}
            />
          )}
        </Card>
        {home.chair.length > 0 && (
          <Card size="small" title={t('reviewing:home.chair')}>
            {mobile ? (
              <PlainList
                items={chair}
                empty={t('reviewing:home.noneChair')}
                render={(x) => (
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
                      {x.conflicted ? (
                        <Tag color="red">{t('reviewing:home.conflicted')}</Tag>
                      ) : (
                        <span>
                          {t('reviewing:home.progress')}: {x.submitted} / {x.reviews}
                        </span>
                      )}
                    </Space>
                  </Space>
                )}
              />
            ) : (
              <LightTable<ChairTask>
                lang={lang}
                rowKey="submissionId"
                size="small"
                columns={chairColumns}
                dataSource={chair}
                pageSize={20}
                emptyText={t('reviewing:home.noneChair')}
              />
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
