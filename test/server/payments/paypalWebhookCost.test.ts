/**
 * What an anonymous post to the PayPal webhook may cost (docs/security.md "What an anonymous
 * request may cost"). PayPal verifies a webhook only by a call to PayPal, so the platform first
 * checks, with no call, that the event names an attempt of this conference waiting for PayPal under
 * the order id it names, and then verifies within a budget: at most 4 calls in flight per
 * conference and 120 a minute; past it, 503 with Retry-After (PayPal delivers again later).
 * The fake counts every request the platform makes to it and the most verifications at once.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { startPaypalFake } from '../../fakes/paypal';
import type { FakeNotification } from '../../fakes/gateway';
import { addFee, attendee, call, feeConference } from '../orders/helpers';
import { VERIFY_LIMITS } from '../../../server/modules/orders/verifyBudget';
import { createApp } from '../../../server/app';
import { RedisRateLimiter } from '../../../server/platform/rateLimit';

let fake: Awaited<ReturnType<typeof startPaypalFake>>;
let h: Harness;
let server: http.Server;
const sites: Array<{ cid: number; host: string }> = [];

beforeAll(async () => {
  fake = await startPaypalFake();
  h = await createHarness({
    seedDemo: false,
    env: { PAYMENT_GATEWAY_URLS: JSON.stringify({ onlineWallet: fake.url }) },
  });
  for (const slug of ['pp-cost-a', 'pp-cost-b']) {
    const site = await feeConference(h, slug);
    await h.payments.save(site.cid, {
      generalMethods: ['onlineWallet'],
      hotelSeparate: false,
      hotelMethods: [],
      combinedAllowed: true,
      methods: [{ method: 'onlineWallet', titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: fake.config() }],
    });
    sites.push(site);
  }
  // One listening server for the bursts (supertest would start one per request otherwise).
  server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.stop();
  await fake?.close();
});

/** A person's unpaid order and a PayPal attempt started for it (an order created at the fake). */
async function started(site: { cid: number; host: string }) {
  const fee = await addFee(h, site.cid, { price: 10_000, maxPerAccount: 1 });
  const person = await attendee(h, site.cid);
  const chosen = await call(h, site.host, 'post', '/conference/order/fee', {
    token: person.token,
    body: { picks: [{ feeId: fee, quantity: 1 }] },
  });
  const [orderId] = chosen.body.data.orderIds as number[];
  const paid = await call(h, site.host, 'post', '/conference/order/pay', {
    token: person.token,
    body: { orderIds: [orderId], method: 'onlineWallet' },
  });
  expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
  const attemptNo = paid.body.data.attemptNo as string;
  const attempt = (await h.db('payment_attempts').where({ conference_id: site.cid, attempt_no: attemptNo }).first())!;
  return { orderId, attemptNo, paypalOrderId: String(attempt.provider_ref) };
}

const random = (n: number) => crypto.randomBytes(n).toString('hex').toUpperCase();

/** A webhook as anyone can write it: well-formed PayPal headers sent now, signed with nothing PayPal knows. */
function forged(
  host: string,
  resource: { attemptNo: string; orderId: string },
  type = 'CHECKOUT.ORDER.APPROVED',
  path = 'webhook',
): FakeNotification {
  const r =
    type === 'CHECKOUT.ORDER.APPROVED'
      ? { id: resource.orderId, status: 'APPROVED', purchase_units: [{ invoice_id: resource.attemptNo }] }
      : {
          id: random(8),
          status: 'COMPLETED',
          invoice_id: resource.attemptNo,
          amount: { currency_code: 'CNY', value: '100.00' },
          supplementary_data: { related_ids: { order_id: resource.orderId } },
        };
  return {
    url: `http://${host}/payment/notify/onlineWallet/${path}`,
    headers: {
      'PAYPAL-TRANSMISSION-ID': crypto.randomUUID(),
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      'PAYPAL-TRANSMISSION-SIG': random(64),
      'PAYPAL-CERT-URL': `${fake.url}/v1/notifications/certs/CERT-FAKE-1`,
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ id: `WH-${random(8)}`, event_type: type, resource: r }),
  };
}

function post(n: FakeNotification, to: http.Server = server) {
  const url = new URL(n.url);
  let req = request(to).post(url.pathname).set('Host', url.host);
  for (const [k, v] of Object.entries(n.headers)) req = req.set(k, v);
  return req.send(n.body);
}

