/**
 * The basic settings: booking window and status, settlement and display currency, the
 * description bookers read (HTML, cleaned by the server when saved) and the additional
 * condition. A new settlement currency that voids unpaid hotel orders and room prices is sent
 * again only after the manager confirms it (spec 4).
 */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Radio, Select, Space, Switch } from 'antd';
import type { FormRule } from 'antd';
import {
  hotelsApi,
  HOTEL_CONDITIONS,
  HOTEL_LIMITS,
  settingsProblem,
  type HotelSettingsView,
  type HotelView,
  type SettingsForm,
} from '../../server/contract/hotels';
import { ApiError, call } from '../shared/api';
import { errorText } from '../shared/orderText';
import type { Lang } from '../shared/locale';
import { CURRENCIES, dateProps, type T } from './shared';
import { checkedValues } from '../shared/formCheck';

type Values = Omit<SettingsForm, 'confirm'>;

function valuesOf(s: HotelSettingsView): Values {
  const { saved: _saved, ...values } = s;
  return values;
}

export function SettingsTab({
  mobile,
  t,
  settings,
  onSaved,
  onHotels,
}: {
  lang: Lang;
  mobile: boolean;
  t: T;
  settings: HotelSettingsView;
  onSaved: (s: HotelSettingsView) => void;
  onHotels: (h: HotelView[]) => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const condition = Form.useWatch('condition', form);

  const order: FormRule = ({ getFieldValue }) => ({
    validator: async () => {
      const v = { startDate: getFieldValue('startDate'), endDate: getFieldValue('endDate') };
      if (v.startDate && v.endDate && settingsProblem(v)) throw new Error(t('hotels:dateOrder'));
    },
  });

  async function send(values: Values, confirm: boolean): Promise<void> {
    setBusy(true);
    try {
      const saved = await call(hotelsApi.saveSettings, { body: { ...values, confirm } });
      onSaved(saved);
      // A confirmed currency change cleared the room prices: show the rooms as they are now.
      if (confirm) onHotels(await call(hotelsApi.hotels));
      message.success(t('hotels:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'hotels:currencyConfirm' && !confirm) {
        modal.confirm({
          title: t('hotels:config.currencyTitle'),
          content: t('hotels:currencyConfirm', err.params),
          okText: t('hotels:config.save'),
          cancelText: t('hotels:config.cancel'),
          onOk: () => send(values, true),
        });
      } else if (err instanceof ApiError && err.field) {
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey, err.params)] }]);
      } else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    await send({ ...(form.getFieldsValue(true) as Values), ...values }, false);
  }

  const wide = { style: { flex: 1, minWidth: mobile ? '100%' : 320 } };
  return (
    <Form
      form={form}
      layout="vertical"
      name="hotel-settings"
      initialValues={valuesOf(settings)}
      style={{ maxWidth: 960 }}
    >
      <Space wrap align="start" style={{ display: 'flex' }}>
        <Form.Item
          name="startDate"
          label={t('hotels:config.startDate')}
          {...dateProps}
          rules={[{ required: true, message: t('hotels:startDateRequired') }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('hotels:config.endDate')}
          {...dateProps}
          dependencies={['startDate']}
          rules={[{ required: true, message: t('hotels:endDateRequired') }, order]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="open"
          label={t('hotels:config.open')}
          valuePropName="checked"
          rules={[{ required: true, message: t('hotels:openRequired') }]}
        >
          <Switch />
        </Form.Item>
      </Space>
      <Space wrap align="start" style={{ display: 'flex' }}>
        <Form.Item
          name="currency"
          label={t('hotels:config.currency')}
          extra={settings.saved ? t('hotels:config.currencyHint') : undefined}
          rules={[{ required: true, message: t('hotels:currencyRequired') }]}
        >
          <Select showSearch style={{ width: 120 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="displayCurrency"
          label={t('hotels:config.displayCurrency')}
          rules={[{ required: true, message: t('hotels:displayCurrencyRequired') }]}
        >
          <Select showSearch style={{ width: 120 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Space>
      <Space wrap align="start" style={{ display: 'flex' }}>
        <Form.Item
          name="descriptionZh"
          label={t('hotels:config.descriptionZh')}
          extra={t('hotels:config.htmlHint')}
          {...wide}
          rules={[{ max: HOTEL_LIMITS.description, message: t('hotels:descriptionTooLong') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item
          name="descriptionEn"
          label={t('hotels:config.descriptionEn')}
          {...wide}
          rules={[{ max: HOTEL_LIMITS.description, message: t('hotels:descriptionTooLong') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
      </Space>
      <Form.Item name="condition" label={t('hotels:config.condition')}>
        <Radio.Group options={HOTEL_CONDITIONS.map((c) => ({ value: c, label: t(`hotels:condition.${c}`) }))} />
      </Form.Item>
      {condition !== 'none' && (
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="conditionNoteZh"
            label={t('hotels:config.conditionNoteZh')}
            {...wide}
            rules={[{ max: HOTEL_LIMITS.note, message: t('hotels:noteTooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item
            name="conditionNoteEn"
            label={t('hotels:config.conditionNoteEn')}
            {...wide}
            rules={[{ max: HOTEL_LIMITS.note, message: t('hotels:noteTooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Space>
      )}
      <Form.Item
        name="authorsAfterAcceptance"
        label={t('hotels:config.authorsAfterAcceptance')}
        extra={t('hotels:config.authorsAfterAcceptanceHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={save}>
        {t('hotels:config.save')}
      </Button>
    </Form>
  );
}
