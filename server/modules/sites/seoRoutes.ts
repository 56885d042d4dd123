/**
 * /robots.txt and /sitemap.xml (issue 18). A conference's domain: a published site lets crawlers
 * in (not into the private areas) and lists its pages; an unpublished one shuts them out and has
 * no sitemap. The platform host lets them read its home page only. Both files are cached like
 * the pages (per conference, keyed by the content version, dropped by every site edit).
 */
import { Router, type Request, type Response } from 'express';
import type { Lang } from '../../contract/enums';
import type { Db } from '../../db/index';
import { screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import type { CachedPage, PageCache } from '../../platform/pageCache';
import * as repo from './repo';
import { homePath, pagePath, siteLanguages, siteOrigin } from './seo';
import { isPublished } from './service';
import type { SiteSnapshot } from './types';
import { siteOf } from '../../platform/context';

/** Screens of signed-in people, sign-in and sign-up steps, calls and prompt pages: nothing to index. */
const PRIVATE_PATHS = [
  '/api/',
  '/platform',
  '/profile',
  '/auth/',
  '/sso/',
  '/embed/',
  '/_dev/',
  '/conferencelogin',
  '/userRegister',
  '/resetPassword',
  '/conferenceRegister',
  '/register',
  '/oidcLogin',
  '/login',
  '/401',
  '/403',
  '/404',
  '/unpublished',
];

const CLOSED = 'User-agent: *\nDisallow: /\n';
// The platform's home page lists the published conferences; the rest is sign-in and management.
const PLATFORM_ROBOTS = 'User-agent: *\nAllow: /$\nDisallow: /\n';

export function conferenceRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

type SitemapEntry = { loc: string; lastmod: string | null };

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Page ids a published menu links to: its page items and its `/page/:id` links. */
function linkedPageIds(rows: Array<{ page_id: number | null; href: string | null }>): number[] {
  return rows.flatMap((r) => {
    if (r.page_id) return [r.page_id];
    const id = /^\/page\/([1-9]\d{0,9})$/.exec(r.href?.trim() ?? '')?.[1];
    return id ? [Number(id)] : [];
  });
}

/**
 * The published pages: each language's home page and the pages its published menu links to
 * (an item under an unpublished parent does not count), without mobile variants and
 * login-required pages (a crawler sees only the login prompt there).
 */
async function sitemapEntries(db: Db, site: SiteSnapshot, origin: string): Promise<SitemapEntry[]> {
  const conferenceId = site.conference.id;
  const languages = siteLanguages(site);
  const wanted: Array<{ id: number; lang: Lang }> = [];
  for (const lang of languages) {
    const home = lang === 'en' ? site.config.templateEnHomePageId : site.config.templateZhHomePageId;
    if (home) wanted.push({ id: home, lang });
    const rows = await repo.menuRows(db, conferenceId, lang, true);
    const shown = new Set(rows.map((r) => r.id));
    const reachable = rows.filter((r) => r.parent_id === null || shown.has(r.parent_id));
    for (const id of linkedPageIds(reachable)) wanted.push({ id, lang });
  }
  const pages = new Map(
    (await repo.findPages(db, conferenceId, [...new Set(wanted.map((w) => w.id))])).map((p) => [p.id, p]),
  );
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const { id, lang } of wanted) {
    const page = pages.get(id);
    if (!page || page.type !== 'PAGE' || page.is_mobile || page.need_to_login) continue;
    // A page is at home in its own language (seo.ts pageLanguage), whichever menu links it.
    const pageLang = page.lang && languages.includes(page.lang) ? page.lang : lang;
    const loc = origin + pagePath(site, id, pageLang);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const updated = page.updated_at;
    entries.push({ loc, lastmod: updated && !Number.isNaN(updated.getTime()) ? updated.toISOString() : null });
  }
  // The home addresses first: they are what a crawler should start from.
  const homes = new Set(
    languages
      .map((l) => homePath(site, l))
      .filter(Boolean)
      .map((p) => origin + p),
  );
  return [...entries.filter((e) => homes.has(e.loc)), ...entries.filter((e) => !homes.has(e.loc))];
}

function send(req: Request, res: Response, entry: CachedPage, type: string): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.type(type);
  if (req.headers['if-none-match'] === entry.etag) return void res.status(304).end();
  res.status(200).send(entry.body);
}

/** The cached text of a conference, made on a miss. The key's version changes with every site edit. */
async function cached(
  pageCache: PageCache,
  site: SiteSnapshot,
  name: string,
  host: string,
  make: () => Promise<string> | string,
): Promise<CachedPage> {
  const key = `seo|${name}|${host}|${isPublished(site) ? 'open' : 'closed'}|${site.config.contentVersion}`;
  return pageCache.get(site.conference.id, key) ?? pageCache.put(site.conference.id, key, await make());
}

export function seoRouter({ db, pageCache, config }: Deps): Router {
  const router = Router();
  let platformRobots: CachedPage | undefined;

  router.get('/robots.txt', screen('anonymous', 'any'), async (req, res) => {
    const { host } = req.ctx;
    const site = siteOf(req);
    if (!site) {
      // The platform host's file never changes while the process runs.
      platformRobots ??= { body: Buffer.from(PLATFORM_ROBOTS), etag: `"platform-robots-1"` };
      return send(req, res, platformRobots, 'text/plain');
    }
    const entry = await cached(pageCache, site, 'robots', host, () =>
      isPublished(site) ? conferenceRobots(siteOrigin(config, site, host)) : CLOSED,
    );
    send(req, res, entry, 'text/plain');
  });

  router.get('/sitemap.xml', screen('anonymous', 'any'), async (req, res) => {
    const { host } = req.ctx;
    const site = siteOf(req);
    // Nothing to list on the platform host, nor while the site is not published (even for its staff).
    if (!site || !isPublished(site)) return void res.status(404).type('text/plain').send('Not found');
    const entry = await cached(pageCache, site, 'sitemap', host, async () =>
      sitemapXml(await sitemapEntries(db, site, siteOrigin(config, site, host))),
    );
    send(req, res, entry, 'application/xml');
  });

  return router;
}
