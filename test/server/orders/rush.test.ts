/**
 * Places under a rush (DESIGN.md 3, issue 12): ten times the remaining places of a fee asked for
 * at once, over a listening server, gives exactly the remaining places; the expiry job run by two
 * instances at the same moment gives every expired order's places back exactly once.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally } from '../../helpers/concurrency';
import { toDbInstant } from '../../../server/db/dialect';
import { OrderService } from '../../../server/modules/orders/service';
import { expireDue } from '../../../server/modules/orders/jobs';
import { addFee, attendee, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 100_000 }) });
  ({ cid, host } = await feeConference(h, 'rush-fees'));
});
afterAll(() => h?.stop());

test('300 people at once for the last 30 places: exactly 30 orders, the rest sold out', async () => {
  const fee = await addFee(h, cid, { kind: 'register', maxTotal: 30, maxPerAccount: 1 });
  const people = await Promise.all(Array.from({ length: 300 }, () => attendee(h, cid)));
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      people.map((p) =>
        server.post(host, '/conference/order/fee', { picks: [{ feeId: fee, quantity: 1 }] }, `token=${p.token}`),
      ),
    );
    const counts = tally(answers);
    expect(counts['200 orders:created']).toBe(30);
    expect(counts['409 fees:soldOut']).toBe(270);
  } finally {
    await server.close();
  }
  expect(await h.db('orders').where({ conference_id: cid })).toHaveLength(30);
  const held = (await h.db('fee_holds').where({ conference_id: cid, fee_id: fee }).sum({ n: 'quantity' }).first()) as {
    n: number | string;
  };
  expect(Number(held.n)).toBe(30);
  expect(await h.db('order_items').where({ conference_id: cid, ref_id: fee })).toHaveLength(30);
});

test('the expiry job on two instances at once expires each order once and gives its places back once', async () => {
  const fee = await addFee(h, cid, { kind: 'optional', maxTotal: 500, maxPerAccount: 1 });
  const people = await Promise.all(Array.from({ length: 120 }, () => attendee(h, cid)));
  for (const p of people) {
    const ids = await h.orders.chooseFees(
      cid,
      { userId: p.userId, country: 'China', lang: 'en', today: '2026-11-23' },
      { picks: [{ feeId: fee, quantity: 1 }], invitationCode: '' },
      'en',
    );
    expect(ids).toHaveLength(1);
  }
  await h
    .db('orders')
    .where({ conference_id: cid, type: 'optional' })
    .update({ deadline_at: toDbInstant(new Date(Date.now() - 1000)) });
  // A second instance: its own service objects on the same database.
  const other = new OrderService(
    h.db,
    h.events,
    h.sites,
    () => h.fees,
    () => h.payments,
    { PUBLIC_SCHEME: 'http', PUBLIC_PORT: 3000 },
    h.limiter,
  );
  const [a, b] = await Promise.all([expireDue(h.db, h.orders), expireDue(h.db, other)]);
  expect(a + b).toBe(120);
  expect(await h.db('orders').where({ conference_id: cid, type: 'optional', status: 'expired' })).toHaveLength(120);
  expect(await h.db('fee_holds').where({ conference_id: cid, fee_id: fee })).toHaveLength(0);
  // Run again: nothing left to expire, nothing released twice.
  expect(await expireDue(h.db, h.orders)).toBe(0);
  // The places are there again.
  const again = await attendee(h, cid);
  expect(
    await h.orders.chooseFees(
      cid,
      { userId: again.userId, country: 'China', lang: 'en', today: '2026-11-23' },
      { picks: [{ feeId: fee, quantity: 1 }], invitationCode: '' },
      'en',
    ),
  ).toHaveLength(1);
});
