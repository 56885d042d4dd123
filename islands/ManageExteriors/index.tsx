/**
 * Appearances (spec 2.12 config/exterior): the list (cards on desktop, a list on phones) with
 * the one in use marked, "use", copy and delete; and the add / edit form (name, thumbnail).
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { ImageField } from '../shared/ImageField';
import { SITE_LIMITS, type ExteriorItem } from '../../server/contract/siteConfig';
import { sitesApi } from '../../server/contract/sites';
import type { ManageExteriorsProps } from './props';
import type { T } from '../shared/i18n';

const LIST = '/platform/config/exterior/list';

function errorKey(err: unknown): string {
  return err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
}

/** The thumbnail, or, when none was uploaded, the appearance's name on a tinted card. */
function Thumb({ src, height, name }: { src: string; height: number; name: string }) {
  return (
    <div
      style={{
        height,
        background: src ? '#f1f4f9' : 'linear-gradient(135deg, #dbe4ff, #eef2ff)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <span
          aria-hidden="true"
          style={{
            color: '#1e3a8a',
            fontWeight: 600,
            fontSize: Math.max(12, height / 8),
            padding: 8,
            textAlign: 'center',
            overflowWrap: 'anywhere',
          }}
        >
          {name}
        </span>
      )}
    </div>
  );
}

function ExteriorList({ lang, mobile, items }: ManageExteriorsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(items);
  const [copying, setCopying] = useState<ExteriorItem | null>(null);
  const [copyName, setCopyName] = useState('');
  const [busy, setBusy] = useState(false);

  const reload = async () => setRows(await call(sitesApi.exteriorList));
  async function act(send: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await send();
      await reload();
      message.success(t(done));
      return true;
    } catch (err) {
      message.error(t(errorKey(err)));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function openCopy(item: ExteriorItem) {
    setCopying(item);
    setCopyName(
      Array.from(t('manageSite:exterior.copyName', { name: item.name }))
        .slice(0, SITE_LIMITS.exteriorName)
        .join(''),
    );
  }

  const counts = (e: ExteriorItem) => t('manageSite:exterior.counts', { templates: e.templates, pages: e.pages });
  const actions = (e: ExteriorItem) => [
    e.inUse ? (
      <Tag key="use" color="green" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
        {t('manageSite:exterior.inUse')}
      </Tag>
    ) : (
      <Popconfirm
        key="use"
        title={t('manageSite:exterior.confirmUse', { name: e.name })}
        okText={t('manageSite:exterior.use')}
        cancelText={t('profile.cancel')}
        onConfirm={() => act(() => call(sitesApi.exteriorUse, { params: { id: e.id } }), 'manageSite:exterior.used')}
      >
        <Button type="link" size="small" style={{ paddingInline: 0 }}>
          {t('manageSite:exterior.useShort')}
        </Button>
      </Popconfirm>
    ),
    <a key="edit" href={`/platform/config/exterior/edit/${e.id}`} aria-label={t('manageSite:exterior.edit')}>
      {mobile ? t('manageSite:exterior.edit') : <EditOutlined />}
    </a>,
    <a key="copy" onClick={() => openCopy(e)} aria-label={t('manageSite:exterior.copy')}>
      {mobile ? t('manageSite:exterior.copy') : <CopyOutlined />}
    </a>,
    <Popconfirm
      key="delete"
      title={t('manageSite:exterior.confirmDelete', { name: e.name })}
      okText={t('manageSite:remove')}
      okButtonProps={{ danger: true }}
      cancelText={t('profile.cancel')}
      onConfirm={() =>
        act(() => call(sitesApi.exteriorDelete, { params: { id: e.id } }), 'manageSite:exterior.deleted')
      }
    >
      <a className="danger-link" aria-label={t('manageSite:remove')}>
        {mobile ? t('manageSite:remove') : <DeleteOutlined />}
      </a>
    </Popconfirm>,
  ];

  return (
    <div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
          marginBottom: 16,
          flexWrap: 'wrap',
        }}
      >
        <Typography.Text type="secondary">{t('manageSite:exterior.hint')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} href="/platform/config/exterior/add" block={mobile}>
          {t('manageSite:exterior.add')}
        </Button>
      </div>
      {rows.length === 0 ? (
        <Empty description={t('manageSite:exterior.none')} />
      ) : mobile ? (
        // Phones: one row per appearance (antd's List is deprecated in v6.6).
        <ul className="exterior-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((e) => (
            <li key={e.id} style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
              <div
                style={{
                  width: 96,
                  flex: 'none',
                  borderRadius: 6,
                  overflow: 'hidden',
                  border: e.inUse ? '2px solid #52c41a' : '1px solid #e5e7eb',
                }}
              >
                <Thumb src={e.thumbnail} height={72} name={e.name} />
              </div>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong>{e.name}</Typography.Text>
                <div style={{ color: '#6b7280', fontSize: 13, margin: '2px 0 8px' }}>{counts(e)}</div>
                <Space wrap size={[16, 4]}>
                  {actions(e)}
                </Space>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16 }}>
          {rows.map((e) => (
            <Card
              key={e.id}
              size="small"
              cover={<Thumb src={e.thumbnail} height={150} name={e.name} />}
              actions={actions(e)}
              style={e.inUse ? { borderColor: '#52c41a', boxShadow: '0 0 0 1px #52c41a' } : undefined}
            >
              <Card.Meta title={e.name} description={counts(e)} />
            </Card>
          ))}
        </div>
      )}
      <Modal
        open={copying !== null}
        title={t('manageSite:exterior.copyTitle', { name: copying?.name ?? '' })}
        okText={t('manageSite:exterior.copy')}
        cancelText={t('profile.cancel')}
        confirmLoading={busy}
        onCancel={() => setCopying(null)}
        onOk={async () => {
          if (!copyName.trim()) return void message.error(t('manageSite:exteriorNameRequired'));
          if (
            await act(
              () => call(sitesApi.exteriorCopy, { params: { id: copying!.id }, body: { name: copyName } }),
              'manageSite:exterior.copied',
            )
          )
            setCopying(null);
        }}
        destroyOnHidden
      >
        <Input
          value={copyName}
          maxLength={SITE_LIMITS.exteriorName}
          showCount
          onChange={(e) => setCopyName(e.target.value)}
          aria-label={t('manageSite:exterior.name')}
        />
      </Modal>
    </div>
  );
}

