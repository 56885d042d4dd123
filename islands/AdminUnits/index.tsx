/**
 * The platform's unit (organisation) list, kept by super admins: search, add, edit, delete and
 * the order in which forms suggest them.
 */
import { useMemo, useState } from 'react';
import { App, Button, Form, Input, InputNumber, List, Modal, Popconfirm, Space, Table } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { unitsApi, type UnitRow } from '../../server/contract/units';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';
import type { AdminUnitsProps } from './props';

type Unit = UnitRow;

function Units({ lang, mobile, initial }: AdminUnitsProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(initial.rows);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Partial<Unit> | null>(null);
  const [form] = Form.useForm<Unit>();
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? rows.filter((u) => u.zhTitle.toLowerCase().includes(q) || u.enTitle.toLowerCase().includes(q)) : rows;
  }, [rows, filter]);

  const reload = async () => setRows((await call(unitsApi.list, { query: { page: 1, size: 100_000 } })).rows);
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    try {
      if (editing?.id) await call(unitsApi.update, { params: { id: editing.id }, body: values });
      else await call(unitsApi.create, { body: values });
      message.success(t('units:saved'));
      setEditing(null);
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Unit, errors: [t(err.messageKey)] }]);
      else fail(err);
    }
  }

  async function remove(unit: Unit) {
    try {
      await call(unitsApi.remove, { params: { id: unit.id } });
      await reload();
    } catch (err) {
      fail(err);
    }
  }

  const open = (unit: Partial<Unit>) => {
    form.setFieldsValue({ zhTitle: '', enTitle: '', sort: rows.length, ...unit });
    setEditing(unit);
  };
  const actions = (u: Unit) => [
    <a key="e" role="button" onClick={() => open(u)}>
      {t('units:edit')}
    </a>,
    <Popconfirm key="d" title={t('units:confirmDelete')} onConfirm={() => remove(u)}>
      <a className="danger-link" role="button">
        {t('units:delete')}
      </a>
    </Popconfirm>,
  ];

  return (
    <div className="admin-units">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('units:search')}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: mobile ? '100%' : 320 }}
        />
        <Button type="primary" onClick={() => open({})}>
          {t('units:add')}
        </Button>
      </Space>
      {mobile ? (
        <List
          dataSource={shown}
          rowKey="id"
          renderItem={(u) => (
            <List.Item actions={actions(u)}>
              <List.Item.Meta title={u.zhTitle} description={u.enTitle} />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={shown}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          columns={[
            { title: t('units:zhTitle'), dataIndex: 'zhTitle', key: 'zh' },
            { title: t('units:enTitle'), dataIndex: 'enTitle', key: 'en' },
            { title: t('units:sort'), dataIndex: 'sort', key: 'sort', width: 80 },
            { title: '', key: 'a', width: 120, render: (_, u) => <Space>{actions(u)}</Space> },
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'units:edit' : 'units:add')}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText={t('units:save')}
        cancelText={t('profile.cancel')}
        forceRender={hydrated}
      >
        <Form form={form} layout="vertical" name="unit">
          <Form.Item
            name="zhTitle"
            label={t('units:zhTitle')}
            rules={[
              { required: true, whitespace: true, message: t('units:titleRequired') },
              { max: 300, message: t('units:titleTooLong') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="enTitle"
            label={t('units:enTitle')}
            rules={[
              { required: true, whitespace: true, message: t('units:titleRequired') },
              { max: 300, message: t('units:titleTooLong') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={t('units:sort')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default function AdminUnits(props: AdminUnitsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Units {...props} />
    </AntdRoot>
  );
}
