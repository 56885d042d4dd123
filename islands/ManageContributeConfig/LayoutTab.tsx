/**
 * The layout of the book of abstracts (spec 9 "PDF layout"): manuscripts per page, whether each
 * shows its number, and the font, size, weight and slant of the title, the authors and the text,
 * with a preview that follows every change; and which manuscripts the book prints (by status, the
 * same for the PDF, Word and HTML books of "(All)"). The server answers the whole configuration.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, InputNumber, Radio, Space, Switch } from 'antd';
import {
  BOOK_FONTS,
  BOOK_STATUSES,
  DEFAULT_LAYOUT,
  type BookLayoutView,
  type ContributeConfig,
  type LayoutInput,
} from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { call } from '../shared/api';
import { LayoutPreview } from './LayoutPreview';
import { doneText, showError, type T } from './shared';

const PARTS = ['title', 'author', 'content'] as const;
const FIELDS = [
  'statuses',
  'perPage',
  'showNumber',
  ...PARTS.flatMap((p) => [`${p}.font`, `${p}.size`, `${p}.bold`, `${p}.italic`]),
];

type Props = { mobile: boolean; t: T; layout: BookLayoutView; onSaved: (c: ContributeConfig) => void };

export function LayoutTab({ mobile, t, layout, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<LayoutInput>();
  const [busy, setBusy] = useState(false);
  const watched = Form.useWatch([], form) as Partial<LayoutInput> | undefined;

  async function save() {
    const v = form.getFieldsValue(true) as LayoutInput;
    setBusy(true);
    try {
      const saved = await call(submissionsApi.saveLayout, { body: v });
      onSaved(saved);
      form.setFieldsValue(saved.layout);
      message.success(doneText(submissionsApi.saveLayout, t));
    } catch (err) {
      showError(err, t, message, form, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  const fonts = BOOK_FONTS.map((f) => ({ value: f, label: t(`submitConfig:layout.font.${f}`) }));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <Form
        form={form}
        name="contributeLayout"
        layout="vertical"
        initialValues={layout}
        onFinish={save}
        style={{ flex: '1 1 360px', minWidth: 0, maxWidth: 560 }}
      >
        <Form.Item
          name="statuses"
          label={t('submitConfig:layout.statuses')}
          extra={t('submitConfig:layout.statusesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('submissions:bookStatusesRequired') }]}
        >
          <Checkbox.Group options={BOOK_STATUSES.map((s) => ({ value: s, label: t(`submissions:status.${s}`) }))} />
        </Form.Item>
        <Form.Item
          name="perPage"
          label={t('submitConfig:layout.perPage')}
          rules={[{ required: true, message: t('submissions:perPageInvalid') }]}
        >
          <Radio.Group
            options={[1, 2, 4].map((n) => ({ value: n, label: t('submitConfig:layout.perPageOption', { count: n }) }))}
          />
        </Form.Item>
        <Form.Item
          name="showNumber"
          label={t('submitConfig:layout.showNumber')}
          valuePropName="checked"
          extra={t('submitConfig:layout.showNumberHint')}
        >
          <Switch />
        </Form.Item>
        {PARTS.map((part) => (
          <fieldset
            key={part}
            style={{
              border: '1px solid #e5e7eb',
              borderRadius: 8,
              padding: '8px 12px 0',
              marginBottom: 16,
              minWidth: 0,
            }}
          >
            <legend
              style={{ fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14, border: 0 }}
            >
              {t(`submitConfig:layout.part.${part}`)}
            </legend>
            <Form.Item
              name={[part, 'font']}
              label={t('submitConfig:layout.fontLabel')}
              rules={[{ required: true, message: t('submissions:fontInvalid') }]}
            >
              <Radio.Group options={fonts} />
            </Form.Item>
            <Space wrap align="start" size={[16, 0]}>
              <Form.Item
                name={[part, 'size']}
                label={t('submitConfig:layout.size')}
                rules={[
                  { required: true, message: t('submissions:fontSizeInvalid') },
                  { type: 'number', min: 6, max: 24, message: t('submissions:fontSizeInvalid') },
                ]}
              >
                <InputNumber min={6} max={24} step={0.5} precision={1} suffix="pt" style={{ width: 120 }} />
              </Form.Item>
              <Form.Item label={t('submitConfig:layout.style')}>
                <Space wrap>
                  <Form.Item noStyle name={[part, 'bold']} valuePropName="checked">
                    <Checkbox>{t('submitConfig:layout.bold')}</Checkbox>
                  </Form.Item>
                  <Form.Item noStyle name={[part, 'italic']} valuePropName="checked">
                    <Checkbox>{t('submitConfig:layout.italic')}</Checkbox>
                  </Form.Item>
                </Space>
              </Form.Item>
            </Space>
          </fieldset>
        ))}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
            {t('submitConfig:save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(DEFAULT_LAYOUT)}>{t('submitConfig:layout.defaults')}</Button>
        </Space>
      </Form>
      <div style={{ flex: '1 1 300px', minWidth: 0, maxWidth: '100%' }}>
        <LayoutPreview t={t} layout={watched ?? layout} />
      </div>
    </div>
  );
}