type FormValues = { name: string; thumbnail: string; from: string };

function ExteriorForm({ lang, mobile, exterior, builtIns = [] }: ManageExteriorsProps) {
  const t: T = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const from = Form.useWatch('from', form) ?? '';
  const builtIn = builtIns.find((b) => b.key === from);

  async function save({ from: key, ...values }: FormValues) {
    setBusy(true);
    try {
      const chosen = builtIns.find((b) => b.key === key);
      if (chosen) await call(sitesApi.exteriorFromBuiltIn, { body: { key: chosen.key, name: values.name } });
      else await call(sitesApi.exteriorSave, { body: { id: exterior?.id ?? null, ...values } });
      message.success(t('manageSite:saved'));
      setTimeout(() => location.assign(LIST), 600);
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'name' || err.field === 'thumbnail'))
        form.setFields([{ name: err.field, errors: [t(err.messageKey)] }]);
      else message.error(t(errorKey(err)));
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      name="exterior"
      initialValues={{ name: exterior?.name ?? '', thumbnail: exterior?.thumbnail ?? '', from: '' }}
      onFinish={save}
      style={{ maxWidth: 560 }}
    >
      {exterior?.inUse ? (
        <Tag color="green" icon={<CheckCircleFilled />} style={{ marginBottom: 16 }}>
          {t('manageSite:exterior.inUse')}
        </Tag>
      ) : null}
      <Form.Item
        name="name"
        label={t('manageSite:exterior.name')}
        required
        rules={[
          { required: true, whitespace: true, message: t('manageSite:exteriorNameRequired') },
          { max: SITE_LIMITS.exteriorName, message: t('manageSite:exteriorNameTooLong') },
        ]}
      >
        <Input maxLength={SITE_LIMITS.exteriorName} showCount />
      </Form.Item>
      {!exterior && builtIns.length > 0 ? (
        <Form.Item name="from" label={t('manageSite:exterior.from')} extra={t('manageSite:exterior.fromHint')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '', label: t('manageSite:exterior.fromBlank') },
              ...builtIns.map((b) => ({ value: b.key, label: lang === 'zh' ? `${b.nameZh}（${b.name}）` : b.name })),
            ]}
          />
        </Form.Item>
      ) : null}
      {builtIn ? (
        <Form.Item label={t('manageSite:exterior.thumbnail')}>
          <div style={{ width: 240, borderRadius: 6, overflow: 'hidden', border: '1px solid #e5e7eb' }}>
            <Thumb src={builtIn.thumbnail} height={180} name={builtIn.name} />
          </div>
        </Form.Item>
      ) : (
        <Form.Item
          name="thumbnail"
          label={t('manageSite:exterior.thumbnail')}
          extra={t('manageSite:exterior.thumbnailOptional')}
        >
          <ImageField kind="thumbnail" t={t} aspect="4 / 3" />
        </Form.Item>
      )}
      {exterior ? (
        <Form.Item label={t('manageSite:exterior.templates')}>
          {exterior.templateList.length === 0 ? (
            <Typography.Text type="secondary">{t('manageSite:exterior.noTemplates')}</Typography.Text>
          ) : (
            <Space wrap>
              {exterior.templateList.map((tpl) => (
                <Tag key={tpl.id}>
                  {tpl.name} ·{' '}
                  {t(tpl.kind === 'common' ? 'manageSite:exterior.commonTemplate' : 'manageSite:exterior.pageTemplate')}
                  {tpl.isMobile ? ` · ${t('manageSite:exterior.mobile')}` : ''}
                </Tag>
              ))}
            </Space>
          )}
        </Form.Item>
      ) : null}
      <Space style={{ width: mobile ? '100%' : undefined }} orientation={mobile ? 'vertical' : 'horizontal'}>
        <Button type="primary" htmlType="submit" loading={busy} block={mobile}>
          {t('manageSite:save')}
        </Button>
        <Button href={LIST} block={mobile}>
          {t('profile.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

export default function ManageExteriors(props: ManageExteriorsProps) {
  return (
    <AntdRoot lang={props.lang}>
      {props.view === 'list' ? <ExteriorList {...props} /> : <ExteriorForm {...props} />}
    </AntdRoot>
  );
}
