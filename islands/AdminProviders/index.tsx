/** Platform administration: the identity providers (the passport OAuth2 provider and OIDC institutions). */
import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, List, Modal, Popconfirm, Radio, Space, Switch, Table, Tag } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { checkedValues } from '../shared/formCheck';
import type { ProviderItem, AdminProvidersProps } from './props';

type Values = Omit<ProviderItem, 'id' | 'hasSecret'> & { clientSecret?: string };

function Providers({ lang, mobile, providers: initial, origin }: AdminProvidersProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(initial);
  const [editing, setEditing] = useState<ProviderItem | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);

  const reload = async () => setRows(await call(accountsApi.providers));
  function open(item: ProviderItem | 'new') {
    setEditing(item);
    form.resetFields();
    form.setFieldsValue(
      item === 'new' ? { kind: 'oidc', enabled: true, isCommon: false, sort: 0 } : { ...item, clientSecret: '' },
    );
  }

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      const body = { ...values, sort: values.sort ?? 0 };
      if (editing === 'new') await call(accountsApi.createProvider, { body });
      else if (editing) await call(accountsApi.updateProvider, { params: { id: editing.id }, body });
      await reload();
      setEditing(null);
      message.success(t('admin.saved'));
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Values, errors: [t(key)] }]);
      else message.error(t(key));
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: ProviderItem) {
    try {
      await call(accountsApi.removeProvider, { params: { id: item.id } });
      await reload();
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    }
  }

  const name = (p: ProviderItem) => (lang === 'zh' ? p.nameZh : p.nameEn);
  const tags = (p: ProviderItem) => (
    <Space size={4} wrap>
      <Tag color={p.kind === 'passport' ? 'gold' : 'blue'}>{t(`admin.kind.${p.kind}`)}</Tag>
      {p.isCommon ? <Tag color="green">{t('admin.common')}</Tag> : null}
      {p.enabled ? null : <Tag>{t('admin.disabled')}</Tag>}
    </Space>
  );
  const actions = (p: ProviderItem) => [
    <a key="edit" onClick={() => open(p)}>
      {t('admin.edit')}
    </a>,
    <Popconfirm
      key="del"
      title={t('admin.confirmDelete')}
      onConfirm={() => remove(p)}
      okText={t('admin.delete')}
      cancelText={t('profile.cancel')}
    >
      <a className="danger-link">{t('admin.delete')}</a>
    </Popconfirm>,
  ];

  return (
    <div className="admin-screen">
      <div className="admin-toolbar">
        <p className="admin-hint">
          {t('admin.redirectUris', {
            oidc: `${origin.replace('//platform.', '//<conference-domain>.')}/oidcLogin`,
            passport: '/login',
          })}
        </p>
        <Button type="primary" onClick={() => open('new')}>
          {t('admin.addProvider')}
        </Button>
      </div>
      {mobile ? (
        <List
          dataSource={rows}
          locale={{ emptyText: t('admin.noProviders') }}
          renderItem={(p) => (
            <List.Item actions={actions(p)}>
              <List.Item.Meta title={name(p)} description={tags(p)} />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('admin.noProviders') }}
          columns={[
            { title: t('admin.name'), render: (_, p) => name(p) },
            { title: t('admin.type'), render: (_, p) => tags(p) },
            {
              title: t('admin.endpoint'),
              render: (_, p) => <code className="admin-code">{p.kind === 'oidc' ? p.issuer : p.authorizeUrl}</code>,
            },
            { title: t('admin.clientId'), dataIndex: 'clientId' },
            { title: t('admin.sort'), dataIndex: 'sort', width: 80 },
            { title: t('admin.actions'), width: 140, render: (_, p) => <Space>{actions(p)}</Space> },
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('admin.addProvider') : t('admin.editProvider')}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={busy}
        okText={t('profile.save')}
        cancelText={t('profile.cancel')}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical" requiredMark={false} name="provider">
          <Form.Item name="kind" label={t('admin.type')}>
            <Radio.Group
              options={[
                { value: 'oidc', label: t('admin.kind.oidc') },
                { value: 'passport', label: t('admin.kind.passport') },
              ]}
              optionType="button"
            />
          </Form.Item>
          <Space.Compact block>
            <Form.Item
              name="nameZh"
              label={t('admin.nameZh')}
              rules={[{ required: true, message: t('sso.nameZhRequired') }]}
              style={{ flex: 1, marginRight: 8 }}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="nameEn"
              label={t('admin.nameEn')}
              rules={[{ required: true, message: t('sso.nameEnRequired') }]}
              style={{ flex: 1 }}
            >
              <Input maxLength={150} />
            </Form.Item>
          </Space.Compact>
          {kind === 'passport' ? (
            <>
              <Form.Item
                name="authorizeUrl"
                label={t('admin.authorizeUrl')}
                rules={[{ required: true, message: t('sso.authorizeUrlInvalid') }]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="tokenUrl"
                label={t('admin.tokenUrl')}
                rules={[{ required: true, message: t('sso.tokenUrlInvalid') }]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="userinfoUrl"
                label={t('admin.userinfoUrl')}
                rules={[{ required: true, message: t('sso.userinfoUrlInvalid') }]}
              >
                <Input />
              </Form.Item>
              <Form.Item name="logoutUrl" label={t('admin.logoutUrl')}>
                <Input />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="issuer"
              label={t('admin.issuer')}
              rules={[{ required: true, message: t('sso.issuerInvalid') }]}
            >
              <Input placeholder="https://idp.example.edu" />
            </Form.Item>
          )}
          <Form.Item
            name="clientId"
            label={t('admin.clientId')}
            rules={[{ required: true, message: t('sso.clientIdRequired') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="clientSecret"
            label={t('admin.clientSecret')}
            rules={editing === 'new' ? [{ required: true, message: t('sso.clientSecretRequired') }] : []}
            extra={editing !== 'new' ? t('admin.secretKept') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="logo" label={t('admin.logo')}>
            <Input placeholder="/files/logo.png" />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="isCommon" label={t('admin.common')} valuePropName="checked">
              <Switch disabled={kind === 'passport'} />
            </Form.Item>
            <Form.Item name="enabled" label={t('admin.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label={t('admin.sort')}>
              <InputNumber min={0} max={1000000} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </div>
  );
}

export default function AdminProviders(props: AdminProvidersProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Providers {...props} />
    </AntdRoot>
  );
}
