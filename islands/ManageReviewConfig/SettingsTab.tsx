/**
 * The review settings (spec 5 "Review config"): blind review, whether the session chair's opinion
 * is final, the five scores, how many reviewers one-click allocation gives a manuscript and how
 * many manuscripts a reviewer takes at most, and the review deadline. Until a manager saves them the defaults show, with a
 * note. Each field is checked by the contract's schema; the scores as a whole by its scoresProblem
 * (live, below the scores), and the whole body by settingsInput before it is sent.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Switch, Typography } from 'antd';
import {
  REVIEW_LIMITS,
  SCORE_KEYS,
  reviewApi,
  scoresProblem,
  type ReviewConfig,
  type ReviewSettings,
  type ScoreRule,
} from '../../server/contract/review';
import { settingsInput } from '../../server/contract/reviewChecks';
import { ApiError, call } from '../shared/api';
import { ScoresBlock, type ScoreValues } from './ScoresBlock';
import { schemaRules, showError, showOnField, type T } from './shared';

type Props = { mobile: boolean; t: T; settings: ReviewSettings; onSaved: (c: ReviewConfig) => void };

type Values = {
  blind: boolean;
  chairFinal: boolean;
  scores: ScoreValues[];
  reviewersPerPaper: number | null;
  maxPerReviewer: number | null;
  deadline: string;
};

/** The fields a server error may name; 'scores' itself (the scores as a whole) shows below the scores. */
const FIELDS = [
  'blind',
  'chairFinal',
  'reviewersPerPaper',
  'maxPerReviewer',
  'deadline',
  ...SCORE_KEYS.flatMap((_, i) => ['enabled', 'max', 'weight'].map((f) => `scores.${i}.${f}`)),
];

function valuesOf(s: ReviewSettings): Values {
  return {
    blind: s.blind,
    chairFinal: s.chairFinal,
    scores: s.scores.map((r) => ({ ...r })),
    reviewersPerPaper: s.reviewersPerPaper,
    maxPerReviewer: s.maxPerReviewer,
    deadline: s.deadline,
  };
}

/** What is sent: an emptied number is 0, which the contract then refuses where 0 is not allowed. */
function bodyOf(v: Values) {
  const scores: ScoreRule[] = v.scores.map((s) => ({
    key: s.key,
    enabled: Boolean(s.enabled),
    max: s.max ?? 0,
    weight: s.weight ?? 0,
  }));
  return {
    blind: Boolean(v.blind),
    chairFinal: Boolean(v.chairFinal),
    scores,
    reviewersPerPaper: v.reviewersPerPaper ?? 0,
    maxPerReviewer: v.maxPerReviewer ?? 0,
    deadline: (v.deadline ?? '').trim(),
  };
}

function Section({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 8 }}>
      {children}
    </Typography.Title>
  );
}

export function SettingsTab({ mobile, t, settings, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // The server's word on the scores as a whole, until the scores change.
  const [scoresError, setScoresError] = useState<string | null>(null);
  const scoresRef = useRef<HTMLDivElement>(null);
  // `preserve`: the score's key is in the store but has no field of its own.
  const watched = Form.useWatch<ScoreValues[] | undefined>('scores', { form, preserve: true });
  const scores = watched ?? settings.scores;
  const live = scoresProblem(bodyOf({ ...valuesOf(settings), scores }).scores);
  const problem = live ? t(live[1]) : scoresError;

  function showProblem(field: string, text: string) {
    if (field === 'scores') {
      setScoresError(text);
      scoresRef.current?.scrollIntoView({ block: 'center' });
    } else if (FIELDS.includes(field)) showOnField(form, field, text);
    else message.error(text);
  }

  async function save() {
    const body = bodyOf(form.getFieldsValue(true) as Values);
    const checked = settingsInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return showProblem(issue.path.join('.'), t(issue.message));
    }
    setBusy(true);
    try {
      const saved = await call(reviewApi.saveSettings, { body });
      onSaved(saved);
      form.setFieldsValue(valuesOf(saved.settings));
      setScoresError(null);
      message.success(t('review:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field === 'scores') showProblem('scores', t(err.messageKey, err.params));
      else showError(err, t, message, form, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  const wide = mobile ? { width: '100%' } : { width: 200 };
  return (
    <>
      {!settings.saved && (
        <Alert type="info" showIcon title={t('review:config.defaultsNote')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="reviewSettings"
        layout={mobile ? 'vertical' : 'horizontal'}
        labelCol={mobile ? undefined : { flex: '240px' }}
        labelWrap
        initialValues={valuesOf(settings)}
        onFinish={save}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.scores) setScoresError(null);
        }}
        style={{ maxWidth: 880 }}
      >
        <Form.Item
          name="blind"
          label={t('review:config.blind')}
          valuePropName="checked"
          extra={t('review:config.blindHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="chairFinal"
          label={t('review:config.chairFinal')}
          valuePropName="checked"
          extra={t('review:config.chairFinalHelp')}
        >
          <Switch />
        </Form.Item>

        <ScoresBlock mobile={mobile} t={t} scores={scores} problem={problem} blockRef={scoresRef} />

        <Section>{t('review:config.assignment')}</Section>
        <Form.Item
          name="reviewersPerPaper"
          label={t('review:config.reviewersPerPaper')}
          extra={t('review:config.reviewersPerPaperHelp')}
          rules={schemaRules(settingsInput.shape.reviewersPerPaper, t, 'review:reviewersPerPaperInvalid')}
        >
          <InputNumber min={1} max={REVIEW_LIMITS.reviewersPerPaper} precision={0} style={wide} />
        </Form.Item>
        <Form.Item
          name="maxPerReviewer"
          label={t('review:config.maxPerReviewer')}
          extra={t('review:config.maxPerReviewerHelp')}
          rules={schemaRules(settingsInput.shape.maxPerReviewer, t, 'review:maxPerReviewerInvalid')}
        >
          <InputNumber min={0} max={REVIEW_LIMITS.maxPerReviewer} precision={0} style={wide} />
        </Form.Item>
        {/* A typed date (YYYY-MM-DD): the page stays light, and the conference's day is what counts, not the browser's. */}
        <Form.Item
          name="deadline"
          label={t('review:config.deadline')}
          extra={t('review:config.deadlineHelp')}
          rules={schemaRules(settingsInput.shape.deadline, t)}
        >
          <Input type="date" placeholder="2026-12-01" style={wide} />
        </Form.Item>

        <Form.Item label={mobile ? undefined : ' '} colon={false}>
          <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
            {t('review:config.save')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
