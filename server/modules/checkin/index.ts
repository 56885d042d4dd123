/**
 * Check-in (issue 33): desks, desk staff (the `checkin` role a manager grants), scanning badges
 * and tickets at the door (one check-in per person however many desks scan at once), undo, pay
 * on site, a badge printed again, offline scans synced, live counts and the attendance export.
 */
import { defineFeature } from '../../platform/feature';
import { CHECKIN_AREA, CHECKIN_DESK } from '../../platform/access';
import { Attendance } from './attendance';
import { attendanceExportOf } from './exportWork';
import { checkinOverview } from './overview';
import { checkinApiRouter, checkinPageRouter } from './routes';
import { CheckinService } from './service';

/** Live counts (checked in, registered, per hour) for the organiser's overview: `liveCounts(db, conferenceId, timeZone)`. */
export { liveCounts } from './counts';
export type { CheckinService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    checkin: CheckinService;
  }
}

export const checkinFeature = defineFeature({
  name: 'checkin',
  // orders, fees and hotels are listed before checkin; read lazily so a test may swap them
  services: (deps) => ({
    checkin: new CheckinService(deps.db, () => ({
      orders: deps.orders,
      orderDesk: deps.orderDesk,
      fees: deps.fees,
      hotelBooking: deps.hotelBooking,
    })),
  }),
  api: (deps) => [checkinApiRouter(deps, new Attendance(deps.db))],
  pages: (deps) => [checkinPageRouter(deps)],
  work: (deps) => [attendanceExportOf(deps)],
  // live counts on the managers' overview (overview.ts)
  overview: ({ db }) => [checkinOverview(db)],
  manageMenu: [
    { href: CHECKIN_AREA, labelKey: 'checkin:menu.manage', order: 26, who: 'admin' },
    { href: CHECKIN_DESK, labelKey: 'checkin:menu.desk', order: 27, who: 'desk' },
  ],
});
