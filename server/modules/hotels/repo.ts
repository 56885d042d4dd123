/**
 * Queries of the hotels module. It owns (server/db/owners.ts) `hotel_settings`, `hotels`,
 * `hotel_rooms`, `hotel_nights` and `hotel_bookings`. Every function takes the conference first.
 * The nights' counters are changed only by inventory.ts.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { BookingStatus } from '../../contract/hotels';

export type Conn = Db | Tx;

export type SettingsRow = {
  conference_id: number;
  start_date: string;
  end_date: string;
  open: number | boolean;
  currency: string;
  display_currency: string;
  description_zh: string;
  description_en: string;
  condition: string;
  condition_note_zh: string;
  condition_note_en: string;
  /** spec 5: authors book once a manuscript of theirs is accepted (migration 040) */
  authors_after_acceptance: number | boolean;
  updated_at: string;
};

export type HotelRow = {
  id: number;
  conference_id: number;
  name_zh: string;
  name_en: string;
  stars: number;
  link: string;
  address_zh: string;
  address_en: string;
  photo: string;
  map_link: string;
  sort: number;
};

export type RoomRow = {
  id: number;
  conference_id: number;
  hotel_id: number;
  type_zh: string;
  type_en: string;
  price_amount: number | string | null;
  display_price_amount: number | string;
  total: number;
  check_in_start: string;
  check_in_end: string;
  min_per_person: number;
  max_per_person: number;
};

export type NightRow = { conference_id: number; room_id: number; night: string; held: number; sold: number };

export type Holds = 'held' | 'sold' | 'released';

export type BookingRow = {
  id: number;
  conference_id: number;
  user_id: number;
  hotel_id: number;
  room_id: number;
  order_id: number | null;
  check_in: string;
  check_out: string;
  nights: number;
  quantity: number;
  currency: string;
  unit_amount: number | string;
  total_amount: number | string;
  holds: Holds;
  status: BookingStatus;
  requirements: string;
  email: string;
  name: string;
  unit: string;
  phone: string;
  lang: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
};

// ── settings ─────────────────────────────────────────────────────────────────────────────

export async function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('hotel_settings').where({ conference_id: conferenceId }).first();
}

export async function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return (await lockForUpdate(tx, tx('hotel_settings').where({ conference_id: conferenceId })).first()) as SettingsRow | undefined;
}

export async function saveSettings(tx: Tx, conferenceId: number, values: Omit<SettingsRow, 'conference_id' | 'updated_at' | 'authors_after_acceptance'> & { authors_after_acceptance?: boolean }, exists: boolean): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('hotel_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('hotel_settings').insert({ ...row, conference_id: conferenceId });
}

// ── hotels and rooms ─────────────────────────────────────────────────────────────────────

export async function listHotels(db: Conn, conferenceId: number): Promise<HotelRow[]> {
  return (await db<HotelRow>('hotels').where({ conference_id: conferenceId }).orderBy('sort').orderBy('id')) as HotelRow[];
}

export async function findHotel(db: Conn, conferenceId: number, id: number): Promise<HotelRow | undefined> {
  return db<HotelRow>('hotels').where({ conference_id: conferenceId, id }).first();
}

export async function insertHotel(tx: Tx, conferenceId: number, columns: Omit<HotelRow, 'id' | 'conference_id' | 'sort'>): Promise<number> {
  const last = await tx('hotels').where({ conference_id: conferenceId }).max<{ m: number | null }[]>({ m: 'sort' }).first();
  const now = toDbInstant();
  return insertId(tx('hotels').insert({ ...columns, conference_id: conferenceId, sort: Number(last?.m ?? 0) + 1, created_at: now, updated_at: now }));
}

export async function updateHotel(tx: Tx, conferenceId: number, id: number, columns: Partial<HotelRow>): Promise<void> {
  await tx('hotels').where({ conference_id: conferenceId, id }).update({ ...columns, updated_at: toDbInstant() });
}

export async function deleteHotel(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('hotels').where({ conference_id: conferenceId, id }).delete();
}

export async function listRooms(db: Conn, conferenceId: number, hotelId?: number): Promise<RoomRow[]> {
  const q = db<RoomRow>('hotel_rooms').where({ conference_id: conferenceId });
  if (hotelId) q.andWhere({ hotel_id: hotelId });
  return (await q.orderBy('id')) as RoomRow[];
}

export async function findRoom(db: Conn, conferenceId: number, id: number): Promise<RoomRow | undefined> {
  return db<RoomRow>('hotel_rooms').where({ conference_id: conferenceId, id }).first();
}

export async function insertRoom(tx: Tx, conferenceId: number, columns: Omit<RoomRow, 'id' | 'conference_id'>): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('hotel_rooms').insert({ ...columns, conference_id: conferenceId, created_at: now, updated_at: now }));
}

export async function updateRoom(tx: Tx, conferenceId: number, id: number, columns: Partial<RoomRow>): Promise<void> {
  await tx('hotel_rooms').where({ conference_id: conferenceId, id }).update({ ...columns, updated_at: toDbInstant() });
}

