/**
 * Queries of the hotels module's settings, hotels, room types and their nights; the bookings' are
 * in bookingRepo.ts, the nights' counters in nightsRepo.ts (changed only through inventory.ts) and
 * a person's own bookings across conferences in personalRepo.ts. It owns (server/db/owners.ts)
 * `hotel_settings`, `hotels`, `hotel_rooms`, `hotel_nights` and `hotel_bookings`, typed in
 * tables.ts. Every function takes the conference first; rows leave with their ids and counts as
 * numbers.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';

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

/** A stored hotel: its row with the instants of its writes. */
export type StoredHotelRow = HotelRow & { created_at: string; updated_at: string };

/**
 * A room type. Its prices are amounts in the settings' currencies (the settlement and the display
 * one), which the room does not store: callers read them as `Money` with the settings' currency.
 */
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

export type StoredRoomRow = RoomRow & { created_at: string; updated_at: string };

export type NightRow = { conference_id: number; room_id: number; night: string; held: number; sold: number };

export function hotelOf(row: HotelRow): HotelRow {
  return {
    id: Number(row.id),
    conference_id: Number(row.conference_id),
    name_zh: row.name_zh,
    name_en: row.name_en,
    stars: Number(row.stars),
    link: row.link,
    address_zh: row.address_zh,
    address_en: row.address_en,
    photo: row.photo,
    map_link: row.map_link,
    sort: Number(row.sort),
  };
}

export function roomOf(row: RoomRow): RoomRow {
  return {
    id: Number(row.id),
    conference_id: Number(row.conference_id),
    hotel_id: Number(row.hotel_id),
    type_zh: row.type_zh,
    type_en: row.type_en,
    price_amount: row.price_amount,
    display_price_amount: row.display_price_amount,
    total: Number(row.total),
    check_in_start: row.check_in_start,
    check_in_end: row.check_in_end,
    min_per_person: Number(row.min_per_person),
    max_per_person: Number(row.max_per_person),
  };
}

/**
 * A room's prices as money. The row stores minor units without a currency: a room is priced in the
 * hotel settings' currency and shown in their display currency (the settings' own if none), so the
 * caller, who has read the settings, passes them in.
 */
export function roomPrices(
  room: Pick<RoomRow, 'price_amount' | 'display_price_amount'>,
  settings: { currency: string; displayCurrency: string },
): { price: Money | null; display: Money } {
  return {
    price: room.price_amount == null ? null : moneyFromColumn(room.price_amount, settings.currency),
    display: moneyFromColumn(room.display_price_amount, settings.displayCurrency || settings.currency),
  };
}

export function nightOf(row: NightRow): NightRow {
  return {
    conference_id: Number(row.conference_id),
    room_id: Number(row.room_id),
    night: row.night,
    held: Number(row.held),
    sold: Number(row.sold),
  };
}

// ── settings ─────────────────────────────────────────────────────────────────────────────

export async function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db('hotel_settings').where({ conference_id: conferenceId }).first();
}

export async function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return lockForUpdate(tx, tx('hotel_settings').where({ conference_id: conferenceId })).first();
}

export async function saveSettings(
  tx: Tx,
  conferenceId: number,
  values: Omit<SettingsRow, 'conference_id' | 'updated_at' | 'authors_after_acceptance'> & {
    authors_after_acceptance?: boolean;
  },
  exists: boolean,
): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('hotel_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('hotel_settings').insert({ ...row, conference_id: conferenceId });
}

// ── hotels and rooms ─────────────────────────────────────────────────────────────────────

export async function listHotels(db: Conn, conferenceId: number): Promise<HotelRow[]> {
  const rows = await db('hotels').where({ conference_id: conferenceId }).orderBy('sort').orderBy('id');
  return rows.map(hotelOf);
}

export async function findHotel(db: Conn, conferenceId: number, id: number): Promise<HotelRow | undefined> {
  const row = await db('hotels').where({ conference_id: conferenceId, id }).first();
  return row && hotelOf(row);
}

export async function insertHotel(
  tx: Tx,
  conferenceId: number,
  columns: Omit<HotelRow, 'id' | 'conference_id' | 'sort'>,
): Promise<number> {
  const last = await tx('hotels')
    .where({ conference_id: conferenceId })
    .max<{ m: number | null }[]>({ m: 'sort' })
    .first();
  const now = toDbInstant();
  return insertId(
    tx('hotels').insert({
      ...columns,
      conference_id: conferenceId,
      sort: Number(last?.m ?? 0) + 1,
      created_at: now,
      updated_at: now,
    }),
  );
}

export async function updateHotel(tx: Tx, conferenceId: number, id: number, columns: Partial<HotelRow>): Promise<void> {
  await tx('hotels')
    .where({ conference_id: conferenceId, id })
    .update({ ...columns, updated_at: toDbInstant() });
}

export async function deleteHotel(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('hotels').where({ conference_id: conferenceId, id }).delete();
}

