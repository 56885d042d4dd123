/**
 * Receipt management (spec 2.12 manage/receipt, 4 "Receipt status"): the invoice requests with
 * filters (status, person, order number); edit the status (unbilled → to be invoiced → invoiced,
 * never backwards), the express tracking number and the bill number; export to Excel.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, List, Modal, Select, Space, Table, Tag } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { formatMoney } from '../../server/contract/money';
import { INVOICE_STATUSES, receiptsApi, type InvoicePage, type InvoiceStatus, type ManagedInvoiceView } from '../../server/contract/receipts';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { downloadPost } from '../shared/download';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { useHydrated } from '../shared/hydrated';

export type ManageReceiptsProps = { lang: Lang; mobile: boolean; page: InvoicePage };

type Filter = { status?: InvoiceStatus; person?: string; orderNo?: string };
type Edit = { status: InvoiceStatus; expressNo: string; billNo: string };

const COLORS: Record<InvoiceStatus, string> = { unbilled: 'default', toInvoice: 'processing', invoiced: 'success' };

function Receipts({ lang, mobile, page: initial }: ManageReceiptsProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [filter, setFilter] = useState<Filter>({});
  const [editing, setEditing] = useState<ManagedInvoiceView | null>(null);
  const [form] = Form.useForm<Edit>();
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
  const clean = (f: Filter) => ({ status: f.status, person: f.person?.trim() || undefined, orderNo: f.orderNo?.trim() || undefined });

  async function load(f: Filter, page: number) {
    try {
      setData(await call(receiptsApi.list, { query: { ...clean(f), page, size: 20 } }));
      setFilter(f);
    } catch (err) {
      fail(err);
    }
  }

  function open(row: ManagedInvoiceView) {
    form.setFieldsValue({ status: row.status, expressNo: row.expressNo, billNo: row.billNo });
    setEditing(row);
  }

  async function save() {
    if (!editing) return;
    const values = await form.validateFields();
    if (INVOICE_STATUSES.indexOf(values.status) < INVOICE_STATUSES.indexOf(editing.status)) return void form.setFields([{ name: 'status', errors: [t('receipts:statusBackwards')] }]);
    try {
      const done = await call(receiptsApi.update, { params: { id: editing.id }, body: values });
      setData({ ...data, rows: data.rows.map((r) => (r.id === done.id ? done : r)) });
      setEditing(null);
      message.success(t('receipts:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof Edit, errors: [t(err.messageKey)] }]);
      else fail(err);
    }
  }

  async function exportAll() {
    try {
      await downloadPost(receiptsApi.excel, { ...clean(filter), page: 1, size: 20 }, 'receipts.xlsx');
    } catch (err) {
      fail(err);
    }
  }

  const status = (s: InvoiceStatus) => <Tag color={COLORS[s]}>{t(`receipts:status.${s}`)}</Tag>;
  const edit = (row: ManagedInvoiceView) => <a role="button" onClick={() => open(row)}>{t('receipts:edit')}</a>;
  const pagination = { current: data.page, pageSize: data.size, total: data.total, onChange: (p: number) => void load(filter, p) };

  return (
    <div className="manage-receipts">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('receipts:field.status')} style={{ width: 160 }} value={filter.status} onChange={(v: InvoiceStatus | undefined) => void load({ ...filter, status: v }, 1)}
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`receipts:status.${s}`) }))} />
        <Input.Search allowClear placeholder={t('receipts:filter.person')} style={{ width: 200 }} onSearch={(v) => void load({ ...filter, person: v }, 1)} />
        <Input.Search allowClear placeholder={t('receipts:filter.orderNo')} style={{ width: 200 }} onSearch={(v) => void load({ ...filter, orderNo: v }, 1)} />
        <Button onClick={exportAll}>{t('receipts:export.button')}</Button>
      </Space>
      {mobile ? (
        <List dataSource={data.rows} rowKey="id" pagination={pagination} locale={{ emptyText: t('receipts:none') }}
          renderItem={(r) => (
            <List.Item actions={[edit(r)]}>
              <List.Item.Meta title={<Space>{r.orderNo}{status(r.status)}</Space>} description={`${r.titleName} · ${formatMoney(r.amount, lang)} · ${r.applicantName || r.applicantEmail}`} />
            </List.Item>
          )} />
      ) : (
        <Table<ManagedInvoiceView> rowKey="id" dataSource={data.rows} pagination={pagination} locale={{ emptyText: t('receipts:none') }}
          expandable={{ expandedRowRender: (r) => (
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={t('receipts:field.taxpayerId')}>{r.taxpayerId}</Descriptions.Item>
              <Descriptions.Item label={t('receipts:field.email')}>{r.email}</Descriptions.Item>
              <Descriptions.Item label={t('receipts:field.recipientName')}>{`${r.recipientName} ${r.phone}`}</Descriptions.Item>
              <Descriptions.Item label={t('receipts:field.address')}>{r.address}</Descriptions.Item>
              <Descriptions.Item label={t('receipts:field.attendees')}>{r.attendees.join(', ')}</Descriptions.Item>
              <Descriptions.Item label={t('receipts:field.comment')}>{r.comment}</Descriptions.Item>
            </Descriptions>
          ) }}
          columns={[
            { title: t('receipts:field.order'), dataIndex: 'orderNo' },
            { title: t('receipts:field.applicant'), render: (_, r) => r.applicantName || r.applicantEmail },
            { title: t('receipts:field.titleName'), render: (_, r) => `${r.titleName} (${t(`receipts:titleType.${r.titleType}`)})` },
            { title: t('receipts:field.amount'), render: (_, r) => formatMoney(r.amount, lang) },
            { title: t('receipts:field.paidDate'), dataIndex: 'paidDate' },
            { title: t('receipts:field.status'), render: (_, r) => status(r.status) },
            { title: t('receipts:field.expressNo'), dataIndex: 'expressNo' },
            { title: t('receipts:field.billNo'), dataIndex: 'billNo' },
            { title: t('receipts:field.createdAt'), render: (_, r) => formatInstant(r.createdAt) },
            { title: '', render: (_, r) => edit(r) },
          ]} />
      )}
      <Modal open={editing !== null} title={editing ? `${t('receipts:edit')} ${editing.orderNo}` : ''} onOk={save} onCancel={() => setEditing(null)} okText={t('receipts:save')} cancelText={t('profile.cancel')} forceRender={hydrated}>
        <Form form={form} layout="vertical" name="receipt">
          <Form.Item name="status" label={t('receipts:field.status')}>
            <Select options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`receipts:status.${s}`), disabled: editing ? INVOICE_STATUSES.indexOf(s) < INVOICE_STATUSES.indexOf(editing.status) : false }))} />
          </Form.Item>
          <Form.Item name="expressNo" label={t('receipts:field.expressNo')} rules={[{ max: 64, message: t('receipts:expressNoTooLong') }]}><Input maxLength={64} /></Form.Item>
          <Form.Item name="billNo" label={t('receipts:field.billNo')} rules={[{ max: 64, message: t('receipts:billNoTooLong') }]}><Input maxLength={64} /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default function ManageReceipts(props: ManageReceiptsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Receipts {...props} />
    </AntdRoot>
  );
}