export async function deleteRoom(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('hotel_nights').where({ conference_id: conferenceId, room_id: id }).delete();
  await tx('hotel_rooms').where({ conference_id: conferenceId, id }).delete();
}

/** The rooms' nights (all, or those from `from` to `to` inclusive), in room and night order. */
export async function nightsOfRooms(db: Conn, conferenceId: number, roomIds: number[], from?: string, to?: string): Promise<NightRow[]> {
  if (!roomIds.length) return [];
  const q = db<NightRow>('hotel_nights').where('conference_id', conferenceId).whereIn('room_id', roomIds);
  if (from) q.where('night', '>=', from);
  if (to) q.where('night', '<=', to);
  return (await q.orderBy('room_id').orderBy('night')) as NightRow[];
}

// ── bookings ─────────────────────────────────────────────────────────────────────────────

export async function findBooking(db: Conn, conferenceId: number, id: number): Promise<BookingRow | undefined> {
  return db<BookingRow>('hotel_bookings').where({ conference_id: conferenceId, id }).whereNull('deleted_at').first();
}

export async function lockBooking(tx: Tx, conferenceId: number, id: number): Promise<BookingRow | undefined> {
  return (await lockForUpdate(tx, tx('hotel_bookings').where({ conference_id: conferenceId, id })).first()) as BookingRow | undefined;
}

export async function bookingsOfOrder(db: Conn, conferenceId: number, orderId: number): Promise<BookingRow[]> {
  return (await db<BookingRow>('hotel_bookings').where({ conference_id: conferenceId, order_id: orderId })) as BookingRow[];
}

export async function bookingsOfUser(db: Conn, conferenceId: number, userId: number): Promise<BookingRow[]> {
  return (await db<BookingRow>('hotel_bookings').where({ conference_id: conferenceId, user_id: userId }).whereNull('deleted_at').orderBy('id', 'desc')) as BookingRow[];
}

export async function insertBooking(tx: Tx, row: Omit<BookingRow, 'id' | 'deleted_at' | 'created_at' | 'updated_at'>): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('hotel_bookings').insert({ ...row, created_at: now, updated_at: now }));
}

export async function updateBooking(db: Conn, conferenceId: number, id: number, values: Partial<BookingRow>): Promise<void> {
  await db('hotel_bookings').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: toDbInstant() });
}

/** Rooms of the room type the person holds in bookings that keep their nights (per-person maximum). */
export async function roomsHeldBy(db: Conn, conferenceId: number, roomId: number, userId: number): Promise<number> {
  const row = (await db('hotel_bookings').where({ conference_id: conferenceId, room_id: roomId, user_id: userId }).whereIn('holds', ['held', 'sold']).sum({ n: 'quantity' }).first()) as { n: number | string | null } | undefined;
  return Number(row?.n ?? 0);
}

/** Whether any booking (kept or not) names the room or hotel: those are not deleted, only closed. */
export async function anyBookingOf(db: Conn, conferenceId: number, where: { room_id?: number; hotel_id?: number }): Promise<boolean> {
  return Boolean(await db('hotel_bookings').where({ conference_id: conferenceId, ...where }).first('id'));
}

// ── the managers' overview (issue 33): the counted nights and bookings by status ─────────

/** Each room type's nights (held by unpaid, sold to paid bookings) against its rooms, and the bookings by status. */
export async function hotelFigures(db: Conn, conferenceId: number) {
  const nights = ((await db('hotel_nights as n')
    .join('hotel_rooms as r', function joinRooms() {
      this.on('r.id', '=', 'n.room_id').andOn('r.conference_id', '=', 'n.conference_id');
    })
    .join('hotels as h', function joinHotels() {
      this.on('h.id', '=', 'r.hotel_id').andOn('h.conference_id', '=', 'r.conference_id');
    })
    .where('n.conference_id', conferenceId)
    .select('r.id as room', 'h.name_zh', 'h.name_en', 'r.type_zh', 'r.type_en', 'r.total', 'n.night', 'n.held', 'n.sold')
    .orderBy([{ column: 'h.sort' }, { column: 'h.id' }, { column: 'r.id' }, { column: 'n.night' }])) as Array<Record<string, unknown>>)
    .map((r) => ({ room: Number(r.room), hotel: { zh: String(r.name_zh), en: String(r.name_en) }, type: { zh: String(r.type_zh), en: String(r.type_en) }, total: Number(r.total), night: String(r.night), held: Number(r.held), sold: Number(r.sold) }));
  const byStatus = ((await db('hotel_bookings').where({ conference_id: conferenceId }).whereNull('deleted_at').select('status', db.raw('count(*) as n'), db.raw('sum(nights * quantity) as room_nights')).groupBy('status')) as Array<Record<string, unknown>>)
    .map((r) => ({ status: String(r.status), n: Number(r.n) || 0, roomNights: Number(r.room_nights) || 0 }));
  return { nights, byStatus };
}
