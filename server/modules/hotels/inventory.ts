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
 * the room as the parent, locked first by its caller, then its nights by night. The statements
 * themselves are in nightsRepo.ts.
 *
 * A booking's nights are given back exactly once: `holds` moves from 'held' or 'sold' to
 * 'released' by one conditional update, and only the request that moved it changes the counters.
 */
import type { Tx } from '../../db/index';
import { CapacityRowMissing, countOf, refuseOverfull } from '../../db/capacity';
import { AppError } from '../../platform/errors';
import { latestCheckOut, nightsOf, roomNights } from '../../contract/hotels';
import type { BookingRow } from './bookingRepo';
import * as nightsRepo from './nightsRepo';
import type { NightRow, RoomRow } from './repo';

/** The room's row, locked for the rest of the transaction. */
export const lockRoom = nightsRepo.lockRoom;

/** These nights of the room, locked in night order (call after lockRoom); refused when the room does not offer one. */
async function lockNights(tx: Tx, conferenceId: number, roomId: number, nights: string[]): Promise<NightRow[]> {
  try {
    return await nightsRepo.lockNightsOf(tx, conferenceId, roomId, nights);
  } catch (err) {
    if (err instanceof CapacityRowMissing) throw new AppError(409, 'hotels:datesOutsideRoom', { field: 'checkIn' });
    throw err;
  }
}

/** The nights of a stay, refused when one is not in the room's range (a stay the room does not offer). */
function stayNights(room: RoomRow, checkIn: string, checkOut: string): string[] {
  const nights = nightsOf(checkIn, checkOut);
  if (!nights.length || checkIn < room.check_in_start || checkOut > latestCheckOut({ checkInEnd: room.check_in_end }))
    throw new AppError(409, 'hotels:datesOutsideRoom', { field: 'checkIn' });
  return nights;
}

/**
 * Takes `quantity` rooms of every night of the stay as held, or refuses with 'hotels:soldOut'
 * naming the first full night; `moving` (a change of dates) is the booking's own nights, which it
 * gives back in the same transaction. The room is locked by the caller.
 */
export async function takeNights(
  tx: Tx,
  room: RoomRow,
  stay: { checkIn: string; checkOut: string; quantity: number },
  moving?: { checkIn: string; checkOut: string; quantity: number; holds: 'held' | 'sold' },
): Promise<void> {
  const conferenceId = room.conference_id;
  const nights = stayNights(room, stay.checkIn, stay.checkOut);
  const old = moving ? new Set(nightsOf(moving.checkIn, moving.checkOut)) : new Set<string>();
  // The old nights are locked too (they are given back below), all in one night order.
  const rows = await lockNights(tx, conferenceId, room.id, [...nights, ...old]);
  refuseOverfull(rows.slice(0, nights.length), {
    taken: (row) => countOf(row.held) + countOf(row.sold) - (old.has(row.night) ? moving!.quantity : 0),
    limit: () => countOf(room.total),
    want: () => stay.quantity,
    refuse: (row, left) =>
      new AppError(409, 'hotels:soldOut', { field: 'quantity', params: { night: row.night, left: String(left) } }),
  });
  const column = moving?.holds ?? 'held';
  if (moving) await nightsRepo.addToNights(tx, conferenceId, room.id, [...old], column, -moving.quantity);
  await nightsRepo.addToNights(tx, conferenceId, room.id, nights, column, stay.quantity);
}

/** Gives the booking's nights back, once: answers false when another request already did. */
export async function releaseNights(tx: Tx, booking: BookingRow): Promise<boolean> {
  const conferenceId = booking.conference_id;
  for (const from of ['held', 'sold'] as const) {
    if (!(await nightsRepo.moveHolds(tx, conferenceId, booking.id, from, 'released'))) continue;
    const nights = nightsOf(booking.check_in, booking.check_out);
    await nightsRepo.addToNights(tx, conferenceId, booking.room_id, nights, from, -booking.quantity);
    return true;
  }
  return false;
}

/** The booking's held nights become sold (its order was paid), once. */
export async function sellNights(tx: Tx, booking: BookingRow): Promise<boolean> {
  const conferenceId = booking.conference_id;
  if (!(await nightsRepo.moveHolds(tx, conferenceId, booking.id, 'held', 'sold'))) return false;
  const nights = nightsOf(booking.check_in, booking.check_out);
  await nightsRepo.heldToSold(tx, conferenceId, booking.room_id, nights, booking.quantity);
  return true;
}

/**
 * A room's range or total changes: under the room's lock, refused when the total is below the
 * busiest night or a night that has bookings would leave the range; nights that leave it empty are
 * deleted and new ones added empty. Answers the busiest night's count.
 */
export async function reshapeRoom(
  tx: Tx,
  room: RoomRow,
  next: { checkInStart: string; checkInEnd: string; total: number },
): Promise<number> {
  const conferenceId = room.conference_id;
  const rows = await nightsRepo.lockAllNights(tx, conferenceId, room.id);
  const booked = rows.reduce((most, r) => Math.max(most, r.held + r.sold), 0);
  if (next.total < booked)
    throw new AppError(409, 'hotels:totalBelowBooked', { field: 'total', params: { booked: String(booked) } });
  const wanted = new Set(roomNights(next));
  const leaving = rows.filter((r) => !wanted.has(r.night));
  if (leaving.some((r) => r.held + r.sold > 0))
    throw new AppError(409, 'hotels:nightsBooked', { field: 'checkInStart' });
  if (leaving.length)
    await nightsRepo.deleteNights(
      tx,
      conferenceId,
      room.id,
      leaving.map((r) => r.night),
    );
  const have = new Set(rows.map((r) => r.night));
  await nightsRepo.insertNights(
    tx,
    conferenceId,
    room.id,
    [...wanted].filter((n) => !have.has(n)),
  );
  return booked;
}
