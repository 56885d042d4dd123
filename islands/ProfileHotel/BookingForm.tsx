/**
 * The booking form for one room type (spec 5 "Hotel booking (user)"): quantity, check-in and
 * check-out within the room's dates, the nights, the rooms left on every night of the stay and
 * the total shown before confirming, additional requirements and the booker's contact (prefilled
 * from the registration). On success the person goes to the payment of the new hotel order.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Space } from 'antd';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import {
  hotelsApi,
  HOTEL_LIMITS,
  latestCheckOut,
  nightsOf,
  stayProblem,
  type BookingForm as Values,
  type BookingPage,
  type HotelOffer,
  type RoomOffer,
} from '../../server/contract/hotels';
import { multiplyMoney } from '../../server/contract/money';
import { ApiError, call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, moneyText, type T } from '../shared/orderText';
import { leastLeft } from './HotelCard';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  choice: { hotel: HotelOffer; room: RoomOffer } | null;
  prefill: BookingPage['prefill'];
  today: string;
  onClose: () => void;
};

export function BookingForm({ lang, mobile, t, choice, prefill, onClose }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const room = choice?.room;
  const checkIn = Form.useWatch('checkIn', form) as string | undefined;
  const checkOut = Form.useWatch('checkOut', form) as string | undefined;
  const quantity = Form.useWatch('quantity', form) as number | undefined;

  useEffect(() => {
    if (!choice) return;
    form.resetFields();
    form.setFieldsValue({
      roomId: choice.room.id,
      quantity: choice.room.minPerPerson,
      checkIn: '',
      checkOut: '',
      requirements: '',
      ...prefill,
    });
  }, [choice, form, prefill]);

  const stay =
    room && checkIn && checkOut && !stayProblem({ checkIn, checkOut }, room) ? nightsOf(checkIn, checkOut) : null;
  const left = room && stay ? leastLeft(room, stay) : null;
  const total = room && stay && quantity ? multiplyMoney(room.price, stay.length * quantity) : null;

  const dateRule =
    (field: 'checkIn' | 'checkOut'): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const v = { checkIn: getFieldValue('checkIn'), checkOut: getFieldValue('checkOut') };
        if (!room || !v.checkIn || !v.checkOut) return;
        const problem = stayProblem(v, room);
        if (problem && problem[0] === field) throw new Error(t(problem[1]));
      },
    });
  const outside = (d: dayjs.Dayjs, last: boolean) => {
    if (!room) return true;
    const day = d.format('YYYY-MM-DD');
    // check-in from the start to the end date (the last night); check-out up to the day after it
    return last
      ? day <= room.checkInStart || day > latestCheckOut(room)
      : day < room.checkInStart || day > room.checkInEnd;
  };

  async function submit() {
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      const { orderId } = await call(hotelsApi.book, { body: { ...values, roomId: room!.id } });
      message.success(t('hotels:booked'));
      location.assign(`/profile/order/pay/goto/${orderId}`);
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field !== 'roomId')
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey, err.params)] }]);
      else message.error(errorText(err, t));
      setBusy(false);
    }
  }

  const name = choice
    ? lang === 'zh'
      ? `${choice.hotel.nameZh} · ${choice.room.typeZh}`
      : `${choice.hotel.nameEn} · ${choice.room.typeEn}`
    : '';
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 200 } };
  return (
    <Modal
      open={choice !== null}
      title={t('hotels:book.formTitle', { room: name })}
      onCancel={onClose}
      width={mobile ? undefined : 720}
      forceRender={hydrated}
      footer={[
        <Button key="c" onClick={onClose}>
          {t('hotels:config.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} onClick={submit} disabled={left === 0}>
          {t('hotels:book.confirm')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="hotel-booking">
        <Form.Item name="roomId" hidden>
          <Input />
        </Form.Item>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="checkIn"
            label={t('hotels:book.checkIn')}
            {...dateProps}
            dependencies={['checkOut']}
            rules={[{ required: true, message: t('hotels:checkInRequired') }, dateRule('checkIn')]}
          >
            <DatePicker
              disabledDate={(d) => outside(d, false)}
              defaultPickerValue={room ? dayjs(room.checkInStart) : undefined}
            />
          </Form.Item>
          <Form.Item
            name="checkOut"
            label={t('hotels:book.checkOut')}
            {...dateProps}
            dependencies={['checkIn']}
            rules={[{ required: true, message: t('hotels:checkOutRequired') }, dateRule('checkOut')]}
          >
            <DatePicker
              disabledDate={(d) => outside(d, true)}
              defaultPickerValue={room ? dayjs(checkIn || room.checkInStart) : undefined}
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t('hotels:book.quantity')}
            extra={room ? t('hotels:book.perPerson', { min: room.minPerPerson, max: room.maxPerPerson }) : undefined}
            rules={[
              { required: true, message: t('hotels:quantityRequired') },
              {
                type: 'number',
                min: room?.minPerPerson ?? 1,
                message: t('hotels:quantityBelowMin', { min: room?.minPerPerson }),
              },
              {
                type: 'number',
                max: room?.maxPerPerson ?? 1,
                message: t('hotels:quantityAboveMax', { max: room?.maxPerPerson }),
              },
            ]}
          >
            <InputNumber min={1} max={HOTEL_LIMITS.rooms} precision={0} />
          </Form.Item>
        </Space>
        {stay && (
          <Descriptions
            size="small"
            column={mobile ? 1 : 3}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              { key: 'n', label: t('hotels:book.nights'), children: stay.length },
              { key: 'l', label: t('hotels:book.leftForStay'), children: left },
              { key: 't', label: t('hotels:book.total'), children: total ? moneyText(total, lang) : '—' },
            ]}
          />
        )}
        {left === 0 && (
          <Alert type="error" showIcon title={t('hotels:book.fullForStay')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          name="requirements"
          label={t('hotels:book.requirements')}
          rules={[{ max: HOTEL_LIMITS.requirements, message: t('hotels:requirementsTooLong') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="name"
            label={t('hotels:book.name')}
            {...half}
            rules={[
              { required: true, whitespace: true, message: t('hotels:bookerNameRequired') },
              { max: HOTEL_LIMITS.name, message: t('hotels:nameTooLong') },
            ]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('hotels:book.email')}
            {...half}
            rules={[{ required: true, type: 'email', message: t('emailFormatError') }]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Space>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="unit"
            label={t('hotels:book.unit')}
            {...half}
            rules={[{ max: HOTEL_LIMITS.name, message: t('hotels:nameTooLong') }]}
          >
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('hotels:book.phone')}
            {...half}
            rules={[
              { pattern: /^[\d+\-() ]*$/, message: t('hotels:phoneInvalid') },
              { max: HOTEL_LIMITS.phone, message: t('hotels:phoneInvalid') },
            ]}
          >
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
