/**
 * One attachment's rule (the abstract file, the full text): asked or not, the file types authors
 * may send (a subset of what uploads accept) and the largest size. Types are needed whenever the
 * file is shown, so that check follows the mode.
 */
import { Checkbox, Form, InputNumber, Radio } from 'antd';
import { FIELD_MODES, MANUSCRIPT_FILE_TYPES, SUBMISSION_LIMITS } from '../../server/contract/submissions';
import { crossRule, intRule } from './settingsRules';
import type { T } from './shared';

export function FileRuleFields({ name, t }: { name: 'abstractFile' | 'fullText'; t: T }) {
  const mode = Form.useWatch([name, 'mode']);
  return (
    <>
      <Form.Item
        name={[name, 'mode']}
        label={t(`submitConfig:basic.${name}`)}
        rules={[{ required: true, message: t('submissions:modeInvalid') }]}
      >
        <Radio.Group options={FIELD_MODES.map((m) => ({ value: m, label: t(`submissions:mode.${m}`) }))} />
      </Form.Item>
      <Form.Item
        name={[name, 'types']}
        label={t('submitConfig:basic.fileTypes')}
        dependencies={[[name, 'mode']]}
        rules={[crossRule(name, t)]}
        extra={mode === 'hide' ? t('submitConfig:basic.fileHiddenHint') : undefined}
      >
        <Checkbox.Group options={MANUSCRIPT_FILE_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))} />
      </Form.Item>
      <Form.Item
        name={[name, 'maxMb']}
        label={t('submitConfig:basic.maxMb')}
        rules={intRule('submissions:maxMbInvalid', 1, SUBMISSION_LIMITS.maxFileMb, t)}
        extra={t('submitConfig:basic.maxMbHint', { max: SUBMISSION_LIMITS.maxFileMb })}
      >
        <InputNumber min={1} max={SUBMISSION_LIMITS.maxFileMb} precision={0} suffix="MB" style={{ width: 140 }} />
      </Form.Item>
    </>
  );
}
