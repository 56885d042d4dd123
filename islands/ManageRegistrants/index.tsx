/**
 * User management (spec 2.12 manage/user): search by a keyword (the name however it was given,
 * the user number or the organisation) and by e-mail, 20 a page, a table on a
 * computer and a list on a phone; view, delete, select; e-mail the selected or all; export
 * users, their files and their badges.
 */
import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Form, Input, List, Pagination, Popconfirm, Select, Space, Table } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { REGISTRANT_PAGE_SIZE, type RegistrantListRow } from '../../server/contract/registrants';
import { NO_COUNTRY, registrationApi } from '../../server/contract/registration';
import { showInAddress } from '../shared/address';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { downloadPost } from '../shared/download';
import { translator } from '../shared/i18n';
import { MailDialog, type MailTarget } from './MailDialog';
import type { RegistrantFilter, ManageRegistrantsProps } from './props';

type Query = RegistrantFilter & { name: string; email: string; page: number };
const FILTER_KEYS = ['name', 'email', 'country', 'unit', 'from', 'to', 'version'] as const;

/** Only the filters given, the texts trimmed. */
function filterOf(v: RegistrantFilter): RegistrantFilter {
  const out: RegistrantFilter = {};
  for (const key of FILTER_KEYS) {
    const value = v[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

function Registrants({
  lang,
  mobile,
  initial,
  badgeEnabled,
  versions,
  filter = {},
  countries = [],
}: ManageRegistrantsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [form] = Form.useForm<RegistrantFilter>();
  const [query, setQuery] = useState<Query>({ name: '', email: '', ...filter, page: 1 });
  const [loading, setLoading] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<RegistrantListRow[]>([]);
  const [mail, setMail] = useState<MailTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  /** A new search from the form: the list and the address follow it. */
  function search(v: RegistrantFilter) {
    const f = filterOf(v);
    showInAddress(f);
    return load({ name: '', email: '', ...f, page: 1 });
  }

  async function load(next: Query) {
    setLoading(true);
    try {
      setData(await call(registrationApi.find, { body: { ...next, size: REGISTRANT_PAGE_SIZE } }));
      setQuery(next);
    } catch (err) {
      fail(err);
    } finally {
      setLoading(false);
    }
  }

  async function remove(row: RegistrantListRow) {
    try {
      await call(registrationApi.remove, { query: { id: row.id } });
      message.success(t('registration:deleted'));
      setSelected((s) => s.filter((r) => r.id !== row.id));
      await load(query);
    } catch (err) {
      fail(err);
    }
  }

  // View opens in a new tab; in the same window on iOS, where new tabs get lost (spec 2.12).
  function view(row: RegistrantListRow) {
    const href = `/platform/manage/userDetails?uid=${row.id}`;
    if (/iPhone|iPad|iPod/.test(navigator.userAgent)) location.assign(href);
    else window.open(href, '_blank', 'noopener');
  }

  async function openMail(all: boolean) {
    if (!all && selected.length === 0) return void message.warning(t('manageRegistration:userMsg'));
    try {
      if (!(await call(registrationApi.mailConfigured))) return void message.error(t('registration:noMailConfig'));
    } catch (err) {
      return fail(err);
    }
    setMail(all ? { all: true } : { all: false, ids: selected.map((r) => r.id), emails: selected.map((r) => r.email) });
  }

  async function exportFile(kind: 'excel' | 'files' | 'badges') {
    setBusy(kind);
    const ids = selected.map((r) => r.id);
    try {
      if (kind === 'excel')
        await downloadPost(registrationApi.excel, ids.length ? { ids } : filterOf(query), 'user.xlsx');
      if (kind === 'files')
        await downloadPost(registrationApi.allFiles, ids.length ? { ids } : filterOf(query), 'files.zip');
      // Badges: the selected users, or the current page when none are selected.
      if (kind === 'badges')
        await downloadPost(registrationApi.badges, { ids: ids.length ? ids : data.rows.map((r) => r.id) }, 'badge.pdf');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const actions = (row: RegistrantListRow) => [
    <a key="view" role="button" onClick={() => view(row)}>
      {t('manageRegistration:view')}
    </a>,
    <Popconfirm
      key="delete"
      title={t('manageRegistration:confirmDelete', { name: row.name || row.email })}
      onConfirm={() => remove(row)}
      okText={t('manageRegistration:delete')}
      cancelText={t('profile.cancel')}
    >
      <a className="danger-link" role="button">
        {t('manageRegistration:delete')}
      </a>
    </Popconfirm>,
  ];
  const isSelected = (row: RegistrantListRow) => selected.some((r) => r.id === row.id);
  const toggle = (row: RegistrantListRow, on: boolean) =>
    setSelected((s) => (on ? [...s.filter((r) => r.id !== row.id), row] : s.filter((r) => r.id !== row.id)));

  return (
    <div className="manage-registrants">
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        name="registrantSearch"
        initialValues={filter}
        onFinish={search}
        className="admin-add"
        style={{ rowGap: 8 }}
      >
        <Form.Item name="name" label={t('manageRegistration:keyword')}>
          <Input allowClear placeholder={t('manageRegistration:keywordHint')} />
        </Form.Item>
        <Form.Item name="email" label={t('manageRegistration:email')}>
          <Input allowClear inputMode="email" />
        </Form.Item>
        <Form.Item name="country" label={t('manageRegistration:country')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={mobile ? undefined : { minWidth: 160 }}
            placeholder={t('manageRegistration:any')}
            options={[...countries, { value: NO_COUNTRY, label: t('manageRegistration:noCountry') }]}
          />
        </Form.Item>
        <Form.Item name="unit" label={t('manageRegistration:unitExact')}>
          <Input allowClear placeholder={t('manageRegistration:unitExactHint')} />
        </Form.Item>
        <Form.Item name="from" label={t('manageRegistration:dayFrom')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label={t('manageRegistration:dayTo')}>
          <Input type="date" />
        </Form.Item>
        {versions.length > 1 || filter.version ? (
          <Form.Item name="version" label={t('manageRegistration:version')}>
            <Select
              allowClear
              style={mobile ? undefined : { minWidth: 100 }}
              placeholder={t('manageRegistration:any')}
              options={versions.map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={loading} block={mobile}>
              {t('manageRegistration:search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
                void search({});
              }}
            >
              {t('manageRegistration:reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap className="registrant-toolbar" style={{ margin: '12px 0' }}>
        <Button href="/platform/manage/user/add">{t('manageRegistration:add')}</Button>
        <Button onClick={() => openMail(false)}>{t('manageRegistration:sendSelected', { n: selected.length })}</Button>
        <Button onClick={() => openMail(true)}>{t('manageRegistration:sendAll')}</Button>
        <Button onClick={() => exportFile('excel')} loading={busy === 'excel'} disabled={!hydrated || loading}>
          {t('manageRegistration:exportUsers')}
        </Button>
        <Button onClick={() => exportFile('files')} loading={busy === 'files'}>
          {t('manageRegistration:exportFiles')}
        </Button>
        {badgeEnabled ? (
          <Button onClick={() => exportFile('badges')} loading={busy === 'badges'}>
            {t('manageRegistration:exportBadges')}
          </Button>
        ) : null}
      </Space>
      <p className="admin-hint">{t('manageRegistration:total', { n: data.total })}</p>
      {mobile ? (
        <>
          <List
            loading={loading}
            dataSource={data.rows}
            rowKey="id"
            renderItem={(row) => (
              <List.Item actions={actions(row)}>
                <List.Item.Meta
                  avatar={
                    <Checkbox
                      checked={isSelected(row)}
                      onChange={(e) => toggle(row, e.target.checked)}
                      aria-label={row.email}
                    />
                  }
                  title={`${row.name || '—'} · ${row.code}`}
                  description={`${row.email}${row.unit ? ` · ${row.unit}` : ''}`}
                />
              </List.Item>
            )}
          />
          <Pagination
            simple
            current={query.page}
            pageSize={REGISTRANT_PAGE_SIZE}
            total={data.total}
            onChange={(page) => load({ ...query, page })}
            style={{ marginTop: 12 }}
          />
        </>
      ) : (
        <Table
          rowKey="id"
          loading={loading}
          dataSource={data.rows}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_keys, rows) =>
              setSelected((s) => [...s.filter((r) => !data.rows.some((d) => d.id === r.id)), ...rows]),
          }}
          pagination={{
            current: query.page,
            pageSize: REGISTRANT_PAGE_SIZE,
            total: data.total,
            showSizeChanger: false,
            onChange: (page) => load({ ...query, page }),
          }}
          columns={[
            { title: t('manageRegistration:code'), dataIndex: 'code', key: 'code', width: 120 },
            {
              title: t('manageRegistration:name'),
              dataIndex: 'name',
              key: 'name',
              width: 140,
              render: (v: string) => v || '—',
            },
            { title: t('manageRegistration:email'), dataIndex: 'email', key: 'email' },
            { title: t('manageRegistration:unit'), dataIndex: 'unit', key: 'unit' },
            {
              title: t('manageRegistration:registeredAt'),
              dataIndex: 'createTime',
              key: 'createTime',
              width: 170,
              render: (v: string) => formatInstant(v),
            },
            {
              title: t('manageRegistration:actions'),
              key: 'actions',
              width: 130,
              render: (_, row) => <Space>{actions(row)}</Space>,
            },
          ]}
        />
      )}
      <MailDialog t={t} target={mail} onClose={() => setMail(null)} />
    </div>
  );
}

export default function ManageRegistrants(props: ManageRegistrantsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Registrants {...props} />
    </AntdRoot>
  );
}
