/**
 * The invoice request of a paid order (spec 2.10 order/receipt/{orderId}, 3 "Receipt (invoice)",
 * 5 "Invoice"): every field required, the taxpayer ID for a company title, several attendee names;
 * the payment amount and date come from the order and are read-only. One request per order
 * (reissue is not supported): once sent, the request and its status are shown instead.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Radio, Select } from 'antd';
import { LightResult } from '../shared/lightResult';
import { formatMoney, toDecimalString } from '../../server/contract/money';
import { INVOICE_CONTENTS, INVOICE_TYPES, TAXPAYER_ID_PATTERN, receiptsApi, type InvoiceInput, type InvoiceOrderView, type InvoiceRequestView } from '../../server/contract/receipts';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';

/** What the form starts with, from the person's account and registration (they may change it). */
export type InvoicePrefill = { name: string; phone: string; email: string; unit: string };

export type ProfileReceiptRequestProps = { lang: Lang; mobile: boolean; order: InvoiceOrderView; request: InvoiceRequestView | null; refusal: string | null; prefill?: InvoicePrefill };

type Values = Omit<InvoiceInput, 'taxpayerId' | 'comment'> & { taxpayerId?: string; comment?: string };

function Sent({ lang, request }: { lang: Lang; request: InvoiceRequestView }) {
  const t = translator(lang);
  return (
    <Descriptions bordered column={1} size="small" title={t('receipts:requested')}>
      <Descriptions.Item label={t('receipts:field.status')}>{t(`receipts:status.${request.status}`)}</Descriptions.Item>
      <Descriptions.Item label={t('receipts:field.titleName')}>{request.titleName}</Descriptions.Item>
      {/* Ternaries, not `a && <Item>`: an empty string is a child, and Descriptions drew it as a blank row. */}
      {request.taxpayerId ? <Descriptions.Item label={t('receipts:field.taxpayerId')}>{request.taxpayerId}</Descriptions.Item> : null}
      <Descriptions.Item label={t('receipts:field.amount')}>{formatMoney(request.amount, lang)}</Descriptions.Item>
      <Descriptions.Item label={t('receipts:field.recipientName')}>{`${request.recipientName} ${request.phone}`}</Descriptions.Item>
      <Descriptions.Item label={t('receipts:field.address')}>{request.address}</Descriptions.Item>
      {request.expressNo ? <Descriptions.Item label={t('receipts:field.expressNo')}>{request.expressNo}</Descriptions.Item> : null}
      {request.billNo ? <Descriptions.Item label={t('receipts:field.billNo')}>{request.billNo}</Descriptions.Item> : null}
    </Descriptions>
  );
}

