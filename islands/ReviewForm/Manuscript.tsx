/** The manuscript as its reviewer reads it: no authors with blind review; files through the review's own download route. */
import { Alert, Descriptions } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import { reviewingApi, type ReviewScreen } from '../../server/contract/reviewing';
import { urlOf } from '../shared/api';
import { fileSize } from '../shared/fileSize';
import type { Lang } from '../shared/locale';
import { titleOf, type T } from '../shared/orderText';
import { StatusTag } from '../shared/submissionStatus';

export function Manuscript({ lang, mobile, t, review }: { lang: Lang; mobile: boolean; t: T; review: ReviewScreen }) {
  const m = review.manuscript;
  const file = (slot: 'abstractFile' | 'fullTextFile') => {
    const f = m[slot];
    return f ? (
      <a href={urlOf(reviewingApi.file, { params: { id: m.id, slot } })}>
        {f.originalName} ({fileSize(f.size)})
      </a>
    ) : (
      '—'
    );
  };
  return (
    <Card size="small" title={t('reviewing:form.manuscript')}>
      {m.authors === null && (
        <Alert type="info" showIcon title={t('reviewing:form.blind')} style={{ marginBottom: 12 }} />
      )}
      <Descriptions
        size="small"
        bordered
        column={mobile ? 1 : 2}
        layout={mobile ? 'vertical' : 'horizontal'}
        style={{ overflowWrap: 'anywhere' }}
        items={[
          { key: 'number', label: t('reviewing:home.number'), children: m.number },
          { key: 'status', label: t('reviewing:home.status'), children: <StatusTag status={m.status} t={t} /> },
          {
            key: 'session',
            label: t('reviewing:form.session'),
            children: titleOf(review.sessionTitle.zh, review.sessionTitle.en, lang),
          },
          { key: 'keywords', label: t('reviewing:form.keywords'), children: m.keywords || '—' },
          { key: 'abstractFile', label: t('reviewing:form.abstractFile'), children: file('abstractFile') },
          { key: 'fullTextFile', label: t('reviewing:form.fullTextFile'), children: file('fullTextFile') },
          ...(m.authors
            ? [
                {
                  key: 'authors',
                  label: t('reviewing:form.authors'),
                  span: 'filled' as const,
                  children: m.authors
                    .map((a) =>
                      [lang === 'zh' ? `${a.surname}${a.name}` : `${a.name} ${a.surname}`, a.company]
                        .filter(Boolean)
                        .join(', '),
                    )
                    .join('; '),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('reviewing:form.abstract')}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {m.abstract || '—'}
      </Typography.Paragraph>
    </Card>
  );
}
