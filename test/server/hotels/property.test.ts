/**
 * The inventory's invariant under random work (issue 14): thousands of random operations — book,
 * pay, cancel (by the person and by a manager), expire, change dates, delete the booking, delete
 * the person — leave no night above its total, and the held and sold counters equal a recount
 * from the bookings. Seeded, so a failure can be replayed (the seed is in the test's name).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits } from '../../helpers/concurrency';
import { toDbInstant } from '../../../server/db/dialect';
import { expireDue } from '../../../server/modules/orders/jobs';
import { AppError } from '../../../server/platform/errors';
import { todayIn } from '../../../server/platform/localTime';
import { attendee, bookingBody, dayFromToday, hotelConference, nightsOf, recount, type HotelSite } from './helpers';
import type { BookingInput } from '../../../server/contract/hotels';

const SEED = 20261125;
const OPERATIONS = process.env.TEST_DATABASE_URL ? 1500 : 2000;

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let h: Harness;
let site: HotelSite;
let manager: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ 'hotelbook:': 1_000_000 }) });
  site = await hotelConference(h, 'hotel-property', { total: 6, maxPerPerson: 3 });
  manager = Number((await h.db('users').where({ email: 'hotel-manager-hotel-property@example.org' }).first())!.id);
});
afterAll(() => h?.stop());

test(`${OPERATIONS} random operations keep every night within its total and the counters equal a recount (seed ${SEED})`, async () => {
  const random = generator(SEED);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const people = await Promise.all(Array.from({ length: 12 }, () => attendee(h, site.cid)));
  const today = todayIn('Asia/Shanghai');
  const stay = () => {
    const from = 40 + Math.floor(random() * 9);
    const nights = 1 + Math.floor(random() * Math.min(4, 50 - from));
    return { from, nights };
  };
  const refusals: Record<string, number> = {};
  const done: Record<string, number> = {};

  for (let i = 0; i < OPERATIONS; i++) {
    const bookings = (await h
      .db('hotel_bookings')
      .where({ conference_id: site.cid })
      .whereNull('deleted_at')) as Array<{ id: number; user_id: number; order_id: number; holds: string }>;
    const live = bookings.filter((b) => b.holds !== 'released');
    const op = pick([
      'book',
      'book',
      'book',
      'book',
      'pay',
      'pay',
      'cancel',
      'managerCancel',
      'expire',
      'dates',
      'dates',
      'delete',
      'deletePerson',
    ]);
    try {
      if (op === 'book') {
        const p = pick(people);
        const body = bookingBody(site.roomId, {
          ...stay(),
          quantity: 1 + Math.floor(random() * 3),
        }) as unknown as BookingInput;
        await h.hotelBooking.book(
          site.cid,
          { userId: p.userId, email: `p${p.userId}@example.org`, lang: 'en', today },
          body,
          true,
        );
      } else if (!live.length) {
        continue;
      } else {
        const b = pick(live);
        if (op === 'pay') {
          const order = (await h.db('orders').where({ id: b.order_id }).first())!;
          await h.hotelDesk.payment(site.cid, manager, b.id, {
            status: 'paid',
            actualPay: (Number(order.total_amount) / 100).toFixed(2),
          });
        } else if (op === 'cancel') {
          await h.hotelBooking.cancel(site.cid, Number(b.user_id), b.id);
        } else if (op === 'managerCancel') {
          await h.hotelDesk.cancel(site.cid, manager, b.id);
        } else if (op === 'expire') {
          await h
            .db('orders')
            .where({ id: b.order_id, status: 'unpaid' })
            .update({ deadline_at: toDbInstant(new Date(Date.now() - 1000)) });
          await expireDue(h.db, h.orders);
        } else if (op === 'dates') {
          const s = stay();
          await h.hotelDesk.dates(site.cid, manager, b.id, {
            checkIn: dayFromToday(s.from),
            checkOut: dayFromToday(s.from + s.nights),
          });
        } else if (op === 'delete') {
          await h.hotelDesk.remove(site.cid, manager, b.id);
        } else if (op === 'deletePerson') {
          const registrant = await h.db('registrants').where({ conference_id: site.cid, user_id: b.user_id }).first();
          if (registrant) await h.registration.remove(site.cid, Number(registrant.id));
          // They register again, so the run keeps its twelve bookers.
          const { id: _id, ...again } = registrant!;
          await h.db('registrants').insert({ ...again, seq: Number(registrant!.seq) + 10_000 + i, code: `R${i}` });
        }
      }
      done[op] = (done[op] ?? 0) + 1;
    } catch (err) {
      // A refusal is a rule at work (sold out, not registered, paid nights fixed...); anything else is a bug.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      refusals[`${op} ${err.messageKey}`] = (refusals[`${op} ${err.messageKey}`] ?? 0) + 1;
    }
    if (i % 100 === 99 || i === OPERATIONS - 1) {
      const nights = await nightsOf(h, site.roomId);
      for (const [night, c] of Object.entries(nights)) {
        expect(c.held + c.sold, `night ${night} after ${i + 1} operations`).toBeLessThanOrEqual(6);
        expect(c.held).toBeGreaterThanOrEqual(0);
        expect(c.sold).toBeGreaterThanOrEqual(0);
      }
      expect(nights, `after ${i + 1} operations`).toEqual(await recount(h, site.roomId));
    }
  }
  console.log(JSON.stringify({ done, refusals }));
  // The run did exercise every operation and the refusals that guard the invariant.
  for (const op of ['book', 'pay', 'cancel', 'managerCancel', 'expire', 'dates', 'delete'])
    expect(done[op] ?? 0, op).toBeGreaterThan(0);
  expect(refusals['book hotels:soldOut'] ?? 0).toBeGreaterThan(0);
  // A booking's order agrees with its nights: held ↔ unpaid, sold ↔ paid.
  const rows = (await h
    .db('hotel_bookings as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .where('b.conference_id', site.cid)
    .select('b.holds', 'o.status')) as Array<{ holds: string; status: string }>;
  for (const r of rows) {
    if (r.holds === 'held') expect(r.status).toBe('unpaid');
    if (r.holds === 'sold') expect(r.status).toBe('paid');
  }
  // Thousands of transactions: well beyond the default 20 s on a loaded CI machine.
}, 300_000);
