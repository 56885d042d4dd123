/**
 * Hotels (issue 14): the hotel configuration (settings, hotels, room types), room-night inventory
 * that is never oversold (inventory.ts), bookings paid through orders' hotel orders (booking.ts),
 * and the managers' reservations with the occupancy grid and the rooming list (desk.ts). Orders'
 * events keep a booking's nights in step with its order (handlers.ts).
 */
import { defineFeature } from '../../platform/feature';
import { hotelsPersonalData } from './personalData';
import { HotelBooking } from './booking';
import { HotelConfig } from './config';
import { HotelDesk } from './desk';
import { roomingOf } from './exportWork';
import { hotelHandlers } from './handlers';
import { hotelsOverview } from './overview';
import { hotelsPageRouter } from './pages';
import { hotelsApiRouter } from './routes';

declare module '../../platform/events' {
  interface EventMap {
    /** a person booked rooms (booking.ts), in the transaction that took the nights and wrote the order */
    'hotel.booked': { conferenceId: number; bookingId: number; orderId: number; userId: number };
  }
}

declare module '../../platform/feature' {
  interface FeatureServices {
    hotelConfig: HotelConfig;
    hotelBooking: HotelBooking;
    hotelDesk: HotelDesk;
  }
}

export const hotelsFeature = defineFeature({
  name: 'hotels',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [hotelsPersonalData(db)],
  services: ({ db, orders, orderDesk, registration, limiter, events, mailSites }) => {
    const hotelBooking = new HotelBooking(db, orders, registration, limiter, events, mailSites);
    return {
      hotelConfig: new HotelConfig(db, orders),
      hotelBooking,
      hotelDesk: new HotelDesk(db, hotelBooking, orders, orderDesk),
    };
  },
  api: (deps) => [hotelsApiRouter(deps)],
  pages: (deps) => [hotelsPageRouter(deps)],
  events: () => hotelHandlers(),
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [hotelsOverview(db)],
  // the rooming list of many reservations: a piece of work with progress (exportWork.ts)
  work: (deps) => [roomingOf(deps)],
  // Spec 2.12's order: users, submissions, reviewers, hotels, orders; customisation after e-mail.
  manageMenu: [
    { href: '/platform/manage/hotel', labelKey: 'hotels:menu.manage', order: 24, who: 'admin' },
    {
      href: '/platform/config/hotel',
      labelKey: 'hotels:menu.config',
      group: 'customization',
      order: 115,
      who: 'admin',
    },
  ],
  profileMenu: [{ href: '/profile/hotel/order', labelKey: 'hotels:menu.book', order: 13 }],
});
