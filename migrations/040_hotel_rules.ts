/**
 * Hotels after issue 32:
 * - `authors_after_acceptance`: spec 5's rule "for authors, booking is possible only after the
 *   manuscript is accepted", a switch of the hotel settings (off for the conferences before it).
 * - A room's `check_in_end` becomes its last night (included), so that equal start and end dates
 *   are a room of one night (spec 5 "Start check-in date ≤ end check-in date"). Before, it was
 *   the latest check-out; every room is moved back one day, so it offers exactly the nights it
 *   offered (its `hotel_nights` rows are unchanged).
 * - A paid booking is confirmed (its nights are sold, nobody has anything left to confirm): the
 *   bookings paid before and still 'pending' become 'confirmed'.
 */
import type { Knex } from 'knex';

function shift(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}

async function moveRoomEnds(knex: Knex, by: number): Promise<void> {
  const rooms = (await knex('hotel_rooms').select('id', 'check_in_end')) as Array<{ id: number; check_in_end: string }>;
  for (const room of rooms)
    await knex('hotel_rooms')
      .where({ id: room.id })
      .update({ check_in_end: shift(room.check_in_end, by) });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('hotel_settings', (t) => {
    t.boolean('authors_after_acceptance').notNullable().defaultTo(false);
  });
  await moveRoomEnds(knex, -1);
  await knex('hotel_bookings').where({ status: 'pending', holds: 'sold' }).update({ status: 'confirmed' });
}

export async function down(knex: Knex): Promise<void> {
  await moveRoomEnds(knex, 1);
  await knex.schema.alterTable('hotel_settings', (t) => {
    t.dropColumn('authors_after_acceptance');
  });
}
