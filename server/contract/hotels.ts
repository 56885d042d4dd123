/**
 * Hotels (spec 3 "Hotel config", "Hotel", "Room", "Hotel reservation"; 4 reservation actions; 5
 * "Hotel booking", "Hotel config", "Room config"; 8 'Hotel reservation is not available'): what a
 * manager writes, what a booker sees, the reservations as managers work with them, and the
 * endpoint map. No Node imports here: the islands bundle this file.
 *
 * Dates are calendar days "YYYY-MM-DD" in the conference's time zone. A room is bookable for the
 * nights from its check-in start date to its check-in end date, both included (the last night one
 * may check in; the latest check-out is the day after), so equal dates are a room of one night
 * (spec 5 "Start check-in date ≤ end check-in date"). Inventory is counted per room type per night
 * (server/modules/hotels/inventory.ts).
 * Prices are decimal strings read with money.ts; the settlement currency is the hotel settings'.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import { isCurrency, moneyField, type Money } from './money';
import { isDay } from './fees';
import { emailField } from './validation';

export const HOTEL_LIMITS = { name: 200, text: 500, description: 20_000, note: 2_000, link: 500, rooms: 100_000, nights: 366, requirements: 1_000, phone: 40 } as const;

/** An additional condition on who may book (besides being registered): none, or a paid registration. The authors' rule is a switch of its own (authorsAfterAcceptance). */
export const HOTEL_CONDITIONS = ['none', 'paidRegistration'] as const;
export type HotelCondition = (typeof HOTEL_CONDITIONS)[number];

/** A reservation's own status; its payment status is its order's. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'invalid'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'closed'] as const;
export type BookingPayment = (typeof PAYMENT_STATUSES)[number];

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The latest check-out of a room: the day after its check-in end date (its last night). */
export function latestCheckOut(room: { checkInEnd: string }): string {
  return nextDay(room.checkInEnd);
}

/** The nights a room offers: from its check-in start date to its check-in end date, both included. */
export function roomNights(room: { checkInStart: string; checkInEnd: string }): string[] {
  return nightsOf(room.checkInStart, latestCheckOut(room));
}

/** The nights of a stay: every day from check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut && nights.length <= HOTEL_LIMITS.nights; d = nextDay(d)) nights.push(d);
  return nights;
}

// ── settings ─────────────────────────────────────────────────────────────────────────────

export type HotelSettingsView = {
  /** false until the basic settings were saved once ('Please save basic setting first') */
  saved: boolean;
  startDate: string;
  endDate: string;
  open: boolean;
  currency: string;
  displayCurrency: string;
  descriptionZh: string;
  descriptionEn: string;
  condition: HotelCondition;
  conditionNoteZh: string;
  conditionNoteEn: string;
  /** spec 5: a person who submitted manuscripts books only once one of them is accepted */
  authorsAfterAcceptance: boolean;
};

const day = (required: string) => z.string({ message: required }).trim().min(1, required).refine(isDay, 'hotels:dateInvalid');
const html = z.string().max(HOTEL_LIMITS.description, 'hotels:descriptionTooLong').default('');
const note = z.string().trim().max(HOTEL_LIMITS.note, 'hotels:noteTooLong').default('');
const currency = (required: string) => z.string({ message: required }).trim().toUpperCase().min(1, required).refine(isCurrency, 'money.currency');

/** Spec 5 "Hotel config": the start not after the end. Shared with the island. */
export function settingsProblem(v: { startDate: string; endDate: string }): [string, string] | null {
  if (v.startDate > v.endDate) return ['endDate', 'hotels:dateOrder'];
  return null;
}

export const settingsInput = z
  .object({
    startDate: day('hotels:startDateRequired'),
    endDate: day('hotels:endDateRequired'),
    open: z.boolean({ message: 'hotels:openRequired' }),
    currency: currency('hotels:currencyRequired'),
    displayCurrency: currency('hotels:displayCurrencyRequired'),
    descriptionZh: html,
    descriptionEn: html,
    condition: z.enum(HOTEL_CONDITIONS, { message: 'hotels:conditionInvalid' }).default('none'),
    conditionNoteZh: note,
    conditionNoteEn: note,
    authorsAfterAcceptance: z.boolean({ message: 'hotels:conditionInvalid' }).default(false),
    /** the manager confirmed a currency change that voids unpaid hotel orders and room prices (spec 4) */
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const problem = settingsProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  });
export type SettingsInput = z.output<typeof settingsInput>;
export type SettingsForm = z.input<typeof settingsInput>;

