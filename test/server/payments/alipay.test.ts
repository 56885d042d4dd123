/**
 * Mobile wallet B, Alipay RSA2 (server/modules/payments/providers/alipay), against its protocol
 * fake: signed calls, answers whose signature covers their exact text, notifications verified
 * without sign and sign_type and tied to the configured application and seller, query/close/refund,
 * and the configuration's checks (keys as PEM or as the console's bare base64).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { money } from '../../../server/contract/money';
import { AppError } from '../../../server/platform/errors';
import { alipayProvider } from '../../../server/modules/payments/providers/alipay';
import { rawObjectOf } from '../../../server/modules/payments/providers/alipay/sign';
import {
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type PaymentProvider,
} from '../../../server/modules/payments/provider';
import { startAlipayFake } from '../../fakes/alipay';
import type { FakeNotification } from '../../fakes/gateway';
import { rsaKeyPair } from '../../fakes/pki';

let fake: Awaited<ReturnType<typeof startAlipayFake>>;
let provider: PaymentProvider;
let seq = 0;

beforeAll(async () => {
  fake = await startAlipayFake();
  provider = alipayProvider({ baseUrl: fake.url });
});
afterAll(() => fake?.close());

const config = () => ({ ...fake.config() });
async function started(amount = money(150_000, 'CNY'), passback = 'cp7-A1%20&x') {
  const attemptNo = `ALI${Date.now()}${++seq}`;
  const result = await provider.start({
    conferenceId: 7,
    attemptNo,
    amount,
    orders: [{ orderNo: 'R1', reference: 'CP1' }],
    subject: '第十届国际会议 注册费',
    passback,
    startedAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    lang: 'zh',
    returnUrl: 'http://c.localhost/r',
    notifyUrl: `http://c.localhost/payment/notify/walletB/${attemptNo}`,
    config: config(),
  });
  const ref: AttemptRef = {
    conferenceId: 7,
    attemptNo,
    amount,
    providerRef: null,
    createdAt: new Date(),
    config: config(),
  };
  return { attemptNo, result, ref };
}
const parse = (n: FakeNotification, cfg = config()) =>
  provider.parseNotification!(
    { headers: { 'content-type': n.headers['Content-Type'] }, query: {}, rawBody: Buffer.from(n.body) },
    cfg,
    new Date(),
  );

test('the signed text of an answer is cut out as it came, braces and quotes in strings respected', () => {
  const body = '{"alipay_trade_query_response":{"code":"10000","msg":"a}b\\"{","x":{"y":1}},"sign":"S"}';
  expect(rawObjectOf(body, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"a}b\\"{","x":{"y":1}}');
});

describe('start', () => {
  test('a QR code for the exact amount (0.01 and 100,000,000.00), with the Chinese subject and the passback data', async () => {
    for (const amount of [money(1, 'CNY'), money(10_000_000_000, 'CNY')]) {
      const { attemptNo, result } = await started(amount);
      expect(result).toMatchObject({ kind: 'qr', content: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
      expect(fake.order(attemptNo)).toMatchObject({
        amount: amount.amount,
        subject: '第十届国际会议 注册费',
        passback: 'cp7-A1%20&x',
      });
    }
  });

  test('CNY only; a request signed with another key is refused by the gateway', async () => {
    await expect(started(money(5000, 'JPY'))).rejects.toMatchObject({ messageKey: 'payments:currencyNotSupported' });
    const before = fake.refusedRequests;
    const other = { ...config(), privateKey: rsaKeyPair().privateKeyPem };
    await expect(
      provider.query!({
        conferenceId: 7,
        attemptNo: 'X1',
        amount: money(1, 'CNY'),
        providerRef: null,
        createdAt: new Date(),
        config: other,
      }),
    ).rejects.toBeInstanceOf(GatewayError);
    expect(fake.refusedRequests).toBe(before + 1);
  });
});

describe('notifications', () => {
  test('genuine: paid, with the amount, the trade number and the passback intact', async () => {
    const a = await started();
    const n = fake.pay(a.attemptNo);
    expect(new URLSearchParams(n.body).get('body')).toBe('cp7-A1%20&x');
    expect(await parse(n)).toMatchObject({
      attemptNo: a.attemptNo,
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
      providerRef: expect.stringMatching(/^2026\d+/),
    });
  });

  test.each(['byte', 'serial', 'unsigned'] as const)('%s: refused', async (fault) => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { fault }))).rejects.toBeInstanceOf(NotificationRefused);
  });

  test("another application's notification is refused, even when Alipay signed it", async () => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo), { ...config(), appId: '2021000000000000' })).rejects.toThrow(
      /another application/,
    );
  });

  test("another seller's notification is refused, even when Alipay signed it for this application", async () => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { seller: '2088999999999999' }))).rejects.toThrow(
      /another seller \(2088999999999999\)/,
    );
    await expect(parse(fake.pay(a.attemptNo), { ...config(), merchantId: '2088102170000002' })).rejects.toThrow(
      /another seller/,
    );
  });

  test('the replies: exactly "success", or "fail" (Alipay retries)', () => {
    expect(provider.notificationReply!(true)).toMatchObject({ status: 200, body: 'success' });
    expect(provider.notificationReply!(false).body).toBe('fail');
  });
});

describe('query, close, refund', () => {
  test('query: pending before the scan, paid after; close stops it; a paid trade cannot be closed', async () => {
    const a = await started();
    expect((await provider.query!(a.ref)).state).toBe('pending');
    fake.pay(a.attemptNo);
    expect(await provider.query!(a.ref)).toMatchObject({
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
    });
    await expect(provider.close!(a.ref)).rejects.toBeInstanceOf(GatewayError);
    const b = await started();
    await provider.close!(b.ref);
    expect((await provider.query!(b.ref)).state).toBe('canceled');
    expect(() => fake.pay(b.attemptNo)).toThrow(/closed/);
    await provider.close!({ ...b.ref, attemptNo: 'NEVERSCANNED1' });
  });

  test('expired at the gateway: canceled', async () => {
    const a = await started();
    fake.expire(a.attemptNo);
    expect((await provider.query!(a.ref)).state).toBe('canceled');
  });

  test('refunds in part and in full; the same number twice refunds once; more than paid fails', async () => {
    const a = await started(money(100_000, 'CNY'));
    fake.pay(a.attemptNo);
    expect(
      await provider.refund!(a.ref, { refundNo: 'RFB0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
    ).toMatchObject({ state: 'succeeded', detail: 'fund_change Y' });
    expect(
      await provider.refund!(a.ref, { refundNo: 'RFB0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
    ).toMatchObject({ state: 'succeeded', detail: 'fund_change N' });
    await provider.refund!(a.ref, { refundNo: 'RFB0000002', amount: money(70_000, 'CNY'), reason: '' });
    expect(fake.refunds(a.attemptNo)).toEqual([
      { refundNo: 'RFB0000001', amount: 30_000 },
      { refundNo: 'RFB0000002', amount: 70_000 },
    ]);
    expect((await provider.refund!(a.ref, { refundNo: 'RFB0000003', amount: money(1, 'CNY'), reason: '' })).state).toBe(
      'failed',
    );
  });
});

test('configuration checks name the field', () => {
  const check = (change: Record<string, string>) => {
    try {
      provider.checkConfig!({ ...config(), ...change });
      return null;
    } catch (err) {
      return err instanceof AppError ? [err.messageKey, err.field] : err;
    }
  };
  expect(check({})).toBeNull();
  expect(check({ appId: 'my-app' })).toEqual(['payments:appIdInvalid', 'appId']);
  expect(check({ privateKey: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----' })).toEqual([
    'payments:keyInvalid',
    'privateKey',
  ]);
  expect(check({ alipayPublicKey: '-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----' })).toEqual([
    'payments:certificateUnreadable',
    'alipayPublicKey',
  ]);
  expect(check({ merchantId: '2021000117600001' })).toEqual(['payments:sellerIdInvalid', 'merchantId']);
});
