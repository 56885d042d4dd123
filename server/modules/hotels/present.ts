/** The hotels' rows as the contract's views (server/contract/hotels.ts). */
import { fromDbInstant } from '../../db/dialect';
import { moneyFromColumn } from '../../contract/money';
import type { BookingPayment, BookingView, HotelSettingsView, HotelView, RoomView } from '../../contract/hotels';
import type { OrderStatus } from '../../contract/orders';
import type * as repo from './repo';

export const NO_SETTINGS: HotelSettingsView = {
  saved: false, startDate: '', endDate: '', open: false, currency: 'CNY', displayCurrency: 'CNY', descriptionZh: '', descriptionEn: '', condition: 'none', conditionNoteZh: '', conditionNoteEn: '', authorsAfterAcceptance: false,
};

export function presentSettings(row: repo.SettingsRow | undefined): HotelSettingsView {
  if (!row) return NO_SETTINGS;
  return {
    saved: true, startDate: row.start_date, endDate: row.end_date, open: Boolean(row.open), currency: row.currency, displayCurrency: row.display_currency,
    descriptionZh: row.description_zh, descriptionEn: row.description_en, condition: row.condition === 'paidRegistration' ? 'paidRegistration' : 'none',
    conditionNoteZh: row.condition_note_zh, conditionNoteEn: row.condition_note_en, authorsAfterAcceptance: Boolean(row.authors_after_acceptance),
  };
}

/** The busiest night's count and the fewest rooms left, from the room's nights. */
export function occupancyOf(room: repo.RoomRow, nights: repo.NightRow[]): { booked: number; remaining: number } {
  const booked = nights.reduce((most, n) => Math.max(most, Number(n.held) + Number(n.sold)), 0);
  return { booked, remaining: Math.max(0, Number(room.total) - booked) };
}

export function presentRoom(room: repo.RoomRow, nights: repo.NightRow[], settings: { currency: string; displayCurrency: string }): RoomView {
  return {
    id: Number(room.id), hotelId: Number(room.hotel_id), typeZh: room.type_zh, typeEn: room.type_en,
    price: room.price_amount == null ? null : moneyFromColumn(room.price_amount, settings.currency),
    display: moneyFromColumn(room.display_price_amount, settings.displayCurrency),
    total: Number(room.total), ...occupancyOf(room, nights),
    checkInStart: room.check_in_start, checkInEnd: room.check_in_end, minPerPerson: Number(room.min_per_person), maxPerPerson: Number(room.max_per_person),
  };
}

export function presentHotel(hotel: repo.HotelRow, rooms: RoomView[]): Omit<HotelView, 'rooms'> & { rooms: RoomView[] } {
  return {
    id: Number(hotel.id), nameZh: hotel.name_zh, nameEn: hotel.name_en, stars: Number(hotel.stars), link: hotel.link, addressZh: hotel.address_zh, addressEn: hotel.address_en,
    photo: hotel.photo, mapLink: hotel.map_link, rooms,
  };
}

export type OrderState = { orderNo: string; status: OrderStatus; paid: number; currency: string };

/** The booking's payment status, from its order's: paid, unpaid while the order is open, else closed. */
export function paymentOf(order: OrderState | undefined): BookingPayment {
  if (!order) return 'closed';
  if (order.status === 'paid') return 'paid';
  return order.status === 'unpaid' || order.status === 'invalid' ? 'unpaid' : 'closed';
}

export function presentBooking(b: repo.BookingRow, hotel: repo.HotelRow | undefined, room: repo.RoomRow | undefined, order: OrderState | undefined): BookingView {
  const payment = paymentOf(order);
  const active = b.status === 'pending' || b.status === 'confirmed';
  return {
    id: Number(b.id), hotelId: Number(b.hotel_id), roomId: Number(b.room_id),
    hotelZh: hotel?.name_zh ?? '', hotelEn: hotel?.name_en ?? '', roomZh: room?.type_zh ?? '', roomEn: room?.type_en ?? '',
    checkIn: b.check_in, checkOut: b.check_out, nights: Number(b.nights), quantity: Number(b.quantity),
    price: moneyFromColumn(b.unit_amount, b.currency), total: moneyFromColumn(b.total_amount, b.currency),
    paid: moneyFromColumn(order?.status === 'paid' ? order.paid : 0, b.currency),
    status: b.status, payment, orderId: b.order_id == null ? null : Number(b.order_id), orderNo: order?.orderNo ?? '',
    requirements: b.requirements, email: b.email, name: b.name, unit: b.unit, phone: b.phone,
    createdAt: fromDbInstant(b.created_at)!.toISOString(), updatedAt: fromDbInstant(b.updated_at)!.toISOString(),
    can: { cancel: active && payment === 'unpaid' && order?.status === 'unpaid', pay: active && order?.status === 'unpaid' },
  };
}
