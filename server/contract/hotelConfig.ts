/**
 * What a manager configures of hotels (spec 3 "Hotel config", "Hotel", "Room"; 5 "Hotel config",
 * "Room config"): the limits, the calendar of a room's nights, the booking settings, the hotels
 * and their room types. The bookings, the managers' reservations and the endpoint map are in
 * ./hotels.ts, which re-exports this file. No Node imports here: the islands bundle this file.
 *
 * Dates are calendar days "YYYY-MM-DD" in the conference's time zone. A room is bookable for the
 * nights from its check-in start date to its check-in end date, both included (the last night one
 * may check in; the latest check-out is the day after), so equal dates are a room of one night
 * (spec 5 "Start check-in date ≤ end check-in date"). Inventory is counted per room type per night
 * (server/modules/hotels/inventory.ts).
 * Prices are decimal strings read with money.ts; the settlement currency is the hotel settings'.
 */
import { z } from 'zod';
import { isCurrency, moneyField, type Money } from './money';
import { isDay } from './fees';

export const HOTEL_LIMITS = {
  name: 200,
  text: 500,
  description: 20_000,
  note: 2_000,
  link: 500,
  rooms: 100_000,
  nights: 366,
  requirements: 1_000,
  phone: 40,
} as const;

/** An additional condition on who may book (besides being registered): none, or a paid registration. The authors' rule is a switch of its own (authorsAfterAcceptance). */
export const HOTEL_CONDITIONS = ['none', 'paidRegistration'] as const;
export type HotelCondition = (typeof HOTEL_CONDITIONS)[number];

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

const day = (required: string) =>
  z.string({ message: required }).trim().min(1, required).refine(isDay, 'hotels:dateInvalid');
const html = z.string().max(HOTEL_LIMITS.description, 'hotels:descriptionTooLong').default('');
const note = z.string().trim().max(HOTEL_LIMITS.note, 'hotels:noteTooLong').default('');
const currency = (required: string) =>
  z.string({ message: required }).trim().toUpperCase().min(1, required).refine(isCurrency, 'money.currency');

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

const text = (max: number, required: string, tooLong: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');
const url = (key: string) =>
  z
    .string()
    .trim()
    .max(HOTEL_LIMITS.link, key)
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), key)
    .default('');
const count = (required: string, invalid: string, max: number = HOTEL_LIMITS.rooms) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, invalid).transform(Number)], { message: required })
    .pipe(z.number({ message: required }).int(invalid).min(0, invalid).max(max, invalid));

/** The field rules the booking form and the reservations' filters share (./hotels.ts). */
export const hotelFields = { day, text, optionalText, count };

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
export function roomProblem(
  v: { checkInStart: string; checkInEnd: string; total: number; minPerPerson: number; maxPerPerson: number },
  booked = 0,
): [string, string] | null {
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

const PRICE_KEYS: Record<string, string> = {
  'money.required': 'hotels:priceRequired',
  'money.tooSmall': 'hotels:pricePositive',
  'money.negative': 'hotels:pricePositive',
};
const DISPLAY_KEYS: Record<string, string> = {
  'money.required': 'hotels:displayPriceRequired',
  'money.tooSmall': 'hotels:displayPricePositive',
  'money.negative': 'hotels:displayPricePositive',
};

/** The room's fields with its prices read in the settings' currencies (the rules that need the stored count run in the service). */
export function readRoom(
  v: z.output<typeof roomFields>,
  currencies: { currency: string; displayCurrency: string },
): { ok: true; room: RoomInput } | { ok: false; field: string; key: string } {
  const price = moneyField(currencies.currency, { min: 1 }).safeParse(v.price);
  if (!price.success)
    return {
      ok: false,
      field: 'price',
      key: PRICE_KEYS[price.error.issues[0].message] ?? price.error.issues[0].message,
    };
  const display = moneyField(currencies.displayCurrency, { min: 1 }).safeParse(v.displayPrice);
  if (!display.success)
    return {
      ok: false,
      field: 'displayPrice',
      key: DISPLAY_KEYS[display.error.issues[0].message] ?? display.error.issues[0].message,
    };
  const { price: _p, displayPrice: _d, ...rest } = v;
  return { ok: true, room: { ...rest, price: price.data, display: display.data } };
}

export const roomInput = roomFields;
export type RoomInput = Omit<z.output<typeof roomFields>, 'price' | 'displayPrice'> & { price: Money; display: Money };
