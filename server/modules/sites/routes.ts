/** The site, page and menu calls of spec section 7 that the public website needs. */
import { Router, type Request } from 'express';
import { sitesApi, type PublicPage, type PublicPageLayer } from '../../contract/sites';
import { access, conferenceOf, isConferenceAdmin, isStaff, isAttendee } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound } from '../../platform/errors';
import { route } from '../../platform/route';
import { t } from '../../platform/i18n';
import { presentWebsiteConfig } from './presenter';
import { isPublished } from './service';
import type { PageChain, PageRow, SiteSnapshot } from './types';
import { identityOf, siteOf } from '../../platform/context';

function site(req: Request): SiteSnapshot {
  return siteOf(req)!;
}

/** Non-staff may not read the content of an unpublished site (spec 2.2 step 7). */
function assertVisible(req: Request): void {
  if (!isPublished(site(req)) && !isStaff(identityOf(req))) throw new AppError(403, 'commonMsg.unpublished');
}

function presentLayer(row: PageRow | null): PublicPageLayer | null {
  return row ? { id: row.id, name: row.name, html: row.html, css: row.css ?? '', cssPath: row.css_path ?? '' } : null;
}

function presentPage(chain: PageChain, html: string): PublicPage {
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

export function siteApiRouter({ sites, registration }: Deps): Router {
  const router = Router();
  const origin = (req: Request) => `${req.protocol}://${req.headers.host}`;
  const anyoneHere = access('anonymous', 'conference');

  route(router, sitesApi.websiteConfig, anyoneHere, async (_input, req) => {
    assertVisible(req);
    // Spec 2.4/3: the API carries registerConfigBasic (the registration's fee switch and rule; the
    // registration feature owns them); the template-ready hook's copy leaves it out.
    const config = presentWebsiteConfig(site(req), req.ctx.lang, origin(req));
    return { ...config, registerConfigBasic: await registration.feeSettings(conferenceOf(req)) };
  });

  route(router, sitesApi.conferenceByDomain, anyoneHere, (_input, req) => {
    const s = site(req);
    return {
      conferenceId: s.conference.id,
      domain: req.ctx.host,
      status: s.conference.status,
      languageType: s.config.languageType,
    };
  });

  route(router, sitesApi.modules, anyoneHere, (_input, req) => ({ register: true, ...site(req).modules }));

  route(router, sitesApi.conferenceStatus, access('user'), (_input, req) => {
    const identity = identityOf(req)!;
    return {
      allUsers: {
        conferenceUser: isAttendee(identity),
        conferenceManage: isConferenceAdmin(identity),
        conferenceReview: identity.roles.includes('reviewer'),
      },
      superAdmin: identity.superAdmin,
    };
  });

  route(router, sitesApi.disciplines, access('anonymous'), async ({ query }, req) =>
    sites.disciplineList(query.lang ?? req.ctx.lang),
  );

  route(router, sitesApi.publishedMenu, anyoneHere, async (input, req) => {
    assertVisible(req);
    return sites.publishedMenu(site(req).conference.id, input.query.lang ?? req.ctx.lang);
  });

  // The parameters are read after the visibility check: an unpublished site refuses before a bad id.
  const findPage = (mobile: boolean) =>
    async function findPageHandler(input: { params: { id: number } }, req: Request): Promise<PublicPage> {
      assertVisible(req);
      const { id } = input.params;
      const page = await sites.pageForRequest(site(req).conference.id, id, mobile);
      if (!page) throw notFound();
      const chain = await sites.pageChain(site(req).conference.id, page);
      // A login-required page gives its content only to logged-in users (spec 2.4 step 5).
      const html = page.need_to_login && !identityOf(req) ? `<p>${t(req.ctx.lang, 'site.needLogin')}</p>` : page.html;
      return presentPage(chain, html);
    };
  route(router, sitesApi.page, anyoneHere, findPage(false));
  route(router, sitesApi.mobilePage, anyoneHere, findPage(true));

  route(router, sitesApi.pageNeedsLogin, anyoneHere, async (input, req) => {
    assertVisible(req);
    const page = await sites.pageForRequest(site(req).conference.id, input.params.id, false);
    if (!page) throw notFound();
    return page.need_to_login ? 1 : 0;
  });

  return router;
}
