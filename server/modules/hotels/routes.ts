/**
 * The hotel calls (server/contract/hotels.ts): thin handlers — the endpoint parses, the guard
 * decides who, the services do the rules and the transactions.
 */
import { Router, type Request } from 'express';
import { access, conferenceOf, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { unauthorized } from '../../platform/errors';
import { route, SENT } from '../../platform/route';
import { workAsker, workStarted } from '../../platform/work/index';
import { sendAttachment } from '../../platform/download';
import { XLSX_TYPE } from '../../platform/xlsx';
import { hotelsApi as api } from '../../contract/hotels';
import { assertOpenTo } from '../sites/index';
import { todayIn } from '../../platform/localTime';
import type { Booker } from './booking';
import { BOOKINGS_AT_ONCE, roomingOf } from './exportWork';
import { identityOf, siteOf, timeZoneOf } from '../../platform/context';

/** The signed-in person as the booking rules see them: their account, the page's language, today in the conference's zone. */
export function bookerOf(req: Request): Booker {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  return { userId: identity.user.id, email: identity.user.email, lang: req.ctx.lang, today: todayIn(timeZoneOf(req)) };
}

/** The hotel module's switch (on unless a platform administrator turned it off for the conference). */
export function hotelModuleOn(req: Request): boolean {
  return siteOf(req)?.modules.hotel !== false;
}

export function hotelsApiRouter(deps: Deps): Router {
  const { hotelConfig: config, hotelBooking: booking, hotelDesk: desk } = deps;
  const router = Router();

  route(router, api.settings, access('manager'), async (_input, req) => config.settings(conferenceOf(req)));
  route(router, api.saveSettings, access('manager'), async ({ body }, req) =>
    config.saveSettings(conferenceOf(req), body),
  );
  route(router, api.hotels, access('manager'), async (_input, req) => config.hotels(conferenceOf(req)));
  route(router, api.createHotel, access('manager'), async ({ body }, req) =>
    config.createHotel(conferenceOf(req), body),
  );
  route(router, api.updateHotel, access('manager'), async ({ params: { id }, body }, req) =>
    config.updateHotel(conferenceOf(req), id, body),
  );
  route(router, api.removeHotel, access('manager'), async ({ params: { id } }, req) =>
    config.removeHotel(conferenceOf(req), id),
  );
  route(router, api.createRoom, access('manager'), async ({ params: { id }, body }, req) =>
    config.createRoom(conferenceOf(req), id, body),
  );
  route(router, api.updateRoom, access('manager'), async ({ params: { id }, body }, req) =>
    config.updateRoom(conferenceOf(req), id, body),
  );
  route(router, api.removeRoom, access('manager'), async ({ params: { id } }, req) =>
    config.removeRoom(conferenceOf(req), id),
  );

  // The booking calls follow the unpublished rule of the pages before reading their input.
  route(router, api.page, access('user', 'conference'), async (_input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return booking.page(conferenceOf(req), bookerOf(req), hotelModuleOn(req));
  });
  route(router, api.book, access('user', 'conference'), async ({ body }, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return booking.book(conferenceOf(req), bookerOf(req), body, hotelModuleOn(req));
  });
  route(router, api.cancel, access('user', 'conference'), async ({ params: { id } }, req) => {
    await booking.cancel(conferenceOf(req), userOf(req), id);
    return booking.page(conferenceOf(req), bookerOf(req), hotelModuleOn(req));
  });

  route(router, api.list, access('manager'), async ({ query }, req) => desk.list(conferenceOf(req), query));
  route(router, api.confirm, access('manager'), async ({ params: { id } }, req) => desk.confirm(conferenceOf(req), id));
  route(router, api.cancelReservation, access('manager'), async ({ params: { id } }, req) =>
    desk.cancel(conferenceOf(req), userOf(req), id),
  );
  route(router, api.payment, access('manager'), async ({ params: { id }, body }, req) =>
    desk.payment(conferenceOf(req), userOf(req), id, body),
  );
  route(router, api.dates, access('manager'), async ({ params: { id }, body }, req) =>
    desk.dates(conferenceOf(req), userOf(req), id, body),
  );
  route(router, api.remove, access('manager'), async ({ params: { id } }, req) => {
    await desk.remove(conferenceOf(req), userOf(req), id);
    return null;
  });
  route(router, api.occupancy, access('manager'), async ({ query }, req) =>
    desk.occupancy(conferenceOf(req), query.hotelId),
  );
  // A few hundred reservations are written in the pool while the request waits; more are a piece of work (202, exportWork.ts).
  route(router, api.rooming, access('manager'), async ({ body }, req, res) => {
    if ((await desk.roomingCount(conferenceOf(req), body.hotelId)) > BOOKINGS_AT_ONCE)
      return workStarted(res, await deps.work.ask(roomingOf(deps), workAsker(req), body));
    const sheets = await desk.roomingTable(conferenceOf(req), req.ctx.lang, body.hotelId);
    sendAttachment(
      res,
      'rooming.xlsx',
      XLSX_TYPE,
      Buffer.from(await deps.work.compute<Uint8Array>(conferenceOf(req), 'platform.table', { sheets })),
    );
    return SENT;
  });
  return router;
}
