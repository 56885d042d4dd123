/** An order's expanded row: its items (invalid ones struck through), its payment attempts, its refunds and its history (the order log, issue 35). */
import { Typography } from 'antd';
import type { ManagedOrderView } from '../../server/contract/orders';
import { logDetailText, type OrderLogEntry } from '../../server/contract/orderLog';
import { ManageTable } from '../shared/ManageTable';
import type { Lang } from '../shared/locale';
import { AttemptTag, formatAt, ItemLine, methodName, moneyText, type T } from '../shared/orders';

type AttemptView = ManagedOrderView['attempts'][number];
type RefundView = ManagedOrderView['refunds'][number];

export function OrderDetails({
  order,
  t,
  lang,
  mobile,
}: {
  order: ManagedOrderView;
  t: T;
  lang: Lang;
  mobile: boolean;
}) {
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
      <ManageTable<AttemptView>
        mobile={mobile}
        size="small"
        rowKey={(a) => a.attemptNo}
        rows={order.attempts}
        emptyText={t('orders:manage.noAttempts')}
        columns={[
          { key: 'no', title: t('orders:result.attemptNo'), minWidth: 140, primary: true, render: (a) => a.attemptNo },
          { key: 'method', title: t('orders:result.method'), render: (a) => methodName(a.method, t) },
          { key: 'amount', title: t('orders:result.amount'), render: (a) => moneyText(a.amount, lang) },
          { key: 'received', title: t('orders:result.received'), render: (a) => moneyText(a.received, lang) },
          { key: 'state', title: t('orders:result.state'), render: (a) => <AttemptTag state={a.state} t={t} /> },
          {
            key: 'created',
            title: t('orders:result.createdAt'),
            minWidth: 110,
            render: (a) => formatAt(a.createdAt, lang),
          },
          {
            key: 'succeeded',
            title: t('orders:result.succeededAt'),
            minWidth: 110,
            render: (a) => formatAt(a.succeededAt, lang),
          },
          {
            key: 'ref',
            title: t('orders:manage.providerRef'),
            render: (a) => <Typography.Text copyable={Boolean(a.providerRef)}>{a.providerRef ?? ''}</Typography.Text>,
          },
        ]}
      />
      {order.refunds.length ? (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('orders:manage.refunds')}
          </Typography.Text>
          <ManageTable<RefundView>
            mobile={mobile}
            size="small"
            rowKey={(r) => r.refundNo}
            rows={order.refunds}
            columns={[
              {
                key: 'no',
                title: t('orders:manage.refundNo'),
                minWidth: 150,
                primary: true,
                render: (r) => r.refundNo,
              },
              { key: 'amount', title: t('orders:result.amount'), render: (r) => moneyText(r.amount, lang) },
              { key: 'reason', title: t('orders:manage.refundReason'), minWidth: 120, render: (r) => r.reason },
              {
                key: 'state',
                title: t('orders:result.state'),
                render: (r) => t(`orders:manage.refundState.${r.state}`),
              },
              {
                key: 'created',
                title: t('orders:result.createdAt'),
                minWidth: 110,
                render: (r) => formatAt(r.createdAt, lang),
              },
            ]}
          />
        </>
      ) : null}
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('orders:log.title')}
      </Typography.Text>
      <ManageTable<OrderLogEntry>
        mobile={mobile}
        size="small"
        rowKey={(e) => `${e.at}-${e.action}-${e.detail}`}
        rows={order.log}
        emptyText={t('orders:log.empty')}
        columns={[
          {
            key: 'at',
            title: t('orders:log.column.at'),
            minWidth: 110,
            primary: true,
            render: (e) => formatAt(e.at, lang),
          },
          { key: 'action', title: t('orders:log.column.action'), render: (e) => t(`orders:log.action.${e.action}`) },
          {
            key: 'by',
            title: t('orders:log.column.actor'),
            minWidth: 120,
            render: (e) => [t(`orders:log.actor.${e.actor}`), e.who?.name || e.who?.email].filter(Boolean).join(' · '),
          },
          {
            key: 'amount',
            title: t('orders:log.column.amount'),
            render: (e) => (e.amount ? moneyText(e.amount, lang) : ''),
          },
          { key: 'detail', title: t('orders:log.column.detail'), minWidth: 140, render: (e) => logDetailText(e, t) },
        ]}
      />
    </div>
  );
}
