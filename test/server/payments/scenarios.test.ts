/**
 * The scenario suite every online gateway passes (issue 13 "The fakes and the tests"), on SQLite
 * and on MariaDB: each gateway's protocol fake (test/fakes/) runs on 127.0.0.1, the platform
 * reaches it through PAYMENT_GATEWAY_URLS, and its notifications are posted to the platform's
 * callback address as the gateway would post them.
 *
 * 1. a good notification; one byte changed; an unknown certificate; a stale timestamp; unsigned;
 * 2. 50 identical notifications at once, half to a second app instance on the same database:
 *    one state change, one mail, one receipt;
 * 3. a notification after the browser's return; a lost one, settled by the reconciler;
 * 4. amount (and, where the protocol carries one, currency) mismatch: flagged, not paid;
 * 5. the old attempt paid after a new one opened: accepted; both paid: flagged;
 * 6. expiry at the gateway; refunds in full and in part, repeated;
 * 7. money edges: 0.01 and 100,000,000.00, JPY where the gateway takes it;
 * 8. a Chinese subject reaches the gateway; bad callers (another conference's address, a replay).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createApp, type App } from '../../../server/app';
import type { PaymentMethod } from '../../../server/contract/payments';
import { reconcile, RECONCILE_AFTER_MS } from '../../../server/modules/orders/jobs';
import { createHarness, type Harness } from '../../helpers/harness';
import type { FakeGateway, FakeNotification } from '../../fakes/gateway';
import { addFee, attendee, call, feeConference } from '../orders/helpers';
import { startWechatPayFake } from '../../fakes/wechatPay';
import { startAlipayFake } from '../../fakes/alipay';
import { startPaypalFake } from '../../fakes/paypal';
import { startUnionPayFake } from '../../fakes/unionPay';
import type { AnomalyKind } from '../../../server/contract/orders';

/** `webhook`: the gateway posts every event to one address, so a forged one names no attempt the platform trusts: it is logged, not flagged. */
type Gateway = {
  method: PaymentMethod;
  start: () => Promise<FakeGateway>;
  currencies: string[];
  faults: Array<'byte' | 'serial' | 'stale' | 'unsigned'>;
  webhook?: boolean;
};

/** The gateways under test, filled in as each is plugged into the registry. */
export const GATEWAYS: Gateway[] = [
  {
    method: 'walletA',
    start: startWechatPayFake,
    currencies: ['CNY'],
    faults: ['byte', 'serial', 'stale', 'unsigned'],
  },
  // Alipay signs no timestamp: a replayed notification is caught by the attempt's state, not by age.
  { method: 'walletB', start: startAlipayFake, currencies: ['CNY'], faults: ['byte', 'serial', 'unsigned'] },
  {
    method: 'onlineWallet',
    start: startPaypalFake,
    currencies: ['CNY', 'JPY'],
    faults: ['byte', 'serial', 'stale', 'unsigned'],
    webhook: true,
  },
  // UnionPay signs no timestamp either. The domestic variant is the same protocol (its own tests).
  {
    method: 'cardForeign',
    start: startUnionPayFake,
    currencies: ['CNY', 'JPY'],
    faults: ['byte', 'serial', 'unsigned'],
  },
];

/** What the payer's browser does with a form answer (the card gateway's): posts it to the gateway. */
async function browse(start: { kind: string; action?: string; fields?: Record<string, string> }): Promise<void> {
  if (start.kind === 'form')
    expect((await fetch(start.action!, { method: 'POST', body: new URLSearchParams(start.fields) })).status).toBe(200);
}

const post = (app: App['app'], n: FakeNotification) => {
  const url = new URL(n.url);
  let req = request(app).post(`${url.pathname}${url.search}`).set('Host', url.host);
  for (const [k, v] of Object.entries(n.headers)) req = req.set(k, v);
  return req.send(n.body);
};

