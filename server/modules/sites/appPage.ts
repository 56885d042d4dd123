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
  anonymousPageKey, cutAtSlots, fillSlots, keptPageKey, rawProtocol, sendFilledPage, sharedPageKey, SLOTS, withHandoffState,
  type KeptPageUse, type PageCache,
} from '../../platform/pageCache';
import { personalSlotsOf, renderSharedPublicPage, visibilityOf } from './render';
import type { SiteService } from './service';

/**
 * An application page's own part; `kept` when the whole page may be kept for the fast path
 * (sendKeptPage) — only when nothing of the person is in `html` outside the slots `kept.fill` fills.
 */
export type AppPage = {
  name: string;
  html: string;
  kept?: KeptPageUse & { since: number };
  /** put at the end of <head> (JSON-LD, Open Graph): the same for every request of this address, as the template part is kept per address */
  head?: string;
};

export async function sendAppPageInTemplate(req: Request, res: Response, sites: SiteService, page: AppPage): Promise<void> {
  const { lang, mobile, identity } = req.ctx;
  const site = req.ctx.site!;
  // The template around the page is the same for everyone in the same state: composed once, with
  // slots for the page's own HTML and the person's values, and dropped with the site's content.
  const visibility = visibilityOf(identity);
  const key = sharedPageKey(`app:${page.name}`, anonymousPageKey(req.headers.host, req.originalUrl, lang, mobile, site.config.contentVersion), visibility);
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
  if (page.kept && sites.pageCache) return sendKeptPage(req, res, sites.pageCache, fillSlots(shared, { appPage: page.html }), page.kept);
  // The page's HTML first, then the handoff state its account frame may hold.
  const appPage = withHandoffState(res, page.html);
  sendFilledPage(res, shared, { ...personalSlotsOf(identity, lang), appPage });
}

/**
 * A page of a conference that is the same for everyone in the visitor's state but for the
 * person's name and menu (personalSlotsOf) and the slots `use.fill` fills (the account frame's
 * state; a form's e-mail and name): kept whole for the fast path (cachedPages.ts), which then
 * answers the next visitors without the app, and sent now filled for this one. `since` is the
 * page cache's epoch taken before the page's data was read.
 */
export function sendKeptPage(req: Request, res: Response, pageCache: PageCache, html: string, use: KeptPageUse & { since: number }): void {
  const { lang, mobile, identity } = req.ctx;
  const site = req.ctx.site!;
  const key = keptPageKey(anonymousPageKey(req.headers.host, req.originalUrl, lang, mobile, site.config.contentVersion), req.protocol, visibilityOf(identity));
  // Express believes X-Forwarded-Proto only from a trusted proxy; the fast path reads it raw. A
  // page naming its own origin is kept only when both see the same protocol.
  // Express also matches the route's path in other case or with a trailing slash; only the
  // route's own path is kept (the fast path's list of paths stays the routes').
  const keep = req.protocol === rawProtocol(req) && req.path === (req.route as { path?: unknown } | undefined)?.path;
  const page = pageCache.keepPage(site.conference.id, key, req.path, html, use, keep ? use.since : -1);
  const values = use.fill(req, res, identity);
  if (!values) throw new Error(`the values of ${req.path} are not at hand in the app`);
  sendFilledPage(res, page, { ...personalSlotsOf(identity, lang), ...values });
}
