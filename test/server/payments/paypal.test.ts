/**
 * The online wallet, PayPal Orders v2 (server/modules/payments/providers/paypal), against its
 * protocol fake: an order per attempt (idempotent), the approval redirect, the capture on return,
 * on the webhook or when the reconciler finds the order approved; a DECLINED capture inside a
 * COMPLETED order is no payment; webhooks verified by PayPal within a 5-minute window; refunds
 * keyed by PayPal-Request-Id.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { money } from '../../../server/contract/money';
import { paypalProvider } from '../../../server/modules/payments/providers/paypal';
import {
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type PaymentProvider,
} from '../../../server/modules/payments/provider';
import { startPaypalFake } from '../../fakes/paypal';
import type { FakeNotification } from '../../fakes/gateway';

let fake: Awaited<ReturnType<typeof startPaypalFake>>;
let provider: PaymentProvider;
let seq = 0;

beforeAll(async () => {
  fake = await startPaypalFake();
  provider = paypalProvider({ baseUrl: fake.url });
});
afterAll(() => fake?.close());

const config = () => ({ ...fake.config() });
async function started(amount = money(150_000, 'CNY'), passback = 'cp7-A1%20&x') {
  const attemptNo = `PP${Date.now()}${++seq}`;
  const input = {
    conferenceId: 7,
    attemptNo,
    amount,
    orders: [{ orderNo: 'R1', reference: 'CP1' }],
    subject: '第十届国际会议 注册费',
    passback,
    startedAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    lang: 'zh' as const,
    returnUrl: `http://c.localhost/profile/order/pay/goto/result/${attemptNo}`,
    notifyUrl: `http://c.localhost/payment/notify/onlineWallet/${attemptNo}`,
    config: config(),
  };
  const result = await provider.start(input);
  const ref: AttemptRef = {
    conferenceId: 7,
    attemptNo,
    amount,
    providerRef: result.providerRef ?? null,
    createdAt: new Date(),
    config: config(),
  };
  return { attemptNo, result, ref, again: () => provider.start(input) };
}
const parse = (n: FakeNotification) =>
  provider.parseNotification!(
    {
      headers: Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v])),
      query: {},
      rawBody: Buffer.from(n.body),
    },
    config(),
    new Date(),
  );

describe('start and capture', () => {
  test('a redirect to the approval page; the order id is kept, not shown; a repeated create is the same order', async () => {
    const a = await started();
    expect(a.result).toMatchObject({
      kind: 'redirect',
      url: expect.stringContaining('/checkoutnow?token='),
      providerRef: expect.any(String),
    });
    expect((await a.again()).providerRef).toBe(a.result.providerRef);
    expect(fake.order(a.attemptNo)).toMatchObject({
      amount: 150_000,
      currency: 'CNY',
      subject: '第十届国际会议 注册费',
      passback: 'cp7-A1%20&x',
    });
  });

  test('money edges: 0.01, 100,000,000.00, JPY in whole yen', async () => {
    for (const amount of [money(1, 'CNY'), money(10_000_000_000, 'CNY'), money(5000, 'JPY')]) {
      const a = await started(amount);
      expect(fake.order(a.attemptNo)).toMatchObject({ amount: amount.amount, currency: amount.currency });
    }
  });

  test('HUF goes in whole forint, as PayPal wants it; forint with fillér is refused, never rounded', async () => {
    const a = await started(money(100_000, 'HUF'));
    expect(fake.order(a.attemptNo)).toMatchObject({ amount: 100_000, currency: 'HUF' });
    await expect(started(money(100_050, 'HUF'))).rejects.toMatchObject({ messageKey: 'payments:currencyNotSupported' });
  });

  test('back before approving: pending; approved: captured once, however often it is asked', async () => {
    const a = await started();
    expect((await provider.confirmReturn!(a.ref, {})).state).toBe('pending');
    fake.approve(a.attemptNo);
    const before = fake.captures;
    const first = await provider.confirmReturn!(a.ref, {});
    expect(first).toMatchObject({
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
      providerRef: expect.stringMatching(/^\w+\/\w+$/),
    });
    expect(await provider.confirmReturn!(a.ref, {})).toMatchObject({
      state: 'succeeded',
      providerRef: first.providerRef,
    });
    expect(await provider.query!(a.ref)).toMatchObject({ state: 'succeeded' });
    expect(fake.captures).toBe(before + 1);
  });

  test('a COMPLETED order holding a DECLINED capture is a failed payment', async () => {
    const a = await started();
    fake.approve(a.attemptNo);
    fake.declineNextCapture();
    expect((await provider.confirmReturn!(a.ref, {})).state).toBe('failed');
  });

  test('an order voided at PayPal: canceled', async () => {
    const a = await started();
    fake.expire(a.attemptNo);
    expect((await provider.query!(a.ref)).state).toBe('canceled');
  });

  test('wrong credentials: a gateway error', async () => {
    const bad = paypalProvider({ baseUrl: fake.url });
    await expect(
      bad.start({
        conferenceId: 7,
        attemptNo: 'PPBAD1',
        amount: money(100, 'CNY'),
        orders: [],
        subject: 's',
        passback: '',
        startedAt: new Date(),
        expiresAt: new Date(),
        lang: 'en',
        returnUrl: 'http://c.localhost/r',
        notifyUrl: '',
        config: { ...config(), clientSecret: 'nope' },
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('webhooks', () => {
  test('CHECKOUT.ORDER.APPROVED, verified by PayPal: captured and paid', async () => {
    const a = await started();
    const n = fake.pay(a.attemptNo);
    expect(n.url).toBe('http://c.localhost/payment/notify/onlineWallet/webhook');
    expect(await parse(n)).toMatchObject({
      attemptNo: a.attemptNo,
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
    });
  });

  test.each(['byte', 'serial', 'stale', 'unsigned'] as const)('%s: refused', async (fault) => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { fault }))).rejects.toBeInstanceOf(NotificationRefused);
  });
});

test('refunds to the capture, in part and in full; the same request id twice refunds once; more fails', async () => {
  const a = await started(money(100_000, 'CNY'));
  fake.approve(a.attemptNo);
  const paid = await provider.confirmReturn!(a.ref, {});
  const ref = { ...a.ref, providerRef: paid.providerRef! };
  expect(
    await provider.refund!(ref, { refundNo: 'RFC0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
  ).toMatchObject({ state: 'succeeded' });
  expect(
    await provider.refund!(ref, { refundNo: 'RFC0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
  ).toMatchObject({ state: 'succeeded' });
  await provider.refund!(ref, { refundNo: 'RFC0000002', amount: money(70_000, 'CNY'), reason: '' });
  expect(fake.refunds(a.attemptNo)).toEqual([
    { refundNo: 'RFC0000001', amount: 30_000 },
    { refundNo: 'RFC0000002', amount: 70_000 },
  ]);
  expect(await provider.refund!(ref, { refundNo: 'RFC0000003', amount: money(1, 'CNY'), reason: '' })).toMatchObject({
    state: 'failed',
    detail: 'REFUND_AMOUNT_EXCEEDED',
  });
});
