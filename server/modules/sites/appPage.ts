/**
 * An application page shown inside the conference's own site template (spec 2.7 /resetPassword,
 * 2.8 /conferenceRegister): the template's default page template wraps the page's HTML (islands
 * rendered to strings), the contract is filled as on any public page, and Vike adds the islands'
 * client entry. Never cached: it is per user.
 */
import type { Request, Response } from 'express';
import { renderVikePage } from '../../platform/vike';
import { antdStylesheetHref } from '../../../renderer/antdStyles';
import { renderPublicPage } from './render';
import type { SiteService } from './service';

export async function sendAppPageInTemplate(req: Request, res: Response, sites: SiteService, page: { name: string; html: string }): Promise<void> {
  const { lang, mobile, identity } = req.ctx;
  const site = req.ctx.site!;
  const chain = await sites.appPageChain(site, lang, mobile, page.name, page.html);
  const menu = await sites.publishedMenu(site.conference.id, lang);
  const composedHtml = renderPublicPage({
    site,
    chain,
    menu,
    lang,
    origin: `${req.protocol}://${req.headers.host}`,
    currentPath: req.originalUrl,
    pageId: 0,
    identity,
    stylesheets: ['/app.css', antdStylesheetHref()],
  });
  const rendered = await renderVikePage(req, { composedHtml });
  if (!rendered) throw new Error(`Vike did not render ${req.path}`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).type('html').send(rendered.body);
}
