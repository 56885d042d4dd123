/**
 * Order management (spec 2.12 manage/order, 5 "Order deal"): the orders with their filters,
 * deal and refresh; the payment queue of unmatched money; the import of a bank statement.
 */
import { useRef, useState } from 'react';
import { App, Badge, Tabs } from 'antd';
import { ordersApi } from '../../server/contract/orders';
import { showInAddress } from '../shared/address';
import type { Filters } from './filters';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText } from '../shared/orderText';
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { OrdersTab } from './OrdersTab';
import type { ManageOrdersProps } from './props';

/** The payment queue and the statement import load when first opened (issue 32). */
const QueueTab = lazyPart(() => import('./QueueTab').then((m) => m.QueueTab));
const StatementTab = lazyPart(() => import('./StatementTab').then((m) => m.StatementTab));

function Orders({ lang, mobile, page, anomalies, mapping, tab = 'orders', filter = {} }: ManageOrdersProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [queue, setQueue] = useState(anomalies);
  const open = queue.filter((a) => !a.resolvedAt).length;
  // the address holds the tab, or the orders' filter on the orders tab
  const orderFilter = useRef(filter);
  const onFilter = (f: Filters) => {
    orderFilter.current = f;
    showInAddress(f);
  };
  const onTab = (key: string) => showInAddress(key === 'orders' ? orderFilter.current : { tab: key }, true);
  usePreload(QueueTab, StatementTab);

  // An import may queue rows: the queue tab shows them without a reload of the page.
  async function reloadQueue() {
    try {
      setQueue(await call(ordersApi.anomalies));
    } catch (err) {
      message.error(errorText(err, t));
    }
  }

  return (
    <Tabs
      className="manage-orders"
      defaultActiveKey={tab}
      onChange={onTab}
      items={[
        {
          key: 'orders',
          label: t('orders:manage.tabOrders'),
          children: <OrdersTab lang={lang} mobile={mobile} initial={page} t={t} filter={filter} onFilter={onFilter} />,
        },
        {
          key: 'queue',
          label: (
            <Badge count={open} size="small" offset={[8, -2]}>
              {t('orders:manage.tabQueue')}
            </Badge>
          ),
          children: (
            <LaterTab>
              <QueueTab anomalies={queue} setAnomalies={setQueue} t={t} lang={lang} mobile={mobile} />
            </LaterTab>
          ),
        },
        {
          key: 'statement',
          label: t('orders:manage.tabStatement'),
          children: (
            <LaterTab>
              <StatementTab mapping={mapping} t={t} lang={lang} mobile={mobile} onImported={reloadQueue} />
            </LaterTab>
          ),
        },
      ]}
    />
  );
}

export default function ManageOrders(props: ManageOrdersProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Orders {...props} />
    </AntdRoot>
  );
}
