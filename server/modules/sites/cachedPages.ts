/**
 * The page caches in front of Express, like a reverse-proxy cache inside the process: a GET of
 * "/" or "/page/:id" whose page is already cached is answered here, with the very headers Express
 * sent the first time.
 * - Without a token (or with two session cookies: signed out, as in the app): the anonymous page.
 * - The pages of the app's routes that declare them kept (the sign-in, sign-up, reset,
 *   registration and programme pages; platform/keptPages.ts), for the visitor's state, filled with
 *   the slot values their route declares: the account frame's state (the browser's, or a new one
 *   with its cookie), a signed-in person's e-mail, registration number; and the person's name and menu.
 * - With a token the app has already verified and remembered (platform/sessionCache.ts): the page
 *   shared by everyone in the person's state (signed in / registered / staff), filled with their
 *   own name and menu, exactly as the app's route (publicPages.ts) would send it.
 * Everything else (a miss, an unknown or forgotten token, an unpublished site to a non-member, a
 * person whose language this host must first learn, an unknown host) falls through to the app,
 * which applies every rule and fills the caches.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMobileUserAgent } from '../../platform/device';
import { resolveLang, LOCALE_COOKIE } from '../../platform/locale';
import {
  anonymousPageKey,
  sendCachedPage,
  sendFilledPage,
  sharedPageKey,
  type PageCache,
} from '../../platform/pageCache';
import { serveKeptPage, visibilityOf } from '../../platform/keptPages';
import { rawCookie } from '../../platform/rawCookies';
import { clearPlantedCookies, sessionCookie, sessionCookieName } from '../../platform/hostCookies';
import type { SessionCache } from '../../platform/sessionCache';
import { isStaff } from '../../platform/access';
import { personalSlotsOf } from './render';
import { normaliseHost } from '../../platform/tenant';
import { isPublished, type SiteService } from './service';

/** `isHttps`: as Express's req.secure (TRUST_PROXY), which names the session cookie (`__Host-token` on https). */
export function cachedPageFastPath(
  sites: SiteService,
  pageCache: PageCache,
  knownSessions: SessionCache,
  isHttps: (req: IncomingMessage) => boolean,
) {
  return function serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const pathname = url.split('?', 1)[0];
    const publicPage = pathname === '/' || pathname.startsWith('/page/');
    if (!publicPage && !pageCache.keptPaths.has(pathname)) return false;
    // ?autologon asks the app for a silent sign-in first (spec 2.2 step 2).
    if (url.includes('autologon')) return false;
    // API clients' Authorization header: the app reads it.
    if (req.headers.authorization) return false;
    const conferenceId = sites.knownConferenceIdForHost(normaliseHost(req.headers.host));
    const site = conferenceId ? sites.knownSnapshot(conferenceId) : undefined;
    // In maintenance: the app answers (platform/maintenance.ts), not a kept page.
    if (!site || site.conference.maintenance) return false;
    const cookies = req.headers.cookie;
    // The app's own reading (platform/hostCookies.ts): two session cookies, one planted by a
    // sibling conference, are no session at all, so the visitor is served as anonymous.
    const https = isHttps(req);
    const session = sessionCookie(cookies, https);
    if (session.duplicate) clearPlantedCookies(res, req, sessionCookieName(https));
    const token = session.value;
    const localeCookie = rawCookie(cookies, LOCALE_COOKIE);
    const mobile = isMobileUserAgent(req.headers['user-agent']);

    if (!token) {
      if (!isPublished(site)) return false;
      const lang = resolveLang(localeCookie, site.config.languageType);
      const key = anonymousPageKey(req.headers.host, url, lang, mobile, site.config.contentVersion);
      if (!publicPage) return serveKeptPage(pageCache, req, res, site.conference.id, key, null, () => ({}));
      const entry = pageCache.get(site.conference.id, key);
      if (!entry?.headers) return false;
      pageCache.fastHits++;
      sendCachedPage(req, res, entry);
      return true;
    }

    const known = knownSessions.recall(token, site.conference.id);
    if (!known) return false;
    const { identity } = known;
    if (!isPublished(site) && !isStaff(identity)) return false;
    // The account's language is set on a host that has no choice of its own yet: the app does that.
    if (identity.user.lang && localeCookie === undefined) return false;
    const lang = resolveLang(localeCookie, site.config.languageType);
    const anonymousKey = anonymousPageKey(req.headers.host, url, lang, mobile, site.config.contentVersion);
    if (!publicPage)
      return serveKeptPage(pageCache, req, res, site.conference.id, anonymousKey, identity, () =>
        personalSlotsOf(identity, lang),
      );
    const key = sharedPageKey('page', anonymousKey, visibilityOf(identity));
    const shared = pageCache.getShared(site.conference.id, key);
    if (!shared?.headers) return false;
    pageCache.fastHits++;
    sendFilledPage(res, shared, personalSlotsOf(identity, lang), 'private, no-cache');
    return true;
  };
}
