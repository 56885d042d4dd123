/**
 * The anonymous page cache in front of Express, like a reverse-proxy cache inside the process:
 * a GET of "/" or "/page/:id" without credentials whose page is already cached is answered here,
 * with the very headers Express sent the first time. Everything else (a miss, a token, an
 * unpublished site, an unknown host) falls through to the app, which applies every rule.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMobileUserAgent } from '../../platform/device';
import { resolveLang, LOCALE_COOKIE } from '../../platform/locale';
import { anonymousPageKey, sendCachedPage, type PageCache } from '../../platform/pageCache';
import { TOKEN_COOKIE } from '../../platform/session';
import { normaliseHost } from '../../platform/tenant';
import { isPublished, type SiteService } from './service';

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function cachedPageFastPath(sites: SiteService, pageCache: PageCache) {
  return function serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const pathname = url.split('?', 1)[0];
    if (pathname !== '/' && !pathname.startsWith('/page/')) return false;
    // ?autologon asks the app for a silent sign-in first (spec 2.2 step 2).
    if (url.includes('autologon')) return false;
    if (req.headers.authorization || cookieValue(req.headers.cookie, TOKEN_COOKIE)) return false;
    const conferenceId = sites.knownConferenceIdForHost(normaliseHost(req.headers.host));
    const site = conferenceId ? sites.knownSnapshot(conferenceId) : undefined;
    if (!site || !isPublished(site)) return false;
    const lang = resolveLang(cookieValue(req.headers.cookie, LOCALE_COOKIE), site.config.languageType);
    const key = anonymousPageKey(req.headers.host, url, lang, isMobileUserAgent(req.headers['user-agent']), site.config.contentVersion);
    const entry = pageCache.get(site.conference.id, key);
    if (!entry?.headers) return false;
    pageCache.fastHits++;
    sendCachedPage(req, res, entry);
    return true;
  };
}
