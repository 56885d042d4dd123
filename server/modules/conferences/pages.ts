/**
 * Screens of the conference lifecycle. Platform host: "Create conference" (signed-in users) and
 * the publication queue (super admins). A conference's management area: its managers, and the
 * publication panel under the overview (given to platformPageRouter as `overviewActions`).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { access, isConferenceAdmin } from '../../platform/access';
import { t } from '../../platform/i18n';
import { pageGuard } from '../../platform/pageGuard';
import { onConference, renderManageScreen } from '../sites/platformPages';
import { renderPlatformScreen } from '../accounts/adminPages';
import type { ManageScreen } from '../../../pages/platform/+Page';
import type { ConferenceService } from './service';

const NS = 'manageConference:';

function loginFirst(req: Request, res: Response): void {
  res.redirect(302, `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`);
}

function signedIn(req: Request, res: Response, next: NextFunction): void {
  if (!req.ctx.identity) return loginFirst(req, res);
  next();
}

function superAdminOnly(req: Request, res: Response, next: NextFunction): void {
  if (!req.ctx.identity) return loginFirst(req, res);
  if (!req.ctx.identity.superAdmin) return res.redirect(302, '/403');
  next();
}

export function conferencePlatformPageRouter(conferences: ConferenceService): Router {
  const router = Router();
  // The platform host's pages; on a conference's domain these paths are not ours.
  router.use((req, _res, next) => (req.ctx.site ? next('router') : next()));

  router.get('/conference/new', access('anonymous'), signedIn, async (req, res) => {
    const { lang, mobile } = req.ctx;
    await renderPlatformScreen(req, res, {
      title: t(lang, `${NS}create.title`),
      // Outside domains are for super admins only (sites/domainRule.ts): others see the subdomain only.
      island: { island: 'CreateConference', props: { lang, mobile, siteDomain: conferences.siteDomain, customDomain: Boolean(req.ctx.identity?.superAdmin) } },
    });
  });

  router.get('/admin/publications', access('anonymous', 'platform'), superAdminOnly, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
    await renderPlatformScreen(req, res, {
      title: t(lang, `${NS}queue.title`),
      island: { island: 'AdminPublications', props: { lang, mobile, requests: await conferences.queue(lang), scheme: `${req.protocol}://`, port } },
    });
  });
  return router;
}

export function conferenceManagePageRouter(conferences: ConferenceService): Router {
  const router = Router();
  router.get('/platform/manage/managers', access('anonymous'), onConference, pageGuard('platform'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await renderManageScreen(req, res, {
      title: t(lang, `${NS}managers.title`),
      island: { island: 'ManageManagers', props: { lang, mobile, managers: await conferences.managers(req.ctx.conferenceId!), selfId: req.ctx.identity!.user.id } },
    });
  });
  return router;
}

/** The publication panel of the overview, for those who may act on it (managers, super admins). */
export function overviewActions(conferences: ConferenceService) {
  return async (req: Request): Promise<ManageScreen | null> => {
    if (!req.ctx.conferenceId || !isConferenceAdmin(req.ctx.identity)) return null;
    const { lang, mobile } = req.ctx;
    return { island: 'PublicationActions', props: { lang, mobile, state: await conferences.publicationState(req.ctx.conferenceId) } };
  };
}
