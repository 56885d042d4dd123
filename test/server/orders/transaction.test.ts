/**
 * Spec 4's transaction statuses that depend on payments (issue 32), seen by the payer in their
 * order list: `sure` while an online payment waits for its gateway, `delay` for an announced
 * transfer (which does not expire meanwhile), `dePay` when part of the amount arrived,
 * `payFailed` after a failed payment, `payError` ("Payment exception.") when money arrived for a
 * cancelled order. "Refresh status" asks the online wallet: a payment the gateway took, whose
 * notification never came, is recorded by the payer's refresh. An order carries its display
 * currency. The wallet is the WeChat Pay protocol fake (test/fakes/wechatPay.ts).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import type { FakeGateway, FakeNotification } from '../../fakes/gateway';
import { startWechatPayFake } from '../../fakes/wechatPay';
import { addFee, attendee, call, feeConference } from './helpers';
import { transactionOf } from '../../../server/modules/orders/present';

let fake: FakeGateway;
let h: Harness;
let cid: number;
let host: string;

beforeAll(async () => {
  fake = await startWechatPayFake();
  h = await createHarness({ seedDemo: false, env: { PAYMENT_GATEWAY_URLS: JSON.stringify({ walletA: fake.url }) } });
  ({ cid, host } = await feeConference(h, 'transaction-states'));
  await h.payments.save(cid, {
    generalMethods: ['walletA', 'bankRemit'],
    hotelSeparate: false,
    hotelMethods: [],
    combinedAllowed: true,
    methods: [
      { method: 'walletA', titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: fake.config() },
      {
        method: 'bankRemit',
        titleZh: '银行汇款',
        titleEn: 'Bank transfer',
        noteZh: '',
        noteEn: '',
        fields: { accountName: 'Org', account: '6222 0000 1111 2222', bankName: 'Bank' },
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

const post = (n: FakeNotification) => {
  const url = new URL(n.url);
  let req = request(h.app).post(`${url.pathname}${url.search}`).set('Host', url.host);
  for (const [k, v] of Object.entries(n.headers)) req = req.set(k, v);
  return req.send(n.body);
};

/** A person with one unpaid order (an optional fee, so a person may have several), and how to pay it. */
async function ordered() {
  const fee = await addFee(h, cid, { kind: 'optional', price: 20_000, maxPerAccount: 1 });
  await h.db('fee_items').where({ id: fee }).update({ display_currency: 'USD', display_price_amount: 3_000 });
  const person = await attendee(h, cid);
  const chosen = await call(h, host, 'post', '/conference/order/fee', {
    token: person.token,
    body: { picks: [{ feeId: fee, quantity: 1 }] },
  });
  expect(chosen.body.code).toBe(200);
  const [orderId] = chosen.body.data.orderIds as number[];
  const pay = async (method: string) => {
    const answer = await call(h, host, 'post', '/conference/order/pay', {
      token: person.token,
      body: { orderIds: [orderId], method },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.attemptNo as string;
  };
  const view = async () =>
    (
      (await call(h, host, 'get', '/conference/order/list', { token: person.token })).body.data.here as Array<{
        id: number;
        transaction: string;
        status: string;
        displayCurrency: string;
      }>
    ).find((o) => o.id === orderId)!;
  return { ...person, orderId, pay, view };
}

test("an online payment under way is 'sure'; refresh asks the wallet, which took the money: paid without any notification", async () => {
  const o = await ordered();
  expect(await o.view()).toMatchObject({ transaction: 'unpaid', displayCurrency: 'USD' });
  const attemptNo = await o.pay('walletA');
  expect((await o.view()).transaction).toBe('sure');
  fake.pay(attemptNo); // paid at the wallet; its notification is lost
  const refreshed = await call(h, host, 'post', `/conference/order/${o.orderId}/refresh`, { token: o.token });
  expect(refreshed.body.data).toMatchObject({ status: 'paid', transaction: 'success' });
});

test("an announced transfer is 'delay' and its order does not expire at its deadline; a failed payment is 'payFailed'", async () => {
  const o = await ordered();
  await o.pay('bankRemit');
  expect((await o.view()).transaction).toBe('delay');
  await h.db('orders').where({ id: o.orderId }).update({ deadline_at: '2020-01-01 00:00:00.000' });
  const refreshed = await call(h, host, 'post', `/conference/order/${o.orderId}/refresh`, { token: o.token });
  expect(refreshed.body.data).toMatchObject({ status: 'unpaid', transaction: 'delay' });

  const failed = await ordered();
  const attemptNo = await failed.pay('walletA');
  await h.db('payment_attempts').where({ attempt_no: attemptNo }).update({ state: 'failed' });
  expect((await failed.view()).transaction).toBe('payFailed');
});

test("the wallet taking another amount, or money for a cancelled order, is 'payError' on the order itself until a manager resolves it", async () => {
  const part = await ordered();
  const attemptNo = await part.pay('walletA');
  expect((await post(fake.pay(attemptNo, { amount: 10_000 }))).status).toBeLessThan(300);
  expect(await part.view()).toMatchObject({ status: 'unpaid', transaction: 'payError' });
  await h.db('payment_anomalies').where({ conference_id: cid }).update({ resolved_at: '2026-11-27 00:00:00.000' });
  expect((await part.view()).transaction).not.toBe('payError');

  const late = await ordered();
  const lateNo = await late.pay('walletA');
  const n = fake.pay(lateNo);
  expect(
    (await call(h, host, 'post', `/conference/order/${late.orderId}/cancel`, { token: late.token })).body.code,
  ).toBe(200);
  expect((await post(n)).status).toBeLessThan(300);
  expect(await late.view()).toMatchObject({ status: 'cancelled', transaction: 'payError' });
});

test("part of the amount arrived (a statement row or a transfer short of the total) is 'dePay'", () => {
  const future = new Date('2099-01-01T00:00:00.000Z');
  expect(
    transactionOf({ status: 'unpaid' }, [
      { state: 'pending', expires_at: future, method: 'bankRemit', received_amount: { amount: 500, currency: 'CNY' } },
    ]),
  ).toBe('dePay');
  expect(
    transactionOf({ status: 'unpaid' }, [
      { state: 'pending', expires_at: future, method: 'bankRemit', received_amount: null },
    ]),
  ).toBe('delay');
  expect(
    transactionOf({ status: 'unpaid' }, [
      { state: 'pending', expires_at: future, method: 'walletA', received_amount: null },
    ]),
  ).toBe('sure');
  expect(
    transactionOf({ status: 'unpaid' }, [
      { state: 'pending', expires_at: new Date('2020-01-01T00:00:00.000Z'), method: 'walletA', received_amount: null },
    ]),
  ).toBe('unpaid');
  expect(transactionOf({ status: 'paid' }, [], new Date(), true)).toBe('success');
});
