/**
 * Booking a hotel room (spec 2.10 hotel/order, 3 "Hotel reservation", 5 "Hotel booking", 8):
 * what the booking page shows a person, the booking itself, and cancelling an unpaid one.
 *
 * A booking is one transaction: the room's nights are taken (inventory.ts, under the room's lock,
 * every night or none), the reservation and its hotel order are written (orders.openOrder; the
 * order is paid through payments' hotel plan) and the reservation mail queued. Its nights are
 * held until the order is paid (then sold), or given back when the order is cancelled, expires or
 * is voided (handlers.ts, on orders' 'order.closed').
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { formatMoney, multiplyMoney } from '../../contract/money';
import {
  nightsOf,
  stayProblem,
  type BookingBar,
  type BookingInput,
  type BookingPage,
  type BookingView,
  type HotelOffer,
} from '../../contract/hotels';
import type { Lang } from '../../contract/enums';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { RateLimiter } from '../../platform/rateLimit';
import { textIn } from '../../contract/bilingual';
import { enqueueConferenceMail, type MailSites } from '../mail/index';
import type { OrderService } from '../orders';
import { authorStanding } from '../submissions';
import { lockRoom, takeNights } from './inventory';
import { presentBooking, presentHotel, presentSettings } from './present';
import * as bookings from './bookingRepo';
import * as repo from './repo';

/** The signed-in person as the booking rules see them. */
export type Booker = { userId: number; email: string; lang: Lang; today: string };

/** What booking needs of registration: whether the person is registered, and their contact as registered. */
export type Registrations = {
  contactOf(
    conferenceId: number,
    userId: number,
  ): Promise<{ email: string; name: string; unit: string; phone: string } | null>;
};

/** Bookings a person may make in an hour (each queues a mail): far above a real need, far below a flood. */
export const BOOKING_RATE = { limit: 20, windowMs: 3600_000 } as const;

export type HotelOrders = Pick<OrderService, 'openOrder' | 'hasPaid' | 'statesOf' | 'cancel'>;

export class HotelBooking {
  constructor(
    private readonly db: Db,
    private readonly orders: HotelOrders,
    private readonly registration: Registrations,
    private readonly limiter: RateLimiter,
    private readonly events: EventBus,
    private readonly mailSites: MailSites,
  ) {}

  /**
   * Why the person may not book now, or '': 'off' when the conference has not enabled the hotel
   * service (spec 8 'The service has not been opened…'), 'closed' for a closed switch or window
   * (spec 8 'Hotel reservation is not available').
   */
  async barOf(
    conferenceId: number,
    settings: repo.SettingsRow | undefined,
    person: Booker,
    moduleOn: boolean,
  ): Promise<BookingBar> {
    if (!moduleOn) return 'off';
    if (!settings || !settings.open) return 'closed';
    if (person.today < settings.start_date || person.today > settings.end_date) return 'closed';
    if (!(await this.registration.contactOf(conferenceId, person.userId))) return 'notRegistered';
    if (
      settings.condition === 'paidRegistration' &&
      !(await this.orders.hasPaid(this.db, conferenceId, person.userId, 'register'))
    )
      return 'notPaid';
    // Spec 5: an author books once a manuscript is accepted; people without one book as any attendee.
    if (
      settings.authors_after_acceptance &&
      (await authorStanding(this.db, conferenceId, person.userId)) === 'notAccepted'
    )
      return 'notAccepted';
    return '';
  }

  async page(conferenceId: number, person: Booker, moduleOn: boolean): Promise<BookingPage> {
    const settingsRow = await repo.findSettings(this.db, conferenceId);
    const bar = await this.barOf(conferenceId, settingsRow, person, moduleOn);
    const contact = await this.registration.contactOf(conferenceId, person.userId);
    const { saved: _saved, ...settings } = presentSettings(settingsRow);
    return {
      settings: settingsRow ? settings : null,
      bar,
      hotels: settingsRow && settingsRow.open ? await this.offers(conferenceId, settingsRow) : [],
      mine: await this.mine(conferenceId, person.userId),
      prefill: {
        email: contact?.email || person.email,
        name: contact?.name ?? '',
        unit: contact?.unit ?? '',
        phone: contact?.phone ?? '',
      },
      today: person.today,
    };
  }

