/**
 * The hotel configuration (spec 2.12 config/hotel, 3, 4, 5 "Hotel config", "Room config"): every
 * rule with its own message in both languages and nothing written; 'Please save basic setting
 * first'; a room's total against what is booked; a currency change confirmed before it voids the
 * unpaid hotel orders (their nights given back) and the rooms' prices; tenants kept apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { t } from '../../../server/platform/i18n';
import {
  attendee,
  bookingBody,
  call,
  CONFIG,
  dayFromToday,
  hotelBody,
  hotelConference,
  nightsOf,
  roomBody,
  settingsBody,
  type HotelSite,
} from './helpers';

let h: Harness;
let site: HotelSite;
let other: HotelSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-config');
  other = await hotelConference(h, 'hotel-config-b');
});
afterAll(() => h?.stop());

const put = (body: object, lang: 'zh' | 'en' = 'en') =>
  call(h, site.host, 'put', `${CONFIG}/settings`, { token: site.manager, body, lang });
const count = async (table: string) => Number((await h.db(table).count({ n: '*' }).first())!.n);
const expectKey = (res: { status: number; body: { message: string; field?: string } }, key: string, field?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.body.message, JSON.stringify(res.body)).toBe(key);
  if (field) expect(res.body.field).toBe(field);
  for (const lang of ['zh', 'en'] as const) expect(t(lang, key)).not.toMatch(/^hotels:|^[a-z]+\.[a-zA-Z]+$/);
};

describe('basic settings', () => {
  test('saved, read back, with the description cleaned of scripts', async () => {
    const res = await put(
      settingsBody({ descriptionEn: '<p>Near the venue</p><script>alert(1)</script><img src=x onerror=alert(2)>' }),
    );
    expect(res.body).toMatchObject({
      code: 200,
      message: 'hotels:saved',
      data: { saved: true, currency: 'CNY', displayCurrency: 'USD', open: true },
    });
    expect(res.body.data.descriptionEn).toContain('Near the venue');
    expect(res.body.data.descriptionEn).not.toMatch(/script|onerror/);
    const read = await call(h, site.host, 'get', `${CONFIG}/settings`, { token: site.manager });
    expect(read.body.data.descriptionEn).toBe(res.body.data.descriptionEn);
  });

  const RULES: Array<[string, object, string, string]> = [
    ['no start date', { startDate: '' }, 'hotels:startDateRequired', 'startDate'],
    ['no end date', { endDate: undefined }, 'hotels:endDateRequired', 'endDate'],
    ['start after end', { startDate: dayFromToday(5), endDate: dayFromToday(4) }, 'hotels:dateOrder', 'endDate'],
    ['no status', { open: undefined }, 'hotels:openRequired', 'open'],
    ['no settlement currency', { currency: '' }, 'hotels:currencyRequired', 'currency'],
    ['an unknown currency', { currency: 'XYZ' }, 'money.currency', 'currency'],
    ['an unknown condition', { condition: 'vip' }, 'hotels:conditionInvalid', 'condition'],
    ['a date that does not exist', { startDate: '2027-02-29' }, 'hotels:dateInvalid', 'startDate'],
  ];
  for (const [name, change, key, field] of RULES) {
    test(`${name}: ${key}, nothing saved`, async () => {
      const before = await h.db('hotel_settings').where({ conference_id: site.cid }).first();
      for (const lang of ['zh', 'en'] as const) expectKey(await put(settingsBody(change), lang), key, field);
      expect(await h.db('hotel_settings').where({ conference_id: site.cid }).first()).toEqual(before);
    });
  }
  test('start on the end day is allowed (start ≤ end)', async () => {
    expect((await put(settingsBody({ startDate: dayFromToday(-1), endDate: dayFromToday(-1) }))).body.code).toBe(200);
    expect((await put(settingsBody())).body.code).toBe(200);
  });
});

describe('hotels and rooms', () => {
  test("a room before the basic settings: 'Please save basic setting first'", async () => {
    const host = 'hotel-config-new.localhost';
    const cid = await h.provision(contractSite({ slug: 'hotel-config-new', domains: [host] }));
    const manager = await h.login({ email: 'new-hotel-manager@example.org', conferenceId: cid, roles: ['manager'] });
    const res = await call(h, host, 'post', `${CONFIG}/hotels`, { token: manager, body: hotelBody() });
    expectKey(res, 'hotels:saveSettingsFirst');
    expect(t('en', 'hotels:saveSettingsFirst')).toBe('Please save basic setting first');
    expect((await call(h, host, 'get', `${CONFIG}/settings`, { token: manager })).body.data).toMatchObject({
      saved: false,
    });
  });

  const ROOM_RULES: Array<[string, object, string, string]> = [
    ['no room type', { typeZh: ' ' }, 'hotels:roomTypeRequired', 'typeZh'],
    ['no price', { price: '' }, 'hotels:priceRequired', 'price'],
    ['a zero price', { price: '0' }, 'hotels:pricePositive', 'price'],
    ['a negative display price', { displayPrice: '-5' }, 'hotels:displayPricePositive', 'displayPrice'],
    ['a zero display price', { displayPrice: '0.00' }, 'hotels:displayPricePositive', 'displayPrice'],
    ['fen below the cent', { price: '480.001' }, 'money.tooManyDecimals', 'price'],
    ['no check-in start', { checkInStart: '' }, 'hotels:checkInStartRequired', 'checkInStart'],
    [
      'start after end (equal is one night: rules.test.ts)',
      { checkInStart: dayFromToday(50), checkInEnd: dayFromToday(49) },
      'hotels:roomDateOrder',
      'checkInEnd',
    ],
    [
      'more than a year of nights',
      { checkInStart: dayFromToday(1), checkInEnd: dayFromToday(400) },
      'hotels:roomTooLong',
      'checkInEnd',
    ],
    ['no total', { total: '' }, 'hotels:totalRequired', 'total'],
    ['a fraction of a room', { total: 2.5 }, 'hotels:totalInvalid', 'total'],
    ['max below min', { minPerPerson: 3, maxPerPerson: 2 }, 'hotels:maxBelowMin', 'maxPerPerson'],
    ['total below max per person', { total: 2, maxPerPerson: 3 }, 'hotels:totalBelowMax', 'total'],
    ['min of 0', { minPerPerson: 0 }, 'hotels:minInvalid', 'minPerPerson'],
  ];
  for (const [name, change, key, field] of ROOM_RULES) {
    test(`room: ${name}: ${key}, nothing saved`, async () => {
      const rooms = await count('hotel_rooms');
      const nights = await count('hotel_nights');
      for (const lang of ['zh', 'en'] as const)
        expectKey(
          await call(h, site.host, 'post', `${CONFIG}/hotels/${site.hotelId}/rooms`, {
            token: site.manager,
            body: roomBody(change),
            lang,
          }),
          key,
          field,
        );
      expect(await count('hotel_rooms')).toBe(rooms);
      expect(await count('hotel_nights')).toBe(nights);
    });
  }

  const HOTEL_RULES: Array<[string, object, string, string]> = [
    ['no name', { nameEn: '' }, 'hotels:nameRequired', 'nameEn'],
    ['six stars', { stars: 6 }, 'hotels:starsInvalid', 'stars'],
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'hotels:linkInvalid', 'link'],
    ['a photo from elsewhere', { photo: 'https://evil.example/x.png' }, 'hotels:photoInvalid', 'photo'],
  ];
  for (const [name, change, key, field] of HOTEL_RULES) {
    test(`hotel: ${name}: ${key}, nothing saved`, async () => {
      const hotels = await count('hotels');
      for (const lang of ['zh', 'en'] as const)
        expectKey(
          await call(h, site.host, 'post', `${CONFIG}/hotels`, { token: site.manager, body: hotelBody(change), lang }),
          key,
          field,
        );
      expect(await count('hotels')).toBe(hotels);
    });
  }

  test('the total may not go below the rooms booked on the busiest night; the dates may not drop booked nights', async () => {
    const p = await attendee(h, site.cid);
    expect(
      (
        await call(h, site.host, 'post', '/conference/hotel/book', {
          token: p.token,
          body: bookingBody(site.roomId, { from: 44, nights: 2, quantity: 3 }),
        })
      ).body.code,
    ).toBe(200);
    const put = (change: object) =>
      call(h, site.host, 'put', `${CONFIG}/rooms/${site.roomId}`, { token: site.manager, body: roomBody(change) });
    const below = await put({ total: 2, maxPerPerson: 2 });
    expect(below.body).toMatchObject({ message: 'hotels:totalBelowBooked', field: 'total', params: { booked: '3' } });
    expect((await put({ checkInStart: dayFromToday(45) })).body.message).toBe('hotels:nightsBooked');
    // Wider dates and a total at the booked count are fine: new nights appear empty.
    const ok = await put({ total: 3, checkInEnd: dayFromToday(52) });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    const room = ok.body.data.find((x: { id: number }) => x.id === site.hotelId).rooms[0];
    expect(room).toMatchObject({ total: 3, booked: 3, remaining: 0 });
    expect((await nightsOf(h, site.roomId))[dayFromToday(51)]).toEqual({ held: 0, sold: 0 });
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/rooms/${site.roomId}`, { token: site.manager })).body.message,
    ).toBe('hotels:hasBookings');
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/hotels/${site.hotelId}`, { token: site.manager })).body.message,
    ).toBe('hotels:hasBookings');
    await put({});
  });

  test("another conference's hotel or room is not found, and nothing of it changes", async () => {
    const before = await h.db('hotel_rooms').where({ id: other.roomId }).first();
    expect(
      (
        await call(h, site.host, 'put', `${CONFIG}/rooms/${other.roomId}`, {
          token: site.manager,
          body: roomBody({ total: 1 }),
        })
      ).body.message,
    ).toBe('hotels:notFound');
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/rooms/${other.roomId}`, { token: site.manager })).body.message,
    ).toBe('hotels:notFound');
    expect(
      (
        await call(h, site.host, 'post', `${CONFIG}/hotels/${other.hotelId}/rooms`, {
          token: site.manager,
          body: roomBody(),
        })
      ).body.message,
    ).toBe('hotels:notFound');
    expect(
      (await call(h, site.host, 'put', `${CONFIG}/hotels/${other.hotelId}`, { token: site.manager, body: hotelBody() }))
        .body.message,
    ).toBe('hotels:notFound');
    expect(await h.db('hotel_rooms').where({ id: other.roomId }).first()).toEqual(before);
    // and another conference's manager is nobody here
    const res = await call(h, site.host, 'get', `${CONFIG}/hotels`, { token: other.manager });
    expect([401, 403]).toContain(res.status);
    expect(res.body.data).toBeNull();
  });
});

describe('a new settlement currency (spec 4)', () => {
  test('asks first; confirmed, it voids the unpaid hotel orders (nights back) and the room prices, and keeps paid ones', async () => {
    const s = await hotelConference(h, 'hotel-currency');
    const a = await attendee(h, s.cid);
    const b = await attendee(h, s.cid);
    const unpaid = (
      await call(h, s.host, 'post', '/conference/hotel/book', {
        token: a.token,
        body: bookingBody(s.roomId, { quantity: 2 }),
      })
    ).body.data;
    const paid = (
      await call(h, s.host, 'post', '/conference/hotel/book', { token: b.token, body: bookingBody(s.roomId) })
    ).body.data;
    await call(h, s.host, 'post', `/conference/platform/manage/hotel/${paid.bookingId}/payment`, {
      token: s.manager,
      body: { status: 'paid', actualPay: '1440' },
    });

    const ask = await call(h, s.host, 'put', `${CONFIG}/settings`, {
      token: s.manager,
      body: settingsBody({ currency: 'USD' }),
    });
    expect(ask.body).toMatchObject({
      code: 409,
      message: 'hotels:currencyConfirm',
      params: { unpaidOrders: '1', rooms: '1' },
    });
    expect((await h.db('hotel_settings').where({ conference_id: s.cid }).first())!.currency).toBe('CNY');
    expect((await nightsOf(h, s.roomId))[dayFromToday(41)]).toEqual({ held: 2, sold: 1 });

    const done = await call(h, s.host, 'put', `${CONFIG}/settings`, {
      token: s.manager,
      body: settingsBody({ currency: 'USD', confirm: true }),
    });
    expect(done.body).toMatchObject({ code: 200, data: { currency: 'USD' } });
    expect(await h.db('orders').where({ id: unpaid.orderId }).first()).toMatchObject({ status: 'invalid' });
    // The booker may cancel the voided order, not "update" it on the fee page: they book again.
    expect((await h.orders.view(s.cid, unpaid.orderId)).can).toMatchObject({ update: false, cancel: true, pay: false });
    expect(await h.db('hotel_bookings').where({ id: unpaid.bookingId }).first()).toMatchObject({
      status: 'invalid',
      holds: 'released',
    });
    expect(await h.db('orders').where({ id: paid.orderId }).first()).toMatchObject({ status: 'paid' });
    expect((await nightsOf(h, s.roomId))[dayFromToday(41)]).toEqual({ held: 0, sold: 1 });
    const rooms = (await call(h, s.host, 'get', `${CONFIG}/hotels`, { token: s.manager })).body.data[0].rooms;
    expect(rooms[0].price).toBeNull();
    // Not bookable until priced again in the new currency.
    const c = await attendee(h, s.cid);
    expect(
      (await call(h, s.host, 'post', '/conference/hotel/book', { token: c.token, body: bookingBody(s.roomId) })).body
        .message,
    ).toBe('hotels:roomNotPriced');
    expect(
      (
        await call(h, s.host, 'put', `${CONFIG}/rooms/${s.roomId}`, {
          token: s.manager,
          body: roomBody({ price: '70' }),
        })
      ).body.code,
    ).toBe(200);
    const again = await call(h, s.host, 'post', '/conference/hotel/book', {
      token: c.token,
      body: bookingBody(s.roomId),
    });
    expect(again.body.code).toBe(200);
    expect(await h.db('orders').where({ id: again.body.data.orderId }).first()).toMatchObject({
      currency: 'USD',
      total_amount: 21000,
    });
  });
});
