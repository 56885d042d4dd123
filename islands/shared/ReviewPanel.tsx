/**
 * The reviews of a manuscript as a chair and a manager read them (issue 16): each review with its
 * reviewer, state, scores, weighted total, opinion, comment and detail-rule answers; and the
 * manager's panel on the detail screen: the reviews, the chair's and the final opinion, and the
 * final opinion form (accept, reject, return for modification, with a comment) unless the server
 * says why it cannot be given now.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Space, Tag } from 'antd';
import { LightCard as Card } from './lightCard';
import { LightFormFrame, LightItem, longest, required, useLightForm } from './lightForm';
import { LightCheckbox, LightRadios, LightTextArea } from './lightInputs';
import { LightTypography as Typography } from './lightText';
import {
  REVIEW_OPINIONS,
  REVIEWING_LIMITS,
  reviewingApi,
  type DecisionMail,
  type DecisionView,
  type ReviewOpinion,
  type ReviewPanel as Panel,
  type ReviewSummary,
  type RuleForm,
} from '../../server/contract/reviewing';
import type { ScoreRule } from '../../server/contract/review';
import { ApiError, call } from './api';
import type { Lang } from './locale';
import { errorText, formatAt, type T } from './orderText';

const OPINION_COLORS: Record<ReviewOpinion, string> = { accept: 'green', reject: 'red', return: 'orange' };
const STATE_COLORS = { assigned: 'blue', draft: 'gold', submitted: 'green' } as const;

export function OpinionTag({ opinion, t }: { opinion: ReviewOpinion | null; t: T }) {
  return opinion ? <Tag color={OPINION_COLORS[opinion]}>{t(`reviewing:opinion.${opinion}`)}</Tag> : <>—</>;
}

/** A rule's point labels in the page's language (the other language's when this one has fewer). */
export function pointLabels(rule: RuleForm, lang: Lang): string[] {
  const mine = lang === 'zh' ? rule.pointsZh : rule.pointsEn;
  const other = lang === 'zh' ? rule.pointsEn : rule.pointsZh;
  const count = Math.max(mine.length, other.length, 1);
  return Array.from({ length: count }, (_, i) => mine[i] ?? other[i] ?? (lang === 'zh' ? rule.titleZh : rule.titleEn));
}

/** `own`: the reader's own review, shown whatever its state; others' show their content once submitted. */
type ListProps = { lang: Lang; t: T; reviews: ReviewSummary[]; scores: ScoreRule[]; rules: RuleForm[]; own?: boolean };

export function ReviewList({ lang, t, reviews, scores, rules, own = false }: ListProps) {
  if (!reviews.length) return <Empty description={t('reviewing:form.noReviews')} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {reviews.map((r, i) => (
        <Card
          key={r.id}
          size="small"
          type="inner"
          styles={own || r.state === 'submitted' ? undefined : { body: { display: 'none' } }}
          title={
            <Space wrap size={4}>
              <span>{r.reviewer || t('reviewing:form.reviewerN', { n: i + 1 })}</span>
              <Tag color={STATE_COLORS[r.state]}>{t(`reviewing:state.${r.state}`)}</Tag>
              <OpinionTag opinion={r.opinion} t={t} />
            </Space>
          }
        >
          {(own || r.state === 'submitted') && (
            <Descriptions
              size="small"
              column={1}
              items={[
                ...scores.map((s) => ({
                  key: s.key,
                  label: t(`reviewing:score.${s.key}`),
                  children: r.scores[s.key] === undefined ? '—' : `${r.scores[s.key]} / ${s.max}`,
                })),
                {
                  key: 'weighted',
                  label: t('reviewing:home.weighted'),
                  children: r.weighted === null ? '—' : r.weighted,
                },
                ...rules.flatMap((rule) =>
                  pointLabels(rule, lang).map((label, p) => ({
                    key: `${rule.id}.${p}`,
                    label,
                    children: r.answers[rule.id]?.[p] || '—',
                  })),
                ),
                {
                  key: 'comment',
                  label: t('reviewing:form.comment'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.comment || '—'}</span>,
                },
                ...(r.submittedAt
                  ? [{ key: 'at', label: t('reviewing:state.submitted'), children: formatAt(r.submittedAt, lang) }]
                  : []),
              ]}
            />
          )}
        </Card>
      ))}
    </Space>
  );
}

export function DecisionBlock({ lang, t, decision }: { lang: Lang; t: T; decision: DecisionView }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'chair',
          label: t('reviewing:home.chairOpinion'),
          children: decision.chairOpinion ? (
            <Space wrap size={4}>
              <OpinionTag opinion={decision.chairOpinion} t={t} />
              {decision.chair && (
                <Typography.Text type="secondary">
                  {t('reviewing:form.given', { name: decision.chair })} {formatAt(decision.chairAt, lang)}
                </Typography.Text>
              )}
            </Space>
          ) : (
            '—'
          ),
        },
        ...(decision.chairComment
          ? [
              {
                key: 'chairComment',
                label: t('reviewing:form.comment'),
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{decision.chairComment}</span>,
              },
            ]
          : []),
        {
          key: 'final',
          label: t('reviewing:panel.final'),
          children: decision.finalOpinion ? (
            <Space wrap size={4}>
              <OpinionTag opinion={decision.finalOpinion} t={t} />
              <Typography.Text type="secondary">{formatAt(decision.finalAt, lang)}</Typography.Text>
            </Space>
          ) : (
            '—'
          ),
        },
        ...(decision.finalComment
          ? [
              {
                key: 'finalComment',
                label: t('reviewing:form.comment'),
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{decision.finalComment}</span>,
              },
            ]
          : []),
      ]}
    />
  );
}

