/** The reservation filters as the form holds them, and as the list is sent them. */
import { orderedRange, type DayRange } from '../shared/lightDateRange';
import type { BookingPayment, BookingStatus, ReservationQuery } from '../../server/contract/hotels';

export type FilterValues = {
  hotelId?: number;
  roomId?: number;
  dates?: DayRange;
  status?: BookingStatus;
  payment?: BookingPayment;
  person?: string;
};
export type Filters = Omit<ReservationQuery, 'page' | 'size'>;

/** Only the filters given; the nights as 'YYYY-MM-DD', the earlier first. */
export function filtersOf(v: FilterValues): Filters {
  const out: Filters = {};
  const dates = orderedRange(v.dates?.[0], v.dates?.[1]);
  if (v.hotelId) out.hotelId = v.hotelId;
  if (v.roomId) out.roomId = v.roomId;
  if (dates?.[0]) out.from = dates[0];
  if (dates?.[1]) out.to = dates[1];
  if (v.status) out.status = v.status;
  if (v.payment) out.payment = v.payment;
  if (v.person?.trim()) out.person = v.person.trim();
  return out;
}

/** The form's values of a filter (the address's, issue 33). */
export function valuesOf(f: Filters): FilterValues {
  return {
    hotelId: f.hotelId,
    roomId: f.roomId,
    status: f.status,
    payment: f.payment,
    person: f.person,
    dates: orderedRange(f.from, f.to),
  };
}