  /** The hotels with their priced rooms and, per night, the rooms left. */
  private async offers(conferenceId: number, settings: repo.SettingsRow): Promise<HotelOffer[]> {
    const [hotels, rooms] = await Promise.all([
      repo.listHotels(this.db, conferenceId),
      repo.listRooms(this.db, conferenceId),
    ]);
    const priced = rooms.filter((r) => r.price_amount != null);
    const nights = await repo.nightsOfRooms(
      this.db,
      conferenceId,
      priced.map((r) => r.id),
    );
    const view = { currency: settings.currency, displayCurrency: settings.display_currency };
    return hotels
      .map((h) => {
        const { rooms: _r, ...hotel } = presentHotel(h, []);
        const offered = priced
          .filter((r) => r.hotel_id === h.id)
          .map((r) => {
            const own = nights.filter((n) => n.room_id === r.id);
            const prices = repo.roomPrices(r, view);
            return {
              id: r.id,
              hotelId: r.hotel_id,
              typeZh: r.type_zh,
              typeEn: r.type_en,
              price: prices.price!, // the rooms offered are the priced ones
              display: prices.display,
              total: r.total,
              checkInStart: r.check_in_start,
              checkInEnd: r.check_in_end,
              minPerPerson: r.min_per_person,
              maxPerPerson: r.max_per_person,
              nights: own.map((n) => ({
                night: n.night,
                left: Math.max(0, r.total - n.held - n.sold),
              })),
            };
          });
        return { ...hotel, rooms: offered };
      })
      .filter((h) => h.rooms.length);
  }

  async mine(conferenceId: number, userId: number): Promise<BookingView[]> {
    return this.views(conferenceId, await bookings.bookingsOfUser(this.db, conferenceId, userId));
  }

  async views(conferenceId: number, rows: bookings.BookingRow[]): Promise<BookingView[]> {
    const [hotels, rooms, orders] = await Promise.all([
      repo.listHotels(this.db, conferenceId),
      repo.listRooms(this.db, conferenceId),
      this.orders.statesOf(
        this.db,
        conferenceId,
        rows.flatMap((b) => (b.order_id == null ? [] : [b.order_id])),
      ),
    ]);
    return rows.map((b) =>
      presentBooking(
        b,
        hotels.find((h) => h.id === b.hotel_id),
        rooms.find((r) => r.id === b.room_id),
        b.order_id == null ? undefined : orders.get(b.order_id),
      ),
    );
  }

