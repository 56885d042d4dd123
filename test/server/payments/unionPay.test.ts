/**
 * Card payment, foreign and domestic, the UnionPay online gateway 5.1.0
 * (server/modules/payments/providers/unionPay), against its protocol fake: the signed form the
 * browser posts, the back notification verified as UnionPay's SDK verifies it (the certificate it
 * carries, chained to the configured root and intermediate, in force, owned by UnionPay; a renewed
 * certificate verifies, another root's, an expired one or another owner's does not), the query
 * that must repeat the original txnTime (and keeps UnionPay's "paid" after a renewal), refunds
 * keyed by their orderId, and the key file's checks (a PKCS#12 file and its password, or PEM text
 * with an encrypted key).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { money, type Money } from '../../../server/contract/money';
import { AppError } from '../../../server/platform/errors';
import { unionPayProvider } from '../../../server/modules/payments/providers/unionPay';
import {
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type PaymentProvider,
} from '../../../server/modules/payments/provider';
import { startUnionPayFake } from '../../fakes/unionPay';
import type { FakeNotification } from '../../fakes/gateway';
import { issueCertificate, rsaKeyPair, selfSignedCertificate } from '../../fakes/pki';
import { signerOf } from '../../../server/modules/payments/providers/unionPay/sign';

let fake: Awaited<ReturnType<typeof startUnionPayFake>>;
let foreign: PaymentProvider;
let domestic: PaymentProvider;
let seq = 0;

beforeAll(async () => {
  fake = await startUnionPayFake();
  foreign = unionPayProvider('cardForeign', { baseUrl: fake.url });
  domestic = unionPayProvider('cardDomestic', { baseUrl: fake.url });
});
afterAll(() => fake?.close());

const config = () => ({ ...fake.config() });
async function started(amount: Money = money(150_000, 'CNY'), provider = foreign, submit = true) {
  const attemptNo = `UP${Date.now()}${++seq}`;
  const createdAt = new Date();
  const result = await provider.start({
    conferenceId: 7,
    attemptNo,
    amount,
    orders: [{ orderNo: 'R1', reference: 'CP1' }],
    subject: '第十届国际会议 注册费',
    passback: 'cp7-A1%20&x',
    startedAt: createdAt,
    expiresAt: new Date(Date.now() + 3_600_000),
    lang: 'zh',
    returnUrl: `http://c.localhost/profile/order/pay/goto/result/${attemptNo}`,
    notifyUrl: `http://c.localhost/payment/notify/cardForeign/${attemptNo}`,
    config: config(),
  });
  if (submit && result.kind === 'form') {
    const page = await (
      await fetch(result.action, { method: 'POST', body: new URLSearchParams(result.fields) })
    ).text();
    expect(page).not.toContain('验签失败');
  }
  const ref: AttemptRef = { conferenceId: 7, attemptNo, amount, providerRef: null, createdAt, config: config() };
  return { attemptNo, result, ref };
}
const parse = (n: FakeNotification, cfg = config()) =>
  foreign.parseNotification!({ headers: {}, query: {}, rawBody: Buffer.from(n.body) }, cfg, new Date());

describe('start', () => {
  test('a signed form for the front address, with the amount in minor units and the ISO numeric currency', async () => {
    const { attemptNo, result } = await started();
    expect(result).toMatchObject({
      kind: 'form',
      action: `${fake.url}/gateway/api/frontTransReq.do`,
      fields: {
        version: '5.1.0',
        signMethod: '01',
        txnType: '01',
        bizType: '000201',
        orderId: attemptNo,
        txnAmt: '150000',
        currencyCode: '156',
        certId: expect.stringMatching(/^\d+$/),
        signature: expect.any(String),
      },
    });
    expect(fake.order(attemptNo)).toMatchObject({
      amount: 150_000,
      currency: 'CNY',
      subject: '第十届国际会议 注册费',
      passback: 'cp7-A1%20&x',
    });
  });

  test('money edges: 0.01, 100,000,000.00; JPY on the foreign variant, CNY only on the domestic one', async () => {
    for (const amount of [money(1, 'CNY'), money(10_000_000_000, 'CNY'), money(5000, 'JPY')])
      expect(fake.order((await started(amount)).attemptNo)).toMatchObject({
        amount: amount.amount,
        currency: amount.currency,
      });
    await expect(started(money(5000, 'JPY'), domestic)).rejects.toMatchObject({
      messageKey: 'payments:currencyNotSupported',
    });
    expect((await started(money(100, 'CNY'), domestic)).result.kind).toBe('form');
  });
});

describe('notifications', () => {
  test('genuine: paid, with amount, queryId and the passback data', async () => {
    const a = await started();
    const n = fake.pay(a.attemptNo);
    expect(new URLSearchParams(n.body).get('reqReserved')).toBe('cp7-A1%20&x');
    expect(await parse(n)).toMatchObject({
      attemptNo: a.attemptNo,
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
      providerRef: expect.any(String),
    });
  });

  test.each(['byte', 'serial', 'unsigned'] as const)('%s: refused', async (fault) => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { fault }))).rejects.toBeInstanceOf(NotificationRefused);
  });

  test("another merchant's notification is refused", async () => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo), { ...config(), merchantId: '777290058110099' })).rejects.toThrow(
      /another merchant/,
    );
  });

  test('the replies: 200 ok, or 400 (UnionPay sends again)', () => {
    expect(foreign.notificationReply!(true)).toMatchObject({ status: 200, body: 'ok' });
    expect(foreign.notificationReply!(false).status).toBe(400);
  });
});

describe("the signer's certificate, as UnionPay's SDK checks it", () => {
  test('a renewed signing certificate under the same intermediate: notifications and query answers still verify, with no configuration change', async () => {
    const a = await started();
    const before = fake.pay(a.attemptNo);
    fake.renew();
    const after = fake.pay(a.attemptNo);
    expect(new URLSearchParams(after.body).get('signPubKeyCert')).not.toBe(
      new URLSearchParams(before.body).get('signPubKeyCert'),
    );
    expect(await parse(after)).toMatchObject({
      attemptNo: a.attemptNo,
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
    });
    // "refresh status": the query's answer is signed with the renewed certificate too, and its "paid" is kept.
    expect(await foreign.query!(a.ref)).toMatchObject({
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
    });
    expect(await parse(before)).toMatchObject({ state: 'succeeded' });
  });

  test.each([
    ['otherRoot', /not issued by the configured intermediate/],
    ['expired', /not in force/],
    ['wrongOwner', /is not UnionPay's \(owner "某某支付有限公司"\)/],
  ] as const)('signed with a certificate %s: refused', async (signer, reason) => {
    const a = await started();
    await expect(parse(fake.pay(a.attemptNo, { signer }))).rejects.toThrow(reason);
  });

  test('a configuration that has only the pinned certificate of old (no root, no intermediate) refuses every notification, saying why', async () => {
    const a = await started();
    const old = {
      ...config(),
      rootCertificate: '',
      middleCertificate: '',
      certificate: new URLSearchParams(fake.pay(a.attemptNo).body).get('signPubKeyCert')!,
    };
    await expect(parse(fake.pay(a.attemptNo), old)).rejects.toThrow(
      /root and intermediate certificates are not configured/,
    );
    await expect(parse(fake.pay(a.attemptNo), { ...config(), middleCertificate: '' })).rejects.toThrow(
      /not configured/,
    );
    // Nor does a payment begin that could never be confirmed.
    await expect(
      foreign.start({
        conferenceId: 7,
        attemptNo: `UP${Date.now()}x`,
        amount: money(100, 'CNY'),
        orders: [],
        subject: 's',
        passback: '',
        startedAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
        lang: 'zh',
        returnUrl: 'http://c.localhost/r',
        notifyUrl: 'http://c.localhost/n',
        config: old,
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  test("the owner name: 中国银联股份有限公司 always; the test environment's 00040000:SIGN only with the sandbox", () => {
    const root = issueCertificate({ commonName: 'root', serialHex: '01', ca: true });
    const middle = issueCertificate({ commonName: 'middle', serialHex: '02', ca: true, issuer: root });
    const testSigner = issueCertificate({
      commonName: '041@Z12@00040000:SIGN@00000062',
      serialHex: '03',
      issuer: middle,
    });
    const trust = { rootCertificate: root.certificatePem, middleCertificate: middle.certificatePem };
    const fields = { signPubKeyCert: testSigner.certificatePem };
    expect(signerOf(fields, { ...trust, environment: 'sandbox' })).toHaveProperty('key');
    expect(signerOf(fields, { ...trust, environment: 'production' })).toMatchObject({
      refusal: expect.stringMatching(/not UnionPay's/),
    });
  });
});

describe('query and refund', () => {
  test('query: not submitted and submitted are pending; paid succeeds; it needs the original txnTime; expired fails', async () => {
    const notSent = await started(undefined, foreign, false);
    expect((await foreign.query!(notSent.ref)).state).toBe('pending');
    const a = await started();
    expect((await foreign.query!(a.ref)).state).toBe('pending');
    fake.pay(a.attemptNo);
    expect(await foreign.query!(a.ref)).toMatchObject({
      state: 'succeeded',
      amount: { amount: 150_000, currency: 'CNY' },
    });
    expect((await foreign.query!({ ...a.ref, createdAt: new Date(a.ref.createdAt.getTime() - 60_000) })).state).toBe(
      'pending',
    );
    const b = await started();
    fake.expire(b.attemptNo);
    expect((await foreign.query!(b.ref)).state).toBe('failed');
  });

  test('refunds in part and in full; the same refund number twice refunds once; more fails', async () => {
    const a = await started(money(100_000, 'CNY'));
    const paid = await parse(fake.pay(a.attemptNo));
    const ref = { ...a.ref, providerRef: paid!.providerRef! };
    const refund = (refundNo: string, amount: number) =>
      foreign.refund!(ref, {
        refundNo,
        amount: money(amount, 'CNY'),
        reason: '退会',
        notifyUrl: 'http://c.localhost/payment/notify/cardForeign/refund',
      });
    expect(await refund('RFD0000001', 30_000)).toMatchObject({ state: 'succeeded', detail: 'respCode 00' });
    expect(await refund('RFD0000001', 30_000)).toMatchObject({ state: 'succeeded', detail: 'respCode 12' });
    await refund('RFD0000002', 70_000);
    expect(fake.refunds(a.attemptNo)).toEqual([
      { refundNo: 'RFD0000001', amount: 30_000 },
      { refundNo: 'RFD0000002', amount: 70_000 },
    ]);
    expect((await refund('RFD0000003', 1)).state).toBe('failed');
  });
});

describe('the key file', () => {
  const check = (change: Record<string, string>) => {
    try {
      foreign.checkConfig!({ ...config(), ...change });
      return null;
    } catch (err) {
      return err instanceof AppError ? [err.messageKey, err.field] : err;
    }
  };
  test('the PKCS#12 file opens with its password; a wrong password, a broken file, a broken certificate are named', () => {
    expect(check({})).toBeNull();
    expect(check({ certificatePassword: 'wrong' })).toEqual([
      'payments:certificatePasswordWrong',
      'certificatePassword',
    ]);
    expect(check({ privateKeyCertificate: '-----BEGIN PKCS12-----\nAAAA\n-----END PKCS12-----' })).toEqual([
      'payments:certificateInvalid',
      'privateKeyCertificate',
    ]);
    expect(check({ rootCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })).toEqual([
      'payments:certificateUnreadable',
      'rootCertificate',
    ]);
  });

  test('the root and the intermediate: both required, the root a self-signed CA, the intermediate issued by it', () => {
    const other = issueCertificate({ commonName: 'another root', serialHex: '0a', ca: true });
    const leaf = issueCertificate({ commonName: 'a leaf', serialHex: '0b', issuer: other });
    expect(check({ rootCertificate: '' })).toEqual(['payments:required.rootCertificate', 'rootCertificate']);
    expect(check({ middleCertificate: '' })).toEqual(['payments:required.middleCertificate', 'middleCertificate']);
    expect(check({ rootCertificate: leaf.certificatePem })).toEqual(['payments:rootNotCa', 'rootCertificate']);
    expect(check({ rootCertificate: other.certificatePem })).toEqual([
      'payments:middleNotFromRoot',
      'middleCertificate',
    ]);
  });

  test('PEM text with an encrypted key and its certificate works too, and its password is checked', () => {
    const keys = rsaKeyPair();
    const encrypted = crypto
      .createPrivateKey(keys.privateKeyPem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pem-pass' })
      .toString();
    const pem = `${encrypted}\n${selfSignedCertificate(keys, { commonName: 'm', serialHex: '4d2' })}`;
    expect(check({ privateKeyCertificate: pem, certificatePassword: 'pem-pass' })).toBeNull();
    expect(check({ privateKeyCertificate: pem, certificatePassword: 'nope' })).toEqual([
      'payments:certificatePasswordWrong',
      'certificatePassword',
    ]);
  });
});
