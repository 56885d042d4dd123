/** A conference with registration, bank transfer and hotels set up, and its people, for the hotel tests. */
import type { Harness } from '../../helpers/harness';
import { call, enableBankRemit, feeConference } from '../orders/helpers';
import { dayFromToday } from '../fees/helpers';
import type { HotelView } from '../../../server/contract/hotels';

export { attendee, call } from '../orders/helpers';
export { dayFromToday } from '../fees/helpers';

export const CONFIG = '/conference/platform/config/hotel';
export const MANAGE = '/conference/platform/manage/hotel';

/** The basic settings as the island sends them: booking open from 10 days ago to 30 days ahead, in CNY. */
export function settingsBody(change: object = {}): Record<string, unknown> {
  return {
    startDate: dayFromToday(-10),
    endDate: dayFromToday(30),
    open: true,
    currency: 'CNY',
    displayCurrency: 'USD',
    descriptionZh: '<p>会议酒店</p>',
    descriptionEn: '<p>Conference hotels</p>',
    condition: 'none',
    conditionNoteZh: '',
    conditionNoteEn: '',
    ...change,
  };
}

export function hotelBody(change: object = {}): Record<string, unknown> {
  return {
    nameZh: '西湖国宾馆',
    nameEn: 'West Lake State Guesthouse',
    stars: 5,
    link: 'https://hotel.example.org',
    addressZh: '杭州市西湖区杨公堤18号',
    addressEn: '18 Yanggong Causeway, Hangzhou',
    photo: '',
    mapLink: 'https://maps.example.org/?q=1',
    ...change,
  };
}

/** A room type bookable for the nights of days 40 to 49 ahead (its check-in end date, the last night; check-out by day 50), 480.00 CNY a night. */
export function roomBody(change: object = {}): Record<string, unknown> {
  return {
    typeZh: '大床房',
    typeEn: 'King room',
    price: '480',
    displayPrice: '68',
    checkInStart: dayFromToday(40),
    checkInEnd: dayFromToday(49),
    total: 20,
    minPerPerson: 1,
    maxPerPerson: 3,
    ...change,
  };
}

export type HotelSite = { cid: number; host: string; manager: string; hotelId: number; roomId: number };

/** A conference whose hotel has one room type (roomBody with `room`), bank transfer in the general plan. */
export async function hotelConference(h: Harness, slug: string, room: object = {}): Promise<HotelSite> {
  const { cid, host } = await feeConference(h, slug);
  await enableBankRemit(h, cid, { combined: true });
  const manager = await h.login({ email: `hotel-manager-${slug}@example.org`, conferenceId: cid, roles: ['manager'] });
  const ok = (res: { body: { code: number; data?: unknown } }) => {
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res;
  };
  ok(await call(h, host, 'put', `${CONFIG}/settings`, { token: manager, body: settingsBody() }));
  const hotels = ok(await call(h, host, 'post', `${CONFIG}/hotels`, { token: manager, body: hotelBody() })).body
    .data as HotelView[];
  const hotelId = hotels[0].id;
  const withRoom = ok(
    await call(h, host, 'post', `${CONFIG}/hotels/${hotelId}/rooms`, { token: manager, body: roomBody(room) }),
  ).body.data as HotelView[];
  return { cid, host, manager, hotelId, roomId: withRoom[0].rooms.at(-1)!.id };
}

/** A booking as the island sends it: `nights` nights from day `from` ahead. */
export function bookingBody(
  roomId: number,
  change: { from?: number; nights?: number; quantity?: number } & Record<string, unknown> = {},
): Record<string, unknown> {
  const { from = 41, nights = 3, quantity = 1, ...rest } = change;
  return {
    roomId,
    quantity,
    checkIn: dayFromToday(from),
    checkOut: dayFromToday(from + nights),
    requirements: '',
    email: 'guest@example.org',
    name: 'Li Lei',
    unit: 'CAS',
    phone: '+86 10 1234 5678',
    ...rest,
  };
}

/** The nights' counters of a room, by night. */
export async function nightsOf(h: Harness, roomId: number): Promise<Record<string, { held: number; sold: number }>> {
  const rows = (await h.db('hotel_nights').where({ room_id: roomId }).orderBy('night')) as Array<{
    night: string;
    held: number;
    sold: number;
  }>;
  return Object.fromEntries(rows.map((r) => [r.night, { held: Number(r.held), sold: Number(r.sold) }]));
}

/** The counters recounted from the bookings: held by 'held' bookings, sold by 'sold' ones, per night. */
export async function recount(h: Harness, roomId: number): Promise<Record<string, { held: number; sold: number }>> {
  const nights = await nightsOf(h, roomId);
  const out: Record<string, { held: number; sold: number }> = Object.fromEntries(
    Object.keys(nights).map((n) => [n, { held: 0, sold: 0 }]),
  );
  const bookings = (await h
    .db('hotel_bookings')
    .where({ room_id: roomId })
    .whereIn('holds', ['held', 'sold'])) as Array<{
    check_in: string;
    check_out: string;
    quantity: number;
    holds: 'held' | 'sold';
  }>;
  for (const b of bookings)
    for (const night of Object.keys(out))
      if (night >= b.check_in && night < b.check_out) out[night][b.holds] += Number(b.quantity);
  return out;
}
