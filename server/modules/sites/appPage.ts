/**
 * An application page shown inside the conference's own site template (spec 2.7 /resetPassword,
 * 2.8 /conferenceRegister): the template's default page template wraps the page's HTML (islands
 * rendered to strings), the contract is filled as on any public page, and Vike adds the islands'
 * client entry. The template part is cached per visibility state; the page's HTML is per request.
 */
import type { Request, Response } from 'express';
import { renderVikePage } from '../../platform/vike';
import { antdStylesheetHref } from '../../../renderer/antdStyles';
import {
  anonymousPageKey,
  cutAtSlots,
  fillSlots,
  sendFilledPage,
  sharedPageKey,
  SLOTS,
  withHandoffState,
} from '../../platform/pageCache';
import { sendKeptPage, visibilityOf, type PageTerms } from '../../platform/keptPages';
import { personalSlotsOf, renderSharedPublicPage } from './render';
import type { SiteService } from './service';
import { identityOf, siteOf } from '../../platform/context';

/**
 * An application page's own part, and what holds of it (PageTerms). When its route declares that
 * its page may be kept (screen(..., { keep })), the whole page is kept for the fast path: only when
 * nothing of the person is in `html` outside the slots the route declares.
 */
export type AppPage = PageTerms & {
  name: string;
  html: string;
  /** put at the end of <head> (JSON-LD, Open Graph): the same for every request of this address, as the template part is kept per address */
  head?: string;
};

export async function sendAppPageInTemplate(
  req: Request,
  res: Response,
  sites: SiteService,
  page: AppPage,
): Promise<void> {
  const { lang, mobile } = req.ctx;
  const identity = identityOf(req);
  const site = siteOf(req)!;
  // The template around the page is the same for everyone in the same state: composed once, with
  // slots for the page's own HTML and the person's values, and dropped with the site's content.
  const visibility = visibilityOf(identity);
  const key = sharedPageKey(
    `app:${page.name}`,
    anonymousPageKey(req.headers.host, req.originalUrl, lang, mobile, site.config.contentVersion),
    visibility,
  );
  let shared = sites.pageCache?.getShared(site.conference.id, key);
  if (!shared) {
    const chain = await sites.appPageChain(site, lang, mobile, page.name, SLOTS.appPage);
    const menu = await sites.publishedMenu(site.conference.id, lang);
    const composedHtml = renderSharedPublicPage({
      site,
      chain,
      menu,
      lang,
      origin: `${req.protocol}://${req.headers.host}`,
      currentPath: req.originalUrl,
      pageId: 0,
      visibility,
      stylesheets: ['/app.css', antdStylesheetHref()],
    });
    const rendered = await renderVikePage(req, { composedHtml });
    if (!rendered) throw new Error(`Vike did not render ${req.path}`);
    const body = page.head ? rendered.body.replace('</head>', () => `${page.head}</head>`) : rendered.body;
    shared = sites.pageCache?.putShared(site.conference.id, key, body) ?? cutAtSlots(body);
  }
  const template = shared;
  const personal = personalSlotsOf(identity, lang);
  // Kept whole when the route declares so (platform/keptPages.ts), with the page's HTML in it.
  if (sendKeptPage(req, res, () => fillSlots(template, { appPage: page.html }), personal, page)) return;
  // The page's HTML first, then the handoff state its account frame may hold.
  const appPage = withHandoffState(res, page.html);
  sendFilledPage(res, template, { ...personal, appPage });
}
