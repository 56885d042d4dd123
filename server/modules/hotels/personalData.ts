/**
 * The hotels feature's part of a person's own data (platform/personalData.ts): their room
 * bookings in every conference. On erasure a booking keeps its nights, room, amounts and order
 * (the rooms it holds and the money it stands for), and loses the guest's name, contact and
 * requirements. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { ERASED_DOMAIN, erasedAddress, type PersonalDataPart } from '../../platform/personalData';
import { bookingsOfPerson, bookingsToErase, eraseGuest } from './personalRepo';

export function hotelsPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'hotels',
    export: async ({ userId }) => {
      const rows = await bookingsOfPerson(db, userId);
      return {
        data: rows.map((b) => ({
          conferenceId: b.conference_id,
          hotel: b.name_en || b.name_zh,
          room: b.type_en || b.type_zh,
          checkIn: b.check_in,
          checkOut: b.check_out,
          nights: b.nights,
          quantity: b.quantity,
          currency: b.currency,
          total: b.total.amount,
          status: b.status,
          name: b.name,
          email: b.email,
          phone: b.phone,
          unit: b.unit,
          requirements: b.requirements,
          createdAt: b.created_at.toISOString(),
          cancelledAt: b.deleted_at?.toISOString() ?? null,
        })),
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = await bookingsToErase(tx, userId, limit, ERASED_DOMAIN);
        for (const b of rows) {
          await eraseGuest(tx, b.id, erasedAddress('booking', b.id));
          await note(tx, b.conference_id, { hotelBookings: 1 });
        }
        return rows.length;
      });
      return { changed };
    },
  };
}
