/**
 * The hotels feature's tables, typed for knex (`db('hotel_bookings')` yields a `StoredBookingRow`)
 * as the database stores them; the repositories hand out rows clean for use (bookingRepo.ts: money
 * as `Money`, instants as `Date`). The declarations merge into knex's one `Tables` interface
 * (pattern: server/platform/tables.ts).
 */
import type { StoredBookingRow } from './bookingRepo';
import type { NightRow, SettingsRow, StoredHotelRow, StoredRoomRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    hotel_settings: SettingsRow;
    hotels: StoredHotelRow;
    hotel_rooms: StoredRoomRow;
    hotel_nights: NightRow;
    hotel_bookings: StoredBookingRow;
  }
}
