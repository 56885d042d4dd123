/**
 * The fields of the fee dialog (spec 2.12 config/register fee, 5): loaded when the dialog first
 * opens (issue 32; its date pickers are most of the page's code otherwise). The form instance is
 * the screen's: it fills and reads the values.
 */
import { AutoComplete, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import dayjs from 'dayjs';
import {
  feeProblem,
  FEE_LIMITS,
  LANG_SCOPES,
  USER_SCOPES,
  type FeeKind,
  type FeeView,
} from '../../server/contract/fees';
import { parseAmount } from '../../server/contract/money';
import type { T } from '../shared/orderText';
import { CURRENCIES, type Values } from './shared';

const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

type Props = {
  form: FormInstance<Values>;
  kind: FeeKind;
  mobile: boolean;
  t: T;
  categories: FeeView[];
  pickCategory: (zh: string) => void;
};

export function FeeFields({ form, kind, mobile, t, categories, pickCategory }: Props) {
  const required = (key: string): FormRule => ({ required: true, whitespace: true, message: t(key) });
  const money =
    (currencyField: 'currency' | 'displayCurrency', requiredKey: string, positive: boolean): FormRule =>
    ({ getFieldValue }) => ({
      validator: async (_, value: string) => {
        if (!value?.trim()) throw new Error(t(requiredKey));
        const parsed = parseAmount(value, getFieldValue(currencyField) ?? '');
        if (!parsed.ok)
          throw new Error(t(parsed.key === 'money.negative' && positive ? 'fees:pricePositive' : parsed.key));
        if (positive && parsed.money.amount < 1) throw new Error(t('fees:pricePositive'));
      },
    });
  const crossField =
    (field: 'deadline' | 'maxTotal' | 'maxPerAccount'): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const v = {
          openDate: getFieldValue('openDate'),
          deadline: getFieldValue('deadline'),
          maxTotal: getFieldValue('maxTotal'),
          maxPerAccount: getFieldValue('maxPerAccount'),
        };
        if (field === 'deadline' && v.openDate && v.deadline && feeProblem({ ...v, maxTotal: 1, maxPerAccount: 1 }))
          throw new Error(t('fees:dateOrder'));
        if (field !== 'deadline' && v.maxTotal && v.maxPerAccount && v.maxTotal < v.maxPerAccount)
          throw new Error(t(field === 'maxTotal' ? 'fees:maxTotalBelowPerAccount' : 'fees:maxPerAccountAboveTotal'));
      },
    });

  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 200 } };
  return (
    <Form form={form} layout="vertical" name={`fee-${kind}`}>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item
          name="categoryZh"
          label={t('fees:field.categoryZh')}
          extra={t('fees:field.categoryHint')}
          {...half}
          rules={[required('fees:categoryRequired'), { max: FEE_LIMITS.category, message: t('fees:categoryTooLong') }]}
        >
          {/* An existing category, chosen, brings its English name and its shared maximum. */}
          <AutoComplete
            options={categories.map((c) => ({ value: c.categoryZh }))}
            onSelect={(zh: string) => pickCategory(zh)}
            filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          />
        </Form.Item>
        <Form.Item
          name="categoryEn"
          label={t('fees:field.categoryEn')}
          {...half}
          rules={[
            required('fees:categoryEnRequired'),
            { max: FEE_LIMITS.category, message: t('fees:categoryTooLong') },
          ]}
        >
          <Input />
        </Form.Item>
      </Space>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item
          name="titleZh"
          label={t('fees:field.titleZh')}
          {...half}
          rules={[required('fees:titleZhRequired'), { max: FEE_LIMITS.title, message: t('fees:titleTooLong') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="titleEn"
          label={t('fees:field.titleEn')}
          {...half}
          rules={[required('fees:titleEnRequired'), { max: FEE_LIMITS.title, message: t('fees:titleTooLong') }]}
        >
          <Input />
        </Form.Item>
      </Space>
      <Form.Item
        name="descriptionZh"
        label={t('fees:field.descriptionZh')}
        rules={[
          required('fees:descriptionZhRequired'),
          { max: FEE_LIMITS.description, message: t('fees:descriptionTooLong') },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        name="descriptionEn"
        label={t('fees:field.descriptionEn')}
        rules={[
          required('fees:descriptionEnRequired'),
          { max: FEE_LIMITS.description, message: t('fees:descriptionTooLong') },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item name="currency" label={t('fees:field.currency')} rules={[required('fees:currencyRequired')]}>
          <Select showSearch style={{ width: 110 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('fees:field.price')}
          dependencies={['currency']}
          rules={[money('currency', 'fees:priceRequired', true)]}
        >
          <Input inputMode="decimal" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="displayCurrency"
          label={t('fees:field.displayCurrency')}
          rules={[required('fees:displayCurrencyRequired')]}
        >
          <Select showSearch style={{ width: 110 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="displayPrice"
          label={t('fees:field.displayPrice')}
          dependencies={['displayCurrency']}
          rules={[money('displayCurrency', 'fees:displayPriceRequired', false)]}
        >
          <Input inputMode="decimal" style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item
          name="openDate"
          label={t('fees:field.openDate')}
          {...dateProps}
          rules={[{ required: true, message: t('fees:openDateRequired') }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="deadline"
          label={t('fees:field.deadline')}
          {...dateProps}
          dependencies={['openDate']}
          rules={[{ required: true, message: t('fees:deadlineRequired') }, crossField('deadline')]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name="open" label={t('fees:field.open')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item name="userScope" label={t('fees:field.userScope')}>
          <Select
            style={{ minWidth: 220 }}
            options={USER_SCOPES.map((s) => ({ value: s, label: t(`fees:userScope.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="langScope" label={t('fees:field.langScope')}>
          <Select
            style={{ minWidth: 140 }}
            options={LANG_SCOPES.map((s) => ({ value: s, label: t(`fees:langScope.${s}`) }))}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="invitationCode"
        label={t('fees:field.invitationCode')}
        extra={t('fees:field.invitationCodeHint')}
        rules={[
          { max: FEE_LIMITS.invitationCode, message: t('fees:codeTooLong') },
          { pattern: /^[\x21-\x7e]*$/, message: t('fees:codeInvalid') },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Space wrap style={{ display: 'flex' }} align="start">
        <Form.Item
          name="maxTotal"
          label={t('fees:field.maxTotalShared')}
          dependencies={['maxPerAccount']}
          rules={[{ required: true, message: t('fees:maxTotalRequired') }, crossField('maxTotal')]}
        >
          <InputNumber min={1} max={FEE_LIMITS.max} precision={0} />
        </Form.Item>
        <Form.Item
          name="maxPerAccount"
          label={t('fees:field.maxPerAccount')}
          dependencies={['maxTotal']}
          rules={[{ required: true, message: t('fees:maxPerAccountRequired') }, crossField('maxPerAccount')]}
        >
          <InputNumber min={1} max={FEE_LIMITS.max} precision={0} />
        </Form.Item>
      </Space>
    </Form>
  );
}
