/** One's feedback with the organisers' reply (spec 2.10 feedBackDetails). */
import { Alert, Button, Descriptions } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { feedbackApi } from '../../server/contract/feedback';
import { urlOf } from '../shared/api';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { ProfileFeedbackDetailsProps } from './props';

function Details({ lang, mobile, feedback: f }: ProfileFeedbackDetailsProps) {
  const t = translator(lang);
  return (
    <div className="feedback-details">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 't', label: t('feedback:fields.title'), children: f.title },
          { key: 'y', label: t('feedback:fields.type'), children: f.type },
          { key: 'd', label: t('feedback:fields.time'), children: formatInstant(f.createdAt) },
          {
            key: 'c',
            label: t('feedback:fields.content'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{f.content}</span>,
          },
          ...(f.attachment
            ? [
                {
                  key: 'a',
                  label: t('feedback:fields.attachment'),
                  children: (
                    <a href={urlOf(feedbackApi.mineAttachment, { params: { id: f.id } })}>
                      {f.attachment.originalName}
                    </a>
                  ),
                },
              ]
            : []),
        ]}
      />
      <div style={{ marginTop: 16 }}>
        {f.reply ? (
          <Alert
            type="success"
            showIcon
            title={`${t('feedback:reply')} · ${formatInstant(f.repliedAt ?? '')}`}
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{f.reply}</span>}
          />
        ) : (
          <Alert type="info" showIcon title={t('feedback:waitingLong')} />
        )}
      </div>
      <Button href="/profile/feedback" style={{ marginTop: 16 }} block={mobile}>
        {t('feedback:back')}
      </Button>
    </div>
  );
}

export default function ProfileFeedbackDetails(props: ProfileFeedbackDetailsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Details {...props} />
    </AntdRoot>
  );
}
