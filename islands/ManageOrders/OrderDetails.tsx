/** An order's expanded row: its items (invalid ones struck through) and its payment attempts. */
import { Table, Typography } from 'antd';
import type { ManagedOrderView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';
import { AttemptTag, formatAt, ItemLine, methodName, moneyText, type T } from '../shared/orders';

export function OrderDetails({ order, t, lang }: { order: ManagedOrderView; t: T; lang: Lang }) {
  return (
    <div className="order-details" style={{ maxWidth: '100%' }}>
      <Typography.Text strong>{t('orders:manage.items')}</Typography.Text>
      <div style={{ margin: '4px 0 12px' }}>
        {order.items.map((item) => (
          <div key={item.id}>
            <ItemLine item={item} lang={lang} />
          </div>
        ))}
      </div>
      {order.remark ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
          {t('orders:manage.remark')}: {order.remark}
        </Typography.Paragraph>
      ) : null}
      <Typography.Text strong>{t('orders:manage.attempts')}</Typography.Text>
      <Table
        size="small"
        rowKey="attemptNo"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={order.attempts}
        locale={{ emptyText: t('orders:manage.noAttempts') }}
        style={{ marginTop: 4 }}
        columns={[
          { title: t('orders:result.attemptNo'), dataIndex: 'attemptNo', key: 'no', width: 150 },
          { title: t('orders:result.method'), dataIndex: 'method', key: 'method', render: (m: string) => methodName(m, t) },
          { title: t('orders:result.amount'), key: 'amount', render: (_, a) => moneyText(a.amount, lang) },
          { title: t('orders:result.received'), key: 'received', render: (_, a) => moneyText(a.received, lang) },
          { title: t('orders:result.state'), key: 'state', render: (_, a) => <AttemptTag state={a.state} t={t} /> },
          { title: t('orders:result.createdAt'), key: 'created', render: (_, a) => formatAt(a.createdAt, lang) },
          { title: t('orders:result.succeededAt'), key: 'succeeded', render: (_, a) => formatAt(a.succeededAt, lang) },
          { title: t('orders:manage.providerRef'), key: 'ref', render: (_, a) => <Typography.Text copyable={Boolean(a.providerRef)}>{a.providerRef ?? ''}</Typography.Text> },
        ]}
      />
      {order.refunds.length ? (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>{t('orders:manage.refunds')}</Typography.Text>
          <Table
            size="small"
            rowKey="refundNo"
            pagination={false}
            scroll={{ x: 600 }}
            dataSource={order.refunds}
            style={{ marginTop: 4 }}
            columns={[
              { title: t('orders:manage.refundNo'), dataIndex: 'refundNo', key: 'no', width: 170 },
              { title: t('orders:result.amount'), key: 'amount', render: (_, r) => moneyText(r.amount, lang) },
              { title: t('orders:manage.refundReason'), dataIndex: 'reason', key: 'reason' },
              { title: t('orders:result.state'), key: 'state', render: (_, r) => t(`orders:manage.refundState.${r.state}`) },
              { title: t('orders:result.createdAt'), key: 'created', render: (_, r) => formatAt(r.createdAt, lang) },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
