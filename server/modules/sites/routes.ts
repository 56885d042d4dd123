/** The site, page and menu calls of spec section 7 that the public website needs. */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { LANGS, type Lang } from '../../contract/enums';
import { access, isConferenceAdmin, isStaff, isAttendee } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound, sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { t } from '../../platform/i18n';
import { presentWebsiteConfig } from './presenter';
import { isPublished } from './service';
import type { PageChain, PageRow, SiteSnapshot } from './types';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound').transform(Number) });
const langQuery = z.object({ lang: z.enum(LANGS).optional() });

function site(req: Request): SiteSnapshot {
  return req.ctx.site!;
}

/** Non-staff may not read the content of an unpublished site (spec 2.2 step 7). */
function assertVisible(req: Request): void {
  if (!isPublished(site(req)) && !isStaff(req.ctx.identity)) throw new AppError(403, 'commonMsg.unpublished');
}

function presentLayer(row: PageRow | null) {
  return row ? { id: row.id, name: row.name, html: row.html, css: row.css ?? '', cssPath: row.css_path ?? '' } : null;
}

function presentPage(chain: PageChain, html: string) {
  const { page } = chain;
  const common = presentLayer(chain.common);
  const template = presentLayer(chain.template);
  return {
    id: page.id,
    name: page.name,
    type: page.type,
    lang: page.lang,
    html,
    css: page.css ?? '',
    cssPath: page.css_path ?? '',
    isMobile: Boolean(page.is_mobile),
    relatedMobilePageId: page.related_mobile_page_id,
    needToLogin: page.need_to_login ? 1 : 0,
    template: template ? { ...template, template: common } : null,
  };
}

export function siteApiRouter({ sites }: Deps): Router {
  const router = Router();
  const origin = (req: Request) => `${req.protocol}://${req.headers.host}`;

  router.get('/conference/platform/config/website/findConferenceWebsiteConfig', access('anonymous', 'conference'), (req, res) => {
    assertVisible(req);
    sendOk(res, presentWebsiteConfig(site(req), req.ctx.lang, origin(req)));
  });

  router.get('/conference/platform/config/website/basic/findConferenceByDomain', access('anonymous', 'conference'), (req, res) => {
    const s = site(req);
    sendOk(res, { conferenceId: s.conference.id, domain: req.ctx.host, status: s.conference.status, languageType: s.config.languageType });
  });

  router.post('/conference/module/getModuleByConfId', access('anonymous', 'conference'), (req, res) => {
    sendOk(res, { register: true, ...site(req).modules });
  });

  router.get('/conference/platform/findConferenceStatus', access('user'), (req, res) => {
    const identity = req.ctx.identity!;
    sendOk(res, {
      allUsers: {
        conferenceUser: isAttendee(identity),
        conferenceManage: isConferenceAdmin(identity),
        conferenceReview: identity.roles.includes('reviewer'),
      },
      superAdmin: identity.superAdmin,
    });
  });

  router.get('/home/conference/getDisciplineList', access('anonymous'), async (req, res) => {
    const { lang } = parseInput(langQuery, req.query);
    sendOk(res, await sites.disciplineList(lang ?? req.ctx.lang));
  });

  router.get('/conference/menu/config/fixedAndPublish', access('anonymous', 'conference'), async (req, res) => {
    assertVisible(req);
    const { lang } = parseInput(langQuery, req.query);
    sendOk(res, await sites.publishedMenu(site(req).conference.id, (lang ?? req.ctx.lang) as Lang));
  });

  const findPage = (mobile: boolean) =>
    async function findPageHandler(req: Request, res: Response) {
      assertVisible(req);
      const { id } = parseInput(idParam, req.params);
      const page = await sites.pageForRequest(site(req).conference.id, id, mobile);
      if (!page) throw notFound();
      const chain = await sites.pageChain(site(req).conference.id, page);
      // A login-required page gives its content only to logged-in users (spec 2.4 step 5).
      const html = page.need_to_login && !req.ctx.identity ? `<p>${t(req.ctx.lang, 'site.needLogin')}</p>` : page.html;
      sendOk(res, presentPage(chain, html));
    };
  router.get('/conference/page/find/:id', access('anonymous', 'conference'), findPage(false));
  router.get('/conference/page/mobile/find/:id', access('anonymous', 'conference'), findPage(true));

  router.get('/conference/setting/find/:id', access('anonymous', 'conference'), async (req, res) => {
    assertVisible(req);
    const { id } = parseInput(idParam, req.params);
    const page = await sites.pageForRequest(site(req).conference.id, id, false);
    if (!page) throw notFound();
    sendOk(res, page.need_to_login ? 1 : 0);
  });

  return router;
}
