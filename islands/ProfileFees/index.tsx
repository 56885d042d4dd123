/**
 * The fee page (spec 2.10 conference/fee, 5 "Fee selection"): one registration fee (radio), any
 * optional fees with a quantity, an invitation code that shows the fees behind it; submitting
 * creates the orders and goes to their payment.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Radio, Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightNumber } from '../shared/lightNumber';
import { LightCard as Card } from '../shared/lightCard';
import { ordersApi } from '../../server/contract/orders';
import { feesApi } from '../../server/contract/fees';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText, titleOf } from '../shared/orderText';
import { FeeOption, maxQuantity } from './FeeOption';
import { AlreadyHeld } from './AlreadyHeld';
import { GoOnAfter } from '../shared/GoOnAfter';
import type { FeeOffer } from '../../server/contract/fees';
import type { ProfileFeesProps } from './props';

/** The picks the server is sent: the registration fee once, each ticked optional fee with its quantity. */
export function picksOf(
  register: number | null,
  optional: Record<number, number>,
): Array<{ feeId: number; quantity: number }> {
  const picks = register === null ? [] : [{ feeId: register, quantity: 1 }];
  for (const [id, quantity] of Object.entries(optional)) if (quantity > 0) picks.push({ feeId: Number(id), quantity });
  return picks;
}

