/**
 * Who may call what, and on which host. Every route declares both with `access(level, scope)` as
 * its first handler; the check lives here and nowhere else. test/server/platform/routeTable.test.ts
 * walks the router table and fails on any route without a declaration.
 *
 * Scope (docs/security.md): manager-written templates run scripts on every conference host, so a
 * session there must carry no power beyond that conference. Platform routes — the super-admin
 * area, and everything that changes the platform account itself (password, sign-in, sign-up) —
 * answer 404 on a conference host; conference routes answer 404 on the platform host.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CONFERENCE_STATUS, type AccessLevel } from '../contract/enums';
import { AppError, forbidden, unauthorized } from './errors';
import { enterKeptRoute, type KeepPage } from './keptPages';
import { allows, isConferenceAdmin, isDeskStaff, isStaff } from './roles';

export { allows, isAttendee, isConferenceAdmin, isDeskStaff, isStaff } from './roles';
import { identityOf, siteOf } from './context';

/** conference: a conference host only; platform: the platform host only; any: both. */
export type RouteScope = 'conference' | 'platform' | 'any';

/**
 * `api`: refused with the envelope; `page`: refused with the redirects of spec 2.2; `callback`: a
 * server-to-server notification (a payment gateway's) that answers in its sender's protocol.
 */
export type RouteKind = 'api' | 'page' | 'callback';

export type AccessGuard = RequestHandler & {
  accessLevel: AccessLevel;
  scope: RouteScope;
  kind: RouteKind;
  keep?: KeepPage;
};

/** A page route's options: `keep`, that its page may be kept for the page cache's fast path (keptPages.ts). */
export type ScreenOptions = { keep?: KeepPage };

/** Where a reviewer's part of the management area starts, and where a reviewer lands in it. */
export const REVIEWER_AREA = '/platform/submissionManage';
export const REVIEWER_HOME = `${REVIEWER_AREA}/user`;

/** Where the check-in desk lives; desk staff see only this part of the management area. */
export const CHECKIN_AREA = '/platform/manage/checkin';
export const CHECKIN_DESK = `${CHECKIN_AREA}/desk`;

/** Roles in a conference mean nothing on the platform host; the super admin's powers live only there. */
function defaultScope(level: AccessLevel): RouteScope {
  if (level === 'superAdmin') return 'platform';
  if (level === 'attendee' || level === 'reviewer' || level === 'desk' || level === 'manager') return 'conference';
  return 'any';
}

export function inScope(scope: RouteScope, conferenceId: number | null | undefined): boolean {
  if (scope === 'platform') return conferenceId === null;
  if (scope === 'conference') return conferenceId !== null && conferenceId !== undefined;
  return true;
}

/**
 * The conference of a request that passed a `conference`-scoped `access` guard, typed as present.
 * Anywhere else it refuses with the same 404 the guard gives, rather than asserting with `!`.
 */
export function conferenceOf(req: Request): number {
  const id = req.ctx?.conferenceId;
  if (id === null || id === undefined) throw new AppError(404, 'commonMsg.notFound');
  return id;
}

/** The signed-in person's id, for a handler behind a guard that requires one (401 otherwise). */
export function userOf(req: Request): number {
  const id = identityOf(req)?.user.id;
  if (!id) throw new AppError(401, 'signInErrorMsg');
  return id;
}

export function access(level: AccessLevel, scope: RouteScope = defaultScope(level)): AccessGuard {
  if (level === 'superAdmin' && scope !== 'platform')
    throw new Error('superAdmin routes exist only on the platform host');
  const guard = function checkAccess(req: Request, _res: Response, next: NextFunction): void {
    if (!inScope(scope, req.ctx?.conferenceId)) return next(new AppError(404, 'commonMsg.notFound'));
    const identity = identityOf(req) ?? null;
    if (allows(level, identity)) return next();
    next(identity ? forbidden() : unauthorized());
  } as AccessGuard;
  guard.accessLevel = level;
  guard.scope = scope;
  guard.kind = 'api';
  return guard;
}

/**
 * A page route's declaration: the same levels and scopes as `access`, answered as the navigation
 * guard of spec 2.2 answers (HTTP redirects). Out of scope → the next route, else /404; not signed in → the login page
 * with `redirect`; a conference that is not published → /unpublished for all but its staff; a
 * reviewer outside their part of the management area → its entry page; anyone else refused → /403.
 * With `keep`, the page the route sends through sendKeptPage is kept for the next visitors in the
 * same state (keptPages.ts), from the page cache's epoch as the request enters the route.
 */
export function screen(
  level: AccessLevel,
  scope: RouteScope = defaultScope(level),
  options: ScreenOptions = {},
): AccessGuard {
  const { keep } = options;
  if (level === 'superAdmin' && scope !== 'platform')
    throw new Error('superAdmin screens exist only on the platform host');
  const guard = function checkScreen(req: Request, res: Response, next: NextFunction): void {
    // Another route may serve the same address on the other kind of host (`/`: the platform's
    // home, a conference's home page); when none does, the app's last handler sends /404.
    if (!inScope(scope, req.ctx?.conferenceId)) return next('route');
    const redirect = screenRedirect(req, level, scope);
    if (redirect) return res.redirect(302, redirect);
    if (keep) enterKeptRoute(req, keep);
    next();
  } as AccessGuard;
  guard.accessLevel = level;
  guard.scope = scope;
  guard.kind = 'page';
  if (keep) guard.keep = keep;
  return guard;
}

/**
 * A gateway's notification (orders' notify route): nobody signs in, the message carries its own
 * proof, which the handler verifies as the gateway's SDK does, and the answer is in the gateway's
 * protocol. Conference hosts only; elsewhere the route does not exist. Whatever cookie came along is
 * set aside, so nothing the handler calls can act for the person it names.
 */
export function callback(): AccessGuard {
  const guard = function checkCallback(req: Request, _res: Response, next: NextFunction): void {
    if (!inScope('conference', req.ctx?.conferenceId)) return next('route');
    req.ctx.session = null;
    req.ctx.identity = null;
    next();
  } as AccessGuard;
  guard.accessLevel = 'anonymous';
  guard.scope = 'conference';
  guard.kind = 'callback';
  return guard;
}

/** Where a page request that may not see a screen is sent, or null when it may. */
export function screenRedirect(req: Request, level: AccessLevel, scope: RouteScope): string | null {
  if (!inScope(scope, req.ctx?.conferenceId)) return '/404';
  if (level === 'anonymous') return null;
  const identity = identityOf(req) ?? null;
  if (!identity) return `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`;
  const site = siteOf(req);
  // Desk staff may set up their desk before the site is published (a rehearsal of the door).
  const deskHere = level === 'desk' && isDeskStaff(identity);
  if (site && site.conference.status !== CONFERENCE_STATUS.published && !isStaff(identity) && !deskHere)
    return '/unpublished';
  if (allows(level, identity)) return null;
  if (identity.roles.includes('reviewer') && req.path.startsWith('/platform') && !isConferenceAdmin(identity))
    return REVIEWER_HOME;
  // Desk staff who wander into the management area are taken back to their desk.
  if (identity.roles.includes('checkin') && req.path.startsWith('/platform') && !isConferenceAdmin(identity))
    return CHECKIN_DESK;
  return '/403';
}
