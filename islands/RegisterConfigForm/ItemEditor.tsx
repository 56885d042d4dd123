/** Adding or changing a custom item of the registration form: type, titles, mode and options. */
import { useEffect } from 'react';
import { Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import {
  CUSTOM_TYPES,
  FIELD_MODES,
  OPTION_TYPES,
  type FormItem,
  type FormOption,
} from '../../server/contract/registration';
import { checkedValues } from '../shared/formCheck';
import type { T } from '../shared/i18n';

/** A stored value from the option's English (or Chinese) text: lower case, no spaces. */
export function valueFrom(option: Partial<FormOption>): string {
  const base = (option.en || option.zh || '').trim().toLowerCase().replace(/\s+/g, '-');
  return base.slice(0, 100);
}

export function ItemEditor({
  t,
  item,
  taken,
  onSave,
  onClose,
}: {
  t: T;
  item: FormItem | null;
  taken: string[];
  onSave: (item: FormItem) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormItem>();
  const type = Form.useWatch('type', form);
  useEffect(() => {
    if (item) form.setFieldsValue(item);
  }, [item, form]);

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    const options = OPTION_TYPES.has(values.type)
      ? (values.options ?? []).map((o) => ({
          zh: o.zh?.trim() ?? '',
          en: o.en?.trim() ?? '',
          value: o.value?.trim() || valueFrom(o),
        }))
      : [];
    onSave({ ...item!, ...values, custom: true, options });
  }

  return (
    <Modal
      open={item !== null}
      title={t(
        taken.includes(item?.field ?? '') ? 'manageRegistration:form.editItem' : 'manageRegistration:form.addItem',
      )}
      onOk={save}
      onCancel={onClose}
      okText={t('registration:save')}
      cancelText={t('profile.cancel')}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" name="customItem" preserve={false}>
        <Form.Item name="type" label={t('manageRegistration:form.type')} rules={[{ required: true }]}>
          <Select options={CUSTOM_TYPES.map((c) => ({ value: c, label: t(`manageRegistration:types.${c}`) }))} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="titleZh"
            label={t('manageRegistration:form.titleZh')}
            style={{ flex: 1 }}
            rules={[{ max: 100, message: t('registration:titleTooLong') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="titleEn"
            label={t('manageRegistration:form.titleEn')}
            style={{ flex: 1 }}
            dependencies={['titleZh']}
            rules={[
              { max: 100, message: t('registration:titleTooLong') },
              ({ getFieldValue }) => ({
                validator: async (_, v) =>
                  v?.trim() || getFieldValue('titleZh')?.trim()
                    ? undefined
                    : Promise.reject(new Error(t('registration:titleRequired'))),
              }),
            ]}
          >
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="mode" label={t('manageRegistration:form.mode')}>
          <Radio.Group options={FIELD_MODES.map((m) => ({ value: m, label: t(`manageRegistration:modes.${m}`) }))} />
        </Form.Item>
        {type && OPTION_TYPES.has(type) ? (
          <Form.List
            name="options"
            rules={[
              {
                validator: async (_, list) =>
                  list?.length ? undefined : Promise.reject(new Error(t('registration:optionsRequired'))),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div className="option-editor">
                <p className="admin-hint">{t('manageRegistration:form.optionsHint')}</p>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item name={[field.name, 'zh']} rules={[{ max: 200 }]}>
                      <Input placeholder={t('manageRegistration:form.optionZh')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'en']} rules={[{ max: 200 }]}>
                      <Input placeholder={t('manageRegistration:form.optionEn')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} rules={[{ max: 100 }]}>
                      <Input placeholder={t('manageRegistration:form.optionValue')} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)} danger type="text">
                      {t('manageRegistration:delete')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ zh: '', en: '', value: '' })} type="dashed">
                  {t('manageRegistration:form.addOption')}
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        ) : null}
      </Form>
    </Modal>
  );
}
