/**
 * The managers' overview (issue 33): the screen, built on the server with every panel's figures,
 * and the call its island repeats every few seconds. Both answer from the board's cache
 * (platform/overview.ts), which the panels' events keep current.
 */
import { Router } from 'express';
import { overviewApi } from '../../contract/overview';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { route } from '../../platform/route';
import { siteOf } from '../../platform/context';

export const OVERVIEW_PATH = '/platform/manage/dashboard';

export function overviewApiRouter({ overview }: Deps): Router {
  const router = Router();
  route(router, overviewApi.panels, access('manager'), async (_input, req) => ({
    panels: await overview.view(conferenceOf(req), req.ctx.lang, siteOf(req)!.conference.timeZone),
  }));
  return router;
}

export function overviewPageRouter({ overview, shell }: Deps): Router {
  const router = Router();
  router.get(OVERVIEW_PATH, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const panels = await overview.view(conferenceOf(req), lang, siteOf(req)!.conference.timeZone);
    await shell.manageScreen(req, res, {
      title: t(lang, 'overview:title'),
      island: { island: 'ManageOverview', props: { lang, mobile, panels } },
    });
  });
  return router;
}
