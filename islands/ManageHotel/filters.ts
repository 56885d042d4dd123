/** The reservation filters as the form holds them, and as the list is sent them. */
import dayjs, { type Dayjs } from 'dayjs';
import type { BookingPayment, BookingStatus, ReservationQuery } from '../../server/contract/hotels';

export type FilterValues = { hotelId?: number; roomId?: number; dates?: [Dayjs | null, Dayjs | null] | null; status?: BookingStatus; payment?: BookingPayment; person?: string };
export type Filters = Omit<ReservationQuery, 'page' | 'size'>;

/** Only the filters given; the nights as 'YYYY-MM-DD'. */
export function filtersOf(v: FilterValues): Filters {
  const out: Filters = {};
  if (v.hotelId) out.hotelId = v.hotelId;
  if (v.roomId) out.roomId = v.roomId;
  if (v.dates?.[0]) out.from = v.dates[0].format('YYYY-MM-DD');
  if (v.dates?.[1]) out.to = v.dates[1].format('YYYY-MM-DD');
  if (v.status) out.status = v.status;
  if (v.payment) out.payment = v.payment;
  if (v.person?.trim()) out.person = v.person.trim();
  return out;
}

/** The form's values of a filter (the address's, issue 33). */
export function valuesOf(f: Filters): FilterValues {
  const day = (d?: string) => (d ? dayjs(d) : null);
  return { hotelId: f.hotelId, roomId: f.roomId, status: f.status, payment: f.payment, person: f.person, dates: f.from || f.to ? [day(f.from), day(f.to)] : null };
}
