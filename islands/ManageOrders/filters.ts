/** The order filters as the form holds them, and as the list and the export are sent them. */
import { orderedRange, type DayRange } from '../shared/lightDateRange';
import type { OrderQuery, OrderStatus, OrderType } from '../../server/contract/orders';

/** The payment methods (payments' PaymentMethod), for the method filter. */
export const PAYMENT_METHODS = [
  'cardForeign',
  'cardDomestic',
  'walletA',
  'walletB',
  'onlineWallet',
  'bankRemit',
  'postalRemit',
  'other',
] as const;

export type FilterValues = {
  status?: OrderStatus;
  type?: OrderType;
  method?: string;
  dates?: DayRange;
  person?: string;
  orderNo?: string;
  currency?: string;
  paidDates?: DayRange;
};
export type Filters = Omit<OrderQuery, 'page' | 'size'>;

/** Only the filters given; dates as 'YYYY-MM-DD', the days as picked, the earlier first. */
export function filtersOf(v: FilterValues): Filters {
  const out: Filters = {};
  const dates = orderedRange(v.dates?.[0], v.dates?.[1]);
  const paidDates = orderedRange(v.paidDates?.[0], v.paidDates?.[1]);
  if (v.status) out.status = v.status;
  if (v.type) out.type = v.type;
  if (v.method) out.method = v.method;
  if (dates?.[0]) out.from = dates[0];
  if (dates?.[1]) out.to = dates[1];
  if (v.person?.trim()) out.person = v.person.trim();
  if (v.orderNo?.trim()) out.orderNo = v.orderNo.trim();
  if (v.currency?.trim()) out.currency = v.currency.trim().toUpperCase();
  if (paidDates?.[0]) out.paidFrom = paidDates[0];
  if (paidDates?.[1]) out.paidTo = paidDates[1];
  return out;
}

/** The form's values of a filter (the address's, issue 33). */
export function valuesOf(f: Filters): FilterValues {
  return {
    status: f.status,
    type: f.type,
    method: f.method,
    person: f.person,
    orderNo: f.orderNo,
    currency: f.currency,
    dates: orderedRange(f.from, f.to),
    paidDates: orderedRange(f.paidFrom, f.paidTo),
  };
}
