/**
 * The check-in API (server/contract/checkin.ts) and its two screens: the managers' screen
 * (/platform/manage/checkin: desks, desk staff, live counts, attendance and its Excel) and the
 * desk (/platform/manage/checkin/desk), phone first, for desk staff and managers. Thin: the
 * endpoint parses, the guard decides who, the service does the rule.
 */
import { Router } from 'express';
import { access, CHECKIN_AREA, CHECKIN_DESK, conferenceOf, screen, userOf } from '../../platform/access';
import { timeZoneOf } from '../../platform/context';
import type { Deps } from '../../platform/feature';
import { route, SENT } from '../../platform/route';
import { sendAttachment } from '../../platform/download';
import { sendPdf } from '../../platform/pdf/send';
import { t } from '../../platform/i18n';
import { filterFromAddress } from '../../platform/listAddress';
import { workAsker, workStarted } from '../../platform/work/index';
import { XLSX_TYPE } from '../../platform/xlsx';
import { attendanceQuery, checkinApi, DESK_WORKER } from '../../contract/checkin';
import { deskWorkerScript, deskWorkerVersion } from './offline';
import type { Attendance } from './attendance';
import { ATTENDANCE_AT_ONCE, attendanceExportOf } from './exportWork';

export function checkinApiRouter(deps: Deps, attendance: Attendance): Router {
  const { checkin, badges, work } = deps;
  const router = Router();
  // the desk
  route(router, checkinApi.desks, access('desk'), async (_input, req) =>
    (await checkin.desks(conferenceOf(req))).filter((d) => !d.retired),
  );
  route(router, checkinApi.lookup, access('desk'), async ({ query }, req) =>
    checkin.lookup(conferenceOf(req), query, timeZoneOf(req)),
  );
  route(router, checkinApi.checkin, access('desk'), async ({ body }, req) =>
    checkin.checkIn(conferenceOf(req), userOf(req), body.registrantId, body.deskId, timeZoneOf(req)),
  );
  route(router, checkinApi.sync, access('desk'), async ({ body }, req) =>
    checkin.sync(conferenceOf(req), userOf(req), body.scans, timeZoneOf(req)),
  );
  route(router, checkinApi.undo, access('desk'), async ({ body }, req) =>
    checkin.undo(conferenceOf(req), userOf(req), body.registrantId, body.deskId, timeZoneOf(req)),
  );
  route(router, checkinApi.pay, access('desk'), async ({ body }, req) =>
    checkin.pay(conferenceOf(req), userOf(req), body.registrantId, body.orderId, timeZoneOf(req)),
  );
  route(router, checkinApi.counts, access('desk'), async (_input, req) =>
    checkin.counts(conferenceOf(req), timeZoneOf(req)),
  );
  // A lost badge printed again: the documents feature's badge, through its front door (404 when badges are off).
  route(router, checkinApi.badge, access('desk'), async ({ params: { id } }, req, res) => {
    await checkin.requireRegistrant(conferenceOf(req), id);
    return sendPdf(res, await badges.render(req, [id]), 'badge.pdf');
  });

  // the managers
  route(router, checkinApi.addDesk, access('manager'), async ({ body }, req) =>
    checkin.addDesk(conferenceOf(req), body.name),
  );
  route(router, checkinApi.renameDesk, access('manager'), async ({ params: { id }, body }, req) =>
    checkin.renameDesk(conferenceOf(req), id, body.name),
  );
  route(router, checkinApi.retireDesk, access('manager'), async ({ params: { id } }, req) =>
    checkin.retireDesk(conferenceOf(req), id),
  );
  route(router, checkinApi.staff, access('manager'), async (_input, req) => checkin.staff(conferenceOf(req)));
  route(router, checkinApi.addStaff, access('manager'), async ({ body }, req) =>
    checkin.addStaff(conferenceOf(req), body.email),
  );
  route(router, checkinApi.removeStaff, access('manager'), async ({ params: { id } }, req) =>
    checkin.removeStaff(conferenceOf(req), id),
  );
  route(router, checkinApi.attendance, access('manager'), async ({ query }, req) =>
    attendance.page(conferenceOf(req), query, timeZoneOf(req)),
  );
  route(router, checkinApi.excel, access('manager'), async ({ body }, req, res) => {
    const cid = conferenceOf(req);
    if ((await attendance.count(cid, body.q)) > ATTENDANCE_AT_ONCE)
      return workStarted(res, await work.ask(attendanceExportOf(deps), workAsker(req), { q: body.q }));
    const sheet = await attendance.table(cid, body.q, req.ctx.lang, timeZoneOf(req));
    sendAttachment(
      res,
      'attendance.xlsx',
      XLSX_TYPE,
      Buffer.from(await work.compute<Uint8Array>(cid, 'platform.table', { sheets: [sheet] })),
    );
    return SENT;
  });
  return router;
}

export function checkinPageRouter({ checkin, shell }: Deps): Router {
  const router = Router();
  // The desk's service worker (offline.ts): desk staff only, like the page it serves; never cached by the browser's HTTP cache.
  const worker = deskWorkerScript(deskWorkerVersion());
  router.get(DESK_WORKER, screen('desk'), (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-cache').send(worker);
  });
  router.get(CHECKIN_AREA, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    // the address's filter (issue 33: the overview's per-hour bars open the check-ins of that hour)
    const filter = filterFromAddress(attendanceQuery, req.query);
    const [desks, staff, counts] = await Promise.all([
      checkin.desks(cid),
      checkin.staff(cid),
      checkin.counts(cid, timeZoneOf(req)),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'checkin:manage.title'),
      island: { island: 'ManageCheckin', props: { lang, mobile, desks, staff, counts, filter } },
    });
  });
  router.get(CHECKIN_DESK, screen('desk'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const desks = (await checkin.desks(cid)).filter((d) => !d.retired);
    await shell.manageScreen(req, res, {
      title: t(lang, 'checkin:desk.title'),
      island: { island: 'CheckinDesk', props: { lang, mobile, desks, conferenceId: cid } },
    });
  });
  return router;
}