  /** Books rooms for a stay: every rule of spec 5, then the nights, the reservation, its order and its mail in one transaction. */
  async book(
    conferenceId: number,
    person: Booker,
    input: BookingInput,
    moduleOn: boolean,
    now = new Date(),
  ): Promise<{ bookingId: number; orderId: number }> {
    const settings = await repo.findSettings(this.db, conferenceId);
    const bar = await this.barOf(conferenceId, settings, person, moduleOn);
    if (bar === 'off') throw new AppError(409, 'userReg.serviceNotOpened');
    if (bar === 'closed' || !settings) throw new AppError(409, 'hotels:notAvailable');
    if (bar === 'notRegistered') throw new AppError(403, 'hotels:notRegistered');
    if (bar === 'notPaid') throw new AppError(403, 'hotels:notPaid');
    if (bar === 'notAccepted') throw new AppError(403, 'hotels:notAccepted');
    const room = await repo.findRoom(this.db, conferenceId, input.roomId);
    if (!room) throw new AppError(404, 'hotels:roomNotFound', { field: 'roomId' });
    if (room.price_amount == null) throw new AppError(409, 'hotels:roomNotPriced', { field: 'roomId' });
    this.checkStay(room, input);
    const decision = await this.limiter.hit(
      `hotelbook:${conferenceId}:${person.userId}`,
      BOOKING_RATE.limit,
      BOOKING_RATE.windowMs,
    );
    if (!decision.allowed) throw tooManyRequests();
    const site = await this.mailSites.mailSite(conferenceId);
    const hotel = (await repo.findHotel(this.db, conferenceId, room.hotel_id))!;

    return inTransaction(this.db, async (tx) => {
      // Read again under the room's lock: the manager may have changed it since.
      const locked = await lockRoom(tx, conferenceId, input.roomId);
      if (!locked) throw new AppError(404, 'hotels:roomNotFound', { field: 'roomId' });
      if (locked.price_amount == null) throw new AppError(409, 'hotels:roomNotPriced', { field: 'roomId' });
      this.checkStay(locked, input);
      const mine = await bookings.roomsHeldBy(tx, conferenceId, locked.id, person.userId);
      if (mine + input.quantity > locked.max_per_person)
        throw new AppError(409, 'hotels:perPersonMax', {
          field: 'quantity',
          params: { max: String(locked.max_per_person), held: String(mine) },
        });
      await takeNights(tx, locked, input);

      const nights = nightsOf(input.checkIn, input.checkOut).length;
      const prices = repo.roomPrices(locked, {
        currency: settings.currency,
        displayCurrency: settings.display_currency,
      });
      const unit = prices.price!;
      const total = multiplyMoney(unit, nights * input.quantity);
      const bookingId = await bookings.insertBooking(tx, {
        conference_id: conferenceId,
        user_id: person.userId,
        hotel_id: locked.hotel_id,
        room_id: locked.id,
        order_id: null,
        check_in: input.checkIn,
        check_out: input.checkOut,
        nights,
        quantity: input.quantity,
        currency: unit.currency,
        unit_amount: unit.amount,
        total_amount: total.amount,
        holds: 'held',
        status: 'pending',
        requirements: input.requirements,
        email: input.email,
        name: input.name,
        unit: input.unit,
        phone: input.phone,
        lang: person.lang,
      });
      const orderId = await this.orders.openOrder(tx, conferenceId, {
        userId: person.userId,
        type: 'hotel',
        openSlot: null,
        currency: unit.currency,
        displayCurrency: settings.display_currency || unit.currency,
        lang: person.lang,
        now,
        lines: [
          {
            kind: 'hotel',
            refId: bookingId,
            ...lineTitles(hotel, locked, input.checkIn, input.checkOut),
            unit,
            display: prices.display,
            quantity: nights * input.quantity,
          },
        ],
      });
      await bookings.updateBooking(tx, conferenceId, bookingId, { order_id: orderId });
      await this.events.emit(tx, 'hotel.booked', { conferenceId, bookingId, orderId, userId: person.userId });
      if (site) {
        // To the account's address: the booker e-mail is typed in the form and is not proven to be the person's.
        await enqueueConferenceMail(tx, conferenceId, 'hotelReservation', person.lang, [person.email], {
          conferenceName: textIn(site.name, person.lang),
          name: input.name,
          email: person.email,
          siteUrl: site.url,
          hotelName: person.lang === 'zh' ? hotel.name_zh : hotel.name_en,
          roomType: person.lang === 'zh' ? locked.type_zh : locked.type_en,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          rooms: String(input.quantity),
          amount: formatMoney(total, person.lang),
        });
      }
      return { bookingId, orderId };
    });
  }

  /** Spec 5's date rules against the room, and its minimum and maximum per person. */
  private checkStay(room: repo.RoomRow, input: Pick<BookingInput, 'checkIn' | 'checkOut' | 'quantity'>): void {
    const problem = stayProblem(input, { checkInStart: room.check_in_start, checkInEnd: room.check_in_end });
    if (problem) throw new AppError(400, problem[1], { field: problem[0] });
    if (input.quantity < room.min_per_person)
      throw new AppError(400, 'hotels:quantityBelowMin', {
        field: 'quantity',
        params: { min: String(room.min_per_person) },
      });
    if (input.quantity > room.max_per_person)
      throw new AppError(400, 'hotels:quantityAboveMax', {
        field: 'quantity',
        params: { max: String(room.max_per_person) },
      });
  }

  /** The person cancels an unpaid booking: its order is cancelled, and the order's 'order.closed' gives the nights back. */
  async cancel(conferenceId: number, userId: number, id: number): Promise<void> {
    const booking = await bookings.findBooking(this.db, conferenceId, id);
    if (!booking || booking.user_id !== userId) throw new AppError(404, 'hotels:bookingNotFound');
    const [view] = await this.views(conferenceId, [booking]);
    if (!view.can.cancel || booking.order_id == null)
      throw new AppError(409, view.payment === 'paid' ? 'hotels:paidNoCancel' : 'hotels:cannotCancel');
    await this.orders.cancel(conferenceId, userId, booking.order_id);
  }
}

/** An order line's titles: hotel · room type, check-in → check-out (the order screens and the wallets show them). */
export function lineTitles(
  hotel: repo.HotelRow,
  room: repo.RoomRow,
  checkIn: string,
  checkOut: string,
): { titleZh: string; titleEn: string } {
  return {
    titleZh: `${hotel.name_zh} · ${room.type_zh}（${checkIn} 至 ${checkOut}）`.slice(0, 300),
    titleEn: `${hotel.name_en} · ${room.type_en} (${checkIn} to ${checkOut})`.slice(0, 300),
  };
}
