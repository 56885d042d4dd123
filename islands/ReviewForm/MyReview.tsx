/**
 * The reviewer's form: each score in use (a whole number from 0 to its maximum), one answer per
 * point of each detail rule, the opinion and the comment; "Save draft" keeps a partial review,
 * "Submit" (confirmed) sends the complete one, read-only from then on. A refusal is shown on its
 * field (`scores.<key>`, `answers.<rule>.<point>`, `opinion`, `comment`). On the browser's own
 * controls (islands/shared/lightForm.tsx), without antd's form runtime (issue 32).
 */
import { useState } from 'react';
import { App, Alert, Button, Space } from 'antd';
import { LightFormFrame, LightItem, longest, useLightForm } from '../shared/lightForm';
import { LightRadios, LightTextArea } from '../shared/lightInputs';
import { LightNumber } from '../shared/lightNumber';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import {
  REVIEW_OPINIONS,
  REVIEWING_LIMITS,
  reviewingApi,
  type ReviewOpinion,
  type ReviewScreen,
} from '../../server/contract/reviewing';
import { ApiError, call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, type T } from '../shared/orderText';
import { ReviewList, pointLabels } from '../shared/ReviewPanel';

/** The form's fields by antd's ids: `scores_<key>`, `answers_<rule>_<point>`, `opinion`, `comment` (the server names them with dots). */
type Values = Record<string, string | number | undefined>;
type Props = { lang: Lang; mobile: boolean; t: T; review: ReviewScreen; onSaved: (r: ReviewScreen) => void };

const scoreField = (key: string) => `scores_${key}`;
const answerField = (rule: number, point: number) => `answers_${rule}_${point}`;

export function MyReview({ lang, mobile, t, review, onSaved }: Props) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const mine = review.mine!;
  const points = review.rules.map((r) => ({ rule: r, labels: pointLabels(r, lang) }));
  const initial: Values = {
    ...Object.fromEntries(review.scores.map((s) => [scoreField(s.key), mine.scores[s.key] ?? undefined])),
    ...Object.fromEntries(
      points.flatMap(({ rule, labels }) =>
        labels.map((_, i) => [answerField(rule.id, i), mine.answers[rule.id]?.[i] ?? '']),
      ),
    ),
    opinion: mine.opinion ?? undefined,
    comment: mine.comment,
  };
  const form = useLightForm<Values>('review', initial, {
    ...Object.fromEntries(
      points.flatMap(({ rule, labels }) =>
        labels.map((_, i) => [
          answerField(rule.id, i),
          [longest<Values>(REVIEWING_LIMITS.answer, t('reviewing:answerTooLong'))],
        ]),
      ),
    ),
    comment: [longest(REVIEWING_LIMITS.comment, t('reviewing:commentTooLong'))],
  });

  if (mine.readOnly) {
    return (
      <Card size="small" title={t('reviewing:formTitle')}>
        <Alert type="info" showIcon title={t('reviewing:form.readOnly')} style={{ marginBottom: 12 }} />
        <ReviewList lang={lang} t={t} reviews={[mine]} scores={review.scores} rules={review.rules} own />
      </Card>
    );
  }

  function bodyOf(v: Values) {
    const scores: Record<string, number> = {};
    for (const s of review.scores)
      if (typeof v[scoreField(s.key)] === 'number') scores[s.key] = v[scoreField(s.key)] as number;
    const answers = Object.fromEntries(
      points.map(({ rule, labels }) => [
        String(rule.id),
        labels.map((_, i) => String(v[answerField(rule.id, i)] ?? '')),
      ]),
    );
    return {
      scores,
      answers,
      opinion: (v.opinion as ReviewOpinion | undefined) ?? null,
      comment: String(v.comment ?? ''),
    };
  }

  async function send(kind: 'draft' | 'submit') {
    if (!form.validate()) return;
    setBusy(kind);
    try {
      const next = await call(kind === 'draft' ? reviewingApi.saveDraft : reviewingApi.submit, {
        params: { id: review.manuscript.id },
        body: bodyOf(form.values),
      });
      message.success(t(kind === 'draft' ? 'reviewing:draftSaved' : 'reviewing:submitted'));
      onSaved(next);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        // Every refused field at once (a submit names all it lacks): `scores.<key>`, `answers.<rule>.<point>`, `opinion`.
        form.setErrors(
          Object.fromEntries(
            err.fields.map((f) => [
              f.field.replace(/\./g, '_'),
              errorText(new ApiError(400, f.message, f.field, f.params), t),
            ]),
          ),
        );
        if (err.fields.length > 1) message.error(t('reviewing:form.fixAll', { count: err.fields.length }));
      } else message.error(errorText(err, t));
    } finally {
      setBusy(null);
    }
  }

  function submit() {
    modal.confirm({
      title: t('reviewing:form.submit'),
      content: t('reviewing:form.confirmSubmit'),
      okText: t('reviewing:form.submit'),
      cancelText: t('reviewing:form.cancel'),
      onOk: () => send('submit'),
    });
  }

  const { values, errors } = form;
  return (
    <Card size="small" title={t('reviewing:formTitle')}>
      <LightFormFrame name="review" layout="vertical" onSubmit={(e) => e.preventDefault()}>
        <Typography.Title level={5}>{t('reviewing:form.scores')}</Typography.Title>
        {review.scores.map((s) => {
          const field = scoreField(s.key);
          return (
            <LightItem
              key={s.key}
              id={form.id(field)}
              label={`${t(`reviewing:score.${s.key}`)} (${t('reviewing:form.max', { max: s.max })})`}
              error={errors[field]}
            >
              <LightNumber
                id={form.id(field)}
                min={0}
                max={s.max}
                value={values[field] as number | undefined}
                onChange={(n) => form.set(field, n)}
                onCleared={() => form.set(field, undefined)}
                block={mobile}
                width={160}
                {...form.aria(field)}
              />
            </LightItem>
          );
        })}
        {review.rules.length > 0 && <Typography.Title level={5}>{t('reviewing:form.rules')}</Typography.Title>}
        {points.map(({ rule, labels }) =>
          labels.map((label, i) => {
            const field = answerField(rule.id, i);
            return (
              <LightItem key={field} id={form.id(field)} label={label} error={errors[field]}>
                <LightTextArea
                  minRows={2}
                  maxRows={8}
                  maxLength={REVIEWING_LIMITS.answer}
                  showCount
                  {...form.text(field)}
                />
              </LightItem>
            );
          }),
        )}
        <LightItem id={form.id('opinion')} label={t('reviewing:form.opinion')} error={errors.opinion} group>
          <LightRadios
            id={form.id('opinion')}
            value={values.opinion as ReviewOpinion | undefined}
            options={REVIEW_OPINIONS.map((o) => ({ value: o, label: t(`reviewing:opinion.${o}`) }))}
            onChange={(o) => form.set('opinion', o)}
            {...form.aria('opinion')}
          />
        </LightItem>
        <LightItem id={form.id('comment')} label={t('reviewing:form.comment')} error={errors.comment}>
          <LightTextArea
            minRows={4}
            maxRows={14}
            maxLength={REVIEWING_LIMITS.comment}
            showCount
            {...form.text('comment')}
          />
        </LightItem>
        <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
          <Button block={mobile} loading={busy === 'draft'} disabled={busy !== null} onClick={() => send('draft')}>
            {t('reviewing:form.saveDraft')}
          </Button>
          <Button type="primary" block={mobile} loading={busy === 'submit'} disabled={busy !== null} onClick={submit}>
            {t('reviewing:form.submit')}
          </Button>
        </Space>
      </LightFormFrame>
    </Card>
  );
}
