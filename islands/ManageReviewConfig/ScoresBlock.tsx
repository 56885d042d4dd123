/**
 * The five scores of spec 3 "Review scoring", in spec order: whether each is in use, its highest
 * score and its weight, and the share of the weighted total each score in use takes. A grid with
 * column headings on a computer; on a phone each score is a block whose fields wrap, with their
 * own labels, so nothing scrolls sideways. A problem with the scores as a whole (none in use, all
 * weights 0) shows below them.
 */
import type { Ref } from 'react';
import { Alert, Form, InputNumber, Switch, Typography } from 'antd';
import { REVIEW_LIMITS, type ScoreRule } from '../../server/contract/review';
import { settingsInput } from '../../server/contract/reviewChecks';
import { schemaRules, type T } from './shared';

/** A score as the form holds it: an emptied number box is null until the manager types one. */
export type ScoreValues = Omit<ScoreRule, 'max' | 'weight'> & { max: number | null; weight: number | null };

type Props = { mobile: boolean; t: T; scores: ScoreValues[]; problem: string | null; blockRef: Ref<HTMLDivElement> };

const score = settingsInput.shape.scores.element.shape;
const GRID = {
  display: 'grid',
  gridTemplateColumns: '180px 80px 150px 150px 1fr',
  columnGap: 12,
  alignItems: 'start',
} as const;

/** Each weight in use as a percentage of the weights in use, one decimal ('' when not in use or nothing weighs). */
function sharesOf(scores: ScoreValues[]): string[] {
  const total = scores.reduce((sum, s) => sum + (s.enabled ? (s.weight ?? 0) : 0), 0);
  return scores.map((s) => (s.enabled && total > 0 ? String(Math.round(((s.weight ?? 0) / total) * 1000) / 10) : ''));
}

export function ScoresBlock({ mobile, t, scores, problem, blockRef }: Props) {
  const shares = sharesOf(scores);
  const maxRules = schemaRules(score.max, t, 'review:scoreMaxInvalid');
  const weightRules = schemaRules(score.weight, t, 'review:weightInvalid');
  const share = (i: number) => (
    <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
      {shares[i] ? t('review:config.weightShare', { share: shares[i] }) : t('review:config.notUsed')}
    </Typography.Text>
  );

  const rows = scores.map((s, i) => {
    const name = t(`review:score.${s.key}`);
    const label = (key: string) => (mobile ? t(`review:config.${key}`) : undefined);
    const aria = (key: string) => `${name}: ${t(`review:config.${key}`)}`;
    const fields = (
      <>
        <Form.Item
          name={['scores', i, 'enabled']}
          label={label('use')}
          valuePropName="checked"
          style={{ marginBottom: mobile ? 8 : 12 }}
        >
          <Switch aria-label={aria('use')} />
        </Form.Item>
        <Form.Item
          name={['scores', i, 'max']}
          label={label('max')}
          rules={maxRules}
          style={{ marginBottom: mobile ? 8 : 12 }}
        >
          <InputNumber
            aria-label={aria('max')}
            min={1}
            max={REVIEW_LIMITS.scoreMax}
            precision={0}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item
          name={['scores', i, 'weight']}
          label={label('weight')}
          rules={weightRules}
          style={{ marginBottom: mobile ? 8 : 12 }}
        >
          <InputNumber
            aria-label={aria('weight')}
            min={0}
            max={REVIEW_LIMITS.weight}
            precision={0}
            style={{ width: 120 }}
          />
        </Form.Item>
      </>
    );
    return mobile ? (
      <div key={s.key} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
        <Typography.Text strong>{name}</Typography.Text>
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, alignItems: 'flex-end' }}>{fields}</div>
        <div style={{ marginBottom: 8 }}>{share(i)}</div>
      </div>
    ) : (
      <div key={s.key} style={GRID}>
        <Typography.Text strong style={{ lineHeight: '32px' }}>
          {name}
        </Typography.Text>
        {fields}
        {share(i)}
      </div>
    );
  });

  return (
    <div ref={blockRef} style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('review:config.scoring')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('review:config.scoringHelp')}</Typography.Paragraph>
      {!mobile && (
        <div style={{ ...GRID, marginBottom: 8 }} aria-hidden>
          <span />
          {(['use', 'max', 'weight'] as const).map((key) => (
            <Typography.Text key={key} type="secondary">
              {t(`review:config.${key}`)}
            </Typography.Text>
          ))}
          <span />
        </div>
      )}
      {rows}
      {problem && <Alert type="error" showIcon title={problem} />}
    </div>
  );
}
