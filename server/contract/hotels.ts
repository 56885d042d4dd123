/**
 * Hotels (spec 3 "Hotel reservation"; 4 reservation actions; 5 "Hotel booking"; 8 'Hotel
 * reservation is not available'): what a booker sees and sends, the reservations as managers work
 * with them, and the endpoint map. What a manager configures (the settings, hotels and room types,
 * the calendar of a room's nights) is in ./hotelConfig.ts, re-exported here. No Node imports here:
 * the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import type { Money } from './money';
import { emailField } from './validation';
import {
  HOTEL_LIMITS,
  hotelFields,
  hotelInput,
  latestCheckOut,
  roomInput,
  settingsInput,
  type HotelSettingsView,
  type HotelView,
  type RoomView,
} from './hotelConfig';

export * from './hotelConfig';

const { day, text, optionalText, count } = hotelFields;

/** A reservation's own status; its payment status is its order's. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'invalid'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'closed'] as const;
export type BookingPayment = (typeof PAYMENT_STATUSES)[number];

// ── booking ──────────────────────────────────────────────────────────────────────────────

/** One night of a room as the booker sees it: how many rooms are left. */
export type NightLeft = { night: string; left: number };

export type RoomOffer = Omit<RoomView, 'booked' | 'remaining' | 'price'> & { price: Money; nights: NightLeft[] };
export type HotelOffer = Omit<HotelView, 'rooms'> & { rooms: RoomOffer[] };

/** Why a person may not book now ('' when they may). */
/** 'off': the conference has not enabled the hotel service; 'closed': its switch or window is closed */
export type BookingBar = '' | 'off' | 'closed' | 'notRegistered' | 'notPaid' | 'notAccepted';

export type BookingView = {
  id: number;
  hotelId: number;
  roomId: number;
  hotelZh: string;
  hotelEn: string;
  roomZh: string;
  roomEn: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  quantity: number;
  /** per room and night */
  price: Money;
  total: Money;
  paid: Money;
  status: BookingStatus;
  payment: BookingPayment;
  orderId: number | null;
  orderNo: string;
  requirements: string;
  email: string;
  name: string;
  /** the booker's institution */
  unit: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
  can: { cancel: boolean; pay: boolean };
};

/** What the booking page needs: the window, the hotels with their nights, the person's bookings and what the form is prefilled with. */
export type BookingPage = {
  settings: Pick<
    HotelSettingsView,
    | 'startDate'
    | 'endDate'
    | 'open'
    | 'currency'
    | 'displayCurrency'
    | 'descriptionZh'
    | 'descriptionEn'
    | 'condition'
    | 'conditionNoteZh'
    | 'conditionNoteEn'
    | 'authorsAfterAcceptance'
  > | null;
  bar: BookingBar;
  hotels: HotelOffer[];
  mine: BookingView[];
  prefill: { email: string; name: string; unit: string; phone: string };
  today: string;
};

/**
 * Spec 5 "Hotel booking (user)": the date rules against a room's check-in dates (shared with the
 * island): check-in from the start to the end date, check-out after check-in and at the latest the
 * day after the end date.
 */
export function stayProblem(
  v: { checkIn: string; checkOut: string },
  room: { checkInStart: string; checkInEnd: string },
): [string, string] | null {
  if (v.checkIn < room.checkInStart) return ['checkIn', 'hotels:checkInBeforeStart'];
  if (v.checkIn > room.checkInEnd) return ['checkIn', 'hotels:checkInAfterEnd'];
  if (v.checkOut <= v.checkIn) return ['checkOut', 'hotels:checkOutBeforeCheckIn'];
  if (v.checkOut > latestCheckOut(room)) return ['checkOut', 'hotels:checkOutAfterEnd'];
  return null;
}

const id = (key: string) =>
  z.coerce
    .number({ message: key })
    .int(key)
    .positive(key)
    .max(2 ** 31, key);

export const bookingInput = z.object({
  roomId: id('hotels:roomRequired'),
  quantity: count('hotels:quantityRequired', 'hotels:quantityInvalid').pipe(
    z.number().min(1, 'hotels:quantityInvalid'),
  ),
  checkIn: day('hotels:checkInRequired'),
  checkOut: day('hotels:checkOutRequired'),
  requirements: optionalText(HOTEL_LIMITS.requirements, 'hotels:requirementsTooLong'),
  email: emailField,
  name: text(HOTEL_LIMITS.name, 'hotels:bookerNameRequired', 'hotels:nameTooLong'),
  unit: optionalText(HOTEL_LIMITS.name, 'hotels:nameTooLong'),
  phone: z
    .string()
    .trim()
    .max(HOTEL_LIMITS.phone, 'hotels:phoneInvalid')
    .regex(/^[\d+\-() ]*$/, 'hotels:phoneInvalid')
    .default(''),
});
export type BookingInput = z.output<typeof bookingInput>;
export type BookingForm = z.input<typeof bookingInput>;

// ── managers' reservations ───────────────────────────────────────────────────────────────

export type ReservationView = BookingView & { userId: number; account: string };
export type ReservationPage = { rows: ReservationView[]; total: number };

