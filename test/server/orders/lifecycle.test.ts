/**
 * An order from the fee page to paid, and every transition allowed or refused (spec 4): choosing
 * fees, one open order of a type, cancel, delete, pay by bank transfer (a new attempt number each
 * time), the manager's deal through the one settle(), a late payment of an older attempt flagged,
 * another person's or another conference's order not found, amounts without drift.
 */
import { money } from '../../../server/contract/money';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';
import { inTransaction } from '../../../server/db/transaction';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let registerFee: number;
let optionalFee: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'orders'));
  manager = await h.login({ email: 'boss@example.org', conferenceId: cid, roles: ['manager'] });
  registerFee = await addFee(h, cid, { kind: 'register', price: 150_000 });
  optionalFee = await addFee(h, cid, { kind: 'optional', price: 20_050, maxPerAccount: 3 });
  await enableBankRemit(h, cid, { combined: true });
});
afterAll(() => h?.stop());

const choose = (token: string, picks: Array<{ feeId: number; quantity: number }>, lang: 'zh' | 'en' = 'en') =>
  call(h, host, 'post', '/conference/order/fee', { token, body: { picks }, lang });

describe('choosing fees', () => {
  test('a register order and an optional order, with their totals and a deadline', async () => {
    const { token } = await attendee(h, cid);
    const res = await choose(token, [
      { feeId: registerFee, quantity: 1 },
      { feeId: optionalFee, quantity: 2 },
    ]);
    expect(res.body).toMatchObject({ code: 200, message: 'orders:created' });
    expect(res.body.data.orderIds).toHaveLength(2);
    const mine = (await call(h, host, 'get', '/conference/order/list', { token })).body.data;
    const byType = Object.fromEntries(mine.here.map((o: { type: string }) => [o.type, o]));
    expect(byType.register.total).toEqual({ amount: 150_000, currency: 'CNY' });
    expect(byType.optional.total).toEqual({ amount: 40_100, currency: 'CNY' });
    expect(byType.register).toMatchObject({
      status: 'unpaid',
      transaction: 'unpaid',
      can: { pay: true, cancel: true, remove: false },
    });
    expect(byType.register.reference).toMatch(/^CP[0-9A-Z]{8}$/);
    expect(byType.register.orderNo).toMatch(/^[A-Za-z0-9]{1,32}$/);
  });

  test('an empty choice is "please choose fee", in both languages, and writes nothing', async () => {
    const { token, userId } = await attendee(h, cid);
    for (const lang of ['zh', 'en'] as const) {
      const res = await choose(token, [], lang);
      expect(res.body).toMatchObject({ code: 400, message: 'fees:chooseFee' });
    }
    expect(await h.db('orders').where({ user_id: userId })).toHaveLength(0);
  });

  test('a second open order of the same type is refused with the jump-to-order message', async () => {
    const { token, userId } = await attendee(h, cid);
    expect((await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.code).toBe(200);
    expect((await choose(token, [{ feeId: registerFee, quantity: 1 }])).body).toMatchObject({
      code: 409,
      message: 'orders:existing',
    });
    expect(await h.db('orders').where({ user_id: userId })).toHaveLength(1);
    expect(await h.db('fee_holds').where({ user_id: userId })).toHaveLength(1);
  });

  test('fees of two currencies in one order are refused', async () => {
    const usd = await addFee(h, cid, { kind: 'optional', price: 5000, currency: 'USD' });
    const { token, userId } = await attendee(h, cid);
    expect(
      (
        await choose(token, [
          { feeId: optionalFee, quantity: 1 },
          { feeId: usd, quantity: 1 },
        ])
      ).body,
    ).toMatchObject({ code: 400, message: 'orders:mixedCurrency' });
    expect(await h.db('orders').where({ user_id: userId })).toHaveLength(0);
  });

  test('more than the per-account maximum is refused', async () => {
    const { token, userId } = await attendee(h, cid);
    expect((await choose(token, [{ feeId: optionalFee, quantity: 4 }])).body).toMatchObject({
      code: 409,
      message: 'fees:perAccount',
    });
    expect(await h.db('orders').where({ user_id: userId })).toHaveLength(0);
  });

  test('a person who is not registered cannot choose fees', async () => {
    const token = await h.login({ email: 'visitor@example.org', conferenceId: cid });
    expect((await choose(token, [{ feeId: registerFee, quantity: 1 }])).status).toBe(403);
  });
});

describe("the person's actions", () => {
  test('cancel gives the places back once; delete hides only closed orders', async () => {
    const { token, userId } = await attendee(h, cid);
    const [id] = (await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    expect((await call(h, host, 'delete', `/conference/order/${id}`, { token })).body).toMatchObject({
      code: 409,
      message: 'orders:cannotRemove',
    });
    const cancelled = await call(h, host, 'post', `/conference/order/${id}/cancel`, { token });
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      transaction: 'cancel',
      can: { pay: false, remove: true },
    });
    expect(await h.db('fee_holds').where({ user_id: userId })).toHaveLength(0);
    expect((await call(h, host, 'post', `/conference/order/${id}/cancel`, { token })).body).toMatchObject({
      code: 409,
      message: 'orders:cannotCancel',
    });
    expect((await call(h, host, 'delete', `/conference/order/${id}`, { token })).body.code).toBe(200);
    expect((await call(h, host, 'get', '/conference/order/list', { token })).body.data.here).toHaveLength(0);
    // A new order may be made once the old one is closed.
    expect((await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.code).toBe(200);
  });

  test("another person's order, and an order of another conference, are not found", async () => {
    const owner = await attendee(h, cid);
    const [id] = (await choose(owner.token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    const stranger = await attendee(h, cid);
    for (const [method, path] of [
      ['post', `/conference/order/${id}/cancel`],
      ['delete', `/conference/order/${id}`],
      ['post', `/conference/order/${id}/update`],
    ] as const) {
      expect((await call(h, host, method, path, { token: stranger.token })).body).toMatchObject({
        code: 404,
        message: 'orders:notFound',
      });
    }
    expect(
      (
        await call(h, host, 'post', '/conference/order/pay', {
          token: stranger.token,
          body: { orderIds: [id], method: 'bankRemit' },
        })
      ).body.code,
    ).toBe(404);
    const other = await feeConference(h, 'elsewhere');
    const there = await h.login({ email: 'x@example.org', conferenceId: other.cid, roles: ['manager', 'attendee'] });
    expect(
      (
        await call(h, other.host, 'post', `/conference/platform/manage/order/${id}/deal`, {
          token: there,
          body: { status: 'cancelled' },
        })
      ).body.code,
    ).toBe(404);
    expect((await h.db('orders').where({ id }).first())!.status).toBe('unpaid');
  });
});

describe("paying by bank transfer and the manager's deal", () => {
  test('every start is a new attempt with a new number; the instructions carry the reference', async () => {
    const { token } = await attendee(h, cid);
    const [id] = (await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    const first = await call(h, host, 'post', '/conference/order/pay', {
      token,
      body: { orderIds: [id], method: 'bankRemit' },
    });
    const second = await call(h, host, 'post', '/conference/order/pay', {
      token,
      body: { orderIds: [id], method: 'bankRemit' },
    });
    expect(first.body.code).toBe(200);
    expect(first.body.data.attemptNo).not.toBe(second.body.data.attemptNo);
    const order = (await h.db('orders').where({ id }).first())!;
    expect(first.body.data.start).toMatchObject({ kind: 'instructions' });
    expect(first.body.data.start.reference).toContain(order.reference);
    const view = (await call(h, host, 'get', '/conference/order/list', { token })).body.data.here[0];
    expect(view.transaction).toBe('delay');
    expect(
      (await call(h, host, 'post', '/conference/order/pay', { token, body: { orderIds: [id], method: 'cardForeign' } }))
        .body,
    ).toMatchObject({ code: 400, message: 'orders:methodNotAllowed' });
  });

  test('the deal: amounts must be legal numbers and cover the order; then paid, with the payment mail', async () => {
    const { token } = await attendee(h, cid);
    const [id] = (await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    const deal = (body: object) =>
      call(h, host, 'post', `/conference/platform/manage/order/${id}/deal`, { token: manager, body });
    for (const actualPay of ['-5', 'abc', '1,500', ''])
      expect((await deal({ status: 'paid', actualPay })).body.code).toBe(400);
    expect((await deal({ status: 'paid', actualPay: '1499.99' })).body).toMatchObject({
      code: 400,
      message: 'orders:dealShort',
      field: 'actualPay',
    });
    expect((await h.db('orders').where({ id }).first())!.status).toBe('unpaid');
    const done = await deal({ status: 'paid', actualPay: '1500.00', remark: 'wire 2026-11-20' });
    expect(done.body.data).toMatchObject({
      status: 'paid',
      transaction: 'success',
      paid: { amount: 150_000, currency: 'CNY' },
      remark: 'wire 2026-11-20',
    });
    expect(
      done.body.data.attempts.some(
        (a: { method: string; state: string }) => a.method === 'manual' && a.state === 'succeeded',
      ),
    ).toBe(true);
    const mail = await h
      .db('mail_outbox')
      .where({ conference_id: cid, kind: 'registrationPayment' })
      .orderBy('id', 'desc')
      .first();
    expect(mail!.subject).toBeTruthy();
    expect((await deal({ status: 'cancelled' })).body).toMatchObject({ code: 409, message: 'orders:dealTransition' });
  });

  test('an older attempt paid after the order was paid is accepted and flagged, never lost', async () => {
    const { token } = await attendee(h, cid);
    const [id] = (await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    const older = (
      await call(h, host, 'post', '/conference/order/pay', { token, body: { orderIds: [id], method: 'bankRemit' } })
    ).body.data.attemptNo;
    const newer = (
      await call(h, host, 'post', '/conference/order/pay', { token, body: { orderIds: [id], method: 'bankRemit' } })
    ).body.data.attemptNo;
    const attemptId = async (no: string) =>
      Number((await h.db('payment_attempts').where({ attempt_no: no }).first())!.id);
    const [olderId, newerId] = [await attemptId(older), await attemptId(newer)];
    const paid = await h.orders.settleAndMail(cid, async (_tx, now) => now(newerId, { amount: money(150_000, 'CNY') }));
    expect(paid?.paidOrderIds).toEqual([id]);
    const late = await h.orders.settleAndMail(cid, async (_tx, now) => now(olderId, { amount: money(150_000, 'CNY') }));
    expect(late?.paidOrderIds).toEqual([]);
    const again = await h.orders.settleAndMail(cid, async (_tx, now) =>
      now(olderId, { amount: money(150_000, 'CNY') }),
    );
    expect(again?.state).toBe('already');
    const flagged = (await call(h, host, 'get', '/conference/platform/manage/order/anomalies', { token: manager })).body
      .data;
    expect(
      flagged.filter((a: { kind: string; orderId: number }) => a.kind === 'duplicate' && a.orderId === id),
    ).toHaveLength(1);
    expect(Number((await h.db('orders').where({ id }).first())!.paid_amount)).toBe(150_000);
  });

  test('amounts of 0.01 and 100,000,000.00 go through without drift', async () => {
    const tiny = await addFee(h, cid, { kind: 'optional', price: 1 });
    const huge = await addFee(h, cid, { kind: 'register', price: 10_000_000_000, maxPerAccount: 1 });
    const a = await attendee(h, cid);
    const [small] = (await choose(a.token, [{ feeId: tiny, quantity: 1 }])).body.data.orderIds;
    const b = await attendee(h, cid);
    const [big] = (await choose(b.token, [{ feeId: huge, quantity: 1 }])).body.data.orderIds;
    const deal = (id: number, actualPay: string) =>
      call(h, host, 'post', `/conference/platform/manage/order/${id}/deal`, {
        token: manager,
        body: { status: 'paid', actualPay },
      });
    expect((await deal(small, '0.01')).body.data.paid).toEqual({ amount: 1, currency: 'CNY' });
    expect((await deal(big, '100000000.00')).body.data.paid).toEqual({ amount: 10_000_000_000, currency: 'CNY' });
  });

  test('several orders paid together only when combined payment is allowed', async () => {
    const { token } = await attendee(h, cid);
    const ids = (
      await choose(token, [
        { feeId: registerFee, quantity: 1 },
        { feeId: optionalFee, quantity: 1 },
      ])
    ).body.data.orderIds;
    const res = await call(h, host, 'post', '/conference/order/pay', {
      token,
      body: { orderIds: ids, method: 'bankRemit' },
    });
    expect(res.body.code).toBe(200);
    const attempt = (await h.db('payment_attempts').where({ attempt_no: res.body.data.attemptNo }).first())!;
    expect(Number(attempt.amount)).toBe(150_000 + 20_050);
    await enableBankRemit(h, cid, { combined: false });
    expect(
      (await call(h, host, 'post', '/conference/order/pay', { token, body: { orderIds: ids, method: 'bankRemit' } }))
        .body,
    ).toMatchObject({ code: 409, message: 'orders:combinedNotAllowed' });
    await enableBankRemit(h, cid, { combined: true });
  });
});

describe('invalidation', () => {
  test('deleting a registrant invalidates their open orders and gives the places back', async () => {
    const { token, userId } = await attendee(h, cid);
    const [id] = (await choose(token, [{ feeId: registerFee, quantity: 1 }])).body.data.orderIds;
    const registrant = await h.db('registrants').where({ conference_id: cid, user_id: userId }).first();
    await h.registration.remove(cid, registrant!.id);
    expect((await h.db('orders').where({ id }).first())!.status).toBe('invalid');
    expect(await h.db('fee_holds').where({ order_id: id })).toHaveLength(0);
    const update = await call(h, host, 'post', `/conference/order/${id}/update`, { token });
    expect(update.body.data).toBeNull();
    expect((await h.db('orders').where({ id }).first())!.status).toBe('cancelled');
  });
});

describe('a price change (spec 4)', () => {
  test('invalidates the unpaid orders holding the fee; the update keeps the other lines and takes their places again', async () => {
    const banquet = await addFee(h, cid, { kind: 'optional', price: 30_000, maxPerAccount: 1 });
    const tour = await addFee(h, cid, { kind: 'optional', price: 10_000, maxPerAccount: 1 });
    const { token } = await attendee(h, cid);
    const [id] = (
      await choose(token, [
        { feeId: banquet, quantity: 1 },
        { feeId: tour, quantity: 1 },
      ])
    ).body.data.orderIds;
    // A paid order of the same fee is not touched.
    const payer = await attendee(h, cid);
    const [paidId] = (await choose(payer.token, [{ feeId: banquet, quantity: 1 }])).body.data.orderIds;
    await call(h, host, 'post', `/conference/platform/manage/order/${paidId}/deal`, {
      token: manager,
      body: { status: 'paid', actualPay: '300' },
    });

    await h.db('fee_items').where({ id: banquet }).update({ price_amount: 35_000, price_version: 1 });
    await inTransaction(h.db, (tx) => h.events.emit(tx, 'fee.priceChanged', { conferenceId: cid, feeId: banquet }));

    const order = (await call(h, host, 'get', '/conference/order/list', { token })).body.data.here.find(
      (o: { id: number }) => o.id === id,
    );
    expect(order).toMatchObject({ status: 'invalid', transaction: 'exception', can: { pay: false, update: true } });
    expect(order.items.map((i: { refId: number; valid: boolean }) => [i.refId, i.valid])).toEqual([
      [banquet, false],
      [tour, true],
    ]);
    expect(await h.db('fee_holds').where({ order_id: id })).toHaveLength(0);
    expect(
      (await call(h, host, 'post', '/conference/order/pay', { token, body: { orderIds: [id], method: 'bankRemit' } }))
        .body,
    ).toMatchObject({ code: 409, message: 'orders:invalidItems' });
    expect((await h.db('orders').where({ id: paidId }).first())!.status).toBe('paid');

    const updated = await call(h, host, 'post', `/conference/order/${id}/update`, { token });
    expect(updated.body.data).toMatchObject({ status: 'unpaid', total: { amount: 10_000, currency: 'CNY' } });
    expect(updated.body.data.items).toHaveLength(1);
    expect((await h.db('fee_holds').where({ order_id: id })).map((r) => Number(r.fee_id))).toEqual([tour]);
  });
});