// ── hotels and rooms ─────────────────────────────────────────────────────────────────────

export type RoomView = {
  id: number;
  hotelId: number;
  typeZh: string;
  typeEn: string;
  /** null after a currency change, until the manager sets a price in the new currency */
  price: Money | null;
  display: Money;
  total: number;
  /** the most rooms taken on any night (held by unpaid and sold to paid bookings) */
  booked: number;
  /** the fewest rooms left on any night */
  remaining: number;
  checkInStart: string;
  checkInEnd: string;
  minPerPerson: number;
  maxPerPerson: number;
};

export type HotelView = {
  id: number;
  nameZh: string;
  nameEn: string;
  /** 0 (not rated) to 5 */
  stars: number;
  link: string;
  addressZh: string;
  addressEn: string;
  /** an uploaded photo's URL ('' for none) */
  photo: string;
  mapLink: string;
  rooms: RoomView[];
};

const text = (max: number, required: string, tooLong: string) => z.string({ message: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');
const url = (key: string) =>
  z
    .string()
    .trim()
    .max(HOTEL_LIMITS.link, key)
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), key)
    .default('');
const count = (required: string, invalid: string, max: number = HOTEL_LIMITS.rooms) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, invalid).transform(Number)], { message: required }).pipe(z.number({ message: required }).int(invalid).min(0, invalid).max(max, invalid));

export const hotelInput = z.object({
  nameZh: text(HOTEL_LIMITS.name, 'hotels:nameRequired', 'hotels:nameTooLong'),
  nameEn: text(HOTEL_LIMITS.name, 'hotels:nameRequired', 'hotels:nameTooLong'),
  stars: count('hotels:starsInvalid', 'hotels:starsInvalid', 5).default(0),
  link: url('hotels:linkInvalid'),
  addressZh: optionalText(HOTEL_LIMITS.text, 'hotels:addressTooLong'),
  addressEn: optionalText(HOTEL_LIMITS.text, 'hotels:addressTooLong'),
  /** a URL of this platform's uploads (/files/...) or '' */
  photo: z
    .string()
    .trim()
    .max(HOTEL_LIMITS.link, 'hotels:photoInvalid')
    .refine((v) => v === '' || /^\/files\/[\w.-]+$/.test(v), 'hotels:photoInvalid')
    .default(''),
  mapLink: url('hotels:mapLinkInvalid'),
});
export type HotelInput = z.output<typeof hotelInput>;
export type HotelForm = z.input<typeof hotelInput>;

/**
 * Spec 5 "Room config", the rules between fields in the form's order (shared with the island).
 * `booked`: the rooms already taken on the busiest night (0 for a new room).
 */
export function roomProblem(v: { checkInStart: string; checkInEnd: string; total: number; minPerPerson: number; maxPerPerson: number }, booked = 0): [string, string] | null {
  if (v.checkInStart > v.checkInEnd) return ['checkInEnd', 'hotels:roomDateOrder'];
  if (roomNights(v).length > HOTEL_LIMITS.nights) return ['checkInEnd', 'hotels:roomTooLong'];
  if (v.minPerPerson < 1) return ['minPerPerson', 'hotels:minInvalid'];
  if (v.maxPerPerson < v.minPerPerson) return ['maxPerPerson', 'hotels:maxBelowMin'];
  if (v.total < v.maxPerPerson) return ['total', 'hotels:totalBelowMax'];
  if (v.total < booked) return ['total', 'hotels:totalBelowBooked'];
  return null;
}

