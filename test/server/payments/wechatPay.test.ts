/**
 * Mobile wallet A, WeChat Pay API v3 (server/modules/payments/providers/wechatPay), against its
 * protocol fake: signed requests, verified answers, notifications verified by the platform
 * certificate or the platform public key, decrypted, and refused when not genuine; query, close,
 * refund with its number as the idempotency key; the configuration's own checks.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { money } from '../../../server/contract/money';
import { AppError } from '../../../server/platform/errors';
import { wechatPayProvider } from '../../../server/modules/payments/providers/wechatPay';
import {
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type NotificationRequest,
  type PaymentProvider,
} from '../../../server/modules/payments/provider';
import { startWechatPayFake, type WechatPayFake } from '../../fakes/wechatPay';
import type { FakeNotification } from '../../fakes/gateway';

let fake: WechatPayFake;
let provider: PaymentProvider;
let seq = 0;

beforeAll(async () => {
  fake = await startWechatPayFake();
  provider = wechatPayProvider({ baseUrl: fake.url });
});
afterAll(() => fake?.close());

const config = () => ({ ...fake.config() });
async function started(amount = money(150_000, 'CNY'), passback = 'cp7-A1%20&x') {
  const attemptNo = `WX${Date.now()}${++seq}`;
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
    notifyUrl: `http://c.localhost/payment/notify/walletA/${attemptNo}`,
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
const request = (n: FakeNotification): NotificationRequest => ({
  headers: Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v])),
  query: {},
  rawBody: Buffer.from(n.body),
});
const parse = (n: FakeNotification) => provider.parseNotification!(request(n), config(), new Date());

describe('start', () => {
  test('a QR code for the exact amount, with the subject and the passback data', async () => {
    for (const amount of [money(1, 'CNY'), money(10_000_000_000, 'CNY')]) {
      const { attemptNo, result } = await started(amount);
      expect(result).toMatchObject({ kind: 'qr', content: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
      expect(fake.order(attemptNo)).toMatchObject({
        amount: amount.amount,
        currency: 'CNY',
        subject: '第十届国际会议 注册费',
        passback: 'cp7-A1%20&x',
        state: 'NOTPAY',
      });
    }
  });

  test('Native payment takes CNY only: JPY is refused with a message, nothing is created', async () => {
    await expect(started(money(5000, 'JPY'))).rejects.toMatchObject({ messageKey: 'payments:currencyNotSupported' });
  });

  test('a wrongly signed request is refused by the gateway and reported as a gateway error', async () => {
    const bad = wechatPayProvider({ baseUrl: fake.url });
    const before = fake.refusedRequests;
    const other = { ...config(), merchantSerialNo: 'NOTMINE' };
    await expect(
      bad.start({
        conferenceId: 7,
        attemptNo: `WX${Date.now()}bad`,
        amount: money(100, 'CNY'),
        orders: [],
        subject: 's',
        passback: '',
        startedAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
        lang: 'zh',
        returnUrl: '',
        notifyUrl: 'http://x/n',
        config: other,
      }),
    ).rejects.toBeInstanceOf(GatewayError);
    expect(fake.refusedRequests).toBe(before + 1);
  });
});

describe('notifications', () => {
  test('genuine, by the platform certificate and by the platform public key: paid, with amount, reference and passback', async () => {
    const a = await started();
    expect(await parse(fake.pay(a.attemptNo))).toMatchObject({
      attemptNo: a.attemptNo,
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
      providerRef: expect.stringMatching(/^42000\d+/),
    });
    const b = await started();
    expect(await parse(fake.payWithPublicKeyId(b.attemptNo))).toMatchObject({
      attemptNo: b.attemptNo,
      state: 'succeeded',
    });
  });

  test.each(['byte', 'serial', 'stale', 'unsigned'] as const)('%s: refused', async (fault) => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { fault }))).rejects.toBeInstanceOf(NotificationRefused);
  });

  test('another amount or currency is reported as the gateway says it (the platform compares)', async () => {
    const a = await started();
    expect((await parse(fake.pay(a.attemptNo, { amount: 149_999 })))!.amount).toEqual({
      amount: 149_999,
      currency: 'CNY',
    });
  });

  test('the replies: 204 after the change, FAIL JSON with a 4xx otherwise', () => {
    expect(provider.notificationReply!(true).status).toBe(204);
    const refused = provider.notificationReply!(false);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'FAIL' });
  });
});

describe('query, close, refund', () => {
  test('query: pending before payment, paid after; closed after close; a paid order cannot be closed', async () => {
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
    expect(fake.order(b.attemptNo)!.state).toBe('CLOSED');
    expect((await provider.query!(b.ref)).state).toBe('canceled');
    expect(() => fake.pay(b.attemptNo)).toThrow(/closed/);
  });

  test('expired at the gateway: canceled; never created: pending', async () => {
    const a = await started();
    fake.expire(a.attemptNo);
    expect((await provider.query!(a.ref)).state).toBe('canceled');
    expect((await provider.query!({ ...a.ref, attemptNo: 'NEVERCREATED1' })).state).toBe('pending');
  });

  test('refunds in part and in full; the same number twice refunds once; more than paid is refused', async () => {
    const a = await started(money(100_000, 'CNY'));
    fake.pay(a.attemptNo);
    expect(
      await provider.refund!(a.ref, { refundNo: 'RFA0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
    ).toMatchObject({ state: 'succeeded' });
    expect(
      await provider.refund!(a.ref, { refundNo: 'RFA0000001', amount: money(30_000, 'CNY'), reason: '退会' }),
    ).toMatchObject({ state: 'succeeded' });
    await provider.refund!(a.ref, { refundNo: 'RFA0000002', amount: money(70_000, 'CNY'), reason: '' });
    expect(fake.refunds(a.attemptNo)).toEqual([
      { refundNo: 'RFA0000001', amount: 30_000 },
      { refundNo: 'RFA0000002', amount: 70_000 },
    ]);
    await expect(
      provider.refund!(a.ref, { refundNo: 'RFA0000003', amount: money(1, 'CNY'), reason: '' }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('configuration checks', () => {
  const check = (change: Record<string, string>) => {
    try {
      provider.checkConfig!({ ...config(), ...change });
      return null;
    } catch (err) {
      return err instanceof AppError ? [err.messageKey, err.field] : err;
    }
  };
  test('a sound configuration passes; each flaw is named with its field', () => {
    expect(check({})).toBeNull();
    expect(check({ privateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' })).toEqual([
      'payments:keyInvalid',
      'privateKey',
    ]);
    expect(check({ merchantKey: 'short' })).toEqual(['payments:apiV3KeyLength', 'merchantKey']);
    expect(check({ platformCertificate: '', platformPublicKey: '', platformPublicKeyId: '' })).toEqual([
      'payments:platformKeyRequired',
      'platformCertificate',
    ]);
    expect(check({ platformCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })).toEqual([
      'payments:certificateUnreadable',
      'platformCertificate',
    ]);
    expect(check({ platformPublicKeyId: 'KEY1' })).toEqual(['payments:publicKeyIdInvalid', 'platformPublicKeyId']);
  });
});