function RequestForm({ lang, mobile, order, request, refusal, prefill }: ProfileReceiptRequestProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState<InvoiceRequestView | null>(request);
  const [busy, setBusy] = useState(false);
  const titleType = Form.useWatch('titleType', form);
  const need = (key: string) => ({ required: true, whitespace: true, message: t(`receipts:${key}Required`) });

  if (sent) return <Sent lang={lang} request={sent} />;
  if (refusal) return <LightResult status="info" title={t(refusal)} extra={<Button href="/profile/order/list">{t('receipts:backToOrders')}</Button>} />;

  async function submit(values: Values) {
    setBusy(true);
    try {
      const body = { ...values, taxpayerId: values.taxpayerId ?? '', comment: values.comment ?? '', amount: toDecimalString(order.paid), paidDate: order.paidDate ?? '' };
      setSent(await call(receiptsApi.request, { params: { orderId: order.id }, body }));
      message.success(t('receipts:requested'));
    } catch (err) {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey)] }]);
      else message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout={mobile ? 'vertical' : 'horizontal'} labelCol={mobile ? undefined : { span: 6 }} wrapperCol={mobile ? undefined : { span: 14 }} name="invoice" onFinish={submit}
      initialValues={{
        type: INVOICE_TYPES[0], content: INVOICE_CONTENTS[0], titleType: 'personal',
        titleName: prefill?.name ?? '', recipientName: prefill?.name ?? '', phone: prefill?.phone ?? '', email: prefill?.email ?? '', attendees: prefill?.name ? [prefill.name] : [],
      }}
      // A company title is most often the person's organisation: offered when the title type changes, if the field is still the person's name.
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.titleType === 'company' && prefill?.unit && form.getFieldValue('titleName') === prefill.name) form.setFieldsValue({ titleName: prefill.unit });
        if (changed.titleType === 'personal' && prefill?.unit && form.getFieldValue('titleName') === prefill.unit) form.setFieldsValue({ titleName: prefill.name });
      }}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('receipts:once')} />
      <Form.Item label={t('receipts:field.order')}>{order.orderNo}</Form.Item>
      <Form.Item name="type" label={t('receipts:field.type')} rules={[need('type')]}>
        <Radio.Group options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`receipts:type.${v}`) }))} />
      </Form.Item>
      <Form.Item name="content" label={t('receipts:field.content')} rules={[need('content')]}>
        <Radio.Group options={INVOICE_CONTENTS.map((v) => ({ value: v, label: t(`receipts:content.${v}`) }))} />
      </Form.Item>
      <Form.Item name="titleType" label={t('receipts:field.titleType')} rules={[need('titleType')]}>
        <Radio.Group options={(['personal', 'company'] as const).map((v) => ({ value: v, label: t(`receipts:titleType.${v}`) }))} />
      </Form.Item>
      <Form.Item name="titleName" label={t(titleType === 'company' ? 'receipts:field.companyName' : 'receipts:field.personalName')} rules={[need('titleName'), { max: 200, message: t('receipts:titleNameTooLong') }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="taxpayerId" label={t('receipts:field.taxpayerId')} dependencies={['titleType']}
        rules={[{ required: titleType === 'company', whitespace: true, message: t('receipts:taxpayerIdRequired') }, { pattern: TAXPAYER_ID_PATTERN, message: t('receipts:taxpayerIdInvalid') }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="recipientName" label={t('receipts:field.recipientName')} rules={[need('recipientName'), { max: 100, message: t('receipts:recipientNameTooLong') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="phone" label={t('receipts:field.phone')} rules={[need('phone'), { pattern: PHONE_PATTERN, message: t('receipts:phoneInvalid') }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="address" label={t('receipts:field.address')} rules={[need('address'), { max: 300, message: t('receipts:addressTooLong') }]}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="email" label={t('receipts:field.email')} rules={[need('email'), { pattern: EMAIL_PATTERN, message: t('receipts:emailInvalid') }]}>
        <Input maxLength={254} />
      </Form.Item>
      <Form.Item label={t('receipts:field.amount')}>{formatMoney(order.paid, lang)}</Form.Item>
      <Form.Item label={t('receipts:field.paidDate')}>{order.paidDate ?? ''}</Form.Item>
      <Form.Item name="attendees" label={t('receipts:field.attendees')} extra={t('receipts:attendeesHint')} rules={[{ required: true, type: 'array', min: 1, message: t('receipts:attendeesRequired') }]}>
        <Select mode="tags" open={false} tokenSeparators={[',', '，', ';', '；']} />
      </Form.Item>
      <Form.Item name="comment" label={t('receipts:field.comment')} rules={[{ max: 500, message: t('receipts:commentTooLong') }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
      </Form.Item>
      <Form.Item wrapperCol={mobile ? undefined : { offset: 6 }}>
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>{t('receipts:submit')}</Button>
      </Form.Item>
    </Form>
  );
}

export default function ProfileReceiptRequest(props: ProfileReceiptRequestProps) {
  return (
    <AntdRoot lang={props.lang}>
      <RequestForm {...props} />
    </AntdRoot>
  );
}
