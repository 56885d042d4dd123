/**
 * One manuscript for the managers (spec 2.12 submissionManage/submission/detail): what was sent,
 * the review panel (the reviews, the chair's opinion and the final opinion, issue 16), the changes
 * of status the server allows now (withdraw, reopen), and the history of its statuses.
 */
import { useMemo, useState } from 'react';
import { Space, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { SUBMISSION_SCREENS, submissionsApi } from '../../server/contract/submissionsApi';
import { call } from '../shared/api';
import { ReviewPanel } from '../shared/ReviewPanel';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { namesOf } from '../shared/submissionLabels';
import { StatusHistory } from '../shared/statusHistory';
import { StatusTag } from '../shared/submissionStatus';
import { Fields } from './Fields';
import { StatusActions } from './StatusActions';
import type { ManageSubmissionDetailProps } from './props';

function Detail({ lang, mobile, detail: first, choices, panel }: ManageSubmissionDetailProps) {
  const t = translator(lang);
  const names = useMemo(() => namesOf(choices, lang), [choices, lang]);
  const [detail, setDetail] = useState(first);
  const s = detail.submission;
  return (
    <div className="manage-submission-detail" style={{ overflowWrap: 'anywhere' }}>
      <a href={SUBMISSION_SCREENS.manage}>← {t('submitManage:detail.back')}</a>
      <Space wrap align="center" size={[8, 4]} style={{ margin: '12px 0 16px' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <Typography.Text type="secondary">{s.number}</Typography.Text> {s.title}
        </Typography.Title>
        <StatusTag status={s.status} t={t} />
      </Space>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ReviewPanel
          lang={lang}
          mobile={mobile}
          t={t}
          submissionId={s.id}
          panel={panel}
          onDecided={() => void call(submissionsApi.detail, { params: { id: s.id } }).then(setDetail, () => undefined)}
        />
        <Card size="small" title={t('submitManage:detail.statusTitle')}>
          <StatusActions t={t} mobile={mobile} detail={detail} onChanged={setDetail} />
        </Card>
        <Fields lang={lang} mobile={mobile} t={t} names={names} s={s} />
        <Card size="small" title={t('submitManage:detail.history')}>
          <StatusHistory
            lang={lang}
            t={t}
            history={detail.history}
            empty={t('submitManage:detail.noHistory')}
            showActor
          />
        </Card>
      </Space>
    </div>
  );
}

export default function ManageSubmissionDetail(props: ManageSubmissionDetailProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Detail {...props} />
    </AntdRoot>
  );
}
