/**
 * The review's result as the author reads it (issue 16): the final opinion, its comment, and each
 * reviewer's comment with the answers of the detail rules shown to authors. With blind review the
 * server sends no reviewer's name: they are "Reviewer 1", "Reviewer 2".
 */
import { Descriptions, Space, Tag } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { AuthorReviews } from '../../server/contract/reviewing';
import type { Lang } from '../shared/locale';
import type { T } from '../shared/orderText';

const COLORS = { accept: 'green', reject: 'red', return: 'orange' } as const;

export function ReviewResult({ lang, t, reviews }: { lang: Lang; t: T; reviews: AuthorReviews }) {
  return (
    <Card size="small" title={t('reviewing:author.title')} className="review-result">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'result',
              label: t('reviewing:author.result'),
              children: <Tag color={COLORS[reviews.result]}>{t(`reviewing:result.${reviews.result}`)}</Tag>,
            },
            ...(reviews.comment
              ? [
                  {
                    key: 'comment',
                    label: t('reviewing:author.comment'),
                    children: <span style={{ whiteSpace: 'pre-wrap' }}>{reviews.comment}</span>,
                  },
                ]
              : []),
          ]}
        />
        {reviews.reviews.length > 0 && <Typography.Text strong>{t('reviewing:author.reviews')}</Typography.Text>}
        {reviews.reviews.map((r, i) => (
          <Card key={i} size="small" type="inner" title={r.reviewer || t('reviewing:form.reviewerN', { n: i + 1 })}>
            <Descriptions
              size="small"
              column={1}
              items={[
                ...r.answers.flatMap((a, j) => {
                  const points = lang === 'zh' ? a.pointsZh : a.pointsEn;
                  return a.answers.map((text, p) => ({
                    key: `${j}.${p}`,
                    label: points[p] ?? (lang === 'zh' ? a.titleZh : a.titleEn),
                    children: text || '—',
                  }));
                }),
                {
                  key: 'comment',
                  label: t('reviewing:form.comment'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.comment || '—'}</span>,
                },
              ]}
            />
          </Card>
        ))}
      </Space>
    </Card>
  );
}