const roomFields = z.object({
  typeZh: text(HOTEL_LIMITS.name, 'hotels:roomTypeRequired', 'hotels:nameTooLong'),
  typeEn: text(HOTEL_LIMITS.name, 'hotels:roomTypeRequired', 'hotels:nameTooLong'),
  /** per room and night, in the settings' currency */
  price: z.string({ message: 'hotels:priceRequired' }).trim().min(1, 'hotels:priceRequired'),
  /** per room and night, in the settings' display currency */
  displayPrice: z.string({ message: 'hotels:displayPriceRequired' }).trim().min(1, 'hotels:displayPriceRequired'),
  checkInStart: day('hotels:checkInStartRequired'),
  checkInEnd: day('hotels:checkInEndRequired'),
  total: count('hotels:totalRequired', 'hotels:totalInvalid'),
  minPerPerson: count('hotels:minRequired', 'hotels:minInvalid'),
  maxPerPerson: count('hotels:maxRequired', 'hotels:maxInvalid'),
});
export type RoomForm = z.input<typeof roomFields>;

const PRICE_KEYS: Record<string, string> = { 'money.required': 'hotels:priceRequired', 'money.tooSmall': 'hotels:pricePositive', 'money.negative': 'hotels:pricePositive' };
const DISPLAY_KEYS: Record<string, string> = { 'money.required': 'hotels:displayPriceRequired', 'money.tooSmall': 'hotels:displayPricePositive', 'money.negative': 'hotels:displayPricePositive' };

/** The room's fields with its prices read in the settings' currencies (the rules that need the stored count run in the service). */
export function readRoom(v: z.output<typeof roomFields>, currencies: { currency: string; displayCurrency: string }): { ok: true; room: RoomInput } | { ok: false; field: string; key: string } {
  const price = moneyField(currencies.currency, { min: 1 }).safeParse(v.price);
  if (!price.success) return { ok: false, field: 'price', key: PRICE_KEYS[price.error.issues[0].message] ?? price.error.issues[0].message };
  const display = moneyField(currencies.displayCurrency, { min: 1 }).safeParse(v.displayPrice);
  if (!display.success) return { ok: false, field: 'displayPrice', key: DISPLAY_KEYS[display.error.issues[0].message] ?? display.error.issues[0].message };
  const { price: _p, displayPrice: _d, ...rest } = v;
  return { ok: true, room: { ...rest, price: price.data, display: display.data } };
}

export const roomInput = roomFields;
export type RoomInput = Omit<z.output<typeof roomFields>, 'price' | 'displayPrice'> & { price: Money; display: Money };

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
  settings: Pick<HotelSettingsView, 'startDate' | 'endDate' | 'open' | 'currency' | 'displayCurrency' | 'descriptionZh' | 'descriptionEn' | 'condition' | 'conditionNoteZh' | 'conditionNoteEn' | 'authorsAfterAcceptance'> | null;
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
export function stayProblem(v: { checkIn: string; checkOut: string }, room: { checkInStart: string; checkInEnd: string }): [string, string] | null {
  if (v.checkIn < room.checkInStart) return ['checkIn', 'hotels:checkInBeforeStart'];
  if (v.checkIn > room.checkInEnd) return ['checkIn', 'hotels:checkInAfterEnd'];
  if (v.checkOut <= v.checkIn) return ['checkOut', 'hotels:checkOutBeforeCheckIn'];
  if (v.checkOut > latestCheckOut(room)) return ['checkOut', 'hotels:checkOutAfterEnd'];
  return null;
}

const id = (key: string) => z.coerce.number({ message: key }).int(key).positive(key).max(2 ** 31, key);

