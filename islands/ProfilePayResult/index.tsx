/**
 * The payment result (spec 2.10 order/pay/goto/result/{billId}): one attempt's state, amount and
 * orders, refreshed on demand (a transfer is confirmed by a manager or a statement, later).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { ordersApi, type AttemptView } from '../../server/contract/orders';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { AttemptTag, errorText, formatAt, methodName, moneyText, WithBackToList } from '../shared/orders';
import type { ProfilePayResultProps } from './props';

const NOTE: Partial<Record<AttemptView['state'], { type: 'info' | 'success' | 'error'; key: string }>> = {
  created: { type: 'info', key: 'orders:result.pending' },
  pending: { type: 'info', key: 'orders:result.pending' },
  succeeded: { type: 'success', key: 'orders:result.succeeded' },
  failed: { type: 'error', key: 'orders:message.exception' },
};

function Result({ lang, mobile, attempt }: ProfilePayResultProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [a, setA] = useState(attempt);
  const [busy, setBusy] = useState(false);
  const note = NOTE[a.state];

  // Back from the gateway's page (a card form, the online wallet's approval): ask it once now, so
  // the page says paid without a press (PayPal's payment is captured here). The return itself
  // proves nothing; only the gateway's answer does.
  useEffect(() => {
    if (attempt.state === 'pending' || attempt.state === 'created') void refresh();
  }, []);

  async function refresh() {
    setBusy(true);
    try {
      setA(await call(ordersApi.refreshAttempt, { params: { attemptNo: a.attemptNo } }));
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="profile-pay-result">
      {note ? <Alert type={note.type} showIcon style={{ marginBottom: 16 }} title={t(note.key)} /> : null}
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('orders:result.attemptNo')}>{a.attemptNo}</Descriptions.Item>
        <Descriptions.Item label={t('orders:result.state')}>
          <AttemptTag state={a.state} t={t} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:result.method')}>{methodName(a.method, t)}</Descriptions.Item>
        <Descriptions.Item label={t('orders:result.amount')}>{moneyText(a.amount, lang)}</Descriptions.Item>
        {a.received ? (
          <Descriptions.Item label={t('orders:result.received')}>{moneyText(a.received, lang)}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('orders:result.createdAt')}>{formatAt(a.createdAt, lang)}</Descriptions.Item>
        {a.succeededAt ? (
          <Descriptions.Item label={t('orders:result.succeededAt')}>{formatAt(a.succeededAt, lang)}</Descriptions.Item>
        ) : null}
        {a.state === 'created' || a.state === 'pending' ? (
          <Descriptions.Item label={t('orders:result.expiresAt')}>{formatAt(a.expiresAt, lang)}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('orders:result.orders')}>
          {a.orders.map((o) => (
            <div key={o.id}>
              {o.orderNo} · {t(`orders:status.${o.status}`)}
            </div>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <WithBackToList mobile={mobile} t={t}>
        <Button type="primary" onClick={refresh} loading={busy} block={mobile}>
          {t('orders:result.refresh')}
        </Button>
      </WithBackToList>
    </div>
  );
}

export default function ProfilePayResult(props: ProfilePayResultProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Result {...props} />
    </AntdRoot>
  );
}
