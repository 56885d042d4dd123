/**
 * What hotels do when orders and registration change (spec 4), in the transaction of the change:
 * a hotel order paid sells its booking's nights and confirms the booking (a paid booking's rooms
 * are sold and kept: showing it "pending" until a manager clicks told the attendee the opposite); cancelled, expired or voided gives them back and
 * closes the booking with the same word; reopened by a manager's deal takes them again (or the
 * deal is refused with 'hotels:soldOut'). A deleted registrant's bookings are voided, paid ones
 * included ('Deleting a user invalidates that user's hotel bookings'); their orders are voided by
 * orders' own handler, whose 'order.closed' lands here as well.
 */
import { handle, type Subscription } from '../../platform/events';
import { toDbInstant } from '../../db/dialect';
import { lockRoom, releaseNights, sellNights, takeNights } from './inventory';
import * as bookings from './bookingRepo';

const ACTIVE = ['pending', 'confirmed'];

export function hotelHandlers(): readonly Subscription[] {
  return [
    handle('order.paid', async (tx, { conferenceId, orderId, type }) => {
      if (type !== 'hotel') return;
      for (const booking of await bookings.bookingsOfOrder(tx, conferenceId, orderId)) {
        await sellNights(tx, booking);
        if (booking.status === 'pending')
          await bookings.updateBooking(tx, conferenceId, booking.id, { status: 'confirmed' });
      }
    }),
    handle('order.closed', async (tx, { conferenceId, orderId, type, status }) => {
      if (type !== 'hotel') return;
      for (const booking of await bookings.bookingsOfOrder(tx, conferenceId, orderId)) {
        await releaseNights(tx, booking);
        if (ACTIVE.includes(booking.status))
          await bookings.updateBooking(tx, conferenceId, booking.id, { status: status });
      }
    }),
    handle('order.reopened', async (tx, { conferenceId, orderId, type }) => {
      if (type !== 'hotel') return;
      for (const booking of await bookings.bookingsOfOrder(tx, conferenceId, orderId)) {
        if (booking.deleted_at || booking.holds !== 'released') continue;
        const room = await lockRoom(tx, conferenceId, booking.room_id);
        if (!room) continue;
        await takeNights(tx, room, {
          checkIn: booking.check_in,
          checkOut: booking.check_out,
          quantity: booking.quantity,
        });
        await bookings.updateBooking(tx, conferenceId, booking.id, { holds: 'held', status: 'pending' });
      }
    }),
    handle('registrant.deleted', async (tx, { conferenceId, userId }) => {
      for (const booking of await bookings.liveBookingsOfUser(tx, conferenceId, userId)) {
        await releaseNights(tx, booking);
        if (ACTIVE.includes(booking.status))
          await bookings.updateBooking(tx, conferenceId, booking.id, { status: 'invalid', updated_at: toDbInstant() });
      }
    }),
  ];
}
