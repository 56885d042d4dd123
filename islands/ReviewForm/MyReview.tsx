/**
 * The reviewer's form: each score in use (a whole number from 0 to its maximum), one answer per
 * point of each detail rule, the opinion and the comment; "Save draft" keeps a partial review,
 * "Submit" (confirmed) sends the complete one, read-only from then on. A refusal is shown on its
 * field (`scores.<key>`, `answers.<rule>.<point>`, `opinion`, `comment`).
 */
import { useState } from 'react';
import { App, Alert, Button, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { REVIEW_OPINIONS, REVIEWING_LIMITS, reviewingApi, type ReviewOpinion, type ReviewScreen } from '../../server/contract/reviewing';
import { ApiError, call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, type T } from '../shared/orderText';
import { ReviewList, pointLabels } from '../shared/ReviewPanel';

type Values = { scores: Record<string, number | null>; answers: Record<string, string[]>; opinion: ReviewOpinion | null; comment: string };
type Props = { lang: Lang; mobile: boolean; t: T; review: ReviewScreen; onSaved: (r: ReviewScreen) => void };

export function MyReview({ lang, mobile, t, review, onSaved }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const mine = review.mine!;

  if (mine.readOnly) {
    return (
      <Card size="small" title={t('reviewing:formTitle')}>
        <Alert type="info" showIcon title={t('reviewing:form.readOnly')} style={{ marginBottom: 12 }} />
        <ReviewList lang={lang} t={t} reviews={[mine]} scores={review.scores} rules={review.rules} own />
      </Card>
    );
  }

  const initial: Values = {
    scores: Object.fromEntries(review.scores.map((s) => [s.key, mine.scores[s.key] ?? null])),
    answers: Object.fromEntries(review.rules.map((r) => [String(r.id), pointLabels(r, lang).map((_, i) => mine.answers[r.id]?.[i] ?? '')])),
    opinion: mine.opinion,
    comment: mine.comment,
  };

  function bodyOf(v: Values) {
    const scores: Record<string, number> = {};
    for (const [k, n] of Object.entries(v.scores ?? {})) if (typeof n === 'number') scores[k] = n;
    return { scores, answers: v.answers ?? {}, opinion: v.opinion ?? null, comment: v.comment ?? '' };
  }

  async function send(kind: 'draft' | 'submit') {
    const v = form.getFieldsValue(true) as Values;
    setBusy(kind);
    try {
      const next = await call(kind === 'draft' ? reviewingApi.saveDraft : reviewingApi.submit, { params: { id: review.manuscript.id }, body: bodyOf(v) });
      message.success(t(kind === 'draft' ? 'reviewing:draftSaved' : 'reviewing:submitted'));
      onSaved(next);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        // Every refused field at once (a submit names all it lacks), as the form names them:
        // ['scores', key], ['answers', ruleId, point], ['opinion'].
        const named = err.fields.map((f) => ({ name: f.field.split('.').map((p, i) => (i === 2 && /^\d+$/.test(p) ? Number(p) : p)), errors: [errorText(new ApiError(400, f.message, f.field, f.params), t)] }));
        form.setFields(named as never);
        form.scrollToField(named[0].name as never);
        if (named.length > 1) message.error(t('reviewing:form.fixAll', { count: named.length }));
      } else message.error(errorText(err, t));
    } finally {
      setBusy(null);
    }
  }

  function submit() {
    modal.confirm({ title: t('reviewing:form.submit'), content: t('reviewing:form.confirmSubmit'), okText: t('reviewing:form.submit'), cancelText: t('reviewing:form.cancel'), onOk: () => send('submit') });
  }

  return (
    <Card size="small" title={t('reviewing:formTitle')}>
      <Form form={form} layout="vertical" name="review" initialValues={initial}>
        <Typography.Title level={5}>{t('reviewing:form.scores')}</Typography.Title>
        {review.scores.map((s) => (
          <Form.Item key={s.key} name={['scores', s.key]} label={`${t(`reviewing:score.${s.key}`)} (${t('reviewing:form.max', { max: s.max })})`}>
            <InputNumber min={0} max={s.max} precision={0} step={1} inputMode="numeric" style={{ width: mobile ? '100%' : 160 }} />
          </Form.Item>
        ))}
        {review.rules.length > 0 && <Typography.Title level={5}>{t('reviewing:form.rules')}</Typography.Title>}
        {review.rules.map((r) =>
          pointLabels(r, lang).map((label, i) => (
            <Form.Item key={`${r.id}.${i}`} name={['answers', String(r.id), i]} label={label} rules={[{ max: REVIEWING_LIMITS.answer, message: t('reviewing:answerTooLong') }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={REVIEWING_LIMITS.answer} showCount />
            </Form.Item>
          )),
        )}
        <Form.Item name="opinion" label={t('reviewing:form.opinion')}>
          <Radio.Group options={REVIEW_OPINIONS.map((o) => ({ value: o, label: t(`reviewing:opinion.${o}`) }))} />
        </Form.Item>
        <Form.Item name="comment" label={t('reviewing:form.comment')} rules={[{ max: REVIEWING_LIMITS.comment, message: t('reviewing:commentTooLong') }]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} maxLength={REVIEWING_LIMITS.comment} showCount />
        </Form.Item>
        <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
          <Button block={mobile} loading={busy === 'draft'} disabled={busy !== null} onClick={() => send('draft')}>
            {t('reviewing:form.saveDraft')}
          </Button>
          <Button type="primary" block={mobile} loading={busy === 'submit'} disabled={busy !== null} onClick={submit}>
            {t('reviewing:form.submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
