/**
 * The hotels feature's part of a person's own data (platform/personalData.ts): their room
 * bookings in every conference. On erasure a booking keeps its nights, room, amounts and order
 * (the rooms it holds and the money it stands for), and loses the guest's name, contact and
 * requirements. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { ERASED_DOMAIN, erasedAddress, type PersonalDataPart } from '../../platform/personalData';
import { minorUnits } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function hotelsPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'hotels',
    export: async ({ userId }) => {
      const rows = await db('hotel_bookings as b').join('hotels as h', 'h.id', 'b.hotel_id').join('hotel_rooms as r', 'r.id', 'b.room_id').where('b.user_id', userId).orderBy('b.id').select('b.*', 'h.name_zh', 'h.name_en', 'r.type_zh', 'r.type_en');
      return {
        data: rows.map((b: Record<string, unknown>) => ({
          conferenceId: Number(b.conference_id), hotel: b.name_en || b.name_zh, room: b.type_en || b.type_zh, checkIn: b.check_in, checkOut: b.check_out, nights: Number(b.nights), quantity: Number(b.quantity),
          currency: b.currency, total: minorUnits(b.total_amount, b.currency), status: b.status, name: b.name, email: b.email, phone: b.phone, unit: b.unit, requirements: b.requirements, createdAt: iso(b.created_at), cancelledAt: iso(b.deleted_at),
        })),
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = (await tx('hotel_bookings').where({ user_id: userId }).whereNot('email', 'like', `%@${ERASED_DOMAIN}`).orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const b of rows) {
          await tx('hotel_bookings').where({ id: b.id }).update({ name: '', email: erasedAddress('booking', Number(b.id)), phone: '', unit: '', requirements: '', updated_at: toDbInstant() });
          await note(tx, Number(b.conference_id), { hotelBookings: 1 });
        }
        return rows.length;
      });
      return { changed };
    },
  };
}