type OpinionValues = {
  opinion: ReviewOpinion | undefined;
  comment: string;
  mail_comments: boolean;
  mail_scores: boolean;
};
const NO_OPINION: OpinionValues = { opinion: undefined, comment: '', mail_comments: false, mail_scores: false };

/**
 * An opinion and a comment, sent by `send`; a server refusal is shown on its field or as a toast.
 * `mailChoice`: the opinion is final and mails the authors, so the one deciding chooses what of the
 * reviews the mail carries (the comments, the scores; never a reviewer's name). On the browser's
 * own controls (lightForm.tsx): the reviewer's and the chair's screens load no antd form (issue 32).
 */
export function OpinionForm({
  t,
  mobile,
  name,
  submitLabel,
  confirmText,
  mailChoice = false,
  send,
}: {
  t: T;
  mobile: boolean;
  name: string;
  submitLabel: string;
  confirmText?: (o: ReviewOpinion) => string;
  mailChoice?: boolean;
  send: (body: { opinion: ReviewOpinion; comment: string; mail: DecisionMail }) => Promise<unknown>;
}) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const form = useLightForm<OpinionValues>(name, NO_OPINION, {
    opinion: [required(t('reviewing:opinionRequired'))],
    comment: [longest(REVIEWING_LIMITS.decisionComment, t('reviewing:commentTooLong'))],
  });
  const { values, errors } = form;

  async function go(v: OpinionValues, opinion: ReviewOpinion) {
    setBusy(true);
    try {
      await send({ opinion, comment: v.comment.trim(), mail: { comments: v.mail_comments, scores: v.mail_scores } });
      form.setValues(NO_OPINION);
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'opinion' || err.field === 'comment'))
        form.setError(err.field, errorText(err, t));
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    if (!form.validate() || !values.opinion) return;
    const opinion = values.opinion;
    if (confirmText)
      modal.confirm({
        title: submitLabel,
        content: confirmText(opinion),
        okText: submitLabel,
        cancelText: t('reviewing:form.cancel'),
        onOk: () => go(values, opinion),
      });
    else void go(values, opinion);
  }

  return (
    <LightFormFrame name={name} layout="vertical" onSubmit={(e) => e.preventDefault()}>
      <LightItem id={form.id('opinion')} label={t('reviewing:form.opinion')} required error={errors.opinion} group>
        <LightRadios
          id={form.id('opinion')}
          value={values.opinion}
          options={REVIEW_OPINIONS.map((o) => ({ value: o, label: t(`reviewing:opinion.${o}`) }))}
          onChange={(o) => form.set('opinion', o)}
          {...form.aria('opinion')}
        />
      </LightItem>
      <LightItem id={form.id('comment')} label={t('reviewing:form.comment')} error={errors.comment}>
        <LightTextArea
          minRows={3}
          maxRows={10}
          showCount
          maxLength={REVIEWING_LIMITS.decisionComment}
          {...form.text('comment')}
        />
      </LightItem>
      {mailChoice && (
        <fieldset className="opinion-mail-choice" style={{ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 4, border: 0 }}>{t('reviewing:form.mailWith')}</legend>
          <Space wrap size={16}>
            <LightCheckbox
              id={form.id('mail_comments')}
              checked={values.mail_comments}
              onChange={(on) => form.set('mail_comments', on)}
            >
              {t('reviewing:form.mailComments')}
            </LightCheckbox>
            <LightCheckbox
              id={form.id('mail_scores')}
              checked={values.mail_scores}
              onChange={(on) => form.set('mail_scores', on)}
            >
              {t('reviewing:form.mailScores')}
            </LightCheckbox>
          </Space>
        </fieldset>
      )}
      <Button type="primary" block={mobile} loading={busy} onClick={submit}>
        {submitLabel}
      </Button>
    </LightFormFrame>
  );
}

export type ReviewPanelProps = {
  lang: Lang;
  mobile: boolean;
  t: T;
  submissionId: number;
  panel: Panel;
  onDecided?: () => void;
};

/** The manager's review panel on a manuscript's detail screen. */
export function ReviewPanel({ lang, mobile, t, submissionId, panel: first, onDecided }: ReviewPanelProps) {
  const { message } = App.useApp();
  const [panel, setPanel] = useState(first);
  return (
    <Card size="small" title={t('reviewing:panel.title')} className="review-panel">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {panel.needsChair && <Alert type="warning" showIcon title={t('reviewing:panel.needsChair')} />}
        {panel.reviews.length ? (
          <ReviewList lang={lang} t={t} reviews={panel.reviews} scores={panel.scores} rules={panel.rules} />
        ) : (
          <Typography.Text type="secondary">{t('reviewing:panel.noReviews')}</Typography.Text>
        )}
        <DecisionBlock lang={lang} t={t} decision={panel.decision} />
        {panel.ended.length > 0 && (
          <div className="review-panel-ended">
            <Typography.Text type="secondary">{t('reviewing:panel.ended')}</Typography.Text>
            <ReviewList lang={lang} t={t} reviews={panel.ended} scores={panel.scores} rules={panel.rules} own />
          </div>
        )}
        {panel.refusal ? (
          <Typography.Text type="secondary">{t(panel.refusal)}</Typography.Text>
        ) : (
          <OpinionForm
            t={t}
            mobile={mobile}
            name="finalOpinion"
            mailChoice
            submitLabel={t('reviewing:panel.giveFinal')}
            confirmText={(o) => t('reviewing:panel.confirm', { opinion: t(`reviewing:opinion.${o}`) })}
            send={async (body) => {
              setPanel(await call(reviewingApi.finalOpinion, { params: { id: submissionId }, body }));
              message.success(t('reviewing:finalSaved'));
              onDecided?.();
            }}
          />
        )}
      </Space>
    </Card>
  );
}
