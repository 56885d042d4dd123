/**
 * Updating an invalidated order (spec 2.10 conference/fee/{register,optional}/update/{orderId}, 4):
 * the invalid items are struck through; "update" removes them and goes on to pay what is left,
 * or back to the fee page when nothing is left.
 */
import { useState } from 'react';
import { Alert, App, Button } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { ordersApi } from '../../server/contract/orders';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText, OrderSummary, WithBackToList } from '../shared/orders';
import type { ProfileOrderUpdateProps } from './props';

function Update({ lang, mobile, order }: ProfileOrderUpdateProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const invalidItems = order.items.some((i) => !i.valid);

  async function update() {
    setBusy(true);
    try {
      const updated = await call(ordersApi.update, { params: { id: order.id } });
      message.success(t('orders:updated'));
      location.assign(updated ? `/profile/order/pay/goto/${updated.id}` : '/profile/conference/fee');
    } catch (err) {
      setBusy(false);
      message.error(errorText(err, t));
    }
  }

  return (
    <div className="profile-order-update">
      {invalidItems || order.status === 'invalid' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('orders:invalidItems')}
          description={t('orders:update.hint')}
        />
      ) : null}
      <Card size="small" title={t('orders:update.title')} style={{ marginBottom: 16 }}>
        <OrderSummary order={order} t={t} lang={lang} />
      </Card>
      <WithBackToList mobile={mobile} t={t}>
        <Button type="primary" onClick={update} loading={busy} disabled={!order.can.update} block={mobile}>
          {t('orders:update.submit')}
        </Button>
      </WithBackToList>
    </div>
  );
}

export default function ProfileOrderUpdate(props: ProfileOrderUpdateProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Update {...props} />
    </AntdRoot>
  );
}