test('300 posts naming no attempt waiting for PayPal: no call to PayPal, each acknowledged', async () => {
  const [a] = sites;
  const real = await started(a);
  fake.resetTraffic();
  const posts = Array.from({ length: 300 }, (_, i) => {
    // Unknown attempts and orders, both event types; a real attempt under another order id; a
    // real attempt of this conference posted to the other conference's address.
    if (i === 0) return forged(a.host, { attemptNo: real.attemptNo, orderId: random(8) });
    if (i === 1) return forged(sites[1].host, { attemptNo: real.attemptNo, orderId: real.paypalOrderId });
    return forged(
      a.host,
      { attemptNo: `A${random(6)}`, orderId: random(8) },
      i % 2 ? 'CHECKOUT.ORDER.APPROVED' : 'PAYMENT.CAPTURE.COMPLETED',
    );
  });
  const answers = await Promise.all(posts.map((n) => post(n)));
  expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  // An attempt's own address takes only that attempt; an event we do not act on costs nothing either.
  expect(
    (await post(forged(a.host, { attemptNo: `A${random(6)}`, orderId: random(8) }, undefined, `B${random(6)}`))).status,
  ).toBe(400);
  expect(
    (
      await post({
        ...forged(a.host, { attemptNo: 'X', orderId: 'Y' }),
        body: JSON.stringify({ event_type: 'BILLING.PLAN.CREATED', resource: {} }),
      })
    ).status,
  ).toBe(200);
  expect(fake.traffic.calls).toBe(0);
  expect((await h.db('orders').where({ id: real.orderId }).first())!.status).toBe('unpaid');
}, 60_000);

test('300 forged posts naming a waiting attempt: at most 4 verifications at once and 120 a minute; the rest 503 with Retry-After', async () => {
  const [a, b] = sites;
  const target = await started(a);
  fake.resetTraffic();
  fake.slowVerification(50);
  try {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => post(fake.pay(target.attemptNo, { fault: 'byte' }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([400, 503]));
    expect(fake.traffic.verifications).toBeGreaterThan(0);
    expect(fake.traffic.verifications).toBeLessThanOrEqual(VERIFY_LIMITS.perMinutePerConference);
    expect(fake.traffic.maxConcurrentVerifications).toBeLessThanOrEqual(VERIFY_LIMITS.concurrentPerConference);
    expect(statuses.filter((s) => s === 400)).toHaveLength(fake.traffic.verifications);
    expect(answers.filter((r) => r.status === 503).every((r) => Number(r.headers['retry-after']) > 0)).toBe(true);
    expect((await h.db('orders').where({ id: target.orderId }).first())!.status).toBe('unpaid');
  } finally {
    fake.slowVerification(0);
  }

  // The other conference's budget is its own: its payer's genuine webhook is verified and paid.
  const other = await started(b);
  expect((await post(fake.pay(other.attemptNo))).status).toBe(200);
  expect((await h.db('orders').where({ id: other.orderId }).first())!.status).toBe('paid');
  // Paid: the same event delivered again is acknowledged without a call.
  const calls = fake.traffic.calls;
  expect((await post(fake.pay(other.attemptNo))).status).toBe(200);
  expect(fake.traffic.calls).toBe(calls);
}, 120_000);

const redisUrl = process.env.TEST_REDIS_URL;
test.runIf(redisUrl)(
  'two instances sharing Redis: the minute budget of a conference holds for both together',
  async () => {
    const site = await feeConference(h, 'pp-cost-c');
    await h.payments.save(site.cid, {
      generalMethods: ['onlineWallet'],
      hotelSeparate: false,
      hotelMethods: [],
      combinedAllowed: true,
      methods: [{ method: 'onlineWallet', titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: fake.config() }],
    });
    // Keys of this run's own: the SQLite and MariaDB runs share one Redis side by side, with the same conference ids.
    const shared = new RedisRateLimiter(redisUrl!, `cp-test-${crypto.randomUUID()}:rate:`);
    const apps = [
      await createApp({ config: h.config, db: h.db, production: true, limiter: shared }),
      await createApp({ config: h.config, db: h.db, production: true, limiter: shared }),
    ];
    const servers = apps.map((a) => http.createServer(a.app));
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    try {
      const target = await started(site);
      fake.resetTraffic();
      fake.slowVerification(20);
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => post(fake.pay(target.attemptNo, { fault: 'byte' }), servers[i % 2])),
      );
      expect(fake.traffic.verifications).toBeGreaterThan(0);
      expect(fake.traffic.verifications).toBeLessThanOrEqual(VERIFY_LIMITS.perMinutePerConference);
      expect(fake.traffic.maxConcurrentVerifications).toBeLessThanOrEqual(2 * VERIFY_LIMITS.concurrentPerConference);
      expect(answers.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(
        300 - VERIFY_LIMITS.perMinutePerConference,
      );
    } finally {
      fake.slowVerification(0);
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      for (const a of apps) await a.close();
      await shared.close();
    }
  },
  120_000,
);
