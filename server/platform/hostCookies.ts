/**
 * The cookies that decide who a request is (the session token) or which sign-in it finishes (the
 * hand-over states, the SSO flow), named and read in one place for the app and the fast path.
 *
 * Conferences are siblings under SITE_DOMAIN, and a conference's managers' scripts run on its
 * origin. Such a script may set a cookie with `Domain=<SITE_DOMAIN>` and a longer `Path`, which
 * the browser then sends to every sibling, before the sibling's own cookie of the same name
 * (docs/security.md, "Sibling conferences and cookies"). So:
 * - on https these cookies carry the `__Host-` prefix, which a browser accepts only from the host
 *   itself (Secure, Path=/, no Domain): no sibling can set one, and a plain-named cookie, which a
 *   sibling can set, is not read at all;
 * - on http (development; browsers refuse `__Host-` there) they keep their plain names, and a name
 *   sent twice means that someone else set one: the request is treated as signed out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rawCookies } from './rawCookies';

export const HOST_PREFIX = '__Host-';
/** The spec's name of the session cookie, kept over http. */
export const SESSION_COOKIE = 'token';

/** `__Host-<name>` on https, `<name>` over http. */
export function hostCookieName(name: string, https: boolean): string {
  return https ? `${HOST_PREFIX}${name}` : name;
}

/** The session cookie's name: `__Host-token` on https, `token` over http. */
export function sessionCookieName(https: boolean): string {
  return hostCookieName(SESSION_COOKIE, https);
}

/** What such a cookie is set with: on https exactly what `__Host-` requires (Secure, Path=/, no Domain). */
export function hostCookieOptions(https: boolean): { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' } {
  return { httpOnly: true, sameSite: 'lax', secure: https, path: '/' };
}

/** One cookie read by name: its value, or `duplicate` when the name came more than once (then no value). */
export type HostCookie = { value: string | undefined; duplicate: boolean };

/**
 * The cookie of this name in a raw Cookie header. Express's cookie parser keeps one value per
 * name, so a second one planted by a sibling would go unseen: this reads the header itself.
 */
export function hostCookie(header: string | undefined, name: string): HostCookie {
  let value: string | undefined;
  let seen = 0;
  for (const [key, v] of rawCookies(header)) {
    if (key !== name) continue;
    if (++seen > 1) return { value: undefined, duplicate: true };
    value = v;
  }
  return { value: value || undefined, duplicate: false };
}

/** The session cookie of a request: the one the app and the fast path both read. */
export function sessionCookie(header: string | undefined, https: boolean): HostCookie {
  return hostCookie(header, sessionCookieName(https));
}

/**
 * Cookies whose names start with `prefix` (one cookie per hand-over state); `duplicates`: the
 * names that came more than once (then no value at all).
 */
export function hostCookiesNamed(
  header: string | undefined,
  prefix: string,
): { values: string[]; duplicates: string[] } {
  const byName = new Map<string, string>();
  const duplicates = new Set<string>();
  for (const [key, value] of rawCookies(header)) {
    if (!key.startsWith(prefix)) continue;
    if (byName.has(key)) duplicates.add(key);
    byName.set(key, value);
  }
  return duplicates.size
    ? { values: [], duplicates: [...duplicates] }
    : { values: [...byName.values()], duplicates: [] };
}

/**
 * Adds Set-Cookie headers to whatever the answer already sets (works on a raw response too); one
 * already there is not added again (the fast path may have set it before handing over to the app).
 */
export function appendSetCookie(res: ServerResponse, cookies: string[]): void {
  const existing = res.getHeader('Set-Cookie');
  const all = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const added = cookies.filter((cookie) => !all.includes(cookie));
  if (added.length) res.setHeader('Set-Cookie', [...all, ...added]);
}

const MAX_PATH_SEGMENTS = 12;

/**
 * Removes the copies of a cookie that a sibling planted, as far as this host can reach them.
 * A cookie sent with this request has this request's host or a parent of it as its domain and a
 * prefix of its path as its path, so deleting the name for every parent domain and every such
 * prefix deletes each planted copy; the host's own (host-only, Path=/) stays, so the person is
 * still signed in here afterwards. (Deleting the own one instead would leave only the planted
 * one, over http a session of the attacker's.) Browsers ignore the deletions for a public suffix.
 */
export function clearPlantedCookies(res: ServerResponse, req: IncomingMessage, name: string): void {
  const host = String(req.headers.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '');
  if (!host || /^[\d.]+$|^\[/.test(host)) return;
  const labels = host.split('.');
  const domains = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
  // Express strips a router's mount point from req.url (the API's /api); the browser's path is the whole one.
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/').split('?', 1)[0];
  const paths = new Set(['/']);
  const segments = path.split('/').slice(1, MAX_PATH_SEGMENTS + 1);
  let prefix = '';
  for (const segment of segments) {
    // Only plain segments go into a header (a ';' would start an attribute).
    if (!/^[\w.~%@:+-]+$/.test(segment)) break;
    prefix += `/${segment}`;
    paths.add(prefix).add(`${prefix}/`);
  }
  const cookies: string[] = [];
  for (const domain of domains)
    for (const p of paths)
      cookies.push(`${name}=; Domain=${domain}; Path=${p}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`);
  appendSetCookie(res, cookies);
}

/** Express's trust function for a proxy address and its hop (`app.get('trust proxy fn')`). */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * Whether a raw request came over https, decided as Express decides `req.secure`: the socket's
 * TLS, or the first X-Forwarded-Proto when the peer is a trusted proxy (TRUST_PROXY). The fast
 * path, which runs before Express, uses it, so both read the same cookie name.
 */
export function httpsOf(trust: TrustProxy): (req: IncomingMessage) => boolean {
  return (req) => {
    const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
    if (!trust(req.socket.remoteAddress, 0)) return encrypted;
    const forwarded = req.headers['x-forwarded-proto'];
    const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || (encrypted ? 'https' : 'http');
    return header.split(',', 1)[0].trim() === 'https';
  };
}
