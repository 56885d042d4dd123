/**
 * A room type's form (spec 3 "Room", 5 "Room config"): prices in the settings' currencies, the
 * check-in dates, the total and the per-person limits, with the rules between them checked here
 * as the server checks them (roomProblem, with what is already booked on the busiest night).
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import type { FormRule } from 'antd';
import {
  hotelsApi,
  HOTEL_LIMITS,
  roomProblem,
  type HotelSettingsView,
  type HotelView,
  type RoomForm,
  type RoomView,
} from '../../server/contract/hotels';
import { parseAmount, toDecimalString } from '../../server/contract/money';
import { ApiError, call } from '../shared/api';
import { errorText } from '../shared/orderText';
import { dateProps, type T } from './shared';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

type Values = Omit<RoomForm, 'total' | 'minPerPerson' | 'maxPerPerson'> & {
  total: number | null;
  minPerPerson: number | null;
  maxPerPerson: number | null;
};

const BLANK: Values = {
  typeZh: '',
  typeEn: '',
  price: '',
  displayPrice: '',
  checkInStart: '',
  checkInEnd: '',
  total: null,
  minPerPerson: 1,
  maxPerPerson: 1,
};

function valuesOf(r: RoomView): Values {
  return {
    typeZh: r.typeZh,
    typeEn: r.typeEn,
    price: r.price ? toDecimalString(r.price) : '',
    displayPrice: toDecimalString(r.display),
    checkInStart: r.checkInStart,
    checkInEnd: r.checkInEnd,
    total: r.total,
    minPerPerson: r.minPerPerson,
    maxPerPerson: r.maxPerPerson,
  };
}

type Props = {
  t: T;
  mobile: boolean;
  settings: HotelSettingsView;
  editing: { hotel: HotelView; room: RoomView | null } | null;
  onClose: () => void;
  onSaved: (h: HotelView[]) => void;
};

export function RoomDialog({ t, mobile, settings, editing, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const booked = editing?.room?.booked ?? 0;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.room ? valuesOf(editing.room) : BLANK);
  }, [editing, form]);

  const money = (currency: string, requiredKey: string, positiveKey: string): FormRule => ({
    validator: async (_, value: string) => {
      if (!value?.trim()) throw new Error(t(requiredKey));
      const parsed = parseAmount(value, currency);
      if (!parsed.ok) throw new Error(t(parsed.key === 'money.negative' ? positiveKey : parsed.key));
      if (parsed.money.amount < 1) throw new Error(t(positiveKey));
    },
  });
  // The first broken rule between fields, shown on the field it names (the server answers the same).
  const crossField =
    (field: string): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const v = {
          checkInStart: getFieldValue('checkInStart'),
          checkInEnd: getFieldValue('checkInEnd'),
          total: getFieldValue('total'),
          minPerPerson: getFieldValue('minPerPerson'),
          maxPerPerson: getFieldValue('maxPerPerson'),
        };
        if (!v.checkInStart || !v.checkInEnd || v.total == null || v.minPerPerson == null || v.maxPerPerson == null)
          return;
        const problem = roomProblem(v, booked);
        if (problem && problem[0] === field) throw new Error(t(problem[1], { booked }));
      },
    });

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    const body = {
      ...values,
      total: values.total ?? 0,
      minPerPerson: values.minPerPerson ?? 0,
      maxPerPerson: values.maxPerPerson ?? 0,
    };
    setBusy(true);
    try {
      onSaved(
        editing?.room
          ? await call(hotelsApi.updateRoom, { params: { id: editing.room.id }, body })
          : await call(hotelsApi.createRoom, { params: { id: editing!.hotel.id }, body }),
      );
      message.success(t('hotels:saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey, err.params)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const all = ['checkInStart', 'checkInEnd', 'total', 'minPerPerson', 'maxPerPerson'];
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 240 } };
  const required = (key: string) => ({ required: true, message: t(key) });
  return (
    <Modal
      open={editing !== null}
      title={t(editing?.room ? 'hotels:config.editRoom' : 'hotels:config.addRoom')}
      onCancel={onClose}
      width={mobile ? undefined : 720}
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
      <Form form={form} layout="vertical" name="room">
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="typeZh"
            label={t('hotels:config.roomTypeZh')}
            {...half}
            rules={[
              { ...required('hotels:roomTypeRequired'), whitespace: true },
              { max: HOTEL_LIMITS.name, message: t('hotels:nameTooLong') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="typeEn"
            label={t('hotels:config.roomTypeEn')}
            {...half}
            rules={[
              { ...required('hotels:roomTypeRequired'), whitespace: true },
              { max: HOTEL_LIMITS.name, message: t('hotels:nameTooLong') },
            ]}
          >
            <Input />
          </Form.Item>
        </Space>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="price"
            label={t('hotels:config.priceIn', { currency: settings.currency })}
            extra={t('hotels:config.perNight')}
            rules={[money(settings.currency, 'hotels:priceRequired', 'hotels:pricePositive')]}
          >
            <Input inputMode="decimal" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="displayPrice"
            label={t('hotels:config.displayPriceIn', { currency: settings.displayCurrency })}
            rules={[money(settings.displayCurrency, 'hotels:displayPriceRequired', 'hotels:displayPricePositive')]}
          >
            <Input inputMode="decimal" style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="checkInStart"
            label={t('hotels:config.checkInStart')}
            {...dateProps}
            rules={[required('hotels:checkInStartRequired')]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="checkInEnd"
            label={t('hotels:config.checkInEnd')}
            extra={t('hotels:config.checkInEndHint')}
            {...dateProps}
            dependencies={all}
            rules={[required('hotels:checkInEndRequired'), crossField('checkInEnd')]}
          >
            <DatePicker />
          </Form.Item>
        </Space>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="total"
            label={t('hotels:config.total')}
            dependencies={all}
            rules={[required('hotels:totalRequired'), crossField('total')]}
          >
            <InputNumber min={0} max={HOTEL_LIMITS.rooms} precision={0} />
          </Form.Item>
          <Form.Item
            name="minPerPerson"
            label={t('hotels:config.minPerPerson')}
            dependencies={all}
            rules={[required('hotels:minRequired'), crossField('minPerPerson')]}
          >
            <InputNumber min={1} max={HOTEL_LIMITS.rooms} precision={0} />
          </Form.Item>
          <Form.Item
            name="maxPerPerson"
            label={t('hotels:config.maxPerPerson')}
            dependencies={all}
            rules={[required('hotels:maxRequired'), crossField('maxPerPerson')]}
          >
            <InputNumber min={1} max={HOTEL_LIMITS.rooms} precision={0} />
          </Form.Item>
        </Space>
        {booked > 0 && <Typography.Text type="secondary">{t('hotels:config.bookedNote', { booked })}</Typography.Text>}
      </Form>
    </Modal>
  );
}
