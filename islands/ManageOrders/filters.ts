/** The order filters as the form holds them, and as the list and the export are sent them. */
import dayjs, { type Dayjs } from 'dayjs';
import type { OrderQuery, OrderStatus, OrderType } from '../../server/contract/orders';

/** The payment methods (payments' PaymentMethod), for the method filter. */
export const PAYMENT_METHODS = ['cardForeign', 'cardDomestic', 'walletA', 'walletB', 'onlineWallet', 'bankRemit', 'postalRemit', 'other'] as const;

export type FilterValues = { status?: OrderStatus; type?: OrderType; method?: string; dates?: [Dayjs | null, Dayjs | null] | null; person?: string; orderNo?: string; currency?: string; paidDates?: [Dayjs | null, Dayjs | null] | null };
export type Filters = Omit<OrderQuery, 'page' | 'size'>;

/** Only the filters given; dates as 'YYYY-MM-DD', the days as picked. */
export function filtersOf(v: FilterValues): Filters {
  const out: Filters = {};
  if (v.status) out.status = v.status;
  if (v.type) out.type = v.type;
  if (v.method) out.method = v.method;
  if (v.dates?.[0]) out.from = v.dates[0].format('YYYY-MM-DD');
  if (v.dates?.[1]) out.to = v.dates[1].format('YYYY-MM-DD');
  if (v.person?.trim()) out.person = v.person.trim();
  if (v.orderNo?.trim()) out.orderNo = v.orderNo.trim();
  if (v.currency?.trim()) out.currency = v.currency.trim().toUpperCase();
  if (v.paidDates?.[0]) out.paidFrom = v.paidDates[0].format('YYYY-MM-DD');
  if (v.paidDates?.[1]) out.paidTo = v.paidDates[1].format('YYYY-MM-DD');
  return out;
}

/** The form's values of a filter (the address's, issue 33). */
export function valuesOf(f: Filters): FilterValues {
  const day = (d?: string) => (d ? dayjs(d) : null);
  return {
    status: f.status, type: f.type, method: f.method, person: f.person, orderNo: f.orderNo, currency: f.currency,
    dates: f.from || f.to ? [day(f.from), day(f.to)] : null,
    paidDates: f.paidFrom || f.paidTo ? [day(f.paidFrom), day(f.paidTo)] : null,
  };
}
