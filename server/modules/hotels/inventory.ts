/**
 * Room-night inventory (DESIGN.md 3, issue 14): one `hotel_nights` row per room type per night
 * counts the rooms `held` by unpaid bookings and `sold` to paid ones; held + sold never passes the
 * room's total. Every change of the counters is here.
 *
 * Locking: the room row first, then its nights in night order. The room is the parent lock: under
 * it its date range and total are read and its nights cannot be added or removed (room edits lock
 * it too), so a stay is checked against what is really there. Two bookings of the same room type
 * queue on the room row; bookings of different rooms never wait on each other. The nights are
 * locked and checked by the capacity helper (server/db/capacity.ts lockGroups, refuseOverfull):
 * the room as the parent, locked first by its caller, then its nights by night.
 *
 * A booking's nights are given back exactly once: `holds` moves from 'held' or 'sold' to
 * 'released' by one conditional update, and only the request that moved it changes the counters.
 */
import type { Tx } from '../../db/index';
import { lockForUpdate } from '../../db/dialect';
import { CapacityRowMissing, countOf, lockGroups, refuseOverfull } from '../../db/capacity';
import { AppError } from '../../platform/errors';
import { latestCheckOut, nightsOf, roomNights } from '../../contract/hotels';
import type * as repo from './repo';

/** The room's row, locked for the rest of the transaction. */
export async function lockRoom(tx: Tx, conferenceId: number, roomId: number): Promise<repo.RoomRow | undefined> {
  return (await lockForUpdate(tx, tx('hotel_rooms').where({ conference_id: conferenceId, id: roomId })).first()) as repo.RoomRow | undefined;
}

/** These nights of the room, locked in night order (call after lockRoom); refused when the room does not offer one. */
async function lockNights(tx: Tx, conferenceId: number, roomId: number, nights: string[]): Promise<repo.NightRow[]> {
  try {
    const [rows] = await lockGroups(tx, [{ table: 'hotel_nights', where: { conference_id: conferenceId, room_id: roomId }, by: 'night', keys: nights }]);
    return rows as repo.NightRow[];
  } catch (err) {
    if (err instanceof CapacityRowMissing) throw new AppError(409, 'hotels:datesOutsideRoom', 'checkIn');
    throw err;
  }
}

/** The nights of a stay, refused when one is not in the room's range (a stay the room does not offer). */
function stayNights(room: repo.RoomRow, checkIn: string, checkOut: string): string[] {
  const nights = nightsOf(checkIn, checkOut);
  if (!nights.length || checkIn < room.check_in_start || checkOut > latestCheckOut({ checkInEnd: room.check_in_end })) throw new AppError(409, 'hotels:datesOutsideRoom', 'checkIn');
  return nights;
}

/**
 * Takes `quantity` rooms of every night of the stay as held, or refuses with 'hotels:soldOut'
 * naming the first full night; `moving` (a change of dates) is the booking's own nights, which it
 * gives back in the same transaction. The room is locked by the caller.
 */
export async function takeNights(tx: Tx, room: repo.RoomRow, stay: { checkIn: string; checkOut: string; quantity: number }, moving?: { checkIn: string; checkOut: string; quantity: number; holds: 'held' | 'sold' }): Promise<void> {
  const conferenceId = Number(room.conference_id);
  const nights = stayNights(room, stay.checkIn, stay.checkOut);
  const old = moving ? new Set(nightsOf(moving.checkIn, moving.checkOut)) : new Set<string>();
  // The old nights are locked too (they are given back below), all in one night order.
  const rows = await lockNights(tx, conferenceId, Number(room.id), [...nights, ...old]);
  refuseOverfull(rows.slice(0, nights.length), {
    taken: (row) => countOf(row.held) + countOf(row.sold) - (old.has(row.night) ? moving!.quantity : 0),
    limit: () => countOf(room.total),
    want: () => stay.quantity,
    refuse: (row, left) => new AppError(409, 'hotels:soldOut', 'quantity', 409, { night: row.night, left: String(left) }),
  });
  const column = moving?.holds ?? 'held';
  if (moving) {
    await tx('hotel_nights').where({ conference_id: conferenceId, room_id: room.id }).whereIn('night', [...old]).decrement(column, moving.quantity);
  }
  await tx('hotel_nights').where({ conference_id: conferenceId, room_id: room.id }).whereIn('night', nights).increment(column, stay.quantity);
}

/** Gives the booking's nights back, once: answers false when another request already did. */
export async function releaseNights(tx: Tx, booking: repo.BookingRow): Promise<boolean> {
  const conferenceId = Number(booking.conference_id);
  for (const from of ['held', 'sold'] as const) {
    const moved = await tx('hotel_bookings').where({ conference_id: conferenceId, id: booking.id, holds: from }).update({ holds: 'released' });
    if (!moved) continue;
    await tx('hotel_nights').where({ conference_id: conferenceId, room_id: booking.room_id }).whereIn('night', nightsOf(booking.check_in, booking.check_out)).decrement(from, Number(booking.quantity));
    return true;
  }
  return false;
}

/** The booking's held nights become sold (its order was paid), once. */
export async function sellNights(tx: Tx, booking: repo.BookingRow): Promise<boolean> {
  const conferenceId = Number(booking.conference_id);
  const moved = await tx('hotel_bookings').where({ conference_id: conferenceId, id: booking.id, holds: 'held' }).update({ holds: 'sold' });
  if (!moved) return false;
  await tx('hotel_nights')
    .where({ conference_id: conferenceId, room_id: booking.room_id })
    .whereIn('night', nightsOf(booking.check_in, booking.check_out))
    .update({ held: tx.raw('held - ?', [Number(booking.quantity)]), sold: tx.raw('sold + ?', [Number(booking.quantity)]) });
  return true;
}

/**
 * A room's range or total changes: under the room's lock, refused when the total is below the
 * busiest night or a night that has bookings would leave the range; nights that leave it empty are
 * deleted and new ones added empty. Answers the busiest night's count.
 */
export async function reshapeRoom(tx: Tx, room: repo.RoomRow, next: { checkInStart: string; checkInEnd: string; total: number }): Promise<number> {
  const conferenceId = Number(room.conference_id);
  const rows = (await lockForUpdate(tx, tx('hotel_nights').where({ conference_id: conferenceId, room_id: room.id }).orderBy('night'))) as repo.NightRow[];
  const booked = rows.reduce((most, r) => Math.max(most, Number(r.held) + Number(r.sold)), 0);
  if (next.total < booked) throw new AppError(409, 'hotels:totalBelowBooked', 'total', 409, { booked: String(booked) });
  const wanted = new Set(roomNights(next));
  const leaving = rows.filter((r) => !wanted.has(r.night));
  if (leaving.some((r) => Number(r.held) + Number(r.sold) > 0)) throw new AppError(409, 'hotels:nightsBooked', 'checkInStart');
  if (leaving.length) await tx('hotel_nights').where({ conference_id: conferenceId, room_id: room.id }).whereIn('night', leaving.map((r) => r.night)).delete();
  const have = new Set(rows.map((r) => r.night));
  const adding = [...wanted].filter((n) => !have.has(n)).map((night) => ({ conference_id: conferenceId, room_id: room.id, night, held: 0, sold: 0 }));
  for (let i = 0; i < adding.length; i += 200) await tx('hotel_nights').insert(adding.slice(i, i + 200));
  return booked;
}
