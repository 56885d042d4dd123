/** The hotels' rows as the contract's views (server/contract/hotels.ts). */
import { money, type Money } from '../../contract/money';
import type { BookingPayment, BookingView, HotelSettingsView, HotelView, RoomView } from '../../contract/hotels';
import type { OrderStatus } from '../../contract/orders';
import type { BookingRow } from './bookingRepo';
import * as repo from './repo';

export const NO_SETTINGS: HotelSettingsView = {
  saved: false,
  startDate: '',
  endDate: '',
  open: false,
  currency: 'CNY',
  displayCurrency: 'CNY',
  descriptionZh: '',
  descriptionEn: '',
  condition: 'none',
  conditionNoteZh: '',
  conditionNoteEn: '',
  authorsAfterAcceptance: false,
};

export function presentSettings(row: repo.SettingsRow | undefined): HotelSettingsView {
  if (!row) return NO_SETTINGS;
  return {
    saved: true,
    startDate: row.start_date,
    endDate: row.end_date,
    open: Boolean(row.open),
    currency: row.currency,
    displayCurrency: row.display_currency,
    descriptionZh: row.description_zh,
    descriptionEn: row.description_en,
    condition: row.condition === 'paidRegistration' ? 'paidRegistration' : 'none',
    conditionNoteZh: row.condition_note_zh,
    conditionNoteEn: row.condition_note_en,
    authorsAfterAcceptance: Boolean(row.authors_after_acceptance),
  };
}

/** The busiest night's count and the fewest rooms left, from the room's nights. */
export function occupancyOf(room: repo.RoomRow, nights: repo.NightRow[]): { booked: number; remaining: number } {
  const booked = nights.reduce((most, n) => Math.max(most, n.held + n.sold), 0);
  return { booked, remaining: Math.max(0, room.total - booked) };
}

export function presentRoom(
  room: repo.RoomRow,
  nights: repo.NightRow[],
  settings: { currency: string; displayCurrency: string },
): RoomView {
  return {
    id: room.id,
    hotelId: room.hotel_id,
    typeZh: room.type_zh,
    typeEn: room.type_en,
    ...repo.roomPrices(room, settings),
    total: room.total,
    ...occupancyOf(room, nights),
    checkInStart: room.check_in_start,
    checkInEnd: room.check_in_end,
    minPerPerson: room.min_per_person,
    maxPerPerson: room.max_per_person,
  };
}

export function presentHotel(
  hotel: repo.HotelRow,
  rooms: RoomView[],
): Omit<HotelView, 'rooms'> & { rooms: RoomView[] } {
  return {
    id: hotel.id,
    nameZh: hotel.name_zh,
    nameEn: hotel.name_en,
    stars: hotel.stars,
    link: hotel.link,
    addressZh: hotel.address_zh,
    addressEn: hotel.address_en,
    photo: hotel.photo,
    mapLink: hotel.map_link,
    rooms,
  };
}

export type OrderState = { orderNo: string; status: OrderStatus; paid: Money };

/** The booking's payment status, from its order's: paid, unpaid while the order is open, else closed. */
export function paymentOf(order: OrderState | undefined): BookingPayment {
  if (!order) return 'closed';
  if (order.status === 'paid') return 'paid';
  return order.status === 'unpaid' || order.status === 'invalid' ? 'unpaid' : 'closed';
}

export function presentBooking(
  b: BookingRow,
  hotel: repo.HotelRow | undefined,
  room: repo.RoomRow | undefined,
  order: OrderState | undefined,
): BookingView {
  const payment = paymentOf(order);
  const active = b.status === 'pending' || b.status === 'confirmed';
  return {
    id: b.id,
    hotelId: b.hotel_id,
    roomId: b.room_id,
    hotelZh: hotel?.name_zh ?? '',
    hotelEn: hotel?.name_en ?? '',
    roomZh: room?.type_zh ?? '',
    roomEn: room?.type_en ?? '',
    checkIn: b.check_in,
    checkOut: b.check_out,
    nights: b.nights,
    quantity: b.quantity,
    price: b.price,
    total: b.total,
    paid: order?.status === 'paid' ? order.paid : money(0, b.currency),
    status: b.status,
    payment,
    orderId: b.order_id,
    orderNo: order?.orderNo ?? '',
    requirements: b.requirements,
    email: b.email,
    name: b.name,
    unit: b.unit,
    phone: b.phone,
    createdAt: b.created_at.toISOString(),
    updatedAt: b.updated_at.toISOString(),
    can: {
      cancel: active && payment === 'unpaid' && order?.status === 'unpaid',
      pay: active && order?.status === 'unpaid',
    },
  };
}
