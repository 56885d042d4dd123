/**
 * The demo conferences come with hotels and bank transfer (issue 18: the demo's "Book a hotel"
 * leads somewhere that works): three hotels whose rooms are bookable around the conference's
 * dates, paid by transfer; seeding again changes nothing.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { seedDemoSites } from '../../../server/seed/index';
import { attendee, call } from './helpers';

let h: Harness;
let cid: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: true });
  cid = Number((await h.db('conferences').where({ slug: 'demo' }).first())!.id);
});
afterAll(() => h?.stop());

test('the demo has three hotels around its dates and takes bank transfer; a booking goes to payment', async () => {
  const p = await attendee(h, cid);
  const page = (await call(h, 'demo.localhost', 'get', '/conference/hotel/page', { token: p.token, lang: 'en' })).body
    .data;
  expect(page.bar).toBe('');
  expect(page.hotels.map((x: { nameEn: string }) => x.nameEn)).toEqual([
    'Hangzhou Expo Center Conference Hotel',
    'Qianjiang Century City Yuetu Hotel',
    'Binjiang Qingning Select Hotel',
  ]);
  const room = page.hotels[0].rooms[0];
  expect(room).toMatchObject({
    checkInStart: '2027-10-14',
    checkInEnd: '2027-10-18',
    price: { amount: 68000, currency: 'CNY' },
  });
  expect(room.nights).toHaveLength(5);
  const booked = await call(h, 'demo.localhost', 'post', '/conference/hotel/book', {
    token: p.token,
    body: {
      roomId: room.id,
      quantity: 1,
      checkIn: '2027-10-14',
      checkOut: '2027-10-18',
      email: 'guest@example.org',
      name: 'Guest',
      unit: '',
      phone: '',
      requirements: '',
    },
  });
  expect(booked.body.code, JSON.stringify(booked.body)).toBe(200);
  const pay = await call(h, 'demo.localhost', 'post', '/conference/order/pay', {
    token: p.token,
    body: { orderIds: [booked.body.data.orderId], method: 'bankRemit' },
  });
  expect(pay.body.code, JSON.stringify(pay.body)).toBe(200);

  const before = await h.db('hotel_rooms').count({ n: '*' }).first();
  await seedDemoSites(h.db);
  expect(await h.db('hotel_rooms').count({ n: '*' }).first()).toEqual(before);
});
