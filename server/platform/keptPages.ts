/**
 * Kept pages: whole pages of the app's routes, kept for the page cache's fast path
 * (modules/sites/cachedPages.ts) and answered again without the app, each visitor's own values
 * filled in. A route declares that its page may be kept on its guard,
 * `screen(level, scope, { keep: { for, slots } })`; a handler renders its page as usual and sends
 * it through sendKeptPage. Everything else is here: the epoch taken when the route is entered (a
 * page rendered across a drop is not kept: it may hold what was dropped), the key (host, address,
 * language, device, content version, protocol, visitor state), storing, and filling the slots,
 * on both paths with the same functions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application, Request, Response } from 'express';
import { isAttendee, isStaff } from './roles';
import type { Identity } from './identity';
import {
  anonymousPageKey,
  cutAtSlots,
  sendFilledPage,
  sharedPageKey,
  SLOTS,
  type KeptPageUse,
  type PageCache,
  type SlotName,
  type Visibility,
} from './pageCache';
import { identityOf, siteOf } from './context';

/** A value a kept page holds for its visitor; null when it cannot be had here (on the fast path: the app answers). */
export type SlotValue = (
  req: IncomingMessage,
  res: ServerResponse,
  identity: Identity | null,
) => string | Buffer | null;

/** Slot values by slot, as the page needs them (the person's name and menu are the site's, given when sent). */
export type SlotValues = Partial<Record<SlotName, string | Buffer>>;

/**
 * A route's declaration that its page may be kept. `for`: anonymous visitors only, or everyone,
 * signed-in people per state (signed in, registered, staff). `slots`: how each value of the
 * visitor that the route's pages may hold is had; a page is filled with those of its slots it has.
 * Nothing personal may be in the page outside a slot.
 */
export type KeepPage = {
  for: 'anonymous' | 'everyone';
  slots?: Partial<Record<SlotName, SlotValue>>;
};

/** What a handler says of the page it sends, beyond its HTML. */
export type PageTerms = {
  /** false once the page no longer holds (it shows today's items, say): not served after that */
  holdsWhile?: () => boolean;
  /** made for this visitor's state as the data has it, not as their session says: sent, not kept */
  forThisVisitorOnly?: boolean;
};

/** What a visitor's state shows: the part of a shared or kept page's key that is about the person. */
export function visibilityOf(identity: Identity | null): Visibility {
  return { loggedIn: identity !== null, attendee: isAttendee(identity), staff: isStaff(identity) };
}

/**
 * The protocol as the browser used it, from the raw request (the fast path has no Express): the
 * proxy's X-Forwarded-Proto, else the socket's. A page that names its own origin is kept only when
 * Express, which trusts the header only from a trusted proxy, saw the same (sendKeptPage).
 */
export function rawProtocol(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded === 'string' && forwarded) return forwarded.split(',', 1)[0].trim().toLowerCase();
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** The key of a kept page: the anonymous key's parts, the protocol (a page may name its own origin) and the visitor's state. */
function keptPageKey(anonymousKey: string, protocol: string, identity: Identity | null): string {
  return sharedPageKey(`kept|${protocol}`, anonymousKey, visibilityOf(identity));
}

const cacheOfApp = new WeakMap<Application, PageCache>();

/** The app's page cache, where the routes that declare kept pages keep them (server/app.ts). */
export function keepPagesIn(app: Application, cache: PageCache): void {
  cacheOfApp.set(app, cache);
}

/** The requests that entered a route declaring a kept page: its declaration and the page cache's epoch then. */
const entered = new WeakMap<IncomingMessage, { keep: KeepPage; cache?: PageCache; since: number }>();

/** Called by the route's guard (screen) as the request enters it, before the page's data is read. */
export function enterKeptRoute(req: Request, keep: KeepPage): void {
  const cache = cacheOfApp.get(req.app);
  entered.set(req, { keep, cache, since: cache ? cache.epoch() : -1 });
}

/** The fill of a kept page: its slots' values for a visitor, only of the slots the page has. */
function fillOf(keep: KeepPage, html: string): KeptPageUse['fill'] {
  const slots = keep.slots ?? {};
  const present = (Object.keys(slots) as SlotName[]).filter((name) => html.includes(SLOTS[name]));
  return (req, res, identity) => {
    const values: SlotValues = {};
    for (const name of present) {
      const value = slots[name]!(req, res, identity);
      if (value === null) return null;
      values[name] = value;
    }
    return values;
  };
}

/**
 * Sends the page of a route that declared it may be kept (`render`: its HTML, slots and all),
 * filled for this visitor (`personal`: the person's name and menu), and keeps it for the next
 * visitors in the same state when it may be. false when the route declared nothing, or nothing
 * for this visitor (signed in, or on the platform host): the caller sends its page its own way.
 */
export function sendKeptPage(
  req: Request,
  res: Response,
  render: () => string,
  personal: SlotValues,
  terms: PageTerms = {},
): boolean {
  const route = entered.get(req);
  const { lang, mobile } = req.ctx;
  const site = siteOf(req);
  const identity = identityOf(req);
  if (!route || !site || (route.keep.for === 'anonymous' && identity)) return false;
  const html = render();
  const use: KeptPageUse = { fill: fillOf(route.keep, html), fresh: terms.holdsWhile };
  // Express believes X-Forwarded-Proto only from a trusted proxy; the fast path reads it raw: a
  // page naming its own origin is kept only when both see the same protocol. Express also matches
  // the route's path in other case or with a trailing slash; only the route's own path is kept
  // (the fast path's list of paths stays the routes').
  const keep =
    !terms.forThisVisitorOnly &&
    req.protocol === rawProtocol(req) &&
    req.path === (req.route as { path?: unknown } | undefined)?.path;
  const key = keptPageKey(
    anonymousPageKey(req.headers.host, req.originalUrl, lang, mobile, site.config.contentVersion),
    req.protocol,
    identity,
  );
  const page = route.cache
    ? route.cache.keepPage(site.conference.id, key, req.path, html, use, keep ? route.since : -1)
    : { ...cutAtSlots(html), ...use };
  const values = use.fill(req, res, identity);
  if (!values) throw new Error(`the values of ${req.path} are not at hand in the app`);
  sendFilledPage(res, page, { ...personal, ...values });
  return true;
}

/**
 * The fast path's answer from a kept page: filled for this visitor, or false (none kept, not yet
 * sent once by the app, past its day, or a value not at hand here): the app answers.
 */
export function serveKeptPage(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
  conferenceId: number,
  anonymousKey: string,
  identity: Identity | null,
  personal: () => SlotValues,
): boolean {
  const page = cache.getKept(conferenceId, keptPageKey(anonymousKey, rawProtocol(req), identity));
  if (!page?.headers) return false;
  const values = page.fill(req, res, identity);
  if (!values) return false;
  cache.fastHits++;
  sendFilledPage(res, page, { ...personal(), ...values });
  return true;
}
