/**
 * The managers' reservations (spec 2.12 manage/hotel, 4 "Hotel reservation (manager actions)"):
 * the list and its filters, confirm, cancel, the payment status through the orders' deal (a
 * reopened order takes its nights again, or is refused when they are gone), changed dates
 * checked against the inventory in one transaction, delete, the occupancy grid and the rooming
 * list read back from the spreadsheet.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import {
  attendee,
  bookingBody,
  call,
  dayFromToday,
  hotelConference,
  MANAGE,
  nightsOf,
  recount,
  type HotelSite,
} from './helpers';

let h: Harness;
let site: HotelSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-desk', { total: 4, maxPerPerson: 2 });
});
afterAll(() => h?.stop());

const as = (path: string, method: 'get' | 'post' | 'delete' = 'post', body?: object) =>
  call(h, site.host, method, `${MANAGE}${path}`, { token: site.manager, body });
async function booked(change: Parameters<typeof bookingBody>[1] = {}) {
  const p = await attendee(h, site.cid);
  const res = await call(h, site.host, 'post', '/conference/hotel/book', {
    token: p.token,
    body: bookingBody(site.roomId, change),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body.data as { bookingId: number; orderId: number }), person: p };
}
const night = async (day: number) => (await nightsOf(h, site.roomId))[dayFromToday(day)];

describe('actions', () => {
  test('confirm a pending booking; a second confirm is refused', async () => {
    const b = await booked({ from: 40, nights: 1 });
    expect((await as(`/${b.bookingId}/confirm`)).body).toMatchObject({
      code: 200,
      data: { status: 'confirmed', payment: 'unpaid' },
    });
    expect((await as(`/${b.bookingId}/confirm`)).body.message).toBe('hotels:cannotConfirm');
    await as(`/${b.bookingId}/cancel`);
  });

  test('cancel a paid booking: the money stays with the order (refund there), the nights come back', async () => {
    const b = await booked({ from: 40, nights: 2, quantity: 2 });
    await as(`/${b.bookingId}/payment`, 'post', { status: 'paid', actualPay: '1920' });
    expect(await night(40)).toEqual({ held: 0, sold: 2 });
    const res = await as(`/${b.bookingId}/cancel`);
    expect(res.body.data).toMatchObject({ status: 'cancelled', payment: 'paid' });
    expect(await night(40)).toEqual({ held: 0, sold: 0 });
    expect(await h.db('orders').where({ id: b.orderId }).first()).toMatchObject({ status: 'paid' });
    expect((await as(`/${b.bookingId}/cancel`)).body.message).toBe('hotels:cannotCancel');
  });

  test('a cancelled order reopened by the payment status takes its nights again, or is refused when they are gone', async () => {
    const b = await booked({ from: 46, nights: 1, quantity: 2 });
    await as(`/${b.bookingId}/cancel`);
    expect(await night(46)).toEqual({ held: 0, sold: 0 });
    const reopened = await as(`/${b.bookingId}/payment`, 'post', { status: 'unpaid', actualPay: '' });
    expect(reopened.body.data, JSON.stringify(reopened.body)).toMatchObject({ status: 'pending', payment: 'unpaid' });
    expect(await night(46)).toEqual({ held: 2, sold: 0 });
    await as(`/${b.bookingId}/cancel`);
    // Others take the night; reopening now is refused and changes nothing.
    await booked({ from: 46, nights: 1, quantity: 2 });
    await booked({ from: 46, nights: 1, quantity: 2 });
    const refused = await as(`/${b.bookingId}/payment`, 'post', { status: 'unpaid', actualPay: '' });
    expect(refused.body).toMatchObject({ code: 409, message: 'hotels:soldOut' });
    expect(await h.db('orders').where({ id: b.orderId }).first()).toMatchObject({ status: 'cancelled' });
    expect(await night(46)).toEqual({ held: 4, sold: 0 });
  });

  test('change dates: the new nights are checked against the inventory with the old ones given back, in one step', async () => {
    const b = await booked({ from: 41, nights: 2, quantity: 2 });
    // Moving by one night overlaps the old stay: night 42 is both given back and taken.
    const moved = await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(42), checkOut: dayFromToday(45) });
    expect(moved.body.data, JSON.stringify(moved.body)).toMatchObject({
      checkIn: dayFromToday(42),
      checkOut: dayFromToday(45),
      nights: 3,
      total: { amount: 48000 * 6 },
    });
    expect(await night(41)).toEqual({ held: 0, sold: 0 });
    expect(await night(44)).toEqual({ held: 2, sold: 0 });
    const order = (await h.db('orders').where({ id: b.orderId }).first())!;
    expect(Number(order.total_amount)).toBe(48000 * 6);
    expect(await h.db('order_items').where({ order_id: b.orderId }).first()).toMatchObject({ quantity: 6 });
    // Into a full night: refused, nothing moved.
    const c = await booked({ from: 47, nights: 1, quantity: 2 });
    await booked({ from: 47, nights: 1, quantity: 2 });
    const full = await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(46), checkOut: dayFromToday(48) });
    expect(full.body).toMatchObject({ code: 409, message: 'hotels:soldOut' });
    expect(await night(44)).toEqual({ held: 2, sold: 0 });
    // Outside the room's dates, and check-out before check-in: their messages.
    expect(
      (await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(49), checkOut: dayFromToday(51) })).body
        .message,
    ).toBe('hotels:datesOutsideRoom');
    expect(
      (await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(44), checkOut: dayFromToday(43) })).body
        .message,
    ).toBe('hotels:checkOutBeforeCheckIn');
    // Paid: it may move but keep its number of nights.
    await as(`/${b.bookingId}/payment`, 'post', { status: 'paid', actualPay: '2880' });
    expect(
      (await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(40), checkOut: dayFromToday(42) })).body,
    ).toMatchObject({ code: 409, message: 'hotels:paidNightsFixed', params: { nights: '3' } });
    expect(
      (await as(`/${b.bookingId}/dates`, 'post', { checkIn: dayFromToday(41), checkOut: dayFromToday(44) })).body.data,
    ).toMatchObject({ checkIn: dayFromToday(41), payment: 'paid' });
    expect(await night(41)).toEqual({ held: 0, sold: 2 });
    expect(await night(44)).toEqual({ held: 0, sold: 0 });
    await as(`/${c.bookingId}/cancel`);
    expect(await recount(h, site.roomId)).toEqual(await nightsOf(h, site.roomId));
  });

  test('delete: the booking leaves the list, its open order is cancelled, its nights come back', async () => {
    const b = await booked({ from: 49, nights: 1, quantity: 1 });
    expect(await night(49)).toEqual({ held: 1, sold: 0 });
    expect((await as(`/${b.bookingId}`, 'delete')).body).toMatchObject({ code: 200, message: 'hotels:deleted' });
    expect(await night(49)).toEqual({ held: 0, sold: 0 });
    expect(await h.db('orders').where({ id: b.orderId }).first()).toMatchObject({ status: 'cancelled' });
    const list = await as('?size=200', 'get');
    expect(list.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(b.bookingId);
    expect((await as(`/${b.bookingId}/confirm`)).body.message).toBe('hotels:bookingNotFound');
  });

  test("another conference's booking is not found", async () => {
    const o = await hotelConference(h, 'hotel-desk-b');
    const p = await attendee(h, o.cid);
    const theirs = (
      await call(h, o.host, 'post', '/conference/hotel/book', { token: p.token, body: bookingBody(o.roomId) })
    ).body.data;
    for (const [path, method] of [
      [`/${theirs.bookingId}/confirm`, 'post'],
      [`/${theirs.bookingId}/cancel`, 'post'],
      [`/${theirs.bookingId}`, 'delete'],
    ] as const) {
      expect((await as(path, method)).body.message).toBe('hotels:bookingNotFound');
    }
    expect(await h.db('hotel_bookings').where({ id: theirs.bookingId }).first()).toMatchObject({
      status: 'pending',
      holds: 'held',
      deleted_at: null,
    });
  });
});

describe('list, occupancy, rooming list', () => {
  test('filters by hotel, dates, status, payment and person', async () => {
    const all = (await as('?size=200', 'get')).body.data;
    expect(all.total).toBeGreaterThan(3);
    const paid = (await as('?payment=paid&size=200', 'get')).body.data.rows as Array<{ payment: string }>;
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((r) => r.payment === 'paid')).toBe(true);
    const cancelled = (await as('?status=cancelled', 'get')).body.data.rows as Array<{ status: string }>;
    expect(cancelled.every((r) => r.status === 'cancelled')).toBe(true);
    // Stays that cover night 49 only.
    const late = (await as(`?from=${dayFromToday(49)}&to=${dayFromToday(49)}&size=200`, 'get')).body.data
      .rows as Array<{ checkIn: string; checkOut: string }>;
    expect(late.every((r) => r.checkIn <= dayFromToday(49) && r.checkOut > dayFromToday(49))).toBe(true);
    const person = (await as(`?person=${encodeURIComponent('Li Lei')}&size=200`, 'get')).body.data;
    expect(person.total).toBe(all.total);
    expect((await as('?person=nobody-at-all', 'get')).body.data.total).toBe(0);
    expect((await as(`?hotelId=${site.hotelId + 999}`, 'get')).body.data.total).toBe(0);
    const bad = await as('?status=lost', 'get');
    expect(bad.body).toMatchObject({ code: 400, message: 'hotels:statusInvalid' });
  });

  test('the occupancy grid shows held and sold per night; the rooming list has a row per reservation and night', async () => {
    const grid = (await as('/occupancy', 'get')).body.data;
    expect(grid.nights[0]).toBe(dayFromToday(40));
    const row = grid.rooms.find((r: { roomId: number }) => r.roomId === site.roomId);
    expect(row).toMatchObject({ total: 4, roomEn: 'King room' });
    expect(row.cells).toEqual(await nightsOf(h, site.roomId));

    const res = await call(h, site.host, 'post', `${MANAGE}/rooming`, { token: site.manager, body: {}, lang: 'en' })
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('West Lake State Guesthouse');
    expect(sheet.getRow(1).getCell(1).text).toBe('Night');
    const kept = (await h
      .db('hotel_bookings')
      .where({ conference_id: site.cid })
      .whereNull('deleted_at')
      .whereIn('holds', ['held', 'sold'])) as Array<{ nights: number }>;
    expect(sheet.rowCount - 1).toBe(kept.reduce((n, b) => n + Number(b.nights), 0));
    expect(sheet.getRow(2).getCell(4).text).toBe('Li Lei');
    expect(sheet.getRow(2).getCell(7).text).toBe('+86 10 1234 5678');
  });
});
