/**
 * The room-night counters' queries (`hotel_nights`, and the booking's `holds` that says which of
 * them it counts in). Only inventory.ts calls these: it decides the lock order and the checks
 * (the room row first, then its nights in night order); each function here is one statement.
 */
import type { Tx } from '../../db/index';
import { lockForUpdate } from '../../db/dialect';
import { lockGroups } from '../../db/capacity';
import type { Holds } from './bookingRepo';
import { nightOf, roomOf, type NightRow, type RoomRow } from './repo';

/** The room's row, locked for the rest of the transaction. */
export async function lockRoom(tx: Tx, conferenceId: number, roomId: number): Promise<RoomRow | undefined> {
  const row = await lockForUpdate(tx, tx('hotel_rooms').where({ conference_id: conferenceId, id: roomId })).first();
  return row && roomOf(row);
}

/**
 * These nights of the room, locked in night order by the capacity helper (which throws
 * CapacityRowMissing when one is not there).
 */
export async function lockNightsOf(
  tx: Tx,
  conferenceId: number,
  roomId: number,
  nights: string[],
): Promise<NightRow[]> {
  const [rows] = await lockGroups(tx, [
    { table: 'hotel_nights', where: { conference_id: conferenceId, room_id: roomId }, by: 'night', keys: nights },
  ]);
  return (rows as NightRow[]).map(nightOf);
}

/** Every night of the room, locked in night order. */
export async function lockAllNights(tx: Tx, conferenceId: number, roomId: number): Promise<NightRow[]> {
  const rows = await lockForUpdate(
    tx,
    tx('hotel_nights').where({ conference_id: conferenceId, room_id: roomId }).orderBy('night'),
  );
  return rows.map(nightOf);
}

/** Adds `by` (or takes it away, when negative) to one counter of these nights of the room. */
export async function addToNights(
  tx: Tx,
  conferenceId: number,
  roomId: number,
  nights: string[],
  column: 'held' | 'sold',
  by: number,
): Promise<void> {
  const q = tx('hotel_nights').where({ conference_id: conferenceId, room_id: roomId }).whereIn('night', nights);
  if (by < 0) await q.decrement(column, -by);
  else await q.increment(column, by);
}

/** `quantity` rooms of these nights move from held to sold, in one statement. */
export async function heldToSold(
  tx: Tx,
  conferenceId: number,
  roomId: number,
  nights: string[],
  quantity: number,
): Promise<void> {
  await tx('hotel_nights')
    .where({ conference_id: conferenceId, room_id: roomId })
    .whereIn('night', nights)
    .update({
      held: tx.raw('held - ?', [quantity]),
      sold: tx.raw('sold + ?', [quantity]),
    });
}

/** Moves the booking's `holds` from `from` to `to` when it is still `from`; answers whether it moved. */
export async function moveHolds(
  tx: Tx,
  conferenceId: number,
  bookingId: number,
  from: Holds,
  to: Holds,
): Promise<boolean> {
  const moved = await tx('hotel_bookings')
    .where({ conference_id: conferenceId, id: bookingId, holds: from })
    .update({ holds: to });
  return Boolean(moved);
}

export async function deleteNights(tx: Tx, conferenceId: number, roomId: number, nights: string[]): Promise<void> {
  await tx('hotel_nights').where({ conference_id: conferenceId, room_id: roomId }).whereIn('night', nights).delete();
}

/** New empty nights of the room, 200 rows a statement. */
export async function insertNights(tx: Tx, conferenceId: number, roomId: number, nights: string[]): Promise<void> {
  const adding = nights.map((night) => ({ conference_id: conferenceId, room_id: roomId, night, held: 0, sold: 0 }));
  for (let i = 0; i < adding.length; i += 200) await tx('hotel_nights').insert(adding.slice(i, i + 200));
}
