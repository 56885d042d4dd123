/**
 * The two dialogs of a reservation: its payment status (paid, with the amount that arrived, or
 * unpaid) and its dates (the nights shown; a paid stay keeps its number of nights, which the
 * server checks as well).
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { hotelsApi, nightsOf, type ReservationView } from '../../server/contract/hotels';
import { toDecimalString } from '../../server/contract/money';
import { ApiError, call } from '../shared/api';
import { errorText, moneyText, type T } from '../shared/orderText';
import type { Lang } from '../shared/locale';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

type DialogProps = {
  lang: Lang;
  t: T;
  row: ReservationView | null;
  onClose: () => void;
  onSaved: (r: ReservationView) => void;
};

export function PaymentDialog({ lang, t, row, onClose, onSaved }: DialogProps) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ status: 'paid' | 'unpaid'; actualPay: string }>();
  const [busy, setBusy] = useState(false);
  const status = Form.useWatch('status', form);
  useEffect(() => {
    if (row) form.setFieldsValue({ status: 'paid', actualPay: toDecimalString(row.total) });
  }, [row, form]);

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      onSaved(await call(hotelsApi.payment, { params: { id: row!.id }, body: values }));
      message.success(t('hotels:saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'actualPay')
        form.setFields([{ name: 'actualPay', errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={row !== null}
      title={t('hotels:desk.paymentTitle')}
      onCancel={onClose}
      forceRender={hydrated}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('hotels:config.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} onClick={save}>
          {t('hotels:config.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="hotelPayment">
        {row && (
          <Typography.Paragraph>
            {t('hotels:desk.owed', { total: moneyText(row.total, lang), orderNo: row.orderNo })}
          </Typography.Paragraph>
        )}
        <Form.Item name="status" label={t('hotels:desk.paymentStatus')}>
          <Radio.Group
            options={[
              { value: 'paid', label: t('hotels:payment.paid') },
              { value: 'unpaid', label: t('hotels:payment.unpaid') },
            ]}
          />
        </Form.Item>
        {status === 'paid' && (
          <Form.Item
            name="actualPay"
            label={t('hotels:desk.received', { currency: row?.total.currency ?? '' })}
            rules={[{ required: true, whitespace: true, message: t('orders:dealAmount') }]}
          >
            <Input inputMode="decimal" style={{ width: 200 }} />
          </Form.Item>
        )}
        {status === 'unpaid' && (
          <Typography.Paragraph type="secondary">{t('hotels:desk.unpaidNote')}</Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}

const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

export function DatesDialog({ t, row, onClose, onSaved }: DialogProps) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ checkIn: string; checkOut: string }>();
  const [busy, setBusy] = useState(false);
  const checkIn = Form.useWatch('checkIn', form) as string | undefined;
  const checkOut = Form.useWatch('checkOut', form) as string | undefined;
  const nights = checkIn && checkOut && checkOut > checkIn ? nightsOf(checkIn, checkOut).length : null;
  useEffect(() => {
    if (row) form.setFieldsValue({ checkIn: row.checkIn, checkOut: row.checkOut });
  }, [row, form]);

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      onSaved(await call(hotelsApi.dates, { params: { id: row!.id }, body: values }));
      message.success(t('hotels:saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'checkIn' || err.field === 'checkOut'))
        form.setFields([{ name: err.field, errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={row !== null}
      title={t('hotels:desk.datesTitle')}
      onCancel={onClose}
      forceRender={hydrated}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('hotels:config.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} onClick={save}>
          {t('hotels:config.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="hotelDates">
        <Form.Item
          name="checkIn"
          label={t('hotels:book.checkIn')}
          {...dateProps}
          rules={[{ required: true, message: t('hotels:checkInRequired') }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="checkOut"
          label={t('hotels:book.checkOut')}
          {...dateProps}
          dependencies={['checkIn']}
          rules={[
            { required: true, message: t('hotels:checkOutRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, v: string) => {
                if (v && getFieldValue('checkIn') && v <= getFieldValue('checkIn'))
                  throw new Error(t('hotels:checkOutBeforeCheckIn'));
              },
            }),
          ]}
        >
          <DatePicker />
        </Form.Item>
        {nights !== null && <Typography.Paragraph>{t('hotels:desk.nights', { nights })}</Typography.Paragraph>}
        {row?.payment === 'paid' && (
          <Typography.Paragraph type="secondary">
            {t('hotels:desk.paidNightsNote', { nights: row.nights })}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