function Fees({
  lang,
  mobile,
  offers: listed,
  codeInLink = '',
  openOrders,
  notRegistered = false,
  serviceOff = false,
  mine = [],
  allowance = { registerPerPerson: 1, registerHeld: 0 },
}: ProfileFeesProps) {
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [register, setRegister] = useState<number | null>(null);
  const [optional, setOptional] = useState<Record<number, number>>({});
  const [code, setCode] = useState(codeInLink);
  // The code whose fees are shown (sent again with the choice), and the refusal of the last one tried.
  const [applied, setApplied] = useState('');
  const [offers, setOffers] = useState(listed);
  const [codeError, setCodeError] = useState('');
  const [trying, setTrying] = useState(false);
  const [busy, setBusy] = useState(false);
  // The registration fees the person may hold are taken: the choice of another one is closed (the server refuses it too).
  const registerFull = allowance.registerHeld >= allowance.registerPerPerson;
  const registerFees = offers.filter((f) => f.kind === 'register');
  const optionalFees = offers.filter((f) => f.kind === 'optional');
  const title = (f: FeeOffer) => titleOf(f.titleZh, f.titleEn, lang);

  // A code is tried by POST (a wrong one counts against the person's tries); the page's address never carries it.
  // Answers whether the code typed is the one whose fees are shown.
  async function applyCode(): Promise<boolean> {
    const tried = code.trim();
    setCodeError('');
    if (!tried) {
      setApplied('');
      setOffers(listed);
      return true;
    }
    setTrying(true);
    try {
      setOffers(await call(feesApi.tryCode, { body: { invitationCode: tried } }));
      setApplied(tried);
      setRegister(null);
      setOptional({});
      message.success(t('fees:codeAccepted'));
      return true;
    } catch (err) {
      setCodeError(
        err instanceof ApiError && err.messageKey === 'fees:wrongCode' ? t('fees:wrongCode') : errorText(err, t),
      );
      return false;
    } finally {
      setTrying(false);
    }
  }

  function tick(fee: FeeOffer, on: boolean) {
    setOptional((o) => {
      const next = { ...o };
      if (on) next[fee.id] = 1;
      else delete next[fee.id];
      return next;
    });
  }

  async function submit() {
    // A code typed but never applied is not silently dropped: it is tried first, and a wrong one says so.
    if (code.trim() !== applied) return void (await applyCode());
    const picks = picksOf(register, optional);
    if (!picks.length) return void message.warning(t('fees:chooseFee'));
    setBusy(true);
    try {
      const { orderIds } = await call(ordersApi.chooseFees, { body: { picks, invitationCode: applied } });
      location.assign(`/profile/order/pay/goto/${orderIds.join(',')}`);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && (err.messageKey === 'orders:existing' || err.messageKey === 'fees:registerTaken'))
        modal.confirm({
          content: t(err.messageKey, err.params),
          okText: t('orders:fees.toOrders'),
          cancelText: t('orders:fees.stay'),
          onOk: () => location.assign('/profile/order/list'),
        });
      else message.error(errorText(err, t));
    }
  }

  const open = [
    openOrders.register !== null ? t('orders:fees.openRegister') : '',
    openOrders.optional !== null ? t('orders:fees.openOptional') : '',
  ].filter(Boolean);

  if (serviceOff) {
    return (
      <div className="profile-fees">
        <Alert className="service-not-opened" type="info" showIcon title={t('userReg.serviceNotOpened')} />
      </div>
    );
  }

  if (notRegistered) {
    return (
      <div className="profile-fees">
        <Alert
          type="warning"
          showIcon
          title={t('orders:fees.notRegistered')}
          description={<GoOnAfter t={t} to="/register" where="register" />}
          action={
            <Button size="small" href="/register">
              {t('orders:fees.toRegister')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="profile-fees">
      <AlreadyHeld orders={mine} lang={lang} t={t} />
      {open.length ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={open.join(' ')}
          action={
            <Button size="small" href="/profile/order/list">
              {t('orders:fees.toOrders')}
            </Button>
          }
        />
      ) : null}
      <Space.Compact style={{ width: '100%', maxWidth: 420, marginBottom: 4 }}>
        {/* The browser's own field, drawn like antd's (public/app.css, .li-input): antd's Input is ~15 KB gzipped (issue 32). */}
        <input
          className={codeError ? 'li-input li-compact-first li-input-error' : 'li-input li-compact-first'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void applyCode();
          }}
          maxLength={64}
          placeholder={t('orders:fees.invitationCode')}
          aria-label={t('orders:fees.invitationCode')}
          aria-invalid={codeError ? true : undefined}
        />
        <Button onClick={() => void applyCode()} loading={trying}>
          {t('orders:fees.apply')}
        </Button>
      </Space.Compact>
      {codeError ? <Alert type="error" showIcon style={{ maxWidth: 420, marginBottom: 8 }} title={codeError} /> : null}
      <Typography.Paragraph type="secondary">{t('orders:fees.invitationHint')}</Typography.Paragraph>
      {!offers.length ? <Empty description={t('orders:fees.none')} /> : null}
      {registerFees.length ? (
        <Card
          title={t('orders:fees.register')}
          extra={<Typography.Text type="secondary">{t('orders:fees.registerHint')}</Typography.Text>}
          size="small"
          style={{ marginBottom: 16 }}
        >
          {registerFull ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('orders:fees.registerHeld', { count: allowance.registerPerPerson })}
            />
          ) : null}
          <Radio.Group
            value={register}
            onChange={(e) => setRegister(e.target.value as number)}
            style={{ display: 'block' }}
            disabled={registerFull}
          >
            {registerFees.map((fee) => (
              <FeeOption
                key={fee.id}
                fee={fee}
                lang={lang}
                t={t}
                control={
                  <Radio value={fee.id} disabled={registerFull || maxQuantity(fee) < 1}>
                    {title(fee)}
                  </Radio>
                }
              />
            ))}
          </Radio.Group>
          {register !== null ? (
            <Button type="link" size="small" onClick={() => setRegister(null)} style={{ paddingLeft: 0 }}>
              {t('orders:fees.clear')}
            </Button>
          ) : null}
        </Card>
      ) : null}
      {optionalFees.length ? (
        <Card
          title={t('orders:fees.optional')}
          extra={<Typography.Text type="secondary">{t('orders:fees.optionalHint')}</Typography.Text>}
          size="small"
          style={{ marginBottom: 16 }}
        >
          {optionalFees.map((fee) => {
            const max = maxQuantity(fee);
            const ticked = optional[fee.id] !== undefined;
            return (
              <FeeOption
                key={fee.id}
                fee={fee}
                lang={lang}
                t={t}
                control={
                  <Checkbox checked={ticked} disabled={max < 1} onChange={(e) => tick(fee, e.target.checked)}>
                    {title(fee)}
                  </Checkbox>
                }
                extra={
                  ticked && max > 1 ? (
                    <Space>
                      <label htmlFor={`fee-quantity-${fee.id}`}>{t('orders:fees.quantity')}</label>
                      <LightNumber
                        id={`fee-quantity-${fee.id}`}
                        min={1}
                        max={max}
                        value={optional[fee.id]}
                        onChange={(v) => setOptional((o) => ({ ...o, [fee.id]: v }))}
                      />
                    </Space>
                  ) : null
                }
              />
            );
          })}
        </Card>
      ) : null}
      {offers.length ? (
        <Button type="primary" size="large" loading={busy} onClick={submit} block={mobile}>
          {t('orders:fees.submit')}
        </Button>
      ) : null}
    </div>
  );
}

export default function ProfileFees(props: ProfileFeesProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Fees {...props} />
    </AntdRoot>
  );
}
