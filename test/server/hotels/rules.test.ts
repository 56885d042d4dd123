/**
 * Issue 32's hotel rules: a paid booking is confirmed (the attendee sees it so), a room whose
 * check-in start and end dates are equal offers that one night, authors book only after
 * acceptance when the settings say so (spec 5, with its message in both languages), and
 * migration 040 moves the rooms saved before to the new meaning of the end date without changing
 * their nights.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { t } from '../../../server/platform/i18n';
import type { SubmissionStatus } from '../../../server/contract/submissions';
import * as m040 from '../../../migrations/040_hotel_rules';
import {
  attendee,
  bookingBody,
  call,
  CONFIG,
  dayFromToday,
  hotelConference,
  MANAGE,
  nightsOf,
  roomBody,
  settingsBody,
  type HotelSite,
} from './helpers';

let h: Harness;
let site: HotelSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-rules');
});
afterAll(() => h?.stop());

const book = (host: string, token: string, body: object, lang: 'zh' | 'en' = 'en') =>
  call(h, host, 'post', '/conference/hotel/book', { token, body, lang });

describe('a paid booking is confirmed', () => {
  test("paid by the manager's deal: confirmed at once, for the attendee and in the reservations", async () => {
    const p = await attendee(h, site.cid);
    const { bookingId } = (await book(site.host, p.token, bookingBody(site.roomId, { from: 41, nights: 2 }))).body.data;
    const before = (await call(h, site.host, 'get', '/conference/hotel/page', { token: p.token })).body.data.mine[0];
    expect(before).toMatchObject({ id: bookingId, status: 'pending', payment: 'unpaid' });
    const paid = await call(h, site.host, 'post', `${MANAGE}/${bookingId}/payment`, {
      token: site.manager,
      body: { status: 'paid', actualPay: '960' },
    });
    expect(paid.body.data, JSON.stringify(paid.body)).toMatchObject({ status: 'confirmed', payment: 'paid' });
    const mine = (await call(h, site.host, 'get', '/conference/hotel/page', { token: p.token })).body.data.mine[0];
    expect(mine).toMatchObject({
      id: bookingId,
      status: 'confirmed',
      payment: 'paid',
      can: { cancel: false, pay: false },
    });
    // Nothing is left to confirm; the filter of confirmed reservations lists it.
    expect(
      (await call(h, site.host, 'post', `${MANAGE}/${bookingId}/confirm`, { token: site.manager })).body.message,
    ).toBe('hotels:cannotConfirm');
    const list = await call(h, site.host, 'get', `${MANAGE}?status=confirmed`, { token: site.manager });
    expect(list.body.data.rows.map((r: { id: number }) => r.id)).toContain(bookingId);
  });

  test('a booking the manager confirmed before payment stays confirmed when paid', async () => {
    const p = await attendee(h, site.cid);
    const { bookingId } = (await book(site.host, p.token, bookingBody(site.roomId, { from: 43, nights: 1 }))).body.data;
    expect(
      (await call(h, site.host, 'post', `${MANAGE}/${bookingId}/confirm`, { token: site.manager })).body.data.status,
    ).toBe('confirmed');
    const paid = await call(h, site.host, 'post', `${MANAGE}/${bookingId}/payment`, {
      token: site.manager,
      body: { status: 'paid', actualPay: '480' },
    });
    expect(paid.body.data).toMatchObject({ status: 'confirmed', payment: 'paid' });
  });
});

describe('equal check-in start and end dates: a room of one night', () => {
  test('saved, with one night, bookable for that night only', async () => {
    const night = dayFromToday(45);
    const rooms = await call(h, site.host, 'post', `${CONFIG}/hotels/${site.hotelId}/rooms`, {
      token: site.manager,
      body: roomBody({ typeZh: '单晚房', typeEn: 'One-night room', checkInStart: night, checkInEnd: night }),
    });
    expect(rooms.body.code, JSON.stringify(rooms.body)).toBe(200);
    const room = rooms.body.data[0].rooms.find((r: { typeEn: string }) => r.typeEn === 'One-night room');
    expect(room).toMatchObject({ checkInStart: night, checkInEnd: night, remaining: 20 });
    expect(Object.keys(await nightsOf(h, room.id))).toEqual([night]);

    const p = await attendee(h, site.cid);
    const page = await call(h, site.host, 'get', '/conference/hotel/page', { token: p.token });
    const offer = page.body.data.hotels[0].rooms.find((r: { id: number }) => r.id === room.id);
    expect(offer.nights).toEqual([{ night, left: 20 }]);
    for (const lang of ['zh', 'en'] as const) {
      expect((await book(site.host, p.token, bookingBody(room.id, { from: 45, nights: 2 }), lang)).body).toMatchObject({
        code: 400,
        message: 'hotels:checkOutAfterEnd',
        field: 'checkOut',
      });
      expect((await book(site.host, p.token, bookingBody(room.id, { from: 44, nights: 1 }), lang)).body).toMatchObject({
        code: 400,
        message: 'hotels:checkInBeforeStart',
      });
      expect((await book(site.host, p.token, bookingBody(room.id, { from: 46, nights: 1 }), lang)).body).toMatchObject({
        code: 400,
        message: 'hotels:checkInAfterEnd',
      });
    }
    const ok = await book(site.host, p.token, bookingBody(room.id, { from: 45, nights: 1 }));
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    expect((await nightsOf(h, room.id))[night]).toEqual({ held: 1, sold: 0 });
    // The manager's change of dates keeps to the same night.
    const moved = await call(h, site.host, 'post', `${MANAGE}/${ok.body.data.bookingId}/dates`, {
      token: site.manager,
      body: { checkIn: night, checkOut: dayFromToday(47) },
    });
    expect(moved.body.message).toBe('hotels:datesOutsideRoom');
    // A start after the end is still refused, with its message in both languages.
    for (const lang of ['zh', 'en'] as const) {
      const bad = await call(h, site.host, 'put', `${CONFIG}/rooms/${room.id}`, {
        token: site.manager,
        lang,
        body: roomBody({ checkInStart: dayFromToday(46), checkInEnd: night }),
      });
      expect(bad.body).toMatchObject({ code: 400, message: 'hotels:roomDateOrder', field: 'checkInEnd' });
    }
    expect(t('zh', 'hotels:roomDateOrder')).toBe('入住开始日期不能晚于入住结束日期');
  });
});

describe('authors book after acceptance (spec 5)', () => {
  let authors: HotelSite;
  let sessionId: number;
  beforeAll(async () => {
    authors = await hotelConference(h, 'hotel-authors');
    [sessionId] = await h
      .db('submission_sessions')
      .insert({ conference_id: authors.cid, title_zh: '会场', title_en: 'Session', prefix: 'A', sort: 1 }, ['id'])
      .then((r) => r.map((x: number | { id: number }) => (typeof x === 'number' ? x : x.id)));
  });
  let seq = 0;
  const manuscript = async (userId: number, status: SubmissionStatus) => {
    seq += 1;
    await h.db('submissions').insert({
      conference_id: authors.cid,
      user_id: userId,
      number: `A${String(seq).padStart(3, '0')}`,
      title: `Paper ${seq}`,
      session_id: sessionId,
      abstract: '',
      keywords: '',
      abstract_file: '',
      full_text_file: '',
      status,
      active: status !== 'withdrawn',
      lang: 'en',
      submitted_at: toDbInstant(),
      updated_at: toDbInstant(),
    });
  };
  const authorsRule = (on: boolean) =>
    call(h, authors.host, 'put', `${CONFIG}/settings`, {
      token: authors.manager,
      body: settingsBody({
        authorsAfterAcceptance: on,
        conditionNoteEn: 'Wait for the decision mail.',
        conditionNoteZh: '请等待录用通知。',
      }),
    });

  test('the switch is saved and shown back', async () => {
    expect((await authorsRule(true)).body.data).toMatchObject({ authorsAfterAcceptance: true });
    expect(
      (await call(h, authors.host, 'get', `${CONFIG}/settings`, { token: authors.manager })).body.data
        .authorsAfterAcceptance,
    ).toBe(true);
  });

  test('an author whose manuscript is not accepted is refused with the message; once accepted, books', async () => {
    await authorsRule(true);
    const p = await attendee(h, authors.cid);
    await manuscript(p.userId, 'assigned');
    await manuscript(p.userId, 'withdrawn');
    const page = await call(h, authors.host, 'get', '/conference/hotel/page', { token: p.token });
    expect(page.body.data.bar).toBe('notAccepted');
    for (const lang of ['zh', 'en'] as const) {
      const res = await book(authors.host, p.token, bookingBody(authors.roomId), lang);
      expect(res.body).toMatchObject({ code: 403, message: 'hotels:notAccepted' });
    }
    expect(t('en', 'hotels:notAccepted')).toMatch(/you can only book after acceptance/);
    expect(t('zh', 'hotels:notAccepted')).toMatch(/录用后才能预订/);
    expect(
      await h.db('hotel_bookings').where({ conference_id: authors.cid, user_id: p.userId }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
    // A rejected one does not help either.
    await manuscript(p.userId, 'rejected');
    expect((await book(authors.host, p.token, bookingBody(authors.roomId))).body.message).toBe('hotels:notAccepted');
    await manuscript(p.userId, 'accepted');
    expect((await call(h, authors.host, 'get', '/conference/hotel/page', { token: p.token })).body.data.bar).toBe('');
    expect((await book(authors.host, p.token, bookingBody(authors.roomId))).body.code).toBe(200);
  });

  test('an attendee without a manuscript, or one whose only manuscript was withdrawn, books as usual', async () => {
    await authorsRule(true);
    const plain = await attendee(h, authors.cid);
    expect(
      (await book(authors.host, plain.token, bookingBody(authors.roomId, { from: 44, nights: 1 }))).body.code,
    ).toBe(200);
    const withdrew = await attendee(h, authors.cid);
    await manuscript(withdrew.userId, 'withdrawn');
    expect(
      (await book(authors.host, withdrew.token, bookingBody(authors.roomId, { from: 44, nights: 1 }))).body.code,
    ).toBe(200);
  });

  test('with the switch off, authors book before acceptance', async () => {
    await authorsRule(false);
    const p = await attendee(h, authors.cid);
    await manuscript(p.userId, 'waiting');
    expect((await book(authors.host, p.token, bookingBody(authors.roomId, { from: 46, nights: 1 }))).body.code).toBe(
      200,
    );
  });
});

describe('migration 040', () => {
  test('rooms saved before keep their nights (the end moves back a day); paid pending bookings become confirmed', async () => {
    const s = await hotelConference(h, 'hotel-migration');
    const p = await attendee(h, s.cid);
    const a = (await book(s.host, p.token, bookingBody(s.roomId, { from: 41, nights: 1 }))).body.data.bookingId;
    const b = (await book(s.host, p.token, bookingBody(s.roomId, { from: 42, nights: 1 }))).body.data.bookingId;
    await call(h, s.host, 'post', `${MANAGE}/${a}/payment`, {
      token: s.manager,
      body: { status: 'paid', actualPay: '480' },
    });
    // As a paid booking was before the issue: sold, still pending.
    await h.db('hotel_bookings').where({ id: a }).update({ status: 'pending' });
    const nights = await nightsOf(h, s.roomId);

    await m040.down(h.db);
    expect((await h.db('hotel_rooms').where({ id: s.roomId }).first())!.check_in_end).toBe(dayFromToday(50));
    await m040.up(h.db);
    expect((await h.db('hotel_rooms').where({ id: s.roomId }).first())!.check_in_end).toBe(dayFromToday(49));
    expect(await nightsOf(h, s.roomId)).toEqual(nights);
    expect(await h.db('hotel_bookings').where({ id: a }).first()).toMatchObject({ status: 'confirmed', holds: 'sold' });
    expect(await h.db('hotel_bookings').where({ id: b }).first()).toMatchObject({ status: 'pending', holds: 'held' });
    expect(
      (await call(h, s.host, 'get', `${CONFIG}/settings`, { token: s.manager })).body.data.authorsAfterAcceptance,
    ).toBe(false);
  });
});
