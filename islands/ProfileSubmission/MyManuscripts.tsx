/**
 * The person's manuscripts: number, title, session, status and when submitted, with what each
 * allows now (details, edit, resubmit, withdraw). A table on a wide screen; cards on a phone, so
 * nothing scrolls sideways.
 */
import { Button, Space } from 'antd';
import { LightTable } from '../shared/lightTable';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { Choices, SubmissionView } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';
import { formatAt, type T } from '../shared/orderText';
import { StatusTag } from '../shared/submissionStatus';
import { namesOf } from '../shared/submissionLabels';

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  mine: SubmissionView[];
  choices: Choices;
  onEdit(s: SubmissionView): void;
  onWithdraw(s: SubmissionView): void;
};

export const detailsHref = (id: number) => `/profile/submission/details?id=${id}`;

function Actions({
  s,
  t,
  mobile,
  onEdit,
  onWithdraw,
}: {
  s: SubmissionView;
  t: T;
  mobile: boolean;
  onEdit(s: SubmissionView): void;
  onWithdraw(s: SubmissionView): void;
}) {
  const size = mobile ? 'middle' : 'small';
  return (
    <Space wrap size={4}>
      <Button size={size} href={detailsHref(s.id)}>
        {t('submitAuthor:list.details')}
      </Button>
      {s.can.edit && (
        <Button size={size} onClick={() => onEdit(s)}>
          {t('submissions:action.edit')}
        </Button>
      )}
      {s.can.resubmit && (
        <Button size={size} type="primary" onClick={() => onEdit(s)}>
          {t('submissions:action.resubmit')}
        </Button>
      )}
      {s.can.withdraw && (
        <Button size={size} danger onClick={() => onWithdraw(s)}>
          {t('submissions:action.withdraw')}
        </Button>
      )}
    </Space>
  );
}

export function MyManuscripts({ lang, mobile, t, mine, choices, onEdit, onWithdraw }: Props) {
  const names = namesOf(choices, lang);
  const session = (s: SubmissionView) =>
    s.subSessionId == null
      ? names.session(s.sessionId)
      : `${names.session(s.sessionId)} / ${names.session(s.subSessionId)}`;
  if (!mine.length) return <Typography.Paragraph type="secondary">{t('submitAuthor:list.none')}</Typography.Paragraph>;
  if (mobile) {
    return (
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {mine.map((s) => (
          <Card key={s.id} size="small" className="my-submission">
            <Space orientation="vertical" size={4} style={{ width: '100%', overflowWrap: 'anywhere' }}>
              <Space wrap size={8}>
                <Typography.Text strong>{s.number}</Typography.Text>
                <StatusTag status={s.status} t={t} />
              </Space>
              <a href={detailsHref(s.id)}>{s.title}</a>
              <Typography.Text type="secondary">{session(s)}</Typography.Text>
              <Typography.Text type="secondary">
                {t('submitAuthor:list.submittedAt')}: {formatAt(s.submittedAt, lang)}
              </Typography.Text>
              <Actions s={s} t={t} mobile={mobile} onEdit={onEdit} onWithdraw={onWithdraw} />
            </Space>
          </Card>
        ))}
      </Space>
    );
  }
  return (
    <LightTable<SubmissionView>
      lang={lang}
      rowKey="id"
      size="middle"
      dataSource={mine}
      columns={[
        { key: 'number', title: t('submitAuthor:list.number'), dataIndex: 'number', nowrap: true },
        {
          key: 'title',
          title: t('submitAuthor:list.title'),
          render: (_, s) => (
            <a href={detailsHref(s.id)} style={{ overflowWrap: 'anywhere' }}>
              {s.title}
            </a>
          ),
        },
        { key: 'session', title: t('submitAuthor:list.session'), render: (_, s) => session(s) },
        {
          key: 'status',
          title: t('submitAuthor:list.status'),
          render: (_, s) => <StatusTag status={s.status} t={t} />,
        },
        {
          key: 'submittedAt',
          title: t('submitAuthor:list.submittedAt'),
          render: (_, s) => formatAt(s.submittedAt, lang),
          nowrap: true,
        },
        {
          key: 'actions',
          title: t('submitAuthor:list.actions'),
          render: (_, s) => <Actions s={s} t={t} mobile={false} onEdit={onEdit} onWithdraw={onWithdraw} />,
        },
      ]}
    />
  );
}
