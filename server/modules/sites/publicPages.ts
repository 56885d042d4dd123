/**
 * Page routes of the public website (spec 2.1, 2.2, 2.4): "/", "/page/:pageId", the prompt pages,
 * and the publish guard. Anonymous visitors are served from the page cache.
 */
import { Router, type Request, type Response } from 'express';
import { isStaff, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { anonymousPageKey, sendCachedPage, sendFilledPage, sharedPageKey } from '../../platform/pageCache';
import { renderVikePage } from '../../platform/vike';
import { personalSlotsOf, renderSharedPublicPage } from './render';
import { visibilityOf } from '../../platform/keptPages';
import { siteOrigin } from './seo';
import { textIn } from '../../contract/bilingual';
import { isPublished } from './service';
import { identityOf, siteOf } from '../../platform/context';

const PAGE_ID = /^[1-9]\d{0,9}$/;
type PromptKind = '404' | '403' | '401' | 'unpublished';

function origin(req: Request): string {
  return `${req.protocol}://${req.headers.host}`;
}

export function publicPageRouter({ sites, pageCache, config }: Deps): Router {
  const router = Router();

  async function servePage(req: Request, res: Response, pageId: number | null): Promise<void> {
    const { lang, mobile } = req.ctx;
    const site = siteOf(req);
    const identity = identityOf(req);
    if (!site) return res.redirect(302, '/404');
    if (!isPublished(site) && !isStaff(identity)) return res.redirect(302, '/unpublished');
    const id = pageId ?? sites.homePageId(site, lang);
    if (!id) return res.redirect(302, '/404');

    // The URL is part of the key because the page embeds it (login links carry it as redirect).
    // Buckets are bounded, so junk query strings cannot grow memory, only evict.
    const cacheKey = anonymousPageKey(req.headers.host, req.originalUrl, lang, mobile, site.config.contentVersion);
    if (!identity) {
      const hit = pageCache.get(site.conference.id, cacheKey);
      if (hit) {
        pageCache.appHits++;
        return sendCachedPage(req, res, hit);
      }
    }
    // Signed in: the page as everyone in the same state sees it, with this person's values put in.
    const visibility = visibilityOf(identity);
    const sharedKey = sharedPageKey('page', cacheKey, visibility);
    const shared = identity ? pageCache.getShared(site.conference.id, sharedKey) : undefined;
    if (shared) {
      pageCache.appHits++;
      return sendFilledPage(res, shared, personalSlotsOf(identity, lang), 'private, no-cache');
    }
    pageCache.misses++;

    const page = await sites.pageForRequest(site.conference.id, id, mobile);
    if (!page) return res.redirect(302, '/404');
    const [chain, menu] = await Promise.all([
      sites.pageChain(site.conference.id, page),
      sites.publishedMenu(site.conference.id, lang),
    ]);
    const composedHtml = renderSharedPublicPage({
      site,
      chain,
      menu,
      lang,
      origin: origin(req),
      publicOrigin: siteOrigin(config, site, req.ctx.host),
      currentPath: req.originalUrl,
      pageId: id,
      // A failed single sign-on comes back to "/?loginError=1" (spec 2.3: "登录失败").
      notice: req.query.loginError ? t(lang, 'loginFailed') : undefined,
      visibility,
    });
    const rendered = await renderVikePage(req, { composedHtml });
    if (!rendered) throw new Error('Vike did not render the public page');
    if (!identity) return sendCachedPage(req, res, pageCache.put(site.conference.id, cacheKey, rendered.body));
    sendFilledPage(
      res,
      pageCache.putShared(site.conference.id, sharedKey, rendered.body),
      personalSlotsOf(identity, lang),
      'private, no-cache',
    );
  }

  router.get('/', screen('anonymous', 'conference'), (req, res) => servePage(req, res, null));
  router.get('/page/:pageId', screen('anonymous', 'conference'), (req, res) => {
    const raw = String(req.params.pageId);
    if (!PAGE_ID.test(raw)) return res.redirect(302, '/404');
    return servePage(req, res, Number(raw));
  });

  for (const kind of ['404', '403', '401', 'unpublished'] as PromptKind[]) {
    router.get(`/${kind}`, screen('anonymous', 'conference'), async (req, res) => {
      const { lang } = req.ctx;
      const site = siteOf(req);
      const actions =
        kind === '401'
          ? [{ label: t(lang, 'prompt.goLogin'), href: '/conferencelogin', primary: true }]
          : kind === 'unpublished'
            ? []
            : [{ label: t(lang, 'prompt.backHome'), href: '/', primary: true }];
      const siteName = site ? textIn(site.config.conferenceName, lang) : '';
      const title = t(lang, `prompt.${kind}Title`);
      const rendered = await renderVikePage(req, {
        shell: { lang, title: siteName ? `${title} - ${siteName}` : title },
        pageProps: { status: kind, title, text: t(lang, `prompt.${kind}Text`), actions, siteName },
      });
      if (!rendered) throw new Error('Vike did not render the prompt page');
      const status = kind === 'unpublished' ? 200 : Number(kind);
      res.status(status).type('html').send(rendered.body);
    });
  }
  return router;
}
