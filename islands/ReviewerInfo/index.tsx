/**
 * A reviewer's page (spec 2.12 manage/reviewer/info/:userId): the record, roles by session, the
 * load, the conflicts of interest stored and those suggested against every manuscript, and the
 * reviews with their state and opinion.
 */
import { Descriptions, Table, Tag } from 'antd';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import { AntdRoot } from '../shared/AntdRoot';
import { countryName } from '../shared/countryName';
import { translator } from '../shared/i18n';
import { NS, sessionTitle, stateKey } from '../shared/reviewerLabels';
import type { ReviewerInfoProps } from './props';

function InfoScreen({ lang, mobile, info }: ReviewerInfoProps) {
  const t = translator(lang);
  const r = info.reviewer;
  const dash = (v: string | null | undefined) => v || '—';
  const paper = {
    title: t(`${NS}info.manuscript`),
    key: 'paper',
    render: (_: unknown, x: { number: string; title: string }) => `${x.number} ${x.title}`,
  };
  return (
    <div className="reviewer-info">
      <p>
        <a href={REVIEW_SCREENS.reviewers}>{t(`${NS}info.back`)}</a>
      </p>
      <Descriptions bordered size="small" column={mobile ? 1 : 2} title={t(`${NS}info.record`)}>
        <Descriptions.Item label={t(`${NS}col.name`)}>{r.name}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}col.email`)}>{r.email}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}col.unit`)}>{dash(r.unit)}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}info.phone`)}>{dash(r.phone)}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}info.country`)}>{dash(countryName(r.country, lang))}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}info.direction`)}>{dash(r.direction)}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}col.state`)}>{t(stateKey(r))}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}info.invitedAt`)}>{r.invitedAt.slice(0, 16)}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}info.activatedAt`)}>{dash(r.activatedAt?.slice(0, 16))}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}col.load`)}>{t(`${NS}load`, r.load)}</Descriptions.Item>
        <Descriptions.Item label={t(`${NS}col.roles`)} span={mobile ? 1 : 2}>
          {r.roles.length
            ? r.roles.map((x) => (
                <Tag key={x.id} color={x.role === 'chair' ? 'gold' : 'blue'}>
                  {sessionTitle(info.sessions, x.sessionId, lang)} · {t(`${NS}role.${x.role}`)}
                </Tag>
              ))
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <h3 style={{ marginTop: 24 }}>{t(`${NS}info.conflicts`)}</h3>
      <Table
        size="small"
        rowKey="submissionId"
        dataSource={info.conflicts}
        pagination={false}
        locale={{ emptyText: t(`${NS}info.none`) }}
        scroll={mobile ? { x: true } : undefined}
        columns={[
          paper,
          {
            title: t(`${NS}info.conflictState`),
            dataIndex: 'state',
            render: (s: string) => t(`${NS}conflictState.${s}`),
          },
          {
            title: t(`${NS}info.reason`),
            dataIndex: 'reason',
            render: (s: string) => (s ? t(`${NS}reason.${s}`) : dash(null)),
          },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t(`${NS}info.suggestions`)}</h3>
      <Table
        size="small"
        rowKey="submissionId"
        dataSource={info.suggestions}
        pagination={false}
        locale={{ emptyText: t(`${NS}info.none`) }}
        columns={[
          paper,
          {
            title: t(`${NS}info.reason`),
            key: 'reason',
            render: (_, s) => `${t(`${NS}reason.${s.reason}`)} (${s.detail})`,
          },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t(`${NS}info.reviews`)}</h3>
      <Table
        size="small"
        rowKey="submissionId"
        dataSource={info.reviews}
        pagination={false}
        locale={{ emptyText: t(`${NS}info.none`) }}
        columns={[
          paper,
          { title: t(`${NS}col.state`), dataIndex: 'state', render: (s: string) => t(`${NS}reviewState.${s}`) },
          {
            title: t(`${NS}info.opinion`),
            dataIndex: 'opinion',
            render: (o: string | null) => (o ? t(`${NS}opinion.${o}`) : '—'),
          },
        ]}
      />
    </div>
  );
}

export default function ReviewerInfo(props: ReviewerInfoProps) {
  return (
    <AntdRoot lang={props.lang}>
      <InfoScreen {...props} />
    </AntdRoot>
  );
}
