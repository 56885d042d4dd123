/**
 * The orders' periodic work and the managers' lookups: one reminder before an order expires, in
 * the language it was ordered in, never twice; an order with an announced transfer is not expired
 * while the transfer may still arrive; "refresh status" expires an overdue order at once; the
 * order items of a person (spec 7 findItemById), for managers only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { expireDue, remindDue } from '../../../server/modules/orders/jobs';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let fee: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'order-jobs'));
  fee = await addFee(h, cid, { kind: 'register', price: 50_000 });
  await enableBankRemit(h, cid, { combined: false });
});
afterAll(() => h?.stop());

async function order(lang: 'zh' | 'en' = 'en') {
  const person = await attendee(h, cid);
  const [id] = (
    await call(h, host, 'post', '/conference/order/fee', {
      token: person.token,
      lang,
      body: { picks: [{ feeId: fee, quantity: 1 }] },
    })
  ).body.data.orderIds;
  return { ...person, id };
}

test("one reminder before the deadline, in the order's language, never twice", async () => {
  const zh = await order('zh');
  const en = await order('en');
  const hoursAgo = (n: number) => toDbInstant(new Date(Date.now() - n * 3600_000));
  const inHours = (n: number) => toDbInstant(new Date(Date.now() + n * 3600_000));
  await h
    .db('orders')
    .whereIn('id', [zh.id, en.id])
    .update({ created_at: hoursAgo(60), deadline_at: inHours(10) });
  const [a, b] = await Promise.all([remindDue(h.db, h.orders), remindDue(h.db, h.orders)]);
  expect(a + b).toBe(2);
  expect(await remindDue(h.db, h.orders)).toBe(0);
  const mails = await h.db('mail_outbox').where({ conference_id: cid, kind: 'orderReminder' }).orderBy('id');
  expect(mails).toHaveLength(2);
  const subjects = mails.map((m) => m.subject).join('\n');
  expect(subjects).toMatch(/expires soon|即将/);
  expect(mails.some((m) => /[\u4e00-\u9fff]/.test(m.subject))).toBe(true);
});

test('an announced transfer keeps the order alive until it may no longer arrive', async () => {
  const o = await order();
  await call(h, host, 'post', '/conference/order/pay', {
    token: o.token,
    body: { orderIds: [o.id], method: 'bankRemit' },
  });
  await h
    .db('orders')
    .where({ id: o.id })
    .update({ deadline_at: toDbInstant(new Date(Date.now() - 1000)) });
  await expireDue(h.db, h.orders);
  expect((await h.db('orders').where({ id: o.id }).first())!.status).toBe('unpaid');
  await h
    .db('payment_attempts')
    .where({ conference_id: cid })
    .update({ expires_at: toDbInstant(new Date(Date.now() - 1000)) });
  await expireDue(h.db, h.orders);
  expect((await h.db('orders').where({ id: o.id }).first())!.status).toBe('expired');
  expect(await h.db('fee_holds').where({ order_id: o.id })).toHaveLength(0);
});

test('refresh status expires an overdue order at once', async () => {
  const o = await order();
  await h
    .db('orders')
    .where({ id: o.id })
    .update({ deadline_at: toDbInstant(new Date(Date.now() - 1000)) });
  const res = await call(h, host, 'post', `/conference/order/${o.id}/refresh`, { token: o.token });
  expect(res.body.data).toMatchObject({ status: 'expired', transaction: 'expired', can: { pay: false, remove: true } });
});

test("findItemById answers a person's order items to managers only", async () => {
  const o = await order();
  const manager = await h.login({ email: 'items-boss@example.org', conferenceId: cid, roles: ['manager'] });
  const res = await call(
    h,
    host,
    'get',
    `/conference/platform/manage/order/findItemById?conferenceId=${cid}&userId=${o.userId}`,
    { token: manager },
  );
  expect(res.body.data).toEqual([
    expect.objectContaining({
      orderId: o.id,
      type: 'register',
      refId: fee,
      unit: { amount: 50_000, currency: 'CNY' },
      quantity: 1,
      valid: true,
    }),
  ]);
  expect(
    (
      await call(h, host, 'get', `/conference/platform/manage/order/findItemById?userId=${o.userId}`, {
        token: o.token,
      })
    ).status,
  ).toBe(403);
});
