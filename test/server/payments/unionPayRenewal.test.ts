/**
 * UnionPay renews its signing certificate (issue "Gateways verified as their official SDKs
 * verify"), end to end on SQLite and MariaDB: the payer's "refresh status" keeps UnionPay's "paid"
 * answer, signed with the new certificate, and the notification signed with it is accepted; one
 * signed under another root changes nothing and is flagged.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import type { FakeNotification } from '../../fakes/gateway';
import { startUnionPayFake } from '../../fakes/unionPay';
import { addFee, attendee, call, feeConference } from '../orders/helpers';

let fake: Awaited<ReturnType<typeof startUnionPayFake>>;
let h: Harness;
let cid: number;
let host: string;

beforeAll(async () => {
  fake = await startUnionPayFake();
  h = await createHarness({
    seedDemo: false,
    env: { PAYMENT_GATEWAY_URLS: JSON.stringify({ cardForeign: fake.url }) },
  });
  ({ cid, host } = await feeConference(h, 'gw-renewal'));
  await h.payments.save(cid, {
    generalMethods: ['cardForeign'],
    hotelSeparate: false,
    hotelMethods: [],
    combinedAllowed: true,
    methods: [{ method: 'cardForeign', titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: fake.config() }],
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

const post = (n: FakeNotification) => {
  const url = new URL(n.url);
  return request(h.app)
    .post(url.pathname)
    .set('Host', url.host)
    .set('Content-Type', n.headers['Content-Type'])
    .send(n.body);
};

async function started() {
  const fee = await addFee(h, cid, { price: 150_000, currency: 'CNY', maxPerAccount: 1 });
  const person = await attendee(h, cid);
  const [orderId] = (
    await call(h, host, 'post', '/conference/order/fee', {
      token: person.token,
      body: { picks: [{ feeId: fee, quantity: 1 }] },
    })
  ).body.data.orderIds as number[];
  const paying = await call(h, host, 'post', '/conference/order/pay', {
    token: person.token,
    body: { orderIds: [orderId], method: 'cardForeign' },
  });
  expect(paying.body.code, JSON.stringify(paying.body)).toBe(200);
  const form = paying.body.data.start as { action: string; fields: Record<string, string> };
  expect((await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) })).status).toBe(200);
  return { ...person, orderId, attemptNo: paying.body.data.attemptNo as string };
}
const statusOf = async (id: number) => (await h.db('orders').where({ id }).first())!.status;

test("after UnionPay's renewal, 'refresh status' keeps the paid answer and the renewed notification is accepted; another root's changes nothing", async () => {
  fake.renew();
  const refreshed = await started();
  fake.pay(refreshed.attemptNo); // paid at UnionPay; the notification is not delivered
  const answer = await call(h, host, 'post', `/conference/order/pay/result/${refreshed.attemptNo}/refresh`, {
    token: refreshed.token,
  });
  expect(answer.body.data.state).toBe('succeeded');
  expect(await statusOf(refreshed.orderId)).toBe('paid');

  const notified = await started();
  const forged = await post(fake.pay(notified.attemptNo, { signer: 'otherRoot' }));
  expect(forged.status).toBe(400);
  expect(await statusOf(notified.orderId)).toBe('unpaid');
  expect(
    (await h.db('payment_anomalies').where({ conference_id: cid, kind: 'refused' })).map((a) => a.detail).join(),
  ).toMatch(/not issued by the configured intermediate/);
  const genuine = await post(fake.pay(notified.attemptNo));
  expect([genuine.status, genuine.text]).toEqual([200, 'ok']);
  expect(await statusOf(notified.orderId)).toBe('paid');
});
