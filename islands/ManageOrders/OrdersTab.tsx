/**
 * The orders tab (spec 2.12 manage/order): filters, the table with an expandable row for items
 * and payments, deal and refresh per order, and the export of what the filters select.
 */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { ORDER_STATUSES, ORDER_TYPES, ordersApi, type ManagedOrderView, type OrderPage } from '../../server/contract/orders';
import { call } from '../shared/api';
import { downloadPost } from '../shared/download';
import type { Lang } from '../shared/locale';
import { errorText, formatAt, methodName, moneyText, TransactionTag, type T } from '../shared/orders';
import { DealDialog } from './DealDialog';
import { RefundDialog } from './RefundDialog';
import { filtersOf, PAYMENT_METHODS, type Filters, type FilterValues } from './filters';
import { OrderDetails } from './OrderDetails';

export function OrdersTab({ lang, mobile, initial, t }: { lang: Lang; mobile: boolean; initial: OrderPage; t: T }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const [data, setData] = useState(initial);
  const [filters, setFilters] = useState<Filters>({});
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dealing, setDealing] = useState<ManagedOrderView | null>(null);
  const [refunding, setRefunding] = useState<ManagedOrderView | null>(null);
  const [refreshing, setRefreshing] = useState<number | null>(null);
  const fail = (err: unknown) => message.error(errorText(err, t));
  const replace = (o: ManagedOrderView) => setData((d) => ({ ...d, rows: d.rows.map((r) => (r.id === o.id ? o : r)) }));

  async function load(next: Filters, page: number) {
    setLoading(true);
    try {
      setData(await call(ordersApi.list, { query: { ...next, page, size: data.size } }));
      setFilters(next);
    } catch (err) {
      fail(err);
    } finally {
      setLoading(false);
    }
  }

  async function refresh(o: ManagedOrderView) {
    setRefreshing(o.id);
    try {
      replace(await call(ordersApi.manageRefresh, { params: { id: o.id } }));
      message.success(t('orders:manage.refreshed'));
    } catch (err) {
      fail(err);
    } finally {
      setRefreshing(null);
    }
  }

  async function exportExcel() {
    setExporting(true);
    try {
      await downloadPost(ordersApi.excel, filters, 'orders.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setExporting(false);
    }
  }

  const option = (prefix: string) => (v: string) => ({ value: v, label: t(`orders:${prefix}.${v}`) });
  return (
    <div className="manage-orders-list">
      <Form form={form} layout={mobile ? 'vertical' : 'inline'} name="orderFilters" onFinish={(v: FilterValues) => load(filtersOf(v), 1)} className="admin-add" style={{ rowGap: 8 }}>
        <Form.Item name="status" label={t('orders:manage.status')}>
          <Select allowClear style={{ minWidth: 120 }} options={ORDER_STATUSES.map(option('status'))} />
        </Form.Item>
        <Form.Item name="type" label={t('orders:manage.type')}>
          <Select allowClear style={{ minWidth: 120 }} options={ORDER_TYPES.map(option('type'))} />
        </Form.Item>
        <Form.Item name="method" label={t('orders:manage.method')}>
          <Select allowClear style={{ minWidth: 140 }} options={PAYMENT_METHODS.map(option('methods'))} />
        </Form.Item>
        <Form.Item name="dates" label={t('orders:manage.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={mobile ? { width: '100%' } : undefined} />
        </Form.Item>
        <Form.Item name="person" label={t('orders:manage.person')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="orderNo" label={t('orders:manage.orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={loading}>{t('orders:manage.search')}</Button>
            <Button onClick={() => { form.resetFields(); void load({}, 1); }}>{t('orders:manage.reset')}</Button>
            <Button onClick={exportExcel} loading={exporting}>{t('orders:manage.export')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <p className="admin-hint" style={{ margin: '12px 0' }}>{t('orders:manage.total', { n: data.total })}</p>
      <Table
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={loading}
        dataSource={data.rows}
        scroll={{ x: 1100 }}
        expandable={{ expandedRowRender: (row) => <OrderDetails order={row} t={t} lang={lang} /> }}
        pagination={{ current: data.page, pageSize: data.size, total: data.total, showSizeChanger: false, simple: mobile, onChange: (page) => load(filters, page) }}
        columns={[
          { title: t('orders:manage.orderNo'), key: 'no', width: 170, fixed: mobile ? undefined : 'left', render: (_, o) => <><div>{o.orderNo}</div><Typography.Text type="secondary">{t('orders:manage.reference')}: {o.reference}</Typography.Text></> },
          { title: t('orders:manage.user'), key: 'user', render: (_, o) => <><div>{o.name || '—'}</div><Typography.Text type="secondary">{o.email}</Typography.Text></> },
          { title: t('orders:manage.type'), key: 'type', width: 110, render: (_, o) => <Tag>{t(`orders:type.${o.type}`)}</Tag> },
          { title: t('orders:manage.amount'), key: 'total', width: 120, render: (_, o) => moneyText(o.total, lang) },
          { title: t('orders:manage.paid'), key: 'paid', width: 120, render: (_, o) => (o.status === 'paid' ? moneyText(o.paid, lang) : '') },
          { title: t('orders:manage.status'), key: 'status', width: 150, render: (_, o) => <Space orientation="vertical" size={2}><TransactionTag status={o.transaction} t={t} />{o.status === 'invalid' ? <Tag color="red">{t('orders:status.invalid')}</Tag> : null}</Space> },
          { title: t('orders:manage.method'), key: 'method', width: 120, render: (_, o) => methodName(o.method, t) },
          { title: t('orders:manage.createdAt'), key: 'created', width: 150, render: (_, o) => formatAt(o.createdAt, lang) },
          {
            title: t('orders:manage.actions'), key: 'actions', width: 130, fixed: mobile ? undefined : 'right',
            render: (_, o) => (
              <Space>
                <a role="button" onClick={() => setDealing(o)}>{t('orders:manage.deal')}</a>
                {o.refundable && o.refundable.amount > 0 ? <a role="button" onClick={() => setRefunding(o)}>{t('orders:manage.refund')}</a> : null}
                <a role="button" onClick={() => refresh(o)} aria-busy={refreshing === o.id}>{t('orders:manage.refresh')}</a>
              </Space>
            ),
          },
        ]}
      />
      <RefundDialog order={refunding} t={t} lang={lang} mobile={mobile} onClose={() => setRefunding(null)} onDone={(o) => { replace(o); setRefunding(null); }} />
      <DealDialog order={dealing} t={t} mobile={mobile} onClose={() => setDealing(null)} onDone={(o) => { replace(o); setDealing(null); }} />
    </div>
  );
}
