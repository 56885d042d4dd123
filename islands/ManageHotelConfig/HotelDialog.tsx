/** A hotel's form (spec 3 "Hotel", and what a booker needs: address, photo, a map link). */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Rate, Space } from 'antd';
import { hotelsApi, HOTEL_LIMITS, type HotelForm, type HotelView } from '../../server/contract/hotels';
import { ApiError, call } from '../shared/api';
import { ImageField } from '../shared/ImageField';
import { errorText } from '../shared/orderText';
import type { T } from './shared';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

const BLANK: HotelForm = {
  nameZh: '',
  nameEn: '',
  stars: 0,
  link: '',
  addressZh: '',
  addressEn: '',
  photo: '',
  mapLink: '',
};
const URL_RULE = /^https?:\/\/[^\s<>"]+$/i;

export function HotelDialog({
  t,
  mobile,
  editing,
  onClose,
  onSaved,
}: {
  t: T;
  mobile: boolean;
  editing: HotelView | 'new' | null;
  onClose: () => void;
  onSaved: (h: HotelView[]) => void;
}) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<HotelForm>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue(BLANK);
    else
      form.setFieldsValue({
        nameZh: editing.nameZh,
        nameEn: editing.nameEn,
        stars: editing.stars,
        link: editing.link,
        addressZh: editing.addressZh,
        addressEn: editing.addressEn,
        photo: editing.photo,
        mapLink: editing.mapLink,
      });
  }, [editing, form]);

  async function save() {
    const checked = await checkedValues(form);
    if (!checked) return;
    const body = { ...BLANK, ...checked };
    setBusy(true);
    try {
      onSaved(
        editing && editing !== 'new'
          ? await call(hotelsApi.updateHotel, { params: { id: editing.id }, body })
          : await call(hotelsApi.createHotel, { body }),
      );
      message.success(t('hotels:saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof HotelForm, errors: [t(err.messageKey, err.params)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const required = (key: string) => [
    { required: true, whitespace: true, message: t(key) },
    { max: HOTEL_LIMITS.name, message: t('hotels:nameTooLong') },
  ];
  const url = (key: string) => [
    { pattern: URL_RULE, message: t(key) },
    { max: HOTEL_LIMITS.link, message: t(key) },
  ];
  const half = { style: { flex: 1, minWidth: mobile ? '100%' : 240 } };
  return (
    <Modal
      open={editing !== null}
      title={t(editing === 'new' ? 'hotels:config.addHotel' : 'hotels:config.editHotel')}
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
      <Form form={form} layout="vertical" name="hotel">
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item name="nameZh" label={t('hotels:config.nameZh')} {...half} rules={required('hotels:nameRequired')}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t('hotels:config.nameEn')} {...half} rules={required('hotels:nameRequired')}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="stars" label={t('hotels:config.stars')}>
          <Rate allowClear />
        </Form.Item>
        <Space wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="addressZh"
            label={t('hotels:config.addressZh')}
            {...half}
            rules={[{ max: HOTEL_LIMITS.text, message: t('hotels:addressTooLong') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="addressEn"
            label={t('hotels:config.addressEn')}
            {...half}
            rules={[{ max: HOTEL_LIMITS.text, message: t('hotels:addressTooLong') }]}
          >
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="link" label={t('hotels:config.link')} rules={url('hotels:linkInvalid')}>
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item name="mapLink" label={t('hotels:config.mapLink')} rules={url('hotels:mapLinkInvalid')}>
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item name="photo" label={t('hotels:config.photo')}>
          <ImageField kind="banner" t={t} aspect="4 / 3" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
