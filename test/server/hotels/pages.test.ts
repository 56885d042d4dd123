/**
 * The hotel screens as a browser receives them (spec 2.10, 2.12): the booking page, the
 * managers' reservations and the configuration each render their island, in both languages and
 * on a phone, highlighted in their menu, with no untranslated key; the managers' screens are for
 * managers; a signed-out visitor of the booking page is sent to sign in and back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, bookingBody, call, hotelConference, type HotelSite } from './helpers';

let h: Harness;
let site: HotelSite;
let person: { token: string; userId: number };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-pages');
  person = await attendee(h, site.cid);
  await call(h, site.host, 'post', '/conference/hotel/book', { token: person.token, body: bookingBody(site.roomId) });
});
afterAll(() => h?.stop());

const screens = () =>
  [
    ['/profile/hotel/order', 'ProfileHotel', person.token],
    ['/platform/manage/hotel', 'ManageHotel', site.manager],
    ['/platform/config/hotel', 'ManageHotelConfig', site.manager],
  ] as const;

describe('the screens', () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const mobile of [false, true]) {
      test(`${lang}${mobile ? ' on a phone' : ''}: each renders its island, highlighted in its menu, with no raw key`, async () => {
        for (const [path, island, token] of screens()) {
          const { res, $ } = await page(h.app, path, { host: site.host, token, lang, mobile });
          expect(res.status, path).toBe(200);
          expect($(`[data-island="${island}"]`).length, path).toBe(1);
          expect(
            $(`a[href="${path}"][aria-current="page"], a.active[href="${path}"], .active a[href="${path}"]`).length,
            `${path} is highlighted`,
          ).toBeGreaterThan(0);
          expect($('body').text(), path).not.toMatch(/\bhotels:[a-zA-Z.]+/);
        }
      });
    }
  }

  test('the booking page shows the hotel, the room and the booking in the page itself', async () => {
    const { $ } = await page(h.app, '/profile/hotel/order', { host: site.host, token: person.token, lang: 'en' });
    const text = $('[data-island="ProfileHotel"]').text();
    expect(text).toContain('West Lake State Guesthouse');
    expect(text).toContain('King room');
    expect(text).toContain('My reservations');
  });

  test("an attendee is not let into the managers' screens", async () => {
    for (const path of ['/platform/manage/hotel', '/platform/config/hotel']) {
      const { res } = await page(h.app, path, { host: site.host, token: person.token });
      expect([302, 403, 404], path).toContain(res.status);
    }
  });

  test('signed out, the booking page sends to sign-in and back, keeping the room', async () => {
    const { res } = await page(h.app, `/profile/hotel/order?room=${site.roomId}`, { host: site.host });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.location)).toContain(`/profile/hotel/order?room=${site.roomId}`);
  });
});
