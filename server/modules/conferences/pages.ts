/**
 * Screens of the conference lifecycle. Platform host: its home (published conferences and the
 * signed-in user's own), "Create conference" (signed-in users) and the publication queue (super
 * admins). A conference's management area: its managers, and the publication panel under the
 * overview (the layouts' `overviewActions`).
 */
import { Router, type Request } from 'express';
import { CREATE_CONFERENCE_PAGE } from '../../contract/conferences';
import { conferenceOf, isConferenceAdmin, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import type { ManageScreen } from '../../platform/shell/types';
import { myConferencesPanel } from './home';
import type { ConferenceService } from './service';
import { identityOf } from '../../platform/context';

const NS = 'manageConference:';

export function conferencePlatformPageRouter({ db, sites, conferences, shell }: Deps): Router {
  const router = Router();

  router.get('/', screen('anonymous', 'platform'), async (req, res) => {
    const { lang } = req.ctx;
    await shell.adminPage(req, res, {
      view: 'home',
      conferences: await sites.publishedConferences(lang, `${req.protocol}://`, req.headers.host ?? ''),
      mine: await myConferencesPanel(db, req),
    });
  });

  router.get(CREATE_CONFERENCE_PAGE, screen('user', 'platform'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.platformScreen(req, res, {
      title: t(lang, `${NS}create.title`),
      // Outside domains are for super admins only (sites/domainRule.ts): others see the subdomain only.
      island: {
        island: 'CreateConference',
        props: { lang, mobile, siteDomain: conferences.siteDomain, customDomain: Boolean(identityOf(req)?.superAdmin) },
      },
    });
  });

  router.get('/admin/publications', screen('superAdmin'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
    await shell.platformScreen(req, res, {
      title: t(lang, `${NS}queue.title`),
      island: {
        island: 'AdminPublications',
        props: { lang, mobile, requests: await conferences.queue(lang), scheme: `${req.protocol}://`, port },
      },
    });
  });
  return router;
}

export function conferenceManagePageRouter({ conferences, shell }: Deps): Router {
  const router = Router();
  router.get('/platform/manage/managers', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}managers.title`),
      island: {
        island: 'ManageManagers',
        props: {
          lang,
          mobile,
          managers: await conferences.managers(conferenceOf(req)),
          selfId: identityOf(req)!.user.id,
        },
      },
    });
  });
  return router;
}

/** The publication panel of the overview, for those who may act on it (managers, super admins). */
export function overviewActions(conferences: ConferenceService) {
  return async (req: Request): Promise<ManageScreen | null> => {
    if (!req.ctx.conferenceId || !isConferenceAdmin(identityOf(req))) return null;
    const { lang, mobile } = req.ctx;
    return {
      island: 'PublicationActions',
      props: { lang, mobile, state: await conferences.publicationState(req.ctx.conferenceId) },
    };
  };
}