export const reservationQuery = z.object({
  hotelId: id('hotels:notFound').optional(),
  roomId: id('hotels:notFound').optional(),
  /** stays that cover any night from `from` to `to` (inclusive) */
  from: day('hotels:dateInvalid').optional(),
  to: day('hotels:dateInvalid').optional(),
  status: z.enum(BOOKING_STATUSES, { message: 'hotels:statusInvalid' }).optional(),
  payment: z.enum(PAYMENT_STATUSES, { message: 'hotels:statusInvalid' }).optional(),
  person: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type ReservationQuery = z.output<typeof reservationQuery>;

export const datesInput = z
  .object({ checkIn: day('hotels:checkInRequired'), checkOut: day('hotels:checkOutRequired') })
  .refine((v) => v.checkOut > v.checkIn, { path: ['checkOut'], message: 'hotels:checkOutBeforeCheckIn' });

/** A manager's change of payment status: paid with the amount that arrived, or unpaid (a cancelled or expired order reopened). */
export const paymentInput = z.object({
  status: z.enum(['paid', 'unpaid'], { message: 'hotels:statusInvalid' }),
  actualPay: z.string().trim().max(32).default(''),
});

/** The occupancy grid: per room type, per night, the rooms held (unpaid) and sold (paid) of its total. */
export type OccupancyView = {
  nights: string[];
  rooms: Array<{
    roomId: number;
    hotelId: number;
    hotelZh: string;
    hotelEn: string;
    roomZh: string;
    roomEn: string;
    total: number;
    cells: Record<string, { held: number; sold: number }>;
  }>;
};

const MANAGE = '/conference/platform/manage/hotel';
const CONFIG = '/conference/platform/config/hotel';
const idParam = z.object({ id: id('hotels:notFound') });

export const hotelsApi = {
  settings: endpoint<HotelSettingsView>()({ method: 'GET', path: `${CONFIG}/settings` }),
  saveSettings: endpoint<HotelSettingsView>()({
    method: 'PUT',
    path: `${CONFIG}/settings`,
    body: settingsInput,
    done: 'hotels:saved',
  }),
  hotels: endpoint<HotelView[]>()({ method: 'GET', path: `${CONFIG}/hotels` }),
  createHotel: endpoint<HotelView[]>()({
    method: 'POST',
    path: `${CONFIG}/hotels`,
    body: hotelInput,
    done: 'hotels:saved',
  }),
  updateHotel: endpoint<HotelView[]>()({
    method: 'PUT',
    path: `${CONFIG}/hotels/:id`,
    params: idParam,
    body: hotelInput,
    done: 'hotels:saved',
  }),
  removeHotel: endpoint<HotelView[]>()({
    method: 'DELETE',
    path: `${CONFIG}/hotels/:id`,
    params: idParam,
    done: 'hotels:deleted',
  }),
  createRoom: endpoint<HotelView[]>()({
    method: 'POST',
    path: `${CONFIG}/hotels/:id/rooms`,
    params: idParam,
    body: roomInput,
    done: 'hotels:saved',
  }),
  updateRoom: endpoint<HotelView[]>()({
    method: 'PUT',
    path: `${CONFIG}/rooms/:id`,
    params: idParam,
    body: roomInput,
    done: 'hotels:saved',
  }),
  removeRoom: endpoint<HotelView[]>()({
    method: 'DELETE',
    path: `${CONFIG}/rooms/:id`,
    params: idParam,
    done: 'hotels:deleted',
  }),

  /** the booking page's data (spec 2.10 hotel/order) */
  page: endpoint<BookingPage>()({ method: 'GET', path: '/conference/hotel/page' }),
  book: endpoint<{ bookingId: number; orderId: number }>()({
    method: 'POST',
    path: '/conference/hotel/book',
    body: bookingInput,
    done: 'hotels:booked',
  }),
  cancel: endpoint<BookingPage>()({
    method: 'POST',
    path: '/conference/hotel/booking/:id/cancel',
    params: idParam,
    done: 'hotels:cancelled',
  }),

  list: endpoint<ReservationPage>()({ method: 'GET', path: MANAGE, query: reservationQuery }),
  confirm: endpoint<ReservationView>()({
    method: 'POST',
    path: `${MANAGE}/:id/confirm`,
    params: idParam,
    done: 'hotels:confirmed',
  }),
  cancelReservation: endpoint<ReservationView>()({
    method: 'POST',
    path: `${MANAGE}/:id/cancel`,
    params: idParam,
    done: 'hotels:cancelled',
  }),
  payment: endpoint<ReservationView>()({
    method: 'POST',
    path: `${MANAGE}/:id/payment`,
    params: idParam,
    body: paymentInput,
    done: 'hotels:saved',
  }),
  dates: endpoint<ReservationView>()({
    method: 'POST',
    path: `${MANAGE}/:id/dates`,
    params: idParam,
    body: datesInput,
    done: 'hotels:saved',
  }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${MANAGE}/:id`, params: idParam, done: 'hotels:deleted' }),
  occupancy: endpoint<OccupancyView>()({
    method: 'GET',
    path: `${MANAGE}/occupancy`,
    query: z.object({ hotelId: id('hotels:notFound').optional() }),
  }),
  /** the rooming list: one sheet per hotel, one row per reservation and night */
  rooming: endpoint<Download>()({
    method: 'POST',
    path: `${MANAGE}/rooming`,
    body: z.object({ hotelId: id('hotels:notFound').optional() }),
  }),
};