describe.each(GATEWAYS.length ? GATEWAYS : [null])('$method', (gateway) => {
  if (!gateway) return void test.skip('no online gateway is plugged in yet', () => undefined);
  let fake: FakeGateway;
  let h: Harness;
  let second: App;
  let cid: number;
  let host: string;
  let manager: string;

  beforeAll(async () => {
    fake = await gateway.start();
    h = await createHarness({
      seedDemo: false,
      env: { PAYMENT_GATEWAY_URLS: JSON.stringify({ [gateway.method]: fake.url }) },
    });
    second = await createApp({ config: h.config, db: h.db, production: true });
    ({ cid, host } = await feeConference(h, `gw-${gateway.method.toLowerCase()}`));
    manager = await h.login({ email: `boss-${gateway.method}@example.org`, conferenceId: cid, roles: ['manager'] });
    await h.payments.save(cid, {
      generalMethods: [gateway.method],
      hotelSeparate: false,
      hotelMethods: [],
      combinedAllowed: true,
      methods: [{ method: gateway.method, titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: fake.config() }],
    });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await h?.stop();
    await fake?.close();
  });

  /** A person with one unpaid order for a fee of `price` (minor units), and an attempt to pay it. */
  async function started(price = 150_000, currency = 'CNY') {
    const fee = await addFee(h, cid, { price, currency, maxPerAccount: 1 });
    const person = await attendee(h, cid);
    const chosen = await call(h, host, 'post', '/conference/order/fee', {
      token: person.token,
      body: { picks: [{ feeId: fee, quantity: 1 }] },
    });
    expect(chosen.body.code).toBe(200);
    const [orderId] = chosen.body.data.orderIds as number[];
    const pay = async () => {
      const answer = await call(h, host, 'post', '/conference/order/pay', {
        token: person.token,
        body: { orderIds: [orderId], method: gateway!.method },
      });
      if (answer.body.code === 200) await browse(answer.body.data.start);
      return answer;
    };
    const first = await pay();
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    return { ...person, orderId, attemptNo: first.body.data.attemptNo as string, start: first.body.data.start, pay };
  }
  const orderOf = async (id: number) => h.db('orders').where({ id }).first();
  const attemptOf = async (no: string) => h.db('payment_attempts').where({ attempt_no: no }).first();
  const anomalies = async (kind: AnomalyKind) => h.db('payment_anomalies').where({ conference_id: cid, kind });

  test('1. only a genuine notification marks the order paid; forged ones are refused and flagged once', async () => {
    const p = await started();
    expect(fake.order(p.attemptNo)).toMatchObject({ amount: 150_000, currency: 'CNY' });
    expect(p.start).not.toHaveProperty('providerRef');
    for (const fault of gateway.faults) {
      await post(h.app, fake.pay(p.attemptNo, { fault }));
      expect((await orderOf(p.orderId))!.status, `a notification with the fault "${fault}" marked the order paid`).toBe(
        'unpaid',
      );
    }
    // However many forged notifications came, the managers see one flag for the attempt.
    const attemptId = Number((await attemptOf(p.attemptNo))!.id);
    expect((await anomalies('refused')).filter((a) => Number(a.attempt_id) === attemptId)).toHaveLength(
      gateway.faults.length && !gateway.webhook ? 1 : 0,
    );
    const good = await post(h.app, fake.pay(p.attemptNo));
    expect(good.status).toBeLessThan(300);
    expect((await orderOf(p.orderId))!.status).toBe('paid');
    expect((await attemptOf(p.attemptNo))!.state).toBe('succeeded');
  });

  test('2. 50 identical notifications at once on two instances: one change, one mail, one receipt', async () => {
    const p = await started();
    const n = fake.pay(p.attemptNo);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? second.app : h.app, n)));
    expect(answers.every((a) => a.status < 300)).toBe(true);
    const order = (await orderOf(p.orderId))!;
    expect(order.status).toBe('paid');
    expect(await h.db('receipt_documents').where({ order_id: p.orderId })).toHaveLength(1);
    const email = (await h.db('users').where({ id: p.userId }).first())!.email;
    expect(
      await h.db('mail_outbox').where({ conference_id: cid }).where('to_address', 'like', `%${email}%`),
    ).toHaveLength(1);
  });

  test('3. the browser returns first, then the notification: paid once; a lost notification is settled by the reconciler', async () => {
    const back = await started();
    const n = fake.pay(back.attemptNo);
    const refreshed = await call(h, host, 'post', `/conference/order/pay/result/${back.attemptNo}/refresh`, {
      token: back.token,
    });
    expect(refreshed.body.data.state).toBe('succeeded');
    expect((await post(h.app, n)).status).toBeLessThan(300);
    expect((await orderOf(back.orderId))!.status).toBe('paid');

    const lost = await started();
    fake.pay(lost.attemptNo); // paid at the gateway; the notification never arrives
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);
    const tally = await reconcile(h.db, h.orders, later);
    expect(tally.paid).toBeGreaterThanOrEqual(1);
    expect((await orderOf(lost.orderId))!.status).toBe('paid');
  });

  test('4. a notification for another amount is flagged and not paid', async () => {
    const p = await started();
    const res = await post(h.app, fake.pay(p.attemptNo, { amount: 149_999 }));
    expect(res.status).toBeLessThan(300);
    expect((await orderOf(p.orderId))!.status).toBe('unpaid');
    expect((await anomalies('mismatch')).some((a) => String(a.detail).startsWith(p.attemptNo))).toBe(true);
  });

  test('5. the older attempt paid after a newer one opened is accepted; paying both is flagged', async () => {
    const p = await started();
    const olderPaid = fake.pay(p.attemptNo); // the payer paid; the notification is late
    const newer = await p.pay();
    expect(newer.body.code).toBe(200);
    expect((await post(h.app, olderPaid)).status).toBeLessThan(300);
    expect((await orderOf(p.orderId))!.status).toBe('paid');
    const both = await post(h.app, fake.pay(newer.body.data.attemptNo));
    expect(both.status).toBeLessThan(300);
    expect((await anomalies('duplicate')).some((a) => Number(a.order_id) === p.orderId)).toBe(true);
  });

  test('6. expiry at the gateway; refunds in full and in part, each number once', async () => {
    const gone = await started();
    fake.expire(gone.attemptNo);
    await call(h, host, 'post', `/conference/order/pay/result/${gone.attemptNo}/refresh`, { token: gone.token });
    expect(['expired', 'canceled', 'failed']).toContain((await attemptOf(gone.attemptNo))!.state);

    const p = await started(100_000);
    await post(h.app, fake.pay(p.attemptNo));
    const refund = (refundNo: string, amount: string) =>
      call(h, host, 'post', `/conference/platform/manage/order/${p.orderId}/refund`, {
        token: manager,
        body: { refundNo, amount, reason: '退会' },
      });
    expect((await refund('RF1000000001', '300.00')).body.code).toBe(200);
    expect((await refund('RF1000000001', '300.00')).body.code).toBe(200);
    expect(fake.refunds(p.attemptNo)).toEqual([{ refundNo: 'RF1000000001', amount: 30_000 }]);
    expect((await refund('RF1000000002', '700.00')).body.code).toBe(200);
    const tooMuch = await refund('RF1000000003', '0.01');
    expect(tooMuch.body).toMatchObject({ code: 400, message: 'orders:refundTooMuch' });
    expect(fake.refunds(p.attemptNo).map((r) => r.amount)).toEqual([30_000, 70_000]);
    expect((await h.db('payment_refunds').where({ order_id: p.orderId })).length).toBe(2);
    // The order's log (issue 35): paid by the gateway, each refund asked for by the manager once, and the gateway's answer once when it gave one.
    const log = (
      await call(h, host, 'post', `/conference/platform/manage/order/${p.orderId}/refresh`, { token: manager })
    ).body.data.log as Array<{ action: string; actor: string; detail: string }>;
    expect(log.filter((l) => l.action === 'paid').map((l) => [l.actor, l.detail])).toEqual([
      ['gateway', expect.stringContaining(p.attemptNo)],
    ]);
    expect(log.filter((l) => l.action === 'refundRequested').map((l) => [l.actor, l.detail])).toEqual([
      ['manager', 'RF1000000001'],
      ['manager', 'RF1000000002'],
    ]);
    const answered = (await h.db('payment_refunds').where({ order_id: p.orderId }).orderBy('id')).filter(
      (r) => r.state === 'succeeded' || r.state === 'failed',
    );
    expect(
      log.filter((l) => l.action === 'refunded' || l.action === 'refundFailed').map((l) => [l.actor, l.detail]),
    ).toEqual(answered.map((r) => ['gateway', r.refund_no]));
  });

  test('7. money edges reach the gateway exactly', async () => {
    for (const price of [1, 10_000_000_000]) {
      const p = await started(price);
      expect(fake.order(p.attemptNo)).toMatchObject({ amount: price, currency: 'CNY' });
    }
    if (gateway.currencies.includes('JPY')) {
      const p = await started(5000, 'JPY');
      expect(fake.order(p.attemptNo)).toMatchObject({ amount: 5000, currency: 'JPY' });
    }
  });

  test("8. the Chinese subject reaches the gateway; another conference's address and a replay change nothing", async () => {
    const p = await started();
    expect(fake.order(p.attemptNo)!.subject).toContain('注册费');
    const other = await feeConference(h, `gw-other-${gateway.method.toLowerCase()}`);
    const n = fake.pay(p.attemptNo);
    const elsewhere = { ...n, url: n.url.replace(host, other.host) };
    await post(h.app, elsewhere);
    expect((await orderOf(p.orderId))!.status).toBe('unpaid');
    expect((await post(h.app, n)).status).toBeLessThan(300);
    const paidAt = (await orderOf(p.orderId))!.paid_at;
    expect((await post(h.app, n)).status).toBeLessThan(300);
    expect((await orderOf(p.orderId))!.paid_at).toEqual(paidAt);
  });
});
