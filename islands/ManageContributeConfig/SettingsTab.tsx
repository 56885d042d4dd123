/**
 * The basic settings of the call for papers (spec 5 "Submission config"): the service switch and
 * its dates, which parts of the form authors fill in, the attachments' rules, the limits, the
 * instructions and whether accepted manuscripts stay editable. The server answers the whole
 * configuration, which replaces what the screen shows.
 */
import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, InputNumber, Radio, Switch, Typography } from 'antd';
import {
  FIELD_MODES,
  SUBMISSION_LIMITS,
  type ContributeConfig,
  type SubmissionSettings,
} from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { call } from '../shared/api';
import { FileRuleFields } from './FileRuleFields';
import { HtmlField } from './HtmlField';
import { crossRule, intRule, type SettingsValues } from './settingsRules';
import { dateProps, doneText, showError, type T } from './shared';

type Props = { mobile: boolean; t: T; settings: SubmissionSettings; onSaved: (c: ContributeConfig) => void };

const FIELDS = [
  'enabled',
  'startDate',
  'endDate',
  'secondDeadline',
  'abstractMode',
  'abstractMaxChars',
  'abstractFile.mode',
  'abstractFile.types',
  'abstractFile.maxMb',
  'fullText.mode',
  'fullText.types',
  'fullText.maxMb',
  'authorInfo',
  'category',
  'reportType',
  'keywords',
  'limitPerPerson',
  'maxPerPerson',
  'maxTotal',
  'instructionsZh',
  'instructionsEn',
  'editAfterAccept',
];
// settingsProblem names the whole file rule when no type is chosen: the message belongs under the types.
const ALIAS = { abstractFile: 'abstractFile.types', fullText: 'fullText.types' };
const MODE_FIELDS = ['authorInfo', 'category', 'reportType', 'keywords'] as const;

