/**
 * Room-nights under a rush (issue 14, DESIGN.md 3), over a listening server, on SQLite and on
 * MariaDB: 200 people at once for the last 10 rooms of a three-night stay get exactly 10; stays
 * that share only some nights are decided night by night; and no night ever passes its total.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally } from '../../helpers/concurrency';
import { attendee, bookingBody, dayFromToday, hotelConference, nightsOf, recount } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 100_000 }) });
});
afterAll(() => h?.stop());

test('200 at once for the last 10 rooms across three nights: exactly 10 bookings, every night at 10', async () => {
  const site = await hotelConference(h, 'hotel-rush', { total: 10, maxPerPerson: 1 });
  const people = await Promise.all(Array.from({ length: 200 }, () => attendee(h, site.cid)));
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      people.map((p) =>
        server.post(
          site.host,
          '/conference/hotel/book',
          bookingBody(site.roomId, { from: 41, nights: 3 }),
          `token=${p.token}`,
        ),
      ),
    );
    const counts = tally(answers);
    expect(counts['200 hotels:booked'], JSON.stringify(counts)).toBe(10);
    expect(counts['409 hotels:soldOut']).toBe(190);
  } finally {
    await server.close();
  }
  const nights = await nightsOf(h, site.roomId);
  for (const day of [41, 42, 43]) expect(nights[dayFromToday(day)]).toEqual({ held: 10, sold: 0 });
  expect(nights[dayFromToday(44)]).toEqual({ held: 0, sold: 0 });
  expect(await h.db('hotel_bookings').where({ conference_id: site.cid })).toHaveLength(10);
  expect(await h.db('orders').where({ conference_id: site.cid, type: 'hotel' })).toHaveLength(10);
  expect(await recount(h, site.roomId)).toEqual(nights);
});

test('overlapping stays are decided night by night: the shared night caps both, the other nights stay free', async () => {
  const site = await hotelConference(h, 'hotel-overlap', { total: 10, maxPerPerson: 1 });
  // 80 want nights 41–43, 80 want 43–45 (they share night 43), 40 want 46–47 (no night in common).
  const early = await Promise.all(Array.from({ length: 80 }, () => attendee(h, site.cid)));
  const late = await Promise.all(Array.from({ length: 80 }, () => attendee(h, site.cid)));
  const apart = await Promise.all(Array.from({ length: 40 }, () => attendee(h, site.cid)));
  const server = await serve(h.app);
  let results: Array<{ group: string; status: number }>;
  try {
    const ask = (people: typeof early, group: string, from: number, nights: number) =>
      people.map(async (p) => ({
        group,
        status: (
          await server.post(
            site.host,
            '/conference/hotel/book',
            bookingBody(site.roomId, { from, nights }),
            `token=${p.token}`,
          )
        ).status,
      }));
    results = await Promise.all([
      ...ask(early, 'early', 41, 3),
      ...ask(late, 'late', 43, 3),
      ...ask(apart, 'apart', 46, 2),
    ]);
  } finally {
    await server.close();
  }
  const won = (group: string) => results.filter((r) => r.group === group && r.status === 200).length;
  expect(won('early') + won('late')).toBe(10);
  expect(won('apart')).toBe(10);
  const nights = await nightsOf(h, site.roomId);
  expect(nights[dayFromToday(43)].held).toBe(10);
  expect(nights[dayFromToday(41)].held).toBe(won('early'));
  expect(nights[dayFromToday(45)].held).toBe(won('late'));
  for (const counts of Object.values(nights)) expect(counts.held + counts.sold).toBeLessThanOrEqual(10);
  expect(await recount(h, site.roomId)).toEqual(nights);
});
