/**
 * The basic tab of the registration configuration (spec 2.12, 3 "Registration basic config"):
 * the window, the module switch, the instructions (HTML, with a preview), the rule, the fee
 * setting, the maximum registrations (registered / maximum) and the code prefix.
 */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Radio, Segmented, Switch } from 'antd';
import dayjs from 'dayjs';
import { REGISTER_RULES, registrationApi, type BasicConfig } from '../../server/contract/registration';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { RegisterConfigTabs } from '../shared/RegisterConfigTabs';
import type { RegisterConfigBasicProps } from './props';

const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

function Instructions({
  value,
  onChange,
  t,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  t: (k: string) => string;
  id?: string;
}) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <div>
      <Segmented
        size="small"
        value={mode}
        onChange={(v) => setMode(v as 'edit' | 'preview')}
        options={[
          { value: 'edit', label: t('manageRegistration:basic.html') },
          { value: 'preview', label: t('manageRegistration:basic.preview') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {mode === 'edit' ? (
        <Input.TextArea
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 14 }}
          className="code-textarea"
        />
      ) : (
        <iframe
          title="preview"
          sandbox=""
          srcDoc={`<meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px">${value ?? ''}</body>`}
          style={{ width: '100%', minHeight: 160, border: '1px solid #e5e7eb', borderRadius: 8 }}
        />
      )}
    </div>
  );
}

function Basic({ lang, mobile, config }: RegisterConfigBasicProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicConfig>();
  const [view, setView] = useState(config);
  const [busy, setBusy] = useState(false);
  const capped = Form.useWatch('registerFlag', form) ?? config.registerFlag;

  async function save(values: BasicConfig) {
    setBusy(true);
    try {
      const saved = await call(registrationApi.saveBasic, {
        body: { ...(form.getFieldsValue(true) as BasicConfig), ...values },
      });
      setView(saved);
      message.success(t('registration:saved'));
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'commonMsg.failed');
      if (e.field) form.setFields([{ name: e.field as keyof BasicConfig, errors: [t(e.messageKey, e.params)] }]);
      else message.error(t(e.messageKey));
    } finally {
      setBusy(false);
    }
  }

  const { registered: _r, cap: _c, windowOpen: _w, timeZone: _z, ...initial } = config;
  return (
    <>
      <RegisterConfigTabs lang={lang} active="basic" />
      <p className="admin-hint">
        {t(view.windowOpen ? 'manageRegistration:basic.open' : 'manageRegistration:basic.closed')} ·{' '}
        {t('manageRegistration:basic.count', { registered: view.registered, cap: view.cap })}
      </p>
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'horizontal'}
        labelCol={mobile ? undefined : { flex: '180px' }}
        initialValues={initial}
        onFinish={save}
        name="registerBasic"
        className="panel-form"
      >
        <Form.Item name="moduleOn" label={t('manageRegistration:basic.moduleOn')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="registerStartDate" label={t('manageRegistration:basic.start')} {...dateProps}>
          <DatePicker style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="registerEndDate" label={t('manageRegistration:basic.end')} {...dateProps}>
          <DatePicker style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="registerInstructionsZh" label={t('manageRegistration:basic.instructionsZh')}>
          <Instructions t={t} />
        </Form.Item>
        <Form.Item name="registerInstructionsEn" label={t('manageRegistration:basic.instructionsEn')}>
          <Instructions t={t} />
        </Form.Item>
        <Form.Item name="registerRule" label={t('manageRegistration:basic.rule')}>
          <Radio.Group
            options={REGISTER_RULES.map((r) => ({ value: r, label: t(`manageRegistration:basic.rules.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="costsSet" label={t('manageRegistration:basic.costsSet')}>
          <Radio.Group
            options={[
              { value: true, label: t('manageRegistration:basic.charge') },
              { value: false, label: t('manageRegistration:basic.free') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="registerFlag"
          label={t('manageRegistration:basic.capped')}
          valuePropName="checked"
          extra={t('manageRegistration:basic.cappedHint')}
        >
          <Switch />
        </Form.Item>
        {capped ? (
          <Form.Item name="registerNum" label={t('manageRegistration:basic.max')}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="editAfterClose"
          label={t('manageRegistration:basic.editAfterClose')}
          valuePropName="checked"
          extra={t('manageRegistration:basic.editAfterCloseHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="allowWithdraw"
          label={t('manageRegistration:basic.allowWithdraw')}
          valuePropName="checked"
          extra={t('manageRegistration:basic.allowWithdrawHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="codePrefix"
          label={t('manageRegistration:basic.prefix')}
          extra={t('manageRegistration:basic.prefixHint')}
        >
          <Input style={{ maxWidth: 240 }} maxLength={16} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('registration:save')}
        </Button>
      </Form>
    </>
  );
}

export default function RegisterConfigBasic(props: RegisterConfigBasicProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Basic {...props} />
    </AntdRoot>
  );
}