function valuesOf(s: SubmissionSettings): SettingsValues {
  const { saved: _saved, ...values } = s;
  return values;
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
  const [form] = Form.useForm<SettingsValues>();
  const [busy, setBusy] = useState(false);
  const limited = Form.useWatch('limitPerPerson', form) ?? settings.limitPerPerson;

  async function save() {
    const v = form.getFieldsValue(true) as SettingsValues;
    setBusy(true);
    try {
      const body = {
        ...v,
        abstractMaxChars: v.abstractMaxChars ?? 0,
        abstractFile: { ...v.abstractFile, maxMb: v.abstractFile.maxMb ?? 0 },
        fullText: { ...v.fullText, maxMb: v.fullText.maxMb ?? 0 },
        // Not shown while unlimited: whatever it held is kept, and nothing at all is 0.
        maxPerPerson: v.maxPerPerson ?? 0,
        maxTotal: v.maxTotal ?? 0,
      };
      const saved = await call(submissionsApi.saveSettings, { body });
      onSaved(saved);
      form.setFieldsValue(valuesOf(saved.settings));
      message.success(doneText(submissionsApi.saveSettings, t));
    } catch (err) {
      showError(err, t, message, form, FIELDS, ALIAS);
    } finally {
      setBusy(false);
    }
  }

  const modes = FIELD_MODES.map((m) => ({ value: m, label: t(`submissions:mode.${m}`) }));
  const mode = (key: string) => [{ required: true, message: t(key) }];
  const dates = ['startDate', 'endDate', 'secondDeadline'];
  const wide = mobile ? { width: '100%' } : { width: 200 };
  return (
    <>
      {!settings.saved && (
        <Alert type="info" showIcon title={t('submitConfig:basic.notSaved')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="contributeSettings"
        layout={mobile ? 'vertical' : 'horizontal'}
        labelCol={mobile ? undefined : { flex: '220px' }}
        labelWrap
        initialValues={valuesOf(settings)}
        onFinish={save}
        style={{ maxWidth: 880 }}
      >
        <Section>{t('submitConfig:basic.sectionService')}</Section>
        <Form.Item
          name="enabled"
          label={t('submitConfig:basic.enabled')}
          valuePropName="checked"
          extra={t('submitConfig:basic.enabledHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="startDate"
          label={t('submitConfig:basic.startDate')}
          {...dateProps}
          rules={[{ required: true, message: t('submissions:startDateRequired') }]}
        >
          <DatePicker style={wide} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('submitConfig:basic.endDate')}
          extra={t('submitConfig:basic.endDateHint')}
          {...dateProps}
          dependencies={dates}
          rules={[{ required: true, message: t('submissions:endDateRequired') }, crossRule('endDate', t)]}
        >
          <DatePicker style={wide} />
        </Form.Item>
        <Form.Item
          name="secondDeadline"
          label={t('submitConfig:basic.secondDeadline')}
          extra={t('submitConfig:basic.secondDeadlineHint')}
          {...dateProps}
          dependencies={dates}
          rules={[{ required: true, message: t('submissions:secondDeadlineRequired') }, crossRule('secondDeadline', t)]}
        >
          <DatePicker style={wide} />
        </Form.Item>

        <Section>{t('submitConfig:basic.sectionFields')}</Section>
        <Form.Item
          name="abstractMode"
          label={t('submitConfig:basic.abstractMode')}
          rules={mode('submissions:modeInvalid')}
        >
          <Radio.Group options={modes} />
        </Form.Item>
        <Form.Item
          name="abstractMaxChars"
          label={t('submitConfig:basic.abstractMaxChars')}
          extra={t('submitConfig:basic.abstractMaxCharsHint', { min: 100, max: SUBMISSION_LIMITS.abstract })}
          rules={intRule('submissions:abstractMaxInvalid', 100, SUBMISSION_LIMITS.abstract, t)}
        >
          <InputNumber min={100} max={SUBMISSION_LIMITS.abstract} precision={0} style={wide} />
        </Form.Item>
        {MODE_FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`submitConfig:basic.${name}`)}
            extra={name === 'authorInfo' ? t('submitConfig:basic.authorInfoHint') : undefined}
            rules={mode('submissions:modeInvalid')}
          >
            <Radio.Group options={modes} />
          </Form.Item>
        ))}

        <Section>{t('submitConfig:basic.sectionFiles')}</Section>
        <FileRuleFields name="abstractFile" t={t} />
        <FileRuleFields name="fullText" t={t} />

        <Section>{t('submitConfig:basic.sectionLimits')}</Section>
        <Form.Item name="limitPerPerson" label={t('submitConfig:basic.limitPerPerson')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {limited ? (
          <Form.Item
            name="maxPerPerson"
            label={t('submitConfig:basic.maxPerPerson')}
            validateFirst
            dependencies={['limitPerPerson']}
            rules={[
              ...intRule('submissions:maxPerPersonInvalid', 0, SUBMISSION_LIMITS.maxPerPerson, t),
              crossRule('maxPerPerson', t),
            ]}
          >
            <InputNumber min={1} max={SUBMISSION_LIMITS.maxPerPerson} precision={0} style={wide} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="maxTotal"
          label={t('submitConfig:basic.maxTotal')}
          extra={t('submitConfig:basic.maxTotalHint')}
          rules={intRule('submissions:maxTotalInvalid', 0, SUBMISSION_LIMITS.maxTotal, t)}
        >
          <InputNumber min={0} max={SUBMISSION_LIMITS.maxTotal} precision={0} style={wide} />
        </Form.Item>
        <Form.Item
          name="editAfterAccept"
          label={t('submitConfig:basic.editAfterAccept')}
          valuePropName="checked"
          extra={t('submitConfig:basic.editAfterAcceptHint')}
        >
          <Switch />
        </Form.Item>

        <Section>{t('submitConfig:basic.sectionInstructions')}</Section>
        {(['instructionsZh', 'instructionsEn'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`submitConfig:basic.${name}`)}
            extra={t('submitConfig:basic.instructionsHint')}
            rules={[{ max: SUBMISSION_LIMITS.instructions, message: t('submissions:instructionsTooLong') }]}
          >
            <HtmlField t={t} lang={name === 'instructionsZh' ? 'zh' : 'en'} />
          </Form.Item>
        ))}

        <Form.Item label={mobile ? undefined : ' '} colon={false}>
          <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
            {t('submitConfig:save')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