export const bookingInput = z.object({
  roomId: id('hotels:roomRequired'),
  quantity: count('hotels:quantityRequired', 'hotels:quantityInvalid').pipe(z.number().min(1, 'hotels:quantityInvalid')),
  checkIn: day('hotels:checkInRequired'),
  checkOut: day('hotels:checkOutRequired'),
  requirements: optionalText(HOTEL_LIMITS.requirements, 'hotels:requirementsTooLong'),
  email: emailField,
  name: text(HOTEL_LIMITS.name, 'hotels:bookerNameRequired', 'hotels:nameTooLong'),
  unit: optionalText(HOTEL_LIMITS.name, 'hotels:nameTooLong'),
  phone: z.string().trim().max(HOTEL_LIMITS.phone, 'hotels:phoneInvalid').regex(/^[\d+\-() ]*$/, 'hotels:phoneInvalid').default(''),
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
  rooms: Array<{ roomId: number; hotelId: number; hotelZh: string; hotelEn: string; roomZh: string; roomEn: string; total: number; cells: Record<string, { held: number; sold: number }> }>;
};

const MANAGE = '/conference/platform/manage/hotel';
const CONFIG = '/conference/platform/config/hotel';
const idParam = z.object({ id: id('hotels:notFound') });

export const hotelsApi = {
  settings: endpoint<HotelSettingsView>()({ method: 'GET', path: `${CONFIG}/settings` }),
  saveSettings: endpoint<HotelSettingsView>()({ method: 'PUT', path: `${CONFIG}/settings`, body: settingsInput, done: 'hotels:saved' }),
  hotels: endpoint<HotelView[]>()({ method: 'GET', path: `${CONFIG}/hotels` }),
  createHotel: endpoint<HotelView[]>()({ method: 'POST', path: `${CONFIG}/hotels`, body: hotelInput, done: 'hotels:saved' }),
  updateHotel: endpoint<HotelView[]>()({ method: 'PUT', path: `${CONFIG}/hotels/:id`, params: idParam, body: hotelInput, done: 'hotels:saved' }),
  removeHotel: endpoint<HotelView[]>()({ method: 'DELETE', path: `${CONFIG}/hotels/:id`, params: idParam, done: 'hotels:deleted' }),
  createRoom: endpoint<HotelView[]>()({ method: 'POST', path: `${CONFIG}/hotels/:id/rooms`, params: idParam, body: roomInput, done: 'hotels:saved' }),
  updateRoom: endpoint<HotelView[]>()({ method: 'PUT', path: `${CONFIG}/rooms/:id`, params: idParam, body: roomInput, done: 'hotels:saved' }),
  removeRoom: endpoint<HotelView[]>()({ method: 'DELETE', path: `${CONFIG}/rooms/:id`, params: idParam, done: 'hotels:deleted' }),

  /** the booking page's data (spec 2.10 hotel/order) */
  page: endpoint<BookingPage>()({ method: 'GET', path: '/conference/hotel/page' }),
  book: endpoint<{ bookingId: number; orderId: number }>()({ method: 'POST', path: '/conference/hotel/book', body: bookingInput, done: 'hotels:booked' }),
  cancel: endpoint<BookingPage>()({ method: 'POST', path: '/conference/hotel/booking/:id/cancel', params: idParam, done: 'hotels:cancelled' }),

  list: endpoint<ReservationPage>()({ method: 'GET', path: MANAGE, query: reservationQuery }),
  confirm: endpoint<ReservationView>()({ method: 'POST', path: `${MANAGE}/:id/confirm`, params: idParam, done: 'hotels:confirmed' }),
  cancelReservation: endpoint<ReservationView>()({ method: 'POST', path: `${MANAGE}/:id/cancel`, params: idParam, done: 'hotels:cancelled' }),
  payment: endpoint<ReservationView>()({ method: 'POST', path: `${MANAGE}/:id/payment`, params: idParam, body: paymentInput, done: 'hotels:saved' }),
  dates: endpoint<ReservationView>()({ method: 'POST', path: `${MANAGE}/:id/dates`, params: idParam, body: datesInput, done: 'hotels:saved' }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${MANAGE}/:id`, params: idParam, done: 'hotels:deleted' }),
  occupancy: endpoint<OccupancyView>()({ method: 'GET', path: `${MANAGE}/occupancy`, query: z.object({ hotelId: id('hotels:notFound').optional() }) }),
  /** the rooming list: one sheet per hotel, one row per reservation and night */
  rooming: endpoint<Download>()({ method: 'POST', path: `${MANAGE}/rooming`, body: z.object({ hotelId: id('hotels:notFound').optional() }) }),
};