export async function listRooms(db: Conn, conferenceId: number, hotelId?: number): Promise<RoomRow[]> {
  const q = db('hotel_rooms').where({ conference_id: conferenceId });
  if (hotelId) q.andWhere({ hotel_id: hotelId });
  return (await q.orderBy('id')).map(roomOf);
}

export async function findRoom(db: Conn, conferenceId: number, id: number): Promise<RoomRow | undefined> {
  const row = await db('hotel_rooms').where({ conference_id: conferenceId, id }).first();
  return row && roomOf(row);
}

export async function insertRoom(
  tx: Tx,
  conferenceId: number,
  columns: Omit<RoomRow, 'id' | 'conference_id'>,
): Promise<number> {
  const now = toDbInstant();
  return insertId(
    tx('hotel_rooms').insert({ ...columns, conference_id: conferenceId, created_at: now, updated_at: now }),
  );
}

export async function updateRoom(tx: Tx, conferenceId: number, id: number, columns: Partial<RoomRow>): Promise<void> {
  await tx('hotel_rooms')
    .where({ conference_id: conferenceId, id })
    .update({ ...columns, updated_at: toDbInstant() });
}

/** Every room's price unset (the settlement currency changed: the prices are set again in the new one). */
export async function clearRoomPrices(tx: Tx, conferenceId: number): Promise<void> {
  await tx('hotel_rooms').where({ conference_id: conferenceId }).update({ price_amount: null });
}

export async function deleteRoom(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('hotel_nights').where({ conference_id: conferenceId, room_id: id }).delete();
  await tx('hotel_rooms').where({ conference_id: conferenceId, id }).delete();
}

/** The rooms' nights (all, or those from `from` to `to` inclusive), in room and night order. */
export async function nightsOfRooms(
  db: Conn,
  conferenceId: number,
  roomIds: number[],
  from?: string,
  to?: string,
): Promise<NightRow[]> {
  if (!roomIds.length) return [];
  const q = db('hotel_nights').where('conference_id', conferenceId).whereIn('room_id', roomIds);
  if (from) q.where('night', '>=', from);
  if (to) q.where('night', '<=', to);
  return (await q.orderBy('room_id').orderBy('night')).map(nightOf);
}

/**
 * The count and last change of the conference's bookings, hotels and rooms (every row, so one
 * that stopped keeping its nights counts): what the rooming list's fingerprint is made of.
 */
export async function roomingStamps(db: Conn, conferenceId: number): Promise<Array<{ n: number; last: string }>> {
  const stamp = async (table: 'hotel_bookings' | 'hotels' | 'hotel_rooms') => {
    const row = (await db(table)
      .where('conference_id', conferenceId)
      .count({ n: '*' })
      .max({ last: 'updated_at' })
      .first()) as { n: number | string; last: string | null } | undefined;
    return { n: Number(row?.n ?? 0), last: row?.last ?? '' };
  };
  return [await stamp('hotel_bookings'), await stamp('hotels'), await stamp('hotel_rooms')];
}

// ── the managers' overview (issue 33): the counted nights and bookings by status ─────────

/** Each room type's nights (held by unpaid, sold to paid bookings) against its rooms, and the bookings by status. */
export async function hotelFigures(db: Conn, conferenceId: number) {
  const nights = (
    (await db('hotel_nights as n')
      .join('hotel_rooms as r', function joinRooms() {
        this.on('r.id', '=', 'n.room_id').andOn('r.conference_id', '=', 'n.conference_id');
      })
      .join('hotels as h', function joinHotels() {
        this.on('h.id', '=', 'r.hotel_id').andOn('h.conference_id', '=', 'r.conference_id');
      })
      .where('n.conference_id', conferenceId)
      .select(
        'r.id as room',
        'h.name_zh',
        'h.name_en',
        'r.type_zh',
        'r.type_en',
        'r.total',
        'n.night',
        'n.held',
        'n.sold',
      )
      .orderBy([{ column: 'h.sort' }, { column: 'h.id' }, { column: 'r.id' }, { column: 'n.night' }])) as Array<
      Record<string, unknown>
    >
  ).map((r) => ({
    room: Number(r.room),
    hotel: { zh: String(r.name_zh), en: String(r.name_en) },
    type: { zh: String(r.type_zh), en: String(r.type_en) },
    total: Number(r.total),
    night: String(r.night),
    held: Number(r.held),
    sold: Number(r.sold),
  }));
  const byStatus = (
    (await db('hotel_bookings')
      .where({ conference_id: conferenceId })
      .whereNull('deleted_at')
      .select('status', db.raw('count(*) as n'), db.raw('sum(nights * quantity) as room_nights'))
      .groupBy('status')) as Array<Record<string, unknown>>
  ).map((r) => ({ status: String(r.status), n: Number(r.n) || 0, roomNights: Number(r.room_nights) || 0 }));
  return { nights, byStatus };
}
