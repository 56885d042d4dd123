/**
 * The management screens of website configuration and appearances (spec 2.12):
 * config/website, config/exterior (= config/exterior/list), config/exterior/add, config/exterior/edit/:id.
 * Each is the management layout with one island; the island gets its data as props.
 */
import { Router, type Request, type Response } from 'express';
import { conferenceOf, screen } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { t } from '../../../platform/i18n';
import { idOf } from './rowId';
import { domainHosts } from '../domainRule';
import { ExteriorService } from './exteriorService';
import { WebsiteConfigService } from './websiteService';

export function siteConfigPageRouter({ sites, db, shell, config }: Deps): Router {
  const hosts = domainHosts(config);
  const router = Router();
  const website = new WebsiteConfigService(db, sites, hosts);
  const exteriors = new ExteriorService(db, sites);
  const guard = [screen('manager')] as const;

  router.get('/platform/config/website', ...guard, async (req: Request, res: Response) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    const [initial, disciplines] = await Promise.all([
      website.find(conferenceId, req.ctx.host),
      sites.disciplineList(lang),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'manageSite:website.title'),
      island: { island: 'ManageWebsiteConfig', props: { lang, mobile, initial, disciplines } },
    });
  });

  async function list(req: Request, res: Response): Promise<void> {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'manageSite:exterior.title'),
      island: {
        island: 'ManageExteriors',
        props: { lang, mobile, view: 'list', items: await exteriors.list(conferenceOf(req)), exterior: null },
      },
    });
  }
  router.get('/platform/config/exterior', ...guard, list);
  router.get('/platform/config/exterior/list', ...guard, list);

  router.get('/platform/config/exterior/add', ...guard, async (req: Request, res: Response) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'manageSite:exterior.addTitle'),
      island: {
        island: 'ManageExteriors',
        props: { lang, mobile, view: 'form', items: [], exterior: null, builtIns: exteriors.builtIns() },
      },
    });
  });

  router.get('/platform/config/exterior/edit/:id', ...guard, async (req: Request, res: Response) => {
    const { lang, mobile } = req.ctx;
    // Not an id, or another conference's id: the 404 page.
    const exterior = await exteriors.find(conferenceOf(req), idOf(req.params));
    await shell.manageScreen(req, res, {
      title: t(lang, 'manageSite:exterior.editTitle'),
      island: { island: 'ManageExteriors', props: { lang, mobile, view: 'form', items: [], exterior } },
    });
  });
  return router;
}
