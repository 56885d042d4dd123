/**
 * The managers' reservations (/platform/manage/hotel; spec 2.12, 4 "Hotel reservation (manager
 * actions)"): the list with its filters, confirm, cancel, change the payment status (through the
 * orders' deal, so money is recorded in one place), delete, change dates (the new nights taken in
 * the transaction that gives the old ones back), the per-night occupancy grid and the rooming
 * list's rows (its workbook is written in the pool: exportWork.ts).
 *
 * Lock order, shared with the orders' paths that reach hotels through events: the order first,
 * then the booking, then the room and its nights. So a manager's change never waits crosswise on
 * the expiry job or a payment.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { toDbInstant } from '../../db/dialect';
import { multiplyMoney } from '../../contract/money';
import {
  latestCheckOut,
  nightsOf,
  type OccupancyView,
  type ReservationPage,
  type ReservationQuery,
  type ReservationView,
} from '../../contract/hotels';
import type { Lang } from '../../contract/enums';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { countCell, dayCell, moneyCell } from '../../platform/tableCells';
import { accountsByIds } from '../accounts/index';
import { byManager, type OrderManagement, type OrderService } from '../orders';
import type { HotelBooking } from './booking';
import { lineTitles } from './booking';
import { lockRoom, releaseNights, takeNights } from './inventory';
import { paymentOf } from './present';
import * as bookings from './bookingRepo';
import * as repo from './repo';

export type DeskOrders = Pick<OrderService, 'lockState' | 'cancelOpen' | 'restate' | 'statesOf'>;

export class HotelDesk {
  constructor(
    private readonly db: Db,
    private readonly booking: HotelBooking,
    private readonly orders: DeskOrders,
    private readonly orderDesk: Pick<OrderManagement, 'deal'>,
  ) {}

  async list(conferenceId: number, q: ReservationQuery): Promise<ReservationPage> {
    let rows = await bookings.listReservations(this.db, conferenceId, q);
    // The payment status is the order's (orders own it): filtered after reading the orders' states.
    if (q.payment) {
      const states = await this.orders.statesOf(
        this.db,
        conferenceId,
        rows.flatMap((r) => (r.order_id == null ? [] : [r.order_id])),
      );
      rows = rows.filter((r) => paymentOf(r.order_id == null ? undefined : states.get(r.order_id)) === q.payment);
    }
    const page = rows.slice((q.page - 1) * q.size, q.page * q.size);
    return { rows: await this.reservations(conferenceId, page), total: rows.length };
  }

  async one(conferenceId: number, id: number): Promise<ReservationView> {
    const booking = await bookings.findBooking(this.db, conferenceId, id);
    if (!booking) throw new AppError(404, 'hotels:bookingNotFound');
    return (await this.reservations(conferenceId, [booking]))[0];
  }

  private async reservations(conferenceId: number, rows: bookings.BookingRow[]): Promise<ReservationView[]> {
    const views = await this.booking.views(conferenceId, rows);
    const people = await accountsByIds(
      this.db,
      rows.map((r) => r.user_id),
    );
    return views.map((v, i) => ({
      ...v,
      userId: rows[i].user_id,
      account: people.get(rows[i].user_id)?.email ?? '',
    }));
  }

  /** Pending → confirmed, for a booking that still has its nights. */
  async confirm(conferenceId: number, id: number): Promise<ReservationView> {
    await inTransaction(this.db, async (tx) => {
      const booking = await bookings.lockBooking(tx, conferenceId, id);
      if (!booking || booking.deleted_at) throw new AppError(404, 'hotels:bookingNotFound');
      if (booking.status !== 'pending' || booking.holds === 'released') throw new AppError(409, 'hotels:cannotConfirm');
      await bookings.updateBooking(tx, conferenceId, id, { status: 'confirmed' });
    });
    return this.one(conferenceId, id);
  }

  /**
   * Cancels a booking: an open order is cancelled (its 'order.closed' gives the nights back); a
   * paid one keeps its money (a refund is the order screen's) and the nights go back here.
   */
  async cancel(conferenceId: number, managerId: number, id: number): Promise<ReservationView> {
    await this.close(conferenceId, managerId, id, false);
    return this.one(conferenceId, id);
  }

  /** Deletes a booking: closed as by cancel, then gone from every list (kept for the books). */
  async remove(conferenceId: number, managerId: number, id: number): Promise<void> {
    await this.close(conferenceId, managerId, id, true);
  }

  private async close(conferenceId: number, managerId: number, id: number, deleting: boolean): Promise<void> {
    const found = await bookings.findBooking(this.db, conferenceId, id);
    if (!found) throw new AppError(404, 'hotels:bookingNotFound');
    await inTransaction(this.db, async (tx) => {
      if (found.order_id != null) await this.orders.lockState(tx, conferenceId, found.order_id);
      const booking = await bookings.lockBooking(tx, conferenceId, id);
      if (!booking || booking.deleted_at) throw new AppError(404, 'hotels:bookingNotFound');
      const active = booking.status === 'pending' || booking.status === 'confirmed';
      if (!active && !deleting) throw new AppError(409, 'hotels:cannotCancel');
      if (booking.order_id != null)
        await this.orders.cancelOpen(tx, conferenceId, booking.order_id, byManager(managerId));
      await releaseNights(tx, booking);
      const after = (await bookings.lockBooking(tx, conferenceId, id))!;
      await bookings.updateBooking(tx, conferenceId, id, {
        ...(after.status === 'pending' || after.status === 'confirmed' ? { status: 'cancelled' as const } : {}),
        ...(deleting ? { deleted_at: toDbInstant() } : {}),
      });
    });
  }

  /** The payment status through the orders' deal: paid with the amount that arrived, or unpaid (a closed order reopened, its nights taken again). */
  async payment(
    conferenceId: number,
    managerId: number,
    id: number,
    input: { status: 'paid' | 'unpaid'; actualPay: string },
  ): Promise<ReservationView> {
    const booking = await bookings.findBooking(this.db, conferenceId, id);
    if (!booking) throw new AppError(404, 'hotels:bookingNotFound');
    if (booking.order_id == null) throw new AppError(409, 'hotels:noOrder');
    // A hotel order has no fee lines, so the deal has no fee places to take again; its nights are taken on 'order.reopened' (handlers.ts).
    await this.orderDesk.deal(
      conferenceId,
      managerId,
      booking.order_id,
      { status: input.status, actualPay: input.actualPay, remark: '' },
      { hold: async () => undefined },
    );
    return this.one(conferenceId, id);
  }

  /**
   * New dates for a booking that holds its nights: the new nights are checked and taken, and the
   * old ones given back, in one transaction under the room's lock. An unpaid order is restated
   * with the new number of nights; a paid one keeps its amount, so its number of nights may not change.
   */
  async dates(
    conferenceId: number,
    managerId: number,
    id: number,
    stay: { checkIn: string; checkOut: string },
  ): Promise<ReservationView> {
    const found = await bookings.findBooking(this.db, conferenceId, id);
    if (!found) throw new AppError(404, 'hotels:bookingNotFound');
    await inTransaction(this.db, async (tx) => {
      const orderStatus = found.order_id != null ? await this.orders.lockState(tx, conferenceId, found.order_id) : null;
      const booking = await bookings.lockBooking(tx, conferenceId, id);
      if (!booking || booking.deleted_at) throw new AppError(404, 'hotels:bookingNotFound');
      if (booking.holds === 'released' || (booking.status !== 'pending' && booking.status !== 'confirmed'))
        throw new AppError(409, 'hotels:cannotChangeDates');
      const nights = nightsOf(stay.checkIn, stay.checkOut).length;
      if (booking.holds === 'sold' && nights !== booking.nights)
        throw new AppError(409, 'hotels:paidNightsFixed', {
          field: 'checkOut',
          params: { nights: String(booking.nights) },
        });
      const room = await lockRoom(tx, conferenceId, booking.room_id);
      if (!room) throw new AppError(404, 'hotels:roomNotFound');
      if (stay.checkIn < room.check_in_start || stay.checkOut > latestCheckOut({ checkInEnd: room.check_in_end }))
        throw new AppError(400, 'hotels:datesOutsideRoom', {
          field: 'checkIn',
          params: { start: room.check_in_start, end: room.check_in_end },
        });
      await takeNights(
        tx,
        room,
        { ...stay, quantity: booking.quantity },
        {
          checkIn: booking.check_in,
          checkOut: booking.check_out,
          quantity: booking.quantity,
          holds: booking.holds,
        },
      );
      const unit = booking.price;
      const total = multiplyMoney(unit, nights * booking.quantity);
      await bookings.updateBooking(tx, conferenceId, id, {
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        nights,
        total_amount: total.amount,
      });
      if (booking.order_id != null && orderStatus === 'unpaid') {
        const hotel = (await repo.findHotel(tx, conferenceId, booking.hotel_id))!;
        await this.orders.restate(
          tx,
          conferenceId,
          booking.order_id,
          {
            kind: 'hotel',
            refId: id,
            ...lineTitles(hotel, room, stay.checkIn, stay.checkOut),
            unit,
            quantity: nights * booking.quantity,
          },
          byManager(managerId),
        );
      }
    });
    return this.one(conferenceId, id);
  }

  /** Per room type and night, the rooms held and sold (the nights from `hotelId`'s rooms, or all). */
  async occupancy(conferenceId: number, hotelId?: number): Promise<OccupancyView> {
    const [hotels, rooms] = await Promise.all([
      repo.listHotels(this.db, conferenceId),
      repo.listRooms(this.db, conferenceId, hotelId),
    ]);
    const nights = await repo.nightsOfRooms(
      this.db,
      conferenceId,
      rooms.map((r) => r.id),
    );
    const days = [...new Set(nights.map((n) => n.night))].sort();
    return {
      nights: days,
      rooms: rooms.map((r) => {
        const hotel = hotels.find((h) => h.id === r.hotel_id);
        const cells: OccupancyView['rooms'][number]['cells'] = {};
        for (const n of nights) if (n.room_id === r.id) cells[n.night] = { held: n.held, sold: n.sold };
        return {
          roomId: r.id,
          hotelId: r.hotel_id,
          hotelZh: hotel?.name_zh ?? '',
          hotelEn: hotel?.name_en ?? '',
          roomZh: r.type_zh,
          roomEn: r.type_en,
          total: r.total,
          cells,
        };
      }),
    };
  }

  /** How many reservations the rooming list shows (whether it is answered at once or as a piece of work). */
  async roomingCount(conferenceId: number, hotelId?: number): Promise<number> {
    return bookings.roomingCount(this.db, conferenceId, hotelId);
  }

  /**
   * The fingerprint of what the rooming list shows: the bookings' count and last change (every
   * booking of the conference, so one that stopped keeping its nights counts), the hotels' and
   * rooms' names, and the payment status of the orders (the orders' own).
   */
  async roomingVersion(conferenceId: number): Promise<string> {
    const stamps = await repo.roomingStamps(this.db, conferenceId);
    const orderIds = await bookings.roomingOrderIds(this.db, conferenceId);
    const states = [...(await this.orders.statesOf(this.db, conferenceId, orderIds)).entries()]
      .map(([id, s]) => `${id}:${s.status}`)
      .sort()
      .join(',');
    const paid = createHash('sha1').update(states).digest('base64url').slice(0, 16);
    return [...stamps.map((s) => `${s.n}@${s.last}`), paid].join('|');
  }

  /** The rooming list's sheets: one per hotel, one row per reservation and night, for the bookings that keep their nights. */
  async roomingTable(conferenceId: number, lang: Lang, hotelId?: number): Promise<TableSheet[]> {
    const hotels = (await repo.listHotels(this.db, conferenceId)).filter((h) => !hotelId || h.id === hotelId);
    const rows = await bookings.roomingBookings(this.db, conferenceId, hotelId);
    const views = await this.reservations(conferenceId, rows);
    const columns = [
      'night',
      'room',
      'quantity',
      'name',
      'unit',
      'email',
      'phone',
      'checkIn',
      'checkOut',
      'status',
      'payment',
      'orderNo',
      'price',
      'requirements',
    ];
    const head = columns.map((c) => t(lang, `hotels:rooming.${c}`));
    const used = new Set<string>();
    const sheets: TableSheet[] = hotels.map((hotel) => {
      const name =
        (lang === 'zh' ? hotel.name_zh : hotel.name_en).replace(/[*?:\\/[\]]/g, ' ').slice(0, 28) || `#${hotel.id}`;
      const sheetName = used.has(name) ? `${name.slice(0, 24)} ${hotel.id}` : name;
      used.add(name);
      const rows = views
        .filter((v) => v.hotelId === hotel.id)
        .flatMap((v) => nightsOf(v.checkIn, v.checkOut).map((night) => ({ night, v })))
        .sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : a.v.id - b.v.id))
        // Nights and stays are date cells, rooms and prices numbers (issue 32): sorted and summed in the sheet.
        .map(({ night, v }): TableCell[] => [
          dayCell(night),
          lang === 'zh' ? v.roomZh : v.roomEn,
          countCell(v.quantity),
          v.name,
          v.unit,
          v.email,
          v.phone,
          dayCell(v.checkIn),
          dayCell(v.checkOut),
          t(lang, `hotels:status.${v.status}`),
          t(lang, `hotels:payment.${v.payment}`),
          v.orderNo,
          moneyCell(v.price, { currency: true }),
          v.requirements,
        ]);
      return { name: sheetName, head, rows, widths: head.map(() => 16) };
    });
    return sheets.length ? sheets : [{ name: t(lang, 'hotels:rooming.sheet'), head: [], rows: [] }];
  }
}
