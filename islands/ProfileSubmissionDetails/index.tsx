/**
 * A manuscript's details for its author (spec 2.10 submission/details): what was sent, read only
 * (the choices by their titles in the page's language, the abstract as typed, the files to
 * download), the authors, the history of its status, and what the author may do now: edit or
 * resubmit (on the submission screen's form) and withdraw.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { DescriptionsProps } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type SubmissionView } from '../../server/contract/submissions';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { DeclaredConflicts } from '../shared/DeclaredConflicts';
import { errorText, formatAt } from '../shared/orderText';
import { confirmWithdraw, FileLink } from '../shared/authorManuscript';
import { namesOf } from '../shared/submissionLabels';
import { StatusHistory } from '../shared/statusHistory';
import { StatusTag } from '../shared/submissionStatus';
import { Authors } from './Authors';
import { ReviewResult } from './ReviewResult';
import type { ProfileSubmissionDetailsProps } from './props';

const LIST = '/profile/submission';

function Details({
  lang,
  mobile,
  submission: initial,
  history: initialHistory,
  choices,
  settings,
  reviews,
}: ProfileSubmissionDetailsProps) {
  const t = translator(lang);
  const app = App.useApp();
  const [{ submission: s, history }, setShown] = useState({ submission: initial, history: initialHistory });
  const names = namesOf(choices, lang);
  // A field the call hides now is still shown when the manuscript has it.
  const shown = (mode: string, value: unknown) => mode !== 'hide' || (value !== null && value !== '');

  async function withdrawn(now: SubmissionView) {
    setShown((prev) => ({ ...prev, submission: now }));
    try {
      setShown(await call(submissionsApi.mine, { params: { id: now.id } }));
    } catch (err) {
      app.message.error(errorText(err, t));
    }
  }

  const items: DescriptionsProps['items'] = [
    { key: 'number', label: t('submitAuthor:list.number'), children: s.number },
    { key: 'status', label: t('submitAuthor:list.status'), children: <StatusTag status={s.status} t={t} /> },
    { key: 'title', label: t('submitAuthor:form.title'), children: s.title, span: 'filled' },
    { key: 'session', label: t('submitAuthor:form.session'), children: names.session(s.sessionId) },
    ...(s.subSessionId != null
      ? [{ key: 'subSession', label: t('submitAuthor:form.subSession'), children: names.session(s.subSessionId) }]
      : []),
    ...(shown(settings.reportType, s.reportTypeId)
      ? [{ key: 'reportType', label: t('submitAuthor:form.reportType'), children: names.reportType(s.reportTypeId) }]
      : []),
    ...(shown(settings.category, s.categoryId)
      ? [{ key: 'category', label: t('submitAuthor:form.category'), children: names.category(s.categoryId) }]
      : []),
    ...(shown(settings.keywords, s.keywords)
      ? [
          {
            key: 'keywords',
            label: t('submitAuthor:form.keywords'),
            children: s.keywords || '—',
            span: 'filled' as const,
          },
        ]
      : []),
    ...(shown(settings.abstractFile.mode, s.abstractFile)
      ? [
          {
            key: 'abstractFile',
            label: t('submitAuthor:form.abstractFile'),
            children: <FileLink id={s.id} slot="abstractFile" file={s.abstractFile} />,
          },
        ]
      : []),
    ...(shown(settings.fullText.mode, s.fullTextFile)
      ? [
          {
            key: 'fullTextFile',
            label: t('submitAuthor:form.fullTextFile'),
            children: <FileLink id={s.id} slot="fullTextFile" file={s.fullTextFile} />,
          },
        ]
      : []),
    { key: 'submittedAt', label: t('submitAuthor:list.submittedAt'), children: formatAt(s.submittedAt, lang) },
    { key: 'updatedAt', label: t('submitAuthor:detail.updatedAt'), children: formatAt(s.updatedAt, lang) },
  ];

  return (
    <div className="profile-submission-details">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions
          bordered
          size="small"
          column={mobile ? 1 : 2}
          layout={mobile ? 'vertical' : 'horizontal'}
          items={items}
          style={{ overflowWrap: 'anywhere' }}
        />
        {shown(settings.abstractMode, s.abstract) && (
          <Card size="small" title={t('submitAuthor:form.abstract')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
              {s.abstract || '—'}
            </Typography.Paragraph>
          </Card>
        )}
        <Card
          size="small"
          title={t('submitAuthor:form.authors')}
          styles={{ body: { padding: mobile ? 8 : undefined } }}
        >
          <Authors lang={lang} mobile={mobile} t={t} authors={s.authors} contact={settings.authorInfo !== 'hide'} />
        </Card>
        {s.conflicts.length > 0 && (
          <Card
            size="small"
            title={t('submitAuthor:conflicts.declared')}
            styles={{ body: { padding: mobile ? 8 : undefined } }}
          >
            <DeclaredConflicts conflicts={s.conflicts} />
          </Card>
        )}
        {reviews && <ReviewResult lang={lang} t={t} reviews={reviews} />}
        <Card size="small" title={t('submitAuthor:detail.history')}>
          <StatusHistory
            lang={lang}
            t={t}
            history={history}
            empty={t('submitAuthor:detail.noHistory')}
            showActor={false}
          />
        </Card>
        <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={{ width: '100%' }}>
          {s.can.edit && (
            <Button type="primary" block={mobile} href={`${LIST}?edit=${s.id}`}>
              {t('submissions:action.edit')}
            </Button>
          )}
          {s.can.resubmit && (
            <Button type="primary" block={mobile} href={`${LIST}?edit=${s.id}`}>
              {t('submissions:action.resubmit')}
            </Button>
          )}
          {s.can.withdraw && (
            <Button danger block={mobile} onClick={() => confirmWithdraw(app, t, s, withdrawn)}>
              {t('submissions:action.withdraw')}
            </Button>
          )}
          <Button block={mobile} href={LIST}>
            {t('submitAuthor:detail.backToList')}
          </Button>
        </Space>
      </Space>
    </div>
  );
}

export default function ProfileSubmissionDetails(props: ProfileSubmissionDetailsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Details {...props} />
    </AntdRoot>
  );
}
