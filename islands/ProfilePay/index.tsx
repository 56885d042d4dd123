/**
 * The payment page (spec 2.10 order/pay/goto/{orderIds}, 2.11): the orders and their total, the
 * conference's methods with their notes; "pay" starts a new attempt every time it is pressed
 * (spec 4: a new number until the payment is complete) and shows what the provider answered.
 */
import { useState } from 'react';
import { Alert, App, Button, Radio, Space, Tag, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import { sumMoney } from '../../server/contract/money';
import { ordersApi, type PaymentStartView } from '../../server/contract/orders';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText, OrderSummary, shownAmount, titleOf } from '../shared/orders';
import { leaveFor, StartResult } from './StartResult';
import type { ProfilePayProps } from './props';

function Pay({ lang, mobile, orders, total, methods }: ProfilePayProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [method, setMethod] = useState<string | null>(methods.length === 1 ? methods[0].method : null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ attemptNo: string; start: PaymentStartView } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const payable = orders.length > 0 && orders.every((o) => o.can.pay);
  const invalid = orders.some((o) => o.status === 'invalid');
  const chosen = methods.find((m) => m.method === method);
  // The total in the orders' display currency when they share one and each knows its own; the charged total beside it.
  const shownIn = orders[0]?.displayTotal?.currency;
  const displayTotal =
    shownIn && orders.every((o) => o.displayTotal?.currency === shownIn)
      ? sumMoney(
          orders.map((o) => o.displayTotal!),
          shownIn,
        )
      : null;

  async function pay() {
    if (!chosen) return void message.warning(t('orders:methodRequired'));
    setBusy(true);
    setError(null);
    try {
      const answer = await call(ordersApi.pay, { body: { orderIds: orders.map((o) => o.id), method: chosen.method } });
      setStarted(answer);
      if (!leaveFor(answer.start)) setBusy(false);
    } catch (err) {
      setBusy(false);
      const text = errorText(err, t, { payMethodName: titleOf(chosen.titleZh, chosen.titleEn, lang) });
      if (err instanceof ApiError && err.status >= 500) setError(text);
      else message.error(text);
    }
  }

  return (
    <div className="profile-pay">
      <Card size="small" title={t('orders:pay.orders')} style={{ marginBottom: 16 }}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {orders.map((o) => (
            <OrderSummary key={o.id} order={o} t={t} lang={lang} />
          ))}
        </Space>
        {/* Only what can be paid is due: orders that are closed or voided show no amount to pay. */}
        {payable ? (
          <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
            {t('orders:pay.total')}: <span className="pay-total">{shownAmount(total, displayTotal, lang)}</span>
          </Typography.Title>
        ) : null}
      </Card>
      {invalid ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('orders:invalidItems')} /> : null}
      {!invalid && !payable ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('orders:cannotPay')} />
      ) : null}
      {!methods.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('orders:pay.noMethod')} />
      ) : null}
      {payable && methods.length ? (
        <Card size="small" title={t('orders:pay.method')} style={{ marginBottom: 16 }}>
          <Radio.Group
            value={method}
            onChange={(e) => setMethod(e.target.value as string)}
            style={{
              display: 'grid',
              gridTemplateColumns: mobile ? '1fr' : 'repeat(auto-fill, minmax(260px, 1fr))',
              gap: 12,
            }}
          >
            {methods.map((m) => {
              const note = titleOf(m.noteZh, m.noteEn, lang);
              return (
                <div
                  key={m.method}
                  className="pay-method"
                  onClick={() => setMethod(m.method)}
                  style={{
                    border: `1px solid ${m.method === method ? '#1d4ed8' : '#d9d9d9'}`,
                    borderRadius: 8,
                    padding: 12,
                    cursor: 'pointer',
                    display: 'block',
                  }}
                >
                  <Radio value={m.method}>
                    <strong>{titleOf(m.titleZh, m.titleEn, lang) || t(`orders:methods.${m.method}`)}</strong>
                  </Radio>
                  <Tag style={{ marginLeft: 4 }}>{t(m.online ? 'orders:pay.online' : 'orders:pay.offline')}</Tag>
                  {note ? (
                    <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0 24px', whiteSpace: 'pre-line' }}>
                      {note}
                    </Typography.Paragraph>
                  ) : null}
                </div>
              );
            })}
          </Radio.Group>
          <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
            <Button type="primary" size="large" onClick={pay} loading={busy} disabled={!chosen} block={mobile}>
              {t(started ? 'orders:pay.again' : 'orders:pay.submit')}
            </Button>
            {started ? <Typography.Text type="secondary">{t('orders:pay.newAttempt')}</Typography.Text> : null}
          </Space>
        </Card>
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} /> : null}
      {started ? (
        <StartResult
          key={started.attemptNo}
          attemptNo={started.attemptNo}
          start={started.start}
          resultHref={`/profile/order/pay/goto/result/${started.attemptNo}`}
          t={t}
        />
      ) : null}
    </div>
  );
}

export default function ProfilePay(props: ProfilePayProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Pay {...props} />
    </AntdRoot>
  );
}
