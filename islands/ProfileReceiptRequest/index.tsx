/**
 * The invoice request of a paid order (spec 2.10 order/receipt/{orderId}, 3 "Receipt (invoice)",
 * 5 "Invoice"): every field required, the taxpayer ID for a company title, several attendee names;
 * the payment amount and date come from the order and are read-only. One request per order
 * (reissue is not supported): once sent, the request and its status are shown instead. On the
 * browser's own controls (islands/shared/lightForm.tsx), without antd's form runtime (issue 32).
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { LightFormFrame, LightItem, longest, matches, required, useLightForm } from '../shared/lightForm';
import { LightRadios, LightTags } from '../shared/lightInputs';
import { LightResult } from '../shared/lightResult';
import { formatMoney, toDecimalString } from '../../server/contract/money';
import {
  INVOICE_CONTENTS,
  INVOICE_TYPES,
  TAXPAYER_ID_PATTERN,
  receiptsApi,
  type InvoiceInput,
  type InvoiceRequestView,
} from '../../server/contract/receipts';
import { PHONE_PATTERN } from '../../server/contract/registration';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { ProfileReceiptRequestProps } from './props';

type Values = Omit<InvoiceInput, 'amount' | 'paidDate'>;

function Sent({ lang, request }: { lang: Lang; request: InvoiceRequestView }) {
  const t = translator(lang);
  return (
    <Descriptions bordered column={1} size="small" title={t('receipts:requested')}>
      <Descriptions.Item label={t('receipts:field.status')}>{t(`receipts:status.${request.status}`)}</Descriptions.Item>
      <Descriptions.Item label={t('receipts:field.titleName')}>{request.titleName}</Descriptions.Item>
      {/* Ternaries, not `a && <Item>`: an empty string is a child, and Descriptions drew it as a blank row. */}
      {request.taxpayerId ? (
        <Descriptions.Item label={t('receipts:field.taxpayerId')}>{request.taxpayerId}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('receipts:field.amount')}>{formatMoney(request.amount, lang)}</Descriptions.Item>
      <Descriptions.Item
        label={t('receipts:field.recipientName')}
      >{`${request.recipientName} ${request.phone}`}</Descriptions.Item>
      <Descriptions.Item label={t('receipts:field.address')}>{request.address}</Descriptions.Item>
      {request.expressNo ? (
        <Descriptions.Item label={t('receipts:field.expressNo')}>{request.expressNo}</Descriptions.Item>
      ) : null}
      {request.billNo ? (
        <Descriptions.Item label={t('receipts:field.billNo')}>{request.billNo}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function RequestForm({ lang, mobile, order, request, refusal, prefill }: ProfileReceiptRequestProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [sent, setSent] = useState<InvoiceRequestView | null>(request);
  const [busy, setBusy] = useState(false);
  const need = (key: string) => required<Values>(t(`receipts:${key}Required`));
  const form = useLightForm<Values>(
    'invoice',
    {
      type: INVOICE_TYPES[0],
      content: INVOICE_CONTENTS[0],
      titleType: 'personal',
      titleName: prefill?.name ?? '',
      taxpayerId: '',
      recipientName: prefill?.name ?? '',
      phone: prefill?.phone ?? '',
      address: '',
      email: prefill?.email ?? '',
      attendees: prefill?.name ? [prefill.name] : [],
      comment: '',
    },
    {
      type: [need('type')],
      content: [need('content')],
      titleType: [need('titleType')],
      titleName: [need('titleName'), longest(200, t('receipts:titleNameTooLong'))],
      taxpayerId: [
        (v, all) => all.titleType === 'company' && !String(v ?? '').trim() && t('receipts:taxpayerIdRequired'),
        matches(TAXPAYER_ID_PATTERN, t('receipts:taxpayerIdInvalid')),
      ],
      recipientName: [need('recipientName'), longest(100, t('receipts:recipientNameTooLong'))],
      phone: [need('phone'), matches(PHONE_PATTERN, t('receipts:phoneInvalid'))],
      address: [need('address'), longest(300, t('receipts:addressTooLong'))],
      email: [need('email'), matches(EMAIL_PATTERN, t('receipts:emailInvalid'))],
      attendees: [required(t('receipts:attendeesRequired'))],
      comment: [longest(500, t('receipts:commentTooLong'))],
    },
    { dependents: { titleType: ['taxpayerId'] } },
  );
  const { values, errors } = form;

  if (sent) return <Sent lang={lang} request={sent} />;
  if (refusal)
    return (
      <LightResult
        status="info"
        title={t(refusal)}
        extra={<Button href="/profile/order/list">{t('receipts:backToOrders')}</Button>}
      />
    );

  async function submit(v: Values) {
    setBusy(true);
    try {
      const body = {
        ...v,
        taxpayerId: v.taxpayerId ?? '',
        comment: v.comment ?? '',
        amount: toDecimalString(order.paid),
        paidDate: order.paidDate ?? '',
      };
      setSent(await call(receiptsApi.request, { params: { orderId: order.id }, body }));
      message.success(t('receipts:requested'));
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in values)
        form.setError(err.field as keyof Values, t(err.messageKey));
      else message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setBusy(false);
    }
  }

  // A company title is most often the person's organisation: offered when the title type changes, if the field is still the person's name.
  function titleType(next: Values['titleType']) {
    form.set('titleType', next);
    if (next === 'company' && prefill?.unit && values.titleName === prefill.name)
      form.setValues({ titleName: prefill.unit });
    if (next === 'personal' && prefill?.unit && values.titleName === prefill.unit)
      form.setValues({ titleName: prefill.name });
  }

  const radios = <F extends 'type' | 'content' | 'titleType'>(
    field: F,
    options: ReadonlyArray<Values[F]>,
    label: (v: Values[F]) => string,
    onChange = (v: Values[F]) => form.set(field, v),
  ) => (
    <LightItem id={form.id(field)} label={t(`receipts:field.${field}`)} required error={errors[field]} group>
      <LightRadios
        id={form.id(field)}
        value={values[field]}
        options={options.map((v) => ({ value: v, label: label(v) }))}
        onChange={onChange}
        {...form.aria(field)}
      />
    </LightItem>
  );
  const text = (
    field: 'titleName' | 'taxpayerId' | 'recipientName' | 'phone' | 'address' | 'email',
    label: string,
    maxLength: number,
    isRequired = true,
  ) => (
    <LightItem id={form.id(field)} label={label} required={isRequired} error={errors[field]}>
      <input className="li-input" maxLength={maxLength} {...form.text(field)} />
    </LightItem>
  );
  return (
    <LightFormFrame
      name="invoice"
      layout={mobile ? 'vertical' : 'horizontal'}
      onSubmit={form.onSubmit((v) => void submit(v))}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('receipts:once')} />
      <LightItem label={t('receipts:field.order')}>
        <div className="lf-text">{order.orderNo}</div>
      </LightItem>
      {radios('type', INVOICE_TYPES, (v) => t(`receipts:type.${v}`))}
      {radios('content', INVOICE_CONTENTS, (v) => t(`receipts:content.${v}`))}
      {radios('titleType', ['personal', 'company'] as const, (v) => t(`receipts:titleType.${v}`), titleType)}
      {text(
        'titleName',
        t(values.titleType === 'company' ? 'receipts:field.companyName' : 'receipts:field.personalName'),
        200,
      )}
      {text('taxpayerId', t('receipts:field.taxpayerId'), 20, values.titleType === 'company')}
      {text('recipientName', t('receipts:field.recipientName'), 100)}
      {text('phone', t('receipts:field.phone'), 40)}
      {text('address', t('receipts:field.address'), 300)}
      {text('email', t('receipts:field.email'), 254)}
      <LightItem label={t('receipts:field.amount')}>
        <div className="lf-text">{formatMoney(order.paid, lang)}</div>
      </LightItem>
      <LightItem label={t('receipts:field.paidDate')}>
        <div className="lf-text">{order.paidDate ?? ''}</div>
      </LightItem>
      <LightItem
        id={form.id('attendees')}
        label={t('receipts:field.attendees')}
        required
        error={errors.attendees}
        extra={t('receipts:attendeesHint')}
      >
        <LightTags
          lang={lang}
          id={form.id('attendees')}
          value={values.attendees}
          onChange={(names) => form.set('attendees', names)}
          {...form.aria('attendees')}
        />
      </LightItem>
      <LightItem id={form.id('comment')} label={t('receipts:field.comment')} error={errors.comment}>
        <textarea className="li-input li-textarea" rows={2} maxLength={500} {...form.text('comment')} />
      </LightItem>
      <LightItem>
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('receipts:submit')}
        </Button>
      </LightItem>
    </LightFormFrame>
  );
}

export default function ProfileReceiptRequest(props: ProfileReceiptRequestProps) {
  return (
    <AntdRoot lang={props.lang}>
      <RequestForm {...props} />
    </AntdRoot>
  );
}
