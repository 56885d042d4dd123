/**
 * The reviews of a manuscript as a chair and a manager read them (issue 16): each review with its
 * reviewer, state, scores, weighted total, opinion, comment and detail-rule answers; and the
 * manager's panel on the detail screen: the reviews, the chair's and the final opinion, and the
 * final opinion form (accept, reject, return for modification, with a comment) unless the server
 * says why it cannot be given now.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Descriptions, Empty, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { REVIEW_OPINIONS, REVIEWING_LIMITS, reviewingApi, type DecisionMail, type DecisionView, type ReviewOpinion, type ReviewPanel as Panel, type ReviewSummary, type RuleForm } from '../../server/contract/reviewing';
import type { ScoreRule } from '../../server/contract/review';
import { ApiError, call } from './api';
import type { Lang } from './locale';
import { errorText, formatAt, type T } from './orderText';
import { checkedValues } from './formCheck';

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
          {(own || r.state === 'submitted') && <Descriptions size="small" column={1} items={[
            ...scores.map((s) => ({ key: s.key, label: t(`reviewing:score.${s.key}`), children: r.scores[s.key] === undefined ? '—' : `${r.scores[s.key]} / ${s.max}` })),
            { key: 'weighted', label: t('reviewing:home.weighted'), children: r.weighted === null ? '—' : r.weighted },
            ...rules.flatMap((rule) => pointLabels(rule, lang).map((label, p) => ({ key: `${rule.id}.${p}`, label, children: r.answers[rule.id]?.[p] || '—' }))),
            { key: 'comment', label: t('reviewing:form.comment'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.comment || '—'}</span> },
            ...(r.submittedAt ? [{ key: 'at', label: t('reviewing:state.submitted'), children: formatAt(r.submittedAt, lang) }] : []),
          ]} />}
        </Card>
      ))}
    </Space>
  );
}

export function DecisionBlock({ lang, t, decision }: { lang: Lang; t: T; decision: DecisionView }) {
  return (
    <Descriptions size="small" column={1} items={[
      { key: 'chair', label: t('reviewing:home.chairOpinion'), children: decision.chairOpinion ? <Space wrap size={4}><OpinionTag opinion={decision.chairOpinion} t={t} />{decision.chair && <Typography.Text type="secondary">{t('reviewing:form.given', { name: decision.chair })} {formatAt(decision.chairAt, lang)}</Typography.Text>}</Space> : '—' },
      ...(decision.chairComment ? [{ key: 'chairComment', label: t('reviewing:form.comment'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{decision.chairComment}</span> }] : []),
      { key: 'final', label: t('reviewing:panel.final'), children: decision.finalOpinion ? <Space wrap size={4}><OpinionTag opinion={decision.finalOpinion} t={t} /><Typography.Text type="secondary">{formatAt(decision.finalAt, lang)}</Typography.Text></Space> : '—' },
      ...(decision.finalComment ? [{ key: 'finalComment', label: t('reviewing:form.comment'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{decision.finalComment}</span> }] : []),
    ]} />
  );
}

type OpinionValues = { opinion: ReviewOpinion; comment: string; mail?: DecisionMail };

/**
 * An opinion and a comment, sent by `send`; a server refusal is shown on its field or as a toast.
 * `mailChoice`: the opinion is final and mails the authors, so the one deciding chooses what of the
 * reviews the mail carries (the comments, the scores; never a reviewer's name).
 */
export function OpinionForm({ t, mobile, name, submitLabel, confirmText, mailChoice = false, send }: { t: T; mobile: boolean; name: string; submitLabel: string; confirmText?: (o: ReviewOpinion) => string; mailChoice?: boolean; send: (body: { opinion: ReviewOpinion; comment: string; mail: DecisionMail }) => Promise<unknown> }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<OpinionValues>();
  const [busy, setBusy] = useState(false);

  async function go(values: OpinionValues) {
    setBusy(true);
    try {
      await send({ opinion: values.opinion, comment: values.comment?.trim() ?? '', mail: { comments: Boolean(values.mail?.comments), scores: Boolean(values.mail?.scores) } });
      form.resetFields();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'opinion' || err.field === 'comment')) form.setFields([{ name: err.field, errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    const values = await checkedValues(form);
    if (!values) return;
    if (confirmText) modal.confirm({ title: submitLabel, content: confirmText(values.opinion), okText: submitLabel, cancelText: t('reviewing:form.cancel'), onOk: () => go(values) });
    else await go(values);
  }

  return (
    <Form form={form} layout="vertical" name={name}>
      <Form.Item name="opinion" label={t('reviewing:form.opinion')} rules={[{ required: true, message: t('reviewing:opinionRequired') }]}>
        <Radio.Group options={REVIEW_OPINIONS.map((o) => ({ value: o, label: t(`reviewing:opinion.${o}`) }))} />
      </Form.Item>
      <Form.Item name="comment" label={t('reviewing:form.comment')} rules={[{ max: REVIEWING_LIMITS.decisionComment, message: t('reviewing:commentTooLong') }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={REVIEWING_LIMITS.decisionComment} />
      </Form.Item>
      {mailChoice && (
        <fieldset className="opinion-mail-choice" style={{ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 4, border: 0 }}>{t('reviewing:form.mailWith')}</legend>
          <Space wrap size={16}>
            <Form.Item name={['mail', 'comments']} valuePropName="checked" noStyle>
              <Checkbox>{t('reviewing:form.mailComments')}</Checkbox>
            </Form.Item>
            <Form.Item name={['mail', 'scores']} valuePropName="checked" noStyle>
              <Checkbox>{t('reviewing:form.mailScores')}</Checkbox>
            </Form.Item>
          </Space>
        </fieldset>
      )}
      <Button type="primary" block={mobile} loading={busy} onClick={submit}>
        {submitLabel}
      </Button>
    </Form>
  );
}

export type ReviewPanelProps = { lang: Lang; mobile: boolean; t: T; submissionId: number; panel: Panel; onDecided?: () => void };

/** The manager's review panel on a manuscript's detail screen. */
export function ReviewPanel({ lang, mobile, t, submissionId, panel: first, onDecided }: ReviewPanelProps) {
  const { message } = App.useApp();
  const [panel, setPanel] = useState(first);
  return (
    <Card size="small" title={t('reviewing:panel.title')} className="review-panel">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {panel.needsChair && <Alert type="warning" showIcon title={t('reviewing:panel.needsChair')} />}
        {panel.reviews.length ? <ReviewList lang={lang} t={t} reviews={panel.reviews} scores={panel.scores} rules={panel.rules} /> : <Typography.Text type="secondary">{t('reviewing:panel.noReviews')}</Typography.Text>}
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
