/**
 * The platform's side of online payment that does not depend on a gateway (issue 13): the callback
 * address refuses what it cannot tie to an attempt of this conference, a refund is refused with
 * its message when it cannot be made (and changes nothing), the right to ask a gateway is taken by
 * one caller at a time, and the reconciler ends attempts past their deadline that no gateway can
 * answer. The gateways themselves pass test/server/payments/scenarios.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { toDbInstant } from '../../../server/db/dialect';
import { money } from '../../../server/contract/money';
import { claimCheck, insertAttempt } from '../../../server/modules/orders/repo';
import { reconcile, RECONCILE_AFTER_MS } from '../../../server/modules/orders/jobs';
import { inTransaction } from '../../../server/db/transaction';
import { createHarness, type Harness } from '../../helpers/harness';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let fee: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'gateway-side'));
  manager = await h.login({ email: 'boss-gw@example.org', conferenceId: cid, roles: ['manager'] });
  fee = await addFee(h, cid, { price: 50_000, maxPerAccount: 1 });
  await enableBankRemit(h, cid, { combined: false });
});
afterAll(() => h?.stop());

/** An order paid by a manager's deal (no gateway took the money). */
async function paidOffline(): Promise<number> {
  const { token } = await attendee(h, cid);
  const [orderId] = (
    await call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId: fee, quantity: 1 }] } })
  ).body.data.orderIds;
  const dealt = await call(h, host, 'post', `/conference/platform/manage/order/${orderId}/deal`, {
    token: manager,
    body: { status: 'paid', actualPay: '500.00' },
  });
  expect(dealt.body.code).toBe(200);
  return orderId;
}

describe('the callback address', () => {
  test('an unknown method, an unknown attempt or a method with no gateway is refused and changes nothing', async () => {
    const before = await h.db('payment_anomalies').count({ n: '*' }).first();
    for (const path of [
      '/payment/notify/bitcoin/A1',
      '/payment/notify/walletA/NOSUCHATTEMPT',
      '/payment/notify/bankRemit/A1',
      '/payment/notify/walletA/..%2F..%2Fetc',
    ]) {
      const res = await request(h.app)
        .post(path)
        .set('Host', host)
        .set('Content-Type', 'application/json')
        .send('{"id":"x"}');
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await h.db('payment_anomalies').count({ n: '*' }).first()).toEqual(before);
  });

  test('a body past 64 KB is refused before any work', async () => {
    const res = await request(h.app)
      .post('/payment/notify/walletA/A1')
      .set('Host', host)
      .set('Content-Type', 'application/json')
      .send(`{"x":"${'a'.repeat(70_000)}"}`);
    expect(res.status).toBe(413);
  });
});

describe('refunds that cannot be made', () => {
  test('an order paid by transfer, an unpaid order, a bad amount or number: refused with their messages, nothing written', async () => {
    const orderId = await paidOffline();
    const refund = (body: object, id = orderId) =>
      call(h, host, 'post', `/conference/platform/manage/order/${id}/refund`, { token: manager, body });
    expect((await refund({ refundNo: 'RFX00000001', amount: '10.00' })).body).toMatchObject({
      code: 409,
      message: 'orders:refundNotSupported',
    });
    expect((await refund({ refundNo: 'RFX00000002', amount: '-1' })).body).toMatchObject({
      code: 400,
      field: 'amount',
    });
    expect((await refund({ refundNo: 'RFX00000003', amount: '0' })).body).toMatchObject({
      code: 400,
      message: 'orders:refundAmount',
    });
    expect((await refund({ refundNo: 'no', amount: '1.00' })).body).toMatchObject({
      code: 400,
      message: 'orders:refundNoInvalid',
    });
    expect((await refund({ refundNo: 'RFX00000004', amount: '1.00' }, 99_999_999)).body).toMatchObject({ code: 404 });
    const attendeeToken = (await attendee(h, cid)).token;
    expect(
      (
        await call(h, host, 'post', `/conference/platform/manage/order/${orderId}/refund`, {
          token: attendeeToken,
          body: { refundNo: 'RFX00000005', amount: '1.00' },
        })
      ).body.code,
    ).toBe(403);
    expect(await h.db('payment_refunds').where({ conference_id: cid })).toHaveLength(0);
  });
});

describe('asking a gateway', () => {
  test('of 100 callers at once, one takes the right to ask; after the pause, one again', async () => {
    const orderId = await paidOffline();
    const attemptId = await inTransaction(h.db, (tx) =>
      insertAttempt(
        tx,
        {
          conference_id: cid,
          user_id: null,
          attempt_no: `CLAIM${Date.now()}`,
          method: 'walletA',
          state: 'pending',
          expires_at: toDbInstant(new Date(Date.now() + 3_600_000)),
          created_at: toDbInstant(),
        },
        money(1, 'CNY'),
        [{ orderId, owed: money(1, 'CNY') }],
      ),
    );
    const now = new Date();
    const won = await Promise.all(Array.from({ length: 100 }, () => claimCheck(h.db, cid, attemptId, now, 3_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await claimCheck(h.db, cid, attemptId, new Date(now.getTime() + 1_000), 3_000)).toBe(false);
    expect(await claimCheck(h.db, cid, attemptId, new Date(now.getTime() + 3_001), 3_000)).toBe(true);
  });

  test('the reconciler ends an online attempt past its deadline that no gateway can answer', async () => {
    const orderId = await paidOffline();
    const created = new Date(Date.now() - 3 * 3_600_000);
    await inTransaction(h.db, (tx) =>
      insertAttempt(
        tx,
        {
          conference_id: cid,
          user_id: null,
          attempt_no: `OLD${Date.now()}`,
          method: 'walletB',
          state: 'pending',
          expires_at: toDbInstant(new Date(created.getTime() + 3_600_000)),
          created_at: toDbInstant(created),
        },
        money(1, 'CNY'),
        [{ orderId, owed: money(1, 'CNY') }],
      ),
    );
    const tally = await reconcile(h.db, h.orders, new Date(Date.now() + RECONCILE_AFTER_MS));
    expect(tally.expired).toBeGreaterThanOrEqual(1);
    expect(
      (await h.db('payment_attempts').where({ conference_id: cid, method: 'walletB' })).every(
        (a) => a.state === 'expired',
      ),
    ).toBe(true);
  });
});
