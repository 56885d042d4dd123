/**
 * The submission fee (issue 32): whether authors pay for the submission service, how much, and
 * whether before their first manuscript or after it. Read when the tab opens; saved on its own.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Radio, Select, Switch } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { SUBMISSION_FEE_RULES, type SubmissionFeeSettings } from '../../server/contract/submissions';
import { toDecimalString } from '../../server/contract/money';
import { call, ApiError } from '../shared/api';
import type { T } from '../shared/i18n';

type Values = { enabled: boolean; currency: string; price: string; rule: SubmissionFeeSettings['rule'] };

const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'HKD'];
const valuesOf = (s: SubmissionFeeSettings): Values => ({
  enabled: s.enabled,
  currency: s.price.currency,
  price: s.price.amount ? toDecimalString(s.price) : '',
  rule: s.rule,
});

export function FeeTab({ mobile, t }: { mobile: boolean; t: T }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    call(submissionsApi.feeSettings, {}).then(
      (s) => form.setFieldsValue(valuesOf(s)),
      () => message.error(t('commonMsg.failed')),
    );
    // Once, when the tab opens (t and message are new objects on every render).
  }, [form]);

  async function save(values: Values) {
    setBusy(true);
    try {
      form.setFieldsValue(valuesOf(await call(submissionsApi.saveFeeSettings, { body: values })));
      message.success(t('submissions:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey)] }]);
      else message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      name="submissionFee"
      layout={mobile ? 'vertical' : 'horizontal'}
      labelCol={mobile ? undefined : { span: 6 }}
      wrapperCol={mobile ? undefined : { span: 14 }}
      onFinish={save}
      initialValues={{ enabled: false, currency: 'CNY', price: '', rule: 'beforeSubmit' }}
    >
      <Form.Item
        name="enabled"
        label={t('submitConfig:fee.enabled')}
        valuePropName="checked"
        extra={t('submitConfig:fee.hint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="currency" label={t('submitConfig:fee.currency')}>
        <Select style={{ width: 120 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item
        name="price"
        label={t('submitConfig:fee.price')}
        rules={[{ required: Boolean(enabled), message: t('submissions:feePrice') }]}
      >
        <Input inputMode="decimal" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="rule" label={t('submitConfig:fee.rule')}>
        <Radio.Group options={SUBMISSION_FEE_RULES.map((r) => ({ value: r, label: t(`submitConfig:fee.${r}`) }))} />
      </Form.Item>
      <Form.Item wrapperCol={mobile ? undefined : { offset: 6 }}>
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('submitConfig:fee.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
