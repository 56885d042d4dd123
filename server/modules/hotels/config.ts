/**
 * The managers' hotel configuration (/platform/config/hotel; spec 3, 4, 5 "Hotel config", "Room
 * config"): the basic settings, the hotels and their room types. A room's nights are kept in step
 * with its dates and total under the room's lock (inventory.ts reshapeRoom). A change of the
 * settlement currency, once the manager confirms it, voids the unpaid hotel orders (their nights
 * go back) and the rooms' prices, which must be set again in the new currency (spec 4).
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import {
  readRoom,
  roomProblem,
  type HotelInput,
  type RoomInput,
  type HotelSettingsView,
  type HotelView,
  type SettingsInput,
} from '../../contract/hotels';
import type { z } from 'zod';
import type { roomInput } from '../../contract/hotels';
import { AppError } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/sanitize';
import { lockRoom, reshapeRoom } from './inventory';
import { presentHotel, presentRoom, presentSettings } from './present';
import * as bookings from './bookingRepo';
import * as repo from './repo';

/** What the configuration needs of orders: to void the unpaid orders of the bookings a currency change concerns. */
export type OrderVoider = { invalidate(tx: Tx, conferenceId: number, ids: number[]): Promise<number> };

export class HotelConfig {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderVoider,
  ) {}

  async settings(conferenceId: number): Promise<HotelSettingsView> {
    return presentSettings(await repo.findSettings(this.db, conferenceId));
  }

  async saveSettings(conferenceId: number, input: SettingsInput): Promise<HotelSettingsView> {
    await inTransaction(this.db, async (tx) => {
      const before = await repo.lockSettings(tx, conferenceId);
      const currencyChanged = Boolean(before && before.currency !== input.currency);
      if (currencyChanged) {
        const unpaid = await bookings.unpaidOrders(tx, conferenceId);
        const priced = (await repo.listRooms(tx, conferenceId)).filter((r) => r.price_amount != null).length;
        if ((unpaid.length || priced) && input.confirm !== true) {
          throw new AppError(409, 'hotels:currencyConfirm', {
            field: 'currency',
            params: { unpaidOrders: String(unpaid.length), rooms: String(priced) },
          });
        }
        await this.orders.invalidate(tx, conferenceId, unpaid);
        await repo.clearRoomPrices(tx, conferenceId);
      }
      await repo.saveSettings(
        tx,
        conferenceId,
        {
          start_date: input.startDate,
          end_date: input.endDate,
          open: input.open,
          currency: input.currency,
          display_currency: input.displayCurrency,
          description_zh: sanitizeHtml(input.descriptionZh),
          description_en: sanitizeHtml(input.descriptionEn),
          condition: input.condition,
          condition_note_zh: input.conditionNoteZh,
          condition_note_en: input.conditionNoteEn,
          authors_after_acceptance: input.authorsAfterAcceptance,
        },
        Boolean(before),
      );
    });
    return this.settings(conferenceId);
  }

  async hotels(conferenceId: number): Promise<HotelView[]> {
    const settings = presentSettings(await repo.findSettings(this.db, conferenceId));
    const [hotels, rooms] = await Promise.all([
      repo.listHotels(this.db, conferenceId),
      repo.listRooms(this.db, conferenceId),
    ]);
    const nights = await repo.nightsOfRooms(
      this.db,
      conferenceId,
      rooms.map((r) => r.id),
    );
    return hotels.map((h) =>
      presentHotel(
        h,
        rooms
          .filter((r) => r.hotel_id === h.id)
          .map((r) =>
            presentRoom(
              r,
              nights.filter((n) => n.room_id === r.id),
              settings,
            ),
          ),
      ),
    );
  }

  async createHotel(conferenceId: number, input: HotelInput): Promise<HotelView[]> {
    await this.mustHaveSettings(conferenceId);
    await inTransaction(this.db, (tx) => repo.insertHotel(tx, conferenceId, columnsOf(input)));
    return this.hotels(conferenceId);
  }

  async updateHotel(conferenceId: number, id: number, input: HotelInput): Promise<HotelView[]> {
    if (!(await repo.findHotel(this.db, conferenceId, id))) throw new AppError(404, 'hotels:notFound');
    await inTransaction(this.db, (tx) => repo.updateHotel(tx, conferenceId, id, columnsOf(input)));
    return this.hotels(conferenceId);
  }

  /** A hotel with bookings is kept (its bookings name it); one without is deleted with its rooms. */
  async removeHotel(conferenceId: number, id: number): Promise<HotelView[]> {
    if (!(await repo.findHotel(this.db, conferenceId, id))) throw new AppError(404, 'hotels:notFound');
    await inTransaction(this.db, async (tx) => {
      if (await bookings.anyBookingOf(tx, conferenceId, { hotel_id: id }))
        throw new AppError(409, 'hotels:hasBookings');
      for (const room of await repo.listRooms(tx, conferenceId, id)) await repo.deleteRoom(tx, conferenceId, room.id);
      await repo.deleteHotel(tx, conferenceId, id);
    });
    return this.hotels(conferenceId);
  }

  async createRoom(conferenceId: number, hotelId: number, input: z.output<typeof roomInput>): Promise<HotelView[]> {
    const settings = await this.mustHaveSettings(conferenceId);
    if (!(await repo.findHotel(this.db, conferenceId, hotelId))) throw new AppError(404, 'hotels:notFound');
    const room = this.readRoom(input, settings, 0);
    await inTransaction(this.db, async (tx) => {
      const id = await repo.insertRoom(tx, conferenceId, { hotel_id: hotelId, ...roomColumns(room) });
      await reshapeRoom(tx, (await lockRoom(tx, conferenceId, id))!, room);
    });
    return this.hotels(conferenceId);
  }

  async updateRoom(conferenceId: number, id: number, input: z.output<typeof roomInput>): Promise<HotelView[]> {
    const settings = await this.mustHaveSettings(conferenceId);
    if (!(await repo.findRoom(this.db, conferenceId, id))) throw new AppError(404, 'hotels:notFound');
    const room = this.readRoom(input, settings, 0);
    await inTransaction(this.db, async (tx) => {
      const locked = await lockRoom(tx, conferenceId, id);
      if (!locked) throw new AppError(404, 'hotels:notFound');
      // The count already booked is read under the room's lock (reshapeRoom), where the rule is decided.
      await reshapeRoom(tx, locked, room);
      await repo.updateRoom(tx, conferenceId, id, roomColumns(room));
    });
    return this.hotels(conferenceId);
  }

  async removeRoom(conferenceId: number, id: number): Promise<HotelView[]> {
    await inTransaction(this.db, async (tx) => {
      if (!(await lockRoom(tx, conferenceId, id))) throw new AppError(404, 'hotels:notFound');
      if (await bookings.anyBookingOf(tx, conferenceId, { room_id: id })) throw new AppError(409, 'hotels:hasBookings');
      await repo.deleteRoom(tx, conferenceId, id);
    });
    return this.hotels(conferenceId);
  }

  /** 'Please save basic setting first' (spec 5 "Room config"). */
  private async mustHaveSettings(conferenceId: number): Promise<repo.SettingsRow> {
    const settings = await repo.findSettings(this.db, conferenceId);
    if (!settings) throw new AppError(409, 'hotels:saveSettingsFirst');
    return settings;
  }

  private readRoom(input: z.output<typeof roomInput>, settings: repo.SettingsRow, booked: number): RoomInput {
    const read = readRoom(input, { currency: settings.currency, displayCurrency: settings.display_currency });
    if (!read.ok) throw new AppError(400, read.key, { field: read.field });
    const problem = roomProblem(read.room, booked);
    if (problem) throw new AppError(400, problem[1], { field: problem[0] });
    return read.room;
  }
}

function columnsOf(input: HotelInput): Omit<repo.HotelRow, 'id' | 'conference_id' | 'sort'> {
  return {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    stars: input.stars,
    link: input.link,
    address_zh: input.addressZh,
    address_en: input.addressEn,
    photo: input.photo,
    map_link: input.mapLink,
  };
}

function roomColumns(room: RoomInput): Omit<repo.RoomRow, 'id' | 'conference_id' | 'hotel_id'> {
  return {
    type_zh: room.typeZh,
    type_en: room.typeEn,
    price_amount: room.price.amount,
    display_price_amount: room.display.amount,
    total: room.total,
    check_in_start: room.checkInStart,
    check_in_end: room.checkInEnd,
    min_per_person: room.minPerPerson,
    max_per_person: room.maxPerPerson,
  };
}
