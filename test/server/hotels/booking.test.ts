/**
 * Booking a hotel (spec 2.10 hotel/order, 5 "Hotel booking", 8): the booking page, a booking
 * that holds its nights through a hotel order, payment selling them, the person's cancel, expiry
 * and a deleted registrant giving them back once; and the bad input of the issue, each with its
 * message, in both languages, taking no night.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page as visitPage } from '../../helpers/http';
import { t } from '../../../server/platform/i18n';
import { toDbInstant } from '../../../server/db/dialect';
import { expireDue } from '../../../server/modules/orders/jobs';
import {
  attendee,
  bookingBody,
  call,
  CONFIG,
  dayFromToday,
  hotelConference,
  MANAGE,
  nightsOf,
  recount,
  settingsBody,
  type HotelSite,
} from './helpers';

let h: Harness;
let site: HotelSite;
let other: HotelSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-book');
  other = await hotelConference(h, 'hotel-book-b');
});
afterAll(() => h?.stop());

const book = (token: string, body: object, lang: 'zh' | 'en' = 'en') =>
  call(h, site.host, 'post', '/conference/hotel/book', { token, body, lang });
const takenNights = async () => Object.values(await nightsOf(h, site.roomId)).reduce((n, c) => n + c.held + c.sold, 0);

describe('a booking through its order', () => {
  test('the page offers the room with its nights; a booking holds every night and opens a hotel order of nights × rooms', async () => {
    const p = await attendee(h, site.cid);
    const page = await call(h, site.host, 'get', '/conference/hotel/page', { token: p.token });
    expect(page.body.data).toMatchObject({ bar: '', prefill: { email: expect.any(String) } });
    const room = page.body.data.hotels[0].rooms[0];
    expect(room).toMatchObject({
      id: site.roomId,
      price: { amount: 48000, currency: 'CNY' },
      display: { amount: 6800, currency: 'USD' },
    });
    expect(room.nights).toHaveLength(10);
    expect(room.nights[0]).toEqual({ night: dayFromToday(40), left: 20 });

    const res = await book(p.token, bookingBody(site.roomId, { quantity: 2, nights: 3 }));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, message: 'hotels:booked' });
    const { bookingId, orderId } = res.body.data;
    const order = (await h.db('orders').where({ id: orderId }).first())!;
    expect(order).toMatchObject({ conference_id: site.cid, type: 'hotel', status: 'unpaid', currency: 'CNY' });
    expect(Number(order.total_amount)).toBe(48000 * 3 * 2);
    const items = await h.db('order_items').where({ order_id: orderId });
    expect(items).toMatchObject([{ kind: 'hotel', ref_id: bookingId, quantity: 6 }]);
    const nights = await nightsOf(h, site.roomId);
    expect(nights[dayFromToday(41)]).toEqual({ held: 2, sold: 0 });
    expect(nights[dayFromToday(43)]).toEqual({ held: 2, sold: 0 });
    expect(nights[dayFromToday(44)]).toEqual({ held: 0, sold: 0 });
    // The reservation mail went to the account's address.
    const mail = await h.db('mail_outbox').where({ conference_id: site.cid }).orderBy('id', 'desc').first();
    expect(mail!.subject).toContain('Hotel reservation');

    // The manager records the transfer: the order is paid, the nights sold, the payment mail queued.
    const paid = await call(h, site.host, 'post', `${MANAGE}/${bookingId}/payment`, {
      token: site.manager,
      body: { status: 'paid', actualPay: '2880' },
    });
    expect(paid.body.data, JSON.stringify(paid.body)).toMatchObject({ payment: 'paid', status: 'confirmed' });
    expect((await nightsOf(h, site.roomId))[dayFromToday(42)]).toEqual({ held: 0, sold: 2 });
    const paidMail = await h.db('mail_outbox').where({ conference_id: site.cid }).orderBy('id', 'desc').first();
    expect(paidMail!.subject).toContain('Hotel payment received');
    expect(await recount(h, site.roomId)).toEqual(await nightsOf(h, site.roomId));
  });

  test('the person cancels an unpaid booking: its order is cancelled and its nights come back once', async () => {
    const p = await attendee(h, site.cid);
    const before = await takenNights();
    const res = await book(p.token, bookingBody(site.roomId, { from: 45, nights: 2 }));
    expect(await takenNights()).toBe(before + 2);
    const cancel = await call(h, site.host, 'post', `/conference/hotel/booking/${res.body.data.bookingId}/cancel`, {
      token: p.token,
    });
    expect(cancel.body).toMatchObject({ code: 200, message: 'hotels:cancelled' });
    expect(cancel.body.data.mine[0]).toMatchObject({
      status: 'cancelled',
      payment: 'closed',
      can: { cancel: false, pay: false },
    });
    expect(await takenNights()).toBe(before);
    const again = await call(h, site.host, 'post', `/conference/hotel/booking/${res.body.data.bookingId}/cancel`, {
      token: p.token,
    });
    expect(again.body).toMatchObject({ code: 409, message: 'hotels:cannotCancel' });
    expect(await takenNights()).toBe(before);
    // Another person cannot cancel it, nor see it.
    const q = await attendee(h, site.cid);
    expect(
      (
        await call(h, site.host, 'post', `/conference/hotel/booking/${res.body.data.bookingId}/cancel`, {
          token: q.token,
        })
      ).body.message,
    ).toBe('hotels:bookingNotFound');
  });

  test('an unpaid booking past its order deadline expires and gives its nights back', async () => {
    const p = await attendee(h, site.cid);
    const before = await takenNights();
    const res = await book(p.token, bookingBody(site.roomId, { from: 46, nights: 1, quantity: 3 }));
    expect(await takenNights()).toBe(before + 3);
    await h
      .db('orders')
      .where({ id: res.body.data.orderId })
      .update({ deadline_at: toDbInstant(new Date(Date.now() - 1000)) });
    expect(await expireDue(h.db, h.orders)).toBeGreaterThanOrEqual(1);
    expect(await takenNights()).toBe(before);
    expect(await h.db('hotel_bookings').where({ id: res.body.data.bookingId }).first()).toMatchObject({
      status: 'expired',
      holds: 'released',
    });
  });

  test('deleting the registrant voids their bookings, paid ones included, and frees the nights', async () => {
    const p = await attendee(h, site.cid);
    const before = await takenNights();
    const unpaid = await book(p.token, bookingBody(site.roomId, { from: 47, nights: 1 }));
    const paid = await book(p.token, bookingBody(site.roomId, { from: 48, nights: 1 }));
    await call(h, site.host, 'post', `${MANAGE}/${paid.body.data.bookingId}/payment`, {
      token: site.manager,
      body: { status: 'paid', actualPay: '480' },
    });
    expect(await takenNights()).toBe(before + 2);
    const registrant = await h.db('registrants').where({ conference_id: site.cid, user_id: p.userId }).first();
    const del = await call(h, site.host, 'delete', `/conference/conferenceUser?id=${registrant!.id}`, {
      token: site.manager,
    });
    expect(del.body.code, JSON.stringify(del.body)).toBe(200);
    expect(await takenNights()).toBe(before);
    for (const id of [unpaid.body.data.bookingId, paid.body.data.bookingId])
      expect(await h.db('hotel_bookings').where({ id }).first()).toMatchObject({
        status: 'invalid',
        holds: 'released',
      });
    expect(await recount(h, site.roomId)).toEqual(await nightsOf(h, site.roomId));
  });
});

describe('bad input: its message, no night taken', () => {
  const CASES: Array<[string, (roomId: number) => object, string, string | undefined]> = [
    [
      'check-in before the room opens',
      (r) => bookingBody(r, { from: 39, nights: 2 }),
      'hotels:checkInBeforeStart',
      'checkIn',
    ],
    [
      'check-in after the check-in end date',
      (r) => bookingBody(r, { from: 50, nights: 1 }),
      'hotels:checkInAfterEnd',
      'checkIn',
    ],
    [
      'check-out after the day after the check-in end date',
      (r) => bookingBody(r, { from: 48, nights: 3 }),
      'hotels:checkOutAfterEnd',
      'checkOut',
    ],
    [
      'check-out before check-in',
      (r) => ({ ...bookingBody(r), checkIn: dayFromToday(44), checkOut: dayFromToday(42) }),
      'hotels:checkOutBeforeCheckIn',
      'checkOut',
    ],
    [
      'check-out on check-in',
      (r) => ({ ...bookingBody(r), checkIn: dayFromToday(44), checkOut: dayFromToday(44) }),
      'hotels:checkOutBeforeCheckIn',
      'checkOut',
    ],
    ['above the per-person maximum', (r) => bookingBody(r, { quantity: 4 }), 'hotels:quantityAboveMax', 'quantity'],
    ['no rooms', (r) => bookingBody(r, { quantity: 0 }), 'hotels:quantityInvalid', 'quantity'],
    ['a fraction of a room', (r) => bookingBody(r, { quantity: 1.5 }), 'hotels:quantityInvalid', 'quantity'],
    ['no check-in', (r) => ({ ...bookingBody(r), checkIn: '' }), 'hotels:checkInRequired', 'checkIn'],
    ['not a date', (r) => ({ ...bookingBody(r), checkIn: '2027-02-30' }), 'hotels:dateInvalid', 'checkIn'],
    ['no booker name', (r) => bookingBody(r, { name: ' ' }), 'hotels:bookerNameRequired', 'name'],
    ['a bad e-mail', (r) => bookingBody(r, { email: 'not-mail' }), 'emailFormatError', 'email'],
    ['a room of another conference', () => bookingBody(other.roomId), 'hotels:roomNotFound', 'roomId'],
    ['a room that does not exist', () => bookingBody(99_999_999), 'hotels:roomNotFound', 'roomId'],
    ['a body that is not an object', () => [], 'commonMsg.invalidInput', undefined],
  ];
  for (const [name, body, key, field] of CASES) {
    test(name, async () => {
      const p = await attendee(h, site.cid);
      const before = await takenNights();
      const orders = Number((await h.db('orders').count({ n: '*' }).first())!.n);
      for (const lang of ['zh', 'en'] as const) {
        const res = await book(p.token, body(site.roomId), lang);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        expect(res.body.message).toBe(key);
        if (field) expect(res.body.field).toBe(field);
        expect(t(lang, key)).not.toBe(key.replace(/^\w+:/, ''));
      }
      expect(await takenNights()).toBe(before);
      expect(Number((await h.db('orders').count({ n: '*' }).first())!.n)).toBe(orders);
    });
  }

  test('more rooms than a night has left: sold out, naming the night', async () => {
    const small = await hotelConference(h, 'hotel-book-small', { total: 2, maxPerPerson: 2 });
    const a = await attendee(h, small.cid);
    const b = await attendee(h, small.cid);
    expect(
      (
        await call(h, small.host, 'post', '/conference/hotel/book', {
          token: a.token,
          body: bookingBody(small.roomId, { from: 42, nights: 1, quantity: 2 }),
        })
      ).body.code,
    ).toBe(200);
    const res = await call(h, small.host, 'post', '/conference/hotel/book', {
      token: b.token,
      body: bookingBody(small.roomId, { from: 41, nights: 3 }),
    });
    expect(res.body).toMatchObject({
      code: 409,
      message: 'hotels:soldOut',
      field: 'quantity',
      params: { night: dayFromToday(42), left: '0' },
    });
    expect((await nightsOf(h, small.roomId))[dayFromToday(41)]).toEqual({ held: 0, sold: 0 });
  });

  test('the per-person maximum counts what the person already holds', async () => {
    const p = await attendee(h, site.cid);
    expect((await book(p.token, bookingBody(site.roomId, { from: 40, nights: 1, quantity: 2 }))).body.code).toBe(200);
    const res = await book(p.token, bookingBody(site.roomId, { from: 49, nights: 1, quantity: 2 }));
    expect(res.body).toMatchObject({ code: 409, message: 'hotels:perPersonMax', params: { max: '3', held: '2' } });
  });

  test('someone signed in but not registered is told to register', async () => {
    const token = await h.login({ email: 'not-registered@example.org', conferenceId: site.cid });
    const page = await call(h, site.host, 'get', '/conference/hotel/page', { token });
    expect(page.body.data.bar).toBe('notRegistered');
    const res = await book(token, bookingBody(site.roomId));
    expect(res.body).toMatchObject({ code: 403, message: 'hotels:notRegistered' });
    // Spec 2.8: sent on to the registration after a visible countdown, which they may stop.
    const screen = await visitPage(h.app, '/profile/hotel/order', { host: site.host, token, lang: 'en' });
    expect(screen.$('.go-on-after').text()).toMatch(/Going to the registration in 8 s… *Stay here/);
  });

  test('signed out: the sign-in answer, nothing booked', async () => {
    const res = await call(h, site.host, 'post', '/conference/hotel/book', { body: bookingBody(site.roomId) });
    expect(res.status).toBe(401);
  });

  test("a closed window or a closed switch: 'Hotel reservation is not available'", async () => {
    const p = await attendee(h, site.cid);
    for (const change of [
      { open: false },
      { startDate: dayFromToday(1), endDate: dayFromToday(5) },
      { startDate: dayFromToday(-9), endDate: dayFromToday(-1) },
    ]) {
      expect(
        (await call(h, site.host, 'put', `${CONFIG}/settings`, { token: site.manager, body: settingsBody(change) }))
          .body.code,
      ).toBe(200);
      const res = await book(p.token, bookingBody(site.roomId));
      expect(res.body).toMatchObject({ code: 409, message: 'hotels:notAvailable' });
      expect(t('en', 'hotels:notAvailable')).toBe('Hotel reservation is not available');
      expect((await call(h, site.host, 'get', '/conference/hotel/page', { token: p.token })).body.data.bar).toBe(
        'closed',
      );
    }
    await call(h, site.host, 'put', `${CONFIG}/settings`, { token: site.manager, body: settingsBody() });
  });

  test('with the condition "registration paid", an unpaid registrant is refused until paid', async () => {
    const p = await attendee(h, other.cid);
    await call(h, other.host, 'put', `${CONFIG}/settings`, {
      token: other.manager,
      body: settingsBody({ condition: 'paidRegistration', conditionNoteEn: 'Pay the registration fee first.' }),
    });
    const res = await call(h, other.host, 'post', '/conference/hotel/book', {
      token: p.token,
      body: bookingBody(other.roomId),
    });
    expect(res.body).toMatchObject({ code: 403, message: 'hotels:notPaid' });
    await h.db('orders').insert({
      conference_id: other.cid,
      user_id: p.userId,
      order_no: 'PAIDREG1',
      type: 'register',
      reference: 'REFPAID1',
      currency: 'CNY',
      total_amount: 100,
      paid_amount: 100,
      status: 'paid',
      lang: 'en',
      deadline_at: toDbInstant(),
      created_at: toDbInstant(),
      updated_at: toDbInstant(),
    });
    expect(
      (await call(h, other.host, 'post', '/conference/hotel/book', { token: p.token, body: bookingBody(other.roomId) }))
        .body.code,
    ).toBe(200);
  });
});
