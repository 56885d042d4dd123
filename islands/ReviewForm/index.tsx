/**
 * A manuscript's review screen (/platform/submissionManage/review/:id): the manuscript (blind when
 * configured), the reviewer's own form, and for a chair of its session the reviews with their
 * scores and weighted totals, the decision so far and the chair's opinion form. Every answer from
 * the server is the whole screen, which replaces the island's copy.
 */
import { useState } from 'react';
import { Alert, App, Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import { reviewingApi } from '../../server/contract/reviewing';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { DecisionBlock, OpinionForm, ReviewList } from '../shared/ReviewPanel';
import { Manuscript } from './Manuscript';
import { MyReview } from './MyReview';
import { DeclareConflict } from './DeclareConflict';
import type { ReviewFormProps } from './props';

function Screen({ lang, mobile, review: first }: ReviewFormProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [review, setReview] = useState(first);
  const m = review.manuscript;
  const chair = review.chair;
  return (
    <div className="review-form" style={{ overflowWrap: 'anywhere' }}>
      <a href={REVIEW_SCREENS.reviewerHome}>← {t('reviewing:form.back')}</a>
      <Typography.Title level={4} style={{ margin: '12px 0 16px' }}>
        <Typography.Text type="secondary">{m.number}</Typography.Text> {m.title}
      </Typography.Title>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Manuscript lang={lang} mobile={mobile} t={t} review={review} />
        {review.mine ? (
          <MyReview
            key={`${review.mine.state}-${review.mine.submittedAt ?? ''}`}
            lang={lang}
            mobile={mobile}
            t={t}
            review={review}
            onSaved={setReview}
          />
        ) : (
          <Alert type="info" showIcon title={t('reviewing:form.notReviewer')} />
        )}
        {review.mine && !review.mine.readOnly ? (
          <DeclareConflict t={t} mobile={mobile} submissionId={m.id} started={review.mine.state !== 'assigned'} />
        ) : null}
        {chair && (
          <Card size="small" title={t('reviewing:form.reviews')}>
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <ReviewList lang={lang} t={t} reviews={chair.reviews} scores={review.scores} rules={review.rules} />
              <DecisionBlock lang={lang} t={t} decision={chair.decision} />
              {chair.chairFinal && (
                <Typography.Text type="secondary">{t('reviewing:form.chairFinalNote')}</Typography.Text>
              )}
              {chair.canGive ? (
                <OpinionForm
                  t={t}
                  mobile={mobile}
                  name="chairOpinion"
                  mailChoice={chair.chairFinal}
                  submitLabel={t('reviewing:form.chairForm')}
                  send={async (body) => {
                    setReview(await call(reviewingApi.chairOpinion, { params: { id: m.id }, body }));
                    message.success(t('reviewing:chairSaved'));
                  }}
                />
              ) : (
                !chair.decision.finalOpinion && (
                  <Typography.Text type="secondary">{t('reviewing:form.chairNeedsReview')}</Typography.Text>
                )
              )}
            </Space>
          </Card>
        )}
      </Space>
    </div>
  );
}

export default function ReviewForm(props: ReviewFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Screen {...props} />
    </AntdRoot>
  );
}
