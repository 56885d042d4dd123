/**
 * Queries of the hotel reservations (`hotel_bookings`). A booking leaves clean for use: ids and
 * counts as numbers, its unit price and total as `Money` in its currency, its instants as `Date`.
 * Its writes take the stored columns. Every function takes the conference first.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/index';
import { LIKE_ESCAPE, fromDbInstant, insertId, likeContains, lockForUpdate, toDbInstant } from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { BookingStatus, ReservationQuery } from '../../contract/hotels';
import type { Conn } from './repo';

export type Holds = 'held' | 'sold' | 'released';

/** A reservation as `hotel_bookings` stores it. */
export type StoredBookingRow = {
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

/** A reservation for use: its price per room-night and total as `Money`, its instants as `Date`. */
export type BookingRow = Omit<
  StoredBookingRow,
  'unit_amount' | 'total_amount' | 'deleted_at' | 'created_at' | 'updated_at'
> & {
  price: Money;
  total: Money;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** An instant as the driver hands it (a string, or a Date) as a Date. */
export function instantOf(value: string | Date | null | undefined): Date | null {
  return value instanceof Date ? value : fromDbInstant(value);
}

export function bookingOf(row: StoredBookingRow): BookingRow {
  const { unit_amount, total_amount, deleted_at, created_at, updated_at, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    conference_id: Number(row.conference_id),
    user_id: Number(row.user_id),
    hotel_id: Number(row.hotel_id),
    room_id: Number(row.room_id),
    order_id: row.order_id == null ? null : Number(row.order_id),
    nights: Number(row.nights),
    quantity: Number(row.quantity),
    price: moneyFromColumn(unit_amount, row.currency),
    total: moneyFromColumn(total_amount, row.currency),
    deleted_at: instantOf(deleted_at),
    created_at: instantOf(created_at)!,
    updated_at: instantOf(updated_at)!,
  };
}

export async function findBooking(db: Conn, conferenceId: number, id: number): Promise<BookingRow | undefined> {
  const row = await db('hotel_bookings').where({ conference_id: conferenceId, id }).whereNull('deleted_at').first();
  return row && bookingOf(row);
}

export async function lockBooking(tx: Tx, conferenceId: number, id: number): Promise<BookingRow | undefined> {
  const row = await lockForUpdate(tx, tx('hotel_bookings').where({ conference_id: conferenceId, id })).first();
  return row && bookingOf(row);
}

export async function bookingsOfOrder(db: Conn, conferenceId: number, orderId: number): Promise<BookingRow[]> {
  return (await db('hotel_bookings').where({ conference_id: conferenceId, order_id: orderId })).map(bookingOf);
}

export async function bookingsOfUser(db: Conn, conferenceId: number, userId: number): Promise<BookingRow[]> {
  const rows = await db('hotel_bookings')
    .where({ conference_id: conferenceId, user_id: userId })
    .whereNull('deleted_at')
    .orderBy('id', 'desc');
  return rows.map(bookingOf);
}

export async function insertBooking(
  tx: Tx,
  row: Omit<StoredBookingRow, 'id' | 'deleted_at' | 'created_at' | 'updated_at'>,
): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('hotel_bookings').insert({ ...row, created_at: now, updated_at: now }));
}

export async function updateBooking(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Partial<StoredBookingRow>,
): Promise<void> {
  await db('hotel_bookings')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

/** Rooms of the room type the person holds in bookings that keep their nights (per-person maximum). */
export async function roomsHeldBy(db: Conn, conferenceId: number, roomId: number, userId: number): Promise<number> {
  const row = (await db('hotel_bookings')
    .where({ conference_id: conferenceId, room_id: roomId, user_id: userId })
    .whereIn('holds', ['held', 'sold'])
    .sum({ n: 'quantity' })
    .first()) as { n: number | string | null } | undefined;
  return Number(row?.n ?? 0);
}

/** Whether any booking (kept or not) names the room or hotel: those are not deleted, only closed. */
export async function anyBookingOf(
  db: Conn,
  conferenceId: number,
  where: { room_id?: number; hotel_id?: number },
): Promise<boolean> {
  return Boolean(
    await db('hotel_bookings')
      .where({ conference_id: conferenceId, ...where })
      .first('id'),
  );
}

/** The orders of bookings that still hold their nights unpaid. */
export async function unpaidOrders(tx: Tx, conferenceId: number): Promise<number[]> {
  const rows = await tx('hotel_bookings')
    .where({ conference_id: conferenceId, holds: 'held' })
    .whereNotNull('order_id')
    .distinct('order_id');
  return rows.map((r) => Number(r.order_id));
}

/** A person's bookings in the conference that are not deleted (a registrant deleted: they are voided). */
export async function liveBookingsOfUser(tx: Tx, conferenceId: number, userId: number): Promise<BookingRow[]> {
  const rows = await tx('hotel_bookings')
    .where({ conference_id: conferenceId, user_id: userId })
    .whereNull('deleted_at');
  return rows.map(bookingOf);
}

/**
 * The managers' reservations under the list's filters (all but the payment status, the orders'),
 * newest first, at most 20 000.
 */
export async function listReservations(
  db: Conn,
  conferenceId: number,
  q: Omit<ReservationQuery, 'payment' | 'page' | 'size'>,
): Promise<BookingRow[]> {
  const query = db('hotel_bookings').where('conference_id', conferenceId).whereNull('deleted_at');
  if (q.hotelId) query.where('hotel_id', q.hotelId);
  if (q.roomId) query.where('room_id', q.roomId);
  // a stay covers the nights [check_in, check_out): it meets [from, to] when it starts on or before `to` and ends after `from`
  if (q.to) query.where('check_in', '<=', q.to);
  if (q.from) query.where('check_out', '>', q.from);
  if (q.status) query.where('status', q.status);
  if (q.person) {
    const like = likeContains(q.person.toLowerCase());
    query.where((w) =>
      w.whereRaw(`lower(name) like ? ${LIKE_ESCAPE}`, [like]).orWhereRaw(`lower(email) like ? ${LIKE_ESCAPE}`, [like]),
    );
  }
  return (await query.orderBy('id', 'desc').limit(20_000)).map(bookingOf);
}

/** The bookings the rooming list shows: those that keep their nights (of one hotel, or all). */
function roomingQuery(db: Conn, conferenceId: number, hotelId?: number): Knex.QueryBuilder<StoredBookingRow> {
  const q = db('hotel_bookings')
    .where('conference_id', conferenceId)
    .whereNull('deleted_at')
    .whereIn('holds', ['held', 'sold']);
  if (hotelId) q.where('hotel_id', hotelId);
  return q;
}

/** How many reservations the rooming list shows. */
export async function roomingCount(db: Conn, conferenceId: number, hotelId?: number): Promise<number> {
  const row = (await roomingQuery(db, conferenceId, hotelId).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The rooming list's bookings, by check-in. */
export async function roomingBookings(db: Conn, conferenceId: number, hotelId?: number): Promise<BookingRow[]> {
  return (await roomingQuery(db, conferenceId, hotelId).orderBy('check_in').orderBy('id')).map(bookingOf);
}

/** The orders of the bookings the rooming list shows (of every hotel). */
export async function roomingOrderIds(db: Conn, conferenceId: number): Promise<number[]> {
  return (await roomingQuery(db, conferenceId).whereNotNull('order_id').pluck('order_id')).map(Number);
}
