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
import type { Identity } from './identity';
import { AppError, forbidden, unauthorized } from './errors';

/** conference: a conference host only; platform: the platform host only; any: both. */
export type RouteScope = 'conference' | 'platform' | 'any';

/** `api`: refused with the envelope; `page`: refused with the redirects of spec 2.2. */
export type RouteKind = 'api' | 'page';

export type AccessGuard = RequestHandler & { accessLevel: AccessLevel; scope: RouteScope; kind: RouteKind };

/** Where a reviewer's part of the management area starts, and where a reviewer lands in it. */
export const REVIEWER_AREA = '/platform/submissionManage';
export const REVIEWER_HOME = `${REVIEWER_AREA}/user`;

export function isConferenceAdmin(identity: Identity | null): boolean {
  if (!identity) return false;
  // A super admin manages every conference, but only as its manager: on a conference host the
  // platform's own powers are out of reach (the superAdmin level is a platform-host level).
  return identity.superAdmin || identity.roles.includes('manager') || identity.roles.includes('creator');
}

/** Managers, reviewers and super admins: they see is-admin marks and unpublished sites. */
export function isStaff(identity: Identity | null): boolean {
  return isConferenceAdmin(identity) || Boolean(identity?.roles.includes('reviewer'));
}

/** Where the check-in desk lives; desk staff see only this part of the management area. */
export const CHECKIN_AREA = '/platform/manage/checkin';
export const CHECKIN_DESK = `${CHECKIN_AREA}/desk`;

/** Desk staff (role `checkin`, granted by a manager) or a manager: who may work the check-in desk. */
export function isDeskStaff(identity: Identity | null): boolean {
  return Boolean(identity?.roles.includes('checkin')) || isConferenceAdmin(identity);
}

export function isAttendee(identity: Identity | null): boolean {
  return Boolean(identity?.roles.includes('attendee'));
}

export function allows(level: AccessLevel, identity: Identity | null): boolean {
  switch (level) {
    case 'anonymous':
      return true;
    case 'user':
      return identity !== null;
    case 'attendee':
      return isAttendee(identity) || isConferenceAdmin(identity);
    case 'reviewer':
      return isStaff(identity);
    case 'desk':
      return isDeskStaff(identity);
    case 'manager':
      return isConferenceAdmin(identity);
    case 'superAdmin':
      return Boolean(identity?.superAdmin);
  }
}

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
  const id = req.ctx?.identity?.user.id;
  if (!id) throw new AppError(401, 'signInErrorMsg');
  return id;
}

/** The conference's time zone (the platform's, Asia/Shanghai, on the platform host). */
export const timeZoneOf = (req: Request): string => req.ctx?.site?.conference.timeZone ?? 'Asia/Shanghai';

export function access(level: AccessLevel, scope: RouteScope = defaultScope(level)): AccessGuard {
  if (level === 'superAdmin' && scope !== 'platform') throw new Error('superAdmin routes exist only on the platform host');
  const guard = function checkAccess(req: Request, _res: Response, next: NextFunction): void {
    if (!inScope(scope, req.ctx?.conferenceId)) return next(new AppError(404, 'commonMsg.notFound'));
    const identity = req.ctx?.identity ?? null;
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
 */
export function screen(level: AccessLevel, scope: RouteScope = defaultScope(level)): AccessGuard {
  if (level === 'superAdmin' && scope !== 'platform') throw new Error('superAdmin screens exist only on the platform host');
  const guard = function checkScreen(req: Request, res: Response, next: NextFunction): void {
    // Another route may serve the same address on the other kind of host (`/`: the platform's
    // home, a conference's home page); when none does, the app's last handler sends /404.
    if (!inScope(scope, req.ctx?.conferenceId)) return next('route');
    const redirect = screenRedirect(req, level, scope);
    if (redirect) return res.redirect(302, redirect);
    next();
  } as AccessGuard;
  guard.accessLevel = level;
  guard.scope = scope;
  guard.kind = 'page';
  return guard;
}

/** Where a page request that may not see a screen is sent, or null when it may. */
export function screenRedirect(req: Request, level: AccessLevel, scope: RouteScope): string | null {
  if (!inScope(scope, req.ctx?.conferenceId)) return '/404';
  if (level === 'anonymous') return null;
  const identity = req.ctx.identity ?? null;
  if (!identity) return `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`;
  const site = req.ctx.site;
  // Desk staff may set up their desk before the site is published (a rehearsal of the door).
  const deskHere = level === 'desk' && isDeskStaff(identity);
  if (site && site.conference.status !== CONFERENCE_STATUS.published && !isStaff(identity) && !deskHere) return '/unpublished';
  if (allows(level, identity)) return null;
  if (identity.roles.includes('reviewer') && req.path.startsWith('/platform') && !isConferenceAdmin(identity)) return REVIEWER_HOME;
  // Desk staff who wander into the management area are taken back to their desk.
  if (identity.roles.includes('checkin') && req.path.startsWith('/platform') && !isConferenceAdmin(identity)) return CHECKIN_DESK;
  return '/403';
}
