/**
 * My orders (spec 2.10 order/list, 2.11): this conference's orders as cards with their actions
 * (pay, cancel, request a receipt, refresh, delete, update), several paid together when the
 * conference allows it, and below, the person's orders in other conferences.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Space, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { ordersApi, type OrderView } from '../../server/contract/orders';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText, formatAt, OrderSummary } from '../shared/orders';
import { Elsewhere } from './Elsewhere';
import type { ProfileOrdersProps } from './props';

export const payHref = (ids: number[]) => `/profile/order/pay/goto/${ids.join(',')}`;
const updateHref = (o: OrderView) =>
  `/profile/conference/fee/${o.type === 'optional' ? 'optional' : 'register'}/update/${o.id}`;

/** Orders may be paid together only in one currency (the server refuses a mix as well). */
export function canPayTogether(orders: OrderView[], ids: number[]): boolean {
  const chosen = orders.filter((o) => ids.includes(o.id) && o.can.pay);
  return chosen.length >= 2 && chosen.length === ids.length && new Set(chosen.map((o) => o.total.currency)).size === 1;
}

function Orders({ lang, mobile, orders }: ProfileOrdersProps) {
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [list, setList] = useState(orders.here);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const fail = (err: unknown) => message.error(errorText(err, t));
  const replace = (o: OrderView) => setList((l) => l.map((x) => (x.id === o.id ? o : x)));

  async function act(key: string, work: () => Promise<void>) {
    setBusy(key);
    try {
      await work();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const refresh = (o: OrderView) =>
    act(`refresh${o.id}`, async () => {
      replace(await call(ordersApi.refresh, { params: { id: o.id } }));
      message.success(t('orders:list.refreshed'));
    });
  // Clear words on both buttons (not [Cancel] [OK]), and a warning when a transfer was announced for the order.
  const cancel = (o: OrderView) =>
    modal.confirm({
      title: t('orders:list.cancelTitle', { orderNo: o.orderNo }),
      content: (
        <>
          <p>{t('orders:list.cancelEffect')}</p>
          {o.transaction === 'delay' || o.transaction === 'sure' || o.transaction === 'dePay' ? (
            <Alert type="warning" showIcon title={t('orders:list.cancelTransferWarning')} />
          ) : null}
        </>
      ),
      okText: t('orders:list.cancelYes'),
      okButtonProps: { danger: true },
      cancelText: t('orders:list.cancelNo'),
      onOk: () =>
        act(`cancel${o.id}`, async () => {
          replace(await call(ordersApi.cancel, { params: { id: o.id } }));
          setSelected((s) => s.filter((id) => id !== o.id));
          message.success(t('orders:cancelled'));
        }),
    });
  const remove = (o: OrderView) =>
    modal.confirm({
      content: t('orders:list.confirmDelete'),
      okButtonProps: { danger: true },
      onOk: () =>
        act(`remove${o.id}`, async () => {
          await call(ordersApi.remove, { params: { id: o.id } });
          setList((l) => l.filter((x) => x.id !== o.id));
          message.success(t('orders:removed'));
        }),
    });

  function payTogether() {
    if (!canPayTogether(list, selected)) return void message.warning(t('orders:list.selectTwo'));
    location.assign(payHref(selected));
  }

  const actions = (o: OrderView) =>
    [
      o.can.pay ? (
        <Button key="pay" type="primary" size="small" href={payHref([o.id])}>
          {t('orders:list.pay')}
        </Button>
      ) : null,
      o.can.update ? (
        <Button key="update" size="small" href={updateHref(o)}>
          {t('orders:list.update')}
        </Button>
      ) : null,
      // Once requested, the invoice's state (its page shows the request) instead of a second "Request invoice".
      o.invoice ? (
        <Button key="receipt" size="small" type="dashed" href={`/profile/order/receipt/${o.id}`}>
          {t('orders:list.invoiceState', { state: t(`receipts:status.${o.invoice}`) })}
        </Button>
      ) : o.can.receipt ? (
        <Button key="receipt" size="small" href={`/profile/order/receipt/${o.id}`}>
          {t('orders:list.receipt')}
        </Button>
      ) : null,
      <Button key="refresh" size="small" loading={busy === `refresh${o.id}`} onClick={() => refresh(o)}>
        {t('orders:list.refresh')}
      </Button>,
      o.can.cancel ? (
        <Button key="cancel" size="small" onClick={() => cancel(o)}>
          {t('orders:list.cancel')}
        </Button>
      ) : null,
      o.can.remove ? (
        <Button key="remove" size="small" danger onClick={() => remove(o)}>
          {t('orders:list.delete')}
        </Button>
      ) : null,
    ].filter(Boolean);

  const payable = list.filter((o) => o.can.pay);
  return (
    <div className="profile-orders">
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('orders:list.here')}
        </Typography.Title>
        {orders.combinedAllowed && payable.length > 1 ? (
          <Button type="primary" ghost onClick={payTogether} disabled={selected.length < 2} block={mobile}>
            {t('orders:list.payTogether', { n: selected.length })}
          </Button>
        ) : null}
      </Space>
      {!list.length ? (
        <Empty description={t('orders:list.none')}>
          <Button type="primary" href="/profile/conference/fee">
            {t('orders:list.goFees')}
          </Button>
        </Empty>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {list.map((o) => (
            <Card
              key={o.id}
              size="small"
              style={{ width: '100%' }}
              title={
                <Space size={8}>
                  {orders.combinedAllowed && o.can.pay && payable.length > 1 ? (
                    <Checkbox
                      checked={selected.includes(o.id)}
                      onChange={(e) =>
                        setSelected((s) => (e.target.checked ? [...s, o.id] : s.filter((id) => id !== o.id)))
                      }
                      aria-label={t('orders:list.select')}
                    />
                  ) : null}
                  <Typography.Text type="secondary">
                    {t('orders:list.createdAt')}: {formatAt(o.createdAt, lang)}
                  </Typography.Text>
                </Space>
              }
            >
              <OrderSummary order={o} t={t} lang={lang} />
              <Space wrap style={{ marginTop: 10 }}>
                {actions(o)}
              </Space>
            </Card>
          ))}
        </Space>
      )}
      {orders.elsewhere.length ? <Elsewhere rows={orders.elsewhere} t={t} lang={lang} /> : null}
    </div>
  );
}

export default function ProfileOrders(props: ProfileOrdersProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Orders {...props} />
    </AntdRoot>
  );
}
