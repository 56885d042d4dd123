/**
 * Receipt management (spec 2.12 manage/receipt, 4 "Receipt status"): the invoice requests with
 * filters (status, person, order number); edit the status (unbilled → to be invoiced → invoiced,
 * never backwards), the express tracking number and the bill number; export to Excel.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { formatInstant } from '../../server/contract/conferences';
import { formatMoney } from '../../server/contract/money';
import {
  INVOICE_STATUSES,
  receiptsApi,
  type InvoiceStatus,
  type ManagedInvoiceView,
} from '../../server/contract/receipts';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { downloadPost } from '../shared/download';
import { translator } from '../shared/i18n';
import { useHydrated } from '../shared/hydrated';
import { ManageTable } from '../shared/ManageTable';
import { checkedValues } from '../shared/formCheck';
import type { ManageReceiptsProps } from './props';

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
  const clean = (f: Filter) => ({
    status: f.status,
    person: f.person?.trim() || undefined,
    orderNo: f.orderNo?.trim() || undefined,
  });

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
    const values = await checkedValues(form);
    if (!values) return;
    if (INVOICE_STATUSES.indexOf(values.status) < INVOICE_STATUSES.indexOf(editing.status))
      return void form.setFields([{ name: 'status', errors: [t('receipts:statusBackwards')] }]);
    try {
      const done = await call(receiptsApi.update, { params: { id: editing.id }, body: values });
      setData({ ...data, rows: data.rows.map((r) => (r.id === done.id ? done : r)) });
      setEditing(null);
      message.success(t('receipts:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setFields([{ name: err.field as keyof Edit, errors: [t(err.messageKey)] }]);
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
  const edit = (row: ManagedInvoiceView) => (
    <a role="button" onClick={() => open(row)}>
      {t('receipts:edit')}
    </a>
  );
  const pagination = {
    current: data.page,
    pageSize: data.size,
    total: data.total,
    onChange: (p: number) => void load(filter, p),
  };

  return (
    <div className="manage-receipts">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('receipts:field.status')}
          aria-label={t('receipts:field.status')}
          style={{ width: 160 }}
          value={filter.status}
          onChange={(v: InvoiceStatus | undefined) => void load({ ...filter, status: v }, 1)}
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`receipts:status.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('receipts:filter.person')}
          aria-label={t('receipts:filter.person')}
          style={{ width: 200 }}
          onSearch={(v) => void load({ ...filter, person: v }, 1)}
        />
        <Input.Search
          allowClear
          placeholder={t('receipts:filter.orderNo')}
          aria-label={t('receipts:filter.orderNo')}
          style={{ width: 200 }}
          onSearch={(v) => void load({ ...filter, orderNo: v }, 1)}
        />
        <Button onClick={exportAll}>{t('receipts:export.button')}</Button>
      </Space>
      <ManageTable<ManagedInvoiceView>
        mobile={mobile}
        rowKey={(r) => r.id}
        rows={data.rows}
        pagination={pagination}
        emptyText={t('receipts:none')}
        details={(r) => (
          <Descriptions size="small" column={mobile ? 1 : 2}>
            <Descriptions.Item label={t('receipts:field.taxpayerId')}>{r.taxpayerId}</Descriptions.Item>
            <Descriptions.Item label={t('receipts:field.email')}>{r.email}</Descriptions.Item>
            <Descriptions.Item
              label={t('receipts:field.recipientName')}
            >{`${r.recipientName} ${r.phone}`}</Descriptions.Item>
            <Descriptions.Item label={t('receipts:field.address')}>{r.address}</Descriptions.Item>
            <Descriptions.Item label={t('receipts:field.attendees')}>{r.attendees.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('receipts:field.comment')}>{r.comment}</Descriptions.Item>
          </Descriptions>
        )}
        columns={[
          { key: 'order', title: t('receipts:field.order'), minWidth: 140, primary: true, render: (r) => r.orderNo },
          {
            key: 'applicant',
            title: t('receipts:field.applicant'),
            minWidth: 100,
            render: (r) => r.applicantName || r.applicantEmail,
          },
          {
            key: 'title',
            title: t('receipts:field.titleName'),
            minWidth: 160,
            render: (r) => `${r.titleName} (${t(`receipts:titleType.${r.titleType}`)})`,
          },
          // The day it was paid under the amount, the bill under the tracking number: every column fits at 1366 px.
          {
            key: 'amount',
            title: `${t('receipts:field.amount')} · ${t('receipts:field.paidDate')}`,
            minWidth: 110,
            render: (r) => (
              <>
                <div>{formatMoney(r.amount, lang)}</div>
                <Typography.Text type="secondary">{r.paidDate}</Typography.Text>
              </>
            ),
          },
          { key: 'status', title: t('receipts:field.status'), render: (r) => status(r.status) },
          {
            key: 'numbers',
            title: `${t('receipts:field.expressNo')} · ${t('receipts:field.billNo')}`,
            minWidth: 110,
            render: (r) => (
              <>
                <div>{r.expressNo}</div>
                <Typography.Text type="secondary">{r.billNo}</Typography.Text>
              </>
            ),
          },
          {
            key: 'created',
            title: t('receipts:field.createdAt'),
            minWidth: 100,
            render: (r) => formatInstant(r.createdAt),
          },
          { key: 'edit', title: t('receipts:edit'), actions: true, render: (r) => edit(r) },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${t('receipts:edit')} ${editing.orderNo}` : ''}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText={t('receipts:save')}
        cancelText={t('profile.cancel')}
        forceRender={hydrated}
      >
        <Form form={form} layout="vertical" name="receipt">
          <Form.Item name="status" label={t('receipts:field.status')}>
            <Select
              options={INVOICE_STATUSES.map((s) => ({
                value: s,
                label: t(`receipts:status.${s}`),
                disabled: editing ? INVOICE_STATUSES.indexOf(s) < INVOICE_STATUSES.indexOf(editing.status) : false,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="expressNo"
            label={t('receipts:field.expressNo')}
            rules={[{ max: 64, message: t('receipts:expressNoTooLong') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="billNo"
            label={t('receipts:field.billNo')}
            rules={[{ max: 64, message: t('receipts:billNoTooLong') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
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
