/**
 * The hotel screens (spec 2.10 hotel/order, 2.12 manage/hotel and config/hotel): the booking page
 * in the personal centre, the managers' reservations and the hotel configuration.
 */
import { Router } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { filterFromAddress } from '../../platform/listAddress';
import { reservationQuery } from '../../contract/hotels';
import { bookerOf, hotelModuleOn } from './routes';

export function hotelsPageRouter({ hotelConfig, hotelBooking, hotelDesk, shell }: Deps): Router {
  const router = Router();
  router.get('/profile/hotel/order', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const roomId = Number(req.query.room) || null;
    const page = await hotelBooking.page(conferenceOf(req), bookerOf(req), hotelModuleOn(req));
    await shell.profileScreen(req, res, {
      title: t(lang, 'hotels:bookTitle'),
      island: { island: 'ProfileHotel', props: { lang, mobile, page, roomId } },
    });
  });
  router.get('/platform/manage/hotel', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    // the address's filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(reservationQuery, req.query);
    const [hotels, first] = await Promise.all([
      hotelConfig.hotels(conferenceId),
      hotelDesk.list(conferenceId, { ...filter, page: 1, size: 20 }),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'hotels:manageTitle'),
      island: { island: 'ManageHotel', props: { lang, mobile, hotels, first, filter } },
    });
  });
  router.get('/platform/config/hotel', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    const [settings, hotels] = await Promise.all([
      hotelConfig.settings(conferenceId),
      hotelConfig.hotels(conferenceId),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'hotels:configTitle'),
      island: { island: 'ManageHotelConfig', props: { lang, mobile, settings, hotels } },
    });
  });
  return router;
}
