/**
 * A person's own room bookings across conferences (their export and erasure, personalData.ts):
 * the only hotel queries not scoped by one conference, as the person's data spans them all.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { bookingOf, type BookingRow } from './bookingRepo';

/** A booking of the person with the names of its hotel and room type. */
export type PersonalBookingRow = BookingRow & { name_zh: string; name_en: string; type_zh: string; type_en: string };

export async function bookingsOfPerson(db: Db, userId: number): Promise<PersonalBookingRow[]> {
  const rows = await db('hotel_bookings as b')
    .join('hotels as h', 'h.id', 'b.hotel_id')
    .join('hotel_rooms as r', 'r.id', 'b.room_id')
    .where('b.user_id', userId)
    .orderBy('b.id')
    .select('b.*', 'h.name_zh', 'h.name_en', 'r.type_zh', 'r.type_en');
  return rows.map((row) => ({
    ...bookingOf(row),
    name_zh: row.name_zh,
    name_en: row.name_en,
    type_zh: row.type_zh,
    type_en: row.type_en,
  }));
}

/** Up to `limit` of the person's bookings whose guest details are not erased yet, in id order. */
export async function bookingsToErase(
  tx: Tx,
  userId: number,
  limit: number,
  erasedDomain: string,
): Promise<Array<{ id: number; conference_id: number }>> {
  const rows = await tx('hotel_bookings')
    .where({ user_id: userId })
    .whereNot('email', 'like', `%@${erasedDomain}`)
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id');
  return rows.map((r) => ({ id: Number(r.id), conference_id: Number(r.conference_id) }));
}

/** The booking loses its guest's name, contact and requirements (it keeps its nights, room and amounts). */
export async function eraseGuest(tx: Tx, bookingId: number, email: string): Promise<void> {
  await tx('hotel_bookings')
    .where({ id: bookingId })
    .update({ name: '', email, phone: '', unit: '', requirements: '', updated_at: toDbInstant() });
}
