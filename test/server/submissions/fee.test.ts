/**
 * The submission fee (issue 32): the `module` order is made by the submission service when the
 * manager charges for it, and paid like any order. 'beforeSubmit': the author page bars a new
 * manuscript ('feeUnpaid', 402 on submit) until the fee is paid; the author's "pay" makes one
 * order however often it is pressed at once. 'afterSubmit': the first manuscript makes the order in
 * its transaction and sends the author to pay it; a second manuscript makes no second order.
 * Managers only set it; a bad price is a 400 that changes nothing. SQLite and MariaDB.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { enableBankRemit } from '../orders/helpers';
import { attendee, call, callConference, CONFIG, ok, submissionBody, type CallSite } from './helpers';
import type { AuthorPage } from '../../../server/contract/submissions';

let h: Harness;
let site: CallSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'cfp-fee');
  await enableBankRemit(h, site.cid, { combined: false });
});
afterAll(() => h?.stop());

const setFee = (body: object, token = site.manager) => call(h, site.host, 'put', `${CONFIG}/fee`, { token, body });
const moduleOrders = (userId: number) =>
  h.db('orders').where({ conference_id: site.cid, user_id: userId, type: 'module' });

test('the manager sets the fee; others cannot; a bad price changes nothing', async () => {
  const a = await attendee(h, site.cid);
  expect((await setFee({ enabled: true, currency: 'CNY', price: '300', rule: 'beforeSubmit' }, a.token)).status).toBe(
    403,
  );
  expect((await setFee({ enabled: true, currency: 'CNY', price: '0', rule: 'beforeSubmit' })).body).toMatchObject({
    code: 400,
    message: '请输入大于 0 的投稿费',
  });
  expect((await setFee({ enabled: true, currency: 'CNY', price: 'abc', rule: 'beforeSubmit' })).body).toMatchObject({
    code: 400,
    message: '请输入大于 0 的投稿费',
  });
  expect((await setFee({ enabled: true, currency: 'CNY', price: '300', rule: 'whenever' })).body).toMatchObject({
    code: 400,
    message: '请选择投稿费的缴纳时间',
  });
  expect(ok(await call(h, site.host, 'get', `${CONFIG}/fee`, { token: site.manager }))).toMatchObject({
    enabled: false,
  });
});

test("'beforeSubmit': barred until paid; ten presses of 'pay' at once make one order; paid, the author submits", async () => {
  ok(await setFee({ enabled: true, currency: 'CNY', price: '300.00', rule: 'beforeSubmit' }));
  const a = await attendee(h, site.cid);
  expect(ok<AuthorPage>(await call(h, site.host, 'get', '/conference/submission/page', { token: a.token })).bar).toBe(
    'feeUnpaid',
  );
  expect(
    (await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) })).body,
  ).toMatchObject({ code: 402, message: '本会议收取投稿费，请先缴纳后再投稿' });

  const presses = await Promise.all(
    Array.from({ length: 10 }, () => call(h, site.host, 'post', '/conference/submission/fee', { token: a.token })),
  );
  expect(presses.map((p) => p.body.code)).toEqual(Array(10).fill(200));
  const ids = new Set(presses.map((p) => p.body.data.orderId));
  expect(ids.size).toBe(1);
  const [order] = await moduleOrders(a.userId);
  expect(order).toMatchObject({ status: 'unpaid', total_amount: expect.anything(), currency: 'CNY' });
  expect(Number(order.total_amount)).toBe(30_000);

  // Paid like any order: a bank transfer, confirmed by the manager's deal.
  expect(
    (
      await call(h, site.host, 'post', '/conference/order/pay', {
        token: a.token,
        body: { orderIds: [order.id], method: 'bankRemit' },
      })
    ).body.code,
  ).toBe(200);
  expect(
    (
      await call(h, site.host, 'post', `/conference/platform/manage/order/${order.id}/deal`, {
        token: site.manager,
        body: { status: 'paid', actualPay: '300.00' },
      })
    ).body.code,
  ).toBe(200);
  expect(ok<AuthorPage>(await call(h, site.host, 'get', '/conference/submission/page', { token: a.token })).bar).toBe(
    '',
  );
  expect(
    (await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) })).body
      .code,
  ).toBe(200);
  expect((await call(h, site.host, 'post', '/conference/submission/fee', { token: a.token })).body).toMatchObject({
    code: 409,
    message: '您无需缴纳投稿费',
  });
  expect(await moduleOrders(a.userId)).toHaveLength(1);
});

test("'afterSubmit': the first manuscript makes the order and leads to its payment; the second makes none", async () => {
  ok(await setFee({ enabled: true, currency: 'CNY', price: '120.50', rule: 'afterSubmit' }));
  const a = await attendee(h, site.cid);
  expect(ok<AuthorPage>(await call(h, site.host, 'get', '/conference/submission/page', { token: a.token })).bar).toBe(
    '',
  );
  const first = ok<{ redirect: string }>(
    await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) }),
  );
  const [order] = await moduleOrders(a.userId);
  expect(first.redirect).toBe(`/profile/order/pay/goto/${order.id}`);
  expect(Number(order.total_amount)).toBe(12_050);
  const items = await h.db('order_items').where({ conference_id: site.cid, order_id: order.id });
  expect(items).toMatchObject([{ kind: 'module', title_zh: '投稿费', title_en: 'Submission fee', quantity: 1 }]);
  const second = ok<{ redirect: string }>(
    await call(h, site.host, 'post', '/conference/submission', {
      token: a.token,
      body: submissionBody(site, { sessionId: site.sessionB, subSessionId: null }),
    }),
  );
  expect(second.redirect).toBe(`/profile/order/pay/goto/${order.id}`);
  expect(await moduleOrders(a.userId)).toHaveLength(1);
  ok(await setFee({ enabled: false, currency: 'CNY', price: '0', rule: 'beforeSubmit' }));
});
