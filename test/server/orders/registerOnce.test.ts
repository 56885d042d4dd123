/**
 * One registration fee per person (issue 32): a person who holds their registration fee (unpaid
 * or paid) cannot order another, whichever tab asks, unless the manager allows more; two tabs
 * sending the fee page at once make one order. On SQLite and on MariaDB, over a listening server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally } from '../../helpers/concurrency';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 100_000 }) });
  ({ cid, host } = await feeConference(h, 'register-once'));
  await enableBankRemit(h, cid, { combined: true });
  manager = await h.login({ email: 'boss-once@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

const choose = (token: string, feeId: number) =>
  call(h, host, 'post', '/conference/order/fee', { token, body: { picks: [{ feeId, quantity: 1 }] } });

test('two tabs at once, 10 times: one order; after paying it, a second registration fee is refused; the fee page says what is paid', async () => {
  const early = await addFee(h, cid, { kind: 'register', maxTotal: 100, maxPerAccount: 1 });
  const late = await addFee(h, cid, { kind: 'register', maxTotal: 100, maxPerAccount: 1 });
  const person = await attendee(h, cid);
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.post(
          host,
          '/conference/order/fee',
          { picks: [{ feeId: i % 2 ? early : late, quantity: 1 }] },
          `token=${person.token}`,
        ),
      ),
    );
    const counts = tally(answers);
    expect(counts['200 orders:created']).toBe(1);
    expect((counts['409 orders:existing'] ?? 0) + (counts['409 fees:registerTaken'] ?? 0)).toBe(9);
  } finally {
    await server.close();
  }
  const [order] = await h.db('orders').where({ conference_id: cid, user_id: person.userId });
  expect(order.type).toBe('register');

  // Cancelled, the fee is free again; ordered again and paid, the second one is refused.
  expect((await call(h, host, 'post', `/conference/order/${order.id}/cancel`, { token: person.token })).body.code).toBe(
    200,
  );
  const again = await choose(person.token, late);
  expect(again.body).toMatchObject({ code: 200 });
  const [id] = again.body.data.orderIds as number[];
  expect(
    (
      await call(h, host, 'post', `/conference/platform/manage/order/${id}/deal`, {
        token: manager,
        body: { status: 'paid', actualPay: '1000.00' },
      })
    ).body.code,
  ).toBe(200);
  const refused = await choose(person.token, early);
  expect(refused.body).toMatchObject({ code: 409, message: 'fees:registerTaken', params: { n: '1' } });
  expect(await h.db('orders').where({ conference_id: cid, user_id: person.userId, status: 'unpaid' })).toHaveLength(0);

  const info = await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRegFeeInfo', { token: person.token });
  expect(info.body.data).toMatchObject({ registerPerPerson: 1, registerHeld: 1 });
});

test('two registration fees in one order are refused under the rule of one; the manager allows two, then they are taken', async () => {
  const a = await addFee(h, cid, { kind: 'register', maxTotal: 100, maxPerAccount: 1 });
  const b = await addFee(h, cid, { kind: 'register', maxTotal: 100, maxPerAccount: 1 });
  const person = await attendee(h, cid);
  const both = await call(h, host, 'post', '/conference/order/fee', {
    token: person.token,
    body: {
      picks: [
        { feeId: a, quantity: 1 },
        { feeId: b, quantity: 1 },
      ],
    },
  });
  expect(both.body).toMatchObject({ code: 409, message: 'fees:registerTaken' });

  // Only managers set the rule; a wrong number is a 400 that changes nothing.
  expect(
    (
      await call(h, host, 'put', '/conference/platform/manage/fee/settings', {
        token: person.token,
        body: { registerPerPerson: 5 },
      })
    ).status,
  ).toBe(403);
  expect(
    (
      await call(h, host, 'put', '/conference/platform/manage/fee/settings', {
        token: manager,
        body: { registerPerPerson: 0 },
      })
    ).body,
  ).toMatchObject({ code: 400, message: 'fees:registerPerPersonInvalid' });
  expect(
    (await call(h, host, 'get', '/conference/platform/manage/fee/settings', { token: manager })).body.data,
  ).toEqual({ registerPerPerson: 1 });
  expect(
    (
      await call(h, host, 'put', '/conference/platform/manage/fee/settings', {
        token: manager,
        body: { registerPerPerson: 2 },
      })
    ).body,
  ).toMatchObject({ code: 200, data: { registerPerPerson: 2 } });
  const allowed = await call(h, host, 'post', '/conference/order/fee', {
    token: person.token,
    body: {
      picks: [
        { feeId: a, quantity: 1 },
        { feeId: b, quantity: 1 },
      ],
    },
  });
  expect(allowed.body).toMatchObject({ code: 200, message: 'orders:created' });
  await call(h, host, 'put', '/conference/platform/manage/fee/settings', {
    token: manager,
    body: { registerPerPerson: 1 },
  });
});
