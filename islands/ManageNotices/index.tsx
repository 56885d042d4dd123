/** Conference notices for managers: write (titles, sources, time, content as HTML with a preview, a file), edit, delete. */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, List, Modal, Popconfirm, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { formatInstant } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { noticesApi, type NoticeView } from '../../server/contract/notices';
import { noticeText } from '../shared/notices';
import { call, urlOf, ApiError, type Envelope } from '../shared/api';
import { filesApi } from '../../server/contract/files';
import { translator } from '../shared/i18n';
import { useHydrated } from '../shared/hydrated';
import { ContentField } from './ContentField';
import { checkedValues } from '../shared/formCheck';
import type { ManageNoticesProps } from './props';

type Values = Omit<NoticeView, 'id' | 'file'>;

function Notices({ lang, mobile, notices }: ManageNoticesProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message } = App.useApp();
  const [list, setList] = useState(notices);
  const [editing, setEditing] = useState<Partial<NoticeView> | null>(null);
  const [file, setFile] = useState<NoticeView['file']>(null);
  const [form] = Form.useForm<Values>();
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  function open(n: Partial<NoticeView>) {
    form.setFieldsValue({
      titleZh: '',
      titleEn: '',
      sourceZh: '',
      sourceEn: '',
      contentZh: '',
      contentEn: '',
      time: new Date().toISOString(),
      ...n,
    });
    setFile(n.file ?? null);
    setEditing(n);
  }

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    try {
      const body = { ...values, file: file?.name ?? null };
      setList(
        await (editing?.id
          ? call(noticesApi.update, { params: { id: editing.id }, body })
          : call(noticesApi.create, { body })),
      );
      setEditing(null);
      message.success(t('notices:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey)] }]);
      else fail(err);
    }
  }

  async function remove(n: NoticeView) {
    try {
      setList(await call(noticesApi.remove, { params: { id: n.id } }));
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div className="manage-notices">
      <Button type="primary" onClick={() => open({})} style={{ marginBottom: 12 }}>
        {t('notices:add')}
      </Button>
      <List
        bordered
        dataSource={list}
        rowKey="id"
        locale={{ emptyText: t('notices:none') }}
        renderItem={(n) => (
          <List.Item
            actions={[
              <a key="e" role="button" onClick={() => open(n)}>
                {t('notices:edit')}
              </a>,
              <Popconfirm key="d" title={t('notices:confirmDelete')} onConfirm={() => remove(n)}>
                <a className="danger-link" role="button">
                  {t('notices:delete')}
                </a>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={noticeText(n.titleZh, n.titleEn, lang)}
              description={[noticeText(n.sourceZh, n.sourceEn, lang), formatInstant(n.time)]
                .filter(Boolean)
                .join(' · ')}
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'notices:edit' : 'notices:add')}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText={t('notices:save')}
        cancelText={t('profile.cancel')}
        width={mobile ? undefined : 760}
        forceRender={hydrated}
      >
        <Form form={form} layout="vertical" name="notice">
          <Space.Compact block>
            <Form.Item name="titleZh" label={t('notices:titleZh')} style={{ flex: 1 }} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="titleEn"
              label={t('notices:titleEn')}
              style={{ flex: 1 }}
              dependencies={['titleZh']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, v) =>
                    v?.trim() || getFieldValue('titleZh')?.trim()
                      ? undefined
                      : Promise.reject(new Error(t('notices:titleRequired'))),
                }),
              ]}
            >
              <Input />
            </Form.Item>
          </Space.Compact>
          <Space.Compact block>
            <Form.Item name="sourceZh" label={t('notices:sourceZh')} style={{ flex: 1 }}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="sourceEn" label={t('notices:sourceEn')} style={{ flex: 1 }}>
              <Input maxLength={100} />
            </Form.Item>
          </Space.Compact>
          <Form.Item
            name="time"
            label={t('notices:time')}
            getValueProps={(v: string) => ({ value: v ? dayjs(v) : undefined })}
            normalize={(d: dayjs.Dayjs | null) => (d ? d.toISOString() : '')}
            rules={[{ required: true, message: t('notices:timeInvalid') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="contentZh" label={t('notices:contentZh')}>
            <ContentField t={t} />
          </Form.Item>
          <Form.Item name="contentEn" label={t('notices:contentEn')}>
            <ContentField t={t} />
          </Form.Item>
          <Upload
            action={urlOf(filesApi.upload, { query: { kind: 'file' } })}
            withCredentials
            maxCount={1}
            fileList={file ? [{ uid: file.name, name: file.originalName, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            onChange={({ file: f }) => {
              const res = f.response as Envelope<{ name: string; originalName: string; url: string }> | undefined;
              if (f.status === 'done' && res?.code === 200)
                setFile({ name: res.data.name, originalName: res.data.originalName, url: res.data.url });
              else if (f.status === 'done' || f.status === 'error')
                message.error(t(res?.message ?? 'files:uploadFailed'));
            }}
          >
            <Button icon={<UploadOutlined />}>{t('notices:file')}</Button>
          </Upload>
        </Form>
      </Modal>
    </div>
  );
}

export default function ManageNotices(props: ManageNoticesProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Notices {...props} />
    </AntdRoot>
  );
}
