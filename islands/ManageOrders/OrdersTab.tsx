/**
 * The orders tab (spec 2.12 manage/order): filters, the table with an expandable row for items
 * and payments, deal and refresh per order, and the export of what the filters select.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import {
  ORDER_STATUSES,
  ORDER_TYPES,
  ordersApi,
  type ManagedOrderView,
  type OrderPage,
} from '../../server/contract/orders';
import { call } from '../shared/api';
import { downloadPost } from '../shared/download';
import { ManageTable } from '../shared/ManageTable';
import { LightDateRange } from '../shared/lightDateRange';
import type { Lang } from '../shared/locale';
import { errorText, formatAt, methodName, moneyText, orderAmount, TransactionTag, type T } from '../shared/orders';
import { DealDialog, RefundDialog } from './lazyDialogs';
import { filtersOf, PAYMENT_METHODS, valuesOf, type Filters, type FilterValues } from './filters';
import { OrderDetails } from './OrderDetails';

export function OrdersTab({
  lang,
  mobile,
  initial,
  t,
  filter = {},
  onFilter,
}: {
  lang: Lang;
  mobile: boolean;
  initial: OrderPage;
  t: T;
  filter?: Filters;
  onFilter?: (f: Filters) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const [data, setData] = useState(initial);
  const [filters, setFilters] = useState<Filters>(filter);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dealing, setDealing] = useState<ManagedOrderView | null>(null);
  const [refunding, setRefunding] = useState<ManagedOrderView | null>(null);
  const [refreshing, setRefreshing] = useState<number | null>(null);
  const fail = (err: unknown) => message.error(errorText(err, t));
  const replace = (o: ManagedOrderView) => setData((d) => ({ ...d, rows: d.rows.map((r) => (r.id === o.id ? o : r)) }));

  /** A new search from the form: the list and the address follow it. */
  function search(next: Filters) {
    onFilter?.(next);
    return load(next, 1);
  }

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
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        name="orderFilters"
        initialValues={valuesOf(filter)}
        onFinish={(v: FilterValues) => search(filtersOf(v))}
        className="admin-add"
        style={{ rowGap: 8 }}
      >
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
          <LightDateRange lang={lang} label={t('orders:manage.dates')} block={mobile} />
        </Form.Item>
        <Form.Item name="person" label={t('orders:manage.person')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="orderNo" label={t('orders:manage.orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="currency" label={t('orders:manage.currency')}>
          <Input allowClear maxLength={3} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="paidDates" label={t('orders:manage.paidDates')}>
          <LightDateRange lang={lang} label={t('orders:manage.paidDates')} block={mobile} />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={loading}>
              {t('orders:manage.search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue(valuesOf({}));
                void search({});
              }}
            >
              {t('orders:manage.reset')}
            </Button>
            <Button onClick={exportExcel} loading={exporting}>
              {t('orders:manage.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <p className="admin-hint" style={{ margin: '12px 0' }}>
        {t('orders:manage.total', { n: data.total })}
      </p>
      <ManageTable<ManagedOrderView>
        mobile={mobile}
        rowKey={(o) => o.id}
        loading={loading}
        rows={data.rows}
        emptyText={t('orders:list.none')}
        details={(row) => <OrderDetails order={row} t={t} lang={lang} mobile={mobile} />}
        pagination={{
          current: data.page,
          pageSize: data.size,
          total: data.total,
          onChange: (page) => load(filters, page),
        }}
        columns={[
          {
            key: 'no',
            title: t('orders:manage.orderNo'),
            minWidth: 150,
            primary: true,
            render: (o) => (
              <>
                <div>{o.orderNo}</div>
                <Typography.Text type="secondary">
                  {t('orders:manage.reference')}: {o.reference}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'user',
            title: t('orders:manage.user'),
            minWidth: 150,
            render: (o) => (
              <>
                <div className="manage-name">{o.name || '—'}</div>
                <Typography.Text type="secondary">{o.email}</Typography.Text>
              </>
            ),
          },
          { key: 'type', title: t('orders:manage.type'), render: (o) => <Tag>{t(`orders:type.${o.type}`)}</Tag> },
          // What was paid under the amount: one column less, so that every column fits at 1366 px.
          {
            key: 'total',
            title: t('orders:manage.amount'),
            minWidth: 100,
            render: (o) => (
              <>
                <div className="order-total">{orderAmount(o, lang)}</div>
                {o.status === 'paid' ? (
                  <Typography.Text type="secondary">
                    {t('orders:manage.paid')}: {moneyText(o.paid, lang)}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            key: 'status',
            title: t('orders:manage.status'),
            minWidth: 88,
            render: (o) => (
              <Space orientation="vertical" size={2}>
                <TransactionTag status={o.transaction} t={t} />
                {o.status === 'invalid' ? <Tag color="red">{t('orders:status.invalid')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'method', title: t('orders:manage.method'), render: (o) => methodName(o.method, t) },
          {
            key: 'created',
            title: t('orders:manage.createdAt'),
            minWidth: 110,
            render: (o) => formatAt(o.createdAt, lang),
          },
          {
            key: 'actions',
            title: t('orders:manage.actions'),
            minWidth: 110,
            actions: true,
            render: (o) => (
              <Space wrap size={[12, 4]}>
                <a role="button" onClick={() => setDealing(o)}>
                  {t('orders:manage.deal')}
                </a>
                {o.refundable && o.refundable.amount > 0 ? (
                  <a role="button" onClick={() => setRefunding(o)}>
                    {t('orders:manage.refund')}
                  </a>
                ) : null}
                <a role="button" onClick={() => refresh(o)} aria-busy={refreshing === o.id}>
                  {t('orders:manage.refresh')}
                </a>
              </Space>
            ),
          },
        ]}
      />
      <RefundDialog
        order={refunding}
        t={t}
        lang={lang}
        mobile={mobile}
        onClose={() => setRefunding(null)}
        onDone={(o) => {
          replace(o);
          setRefunding(null);
        }}
      />
      <DealDialog
        order={dealing}
        t={t}
        mobile={mobile}
        onClose={() => setDealing(null)}
        onDone={(o) => {
          replace(o);
          setDealing(null);
        }}
      />
    </div>
  );
}
