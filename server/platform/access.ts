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
import type { AccessLevel } from '../contract/enums';
import type { Identity } from '../modules/accounts/service';
import { AppError, forbidden, unauthorized } from './errors';

/** conference: a conference host only; platform: the platform host only; any: both. */
export type RouteScope = 'conference' | 'platform' | 'any';

export type AccessGuard = RequestHandler & { accessLevel: AccessLevel; scope: RouteScope };

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
    case 'manager':
      return isConferenceAdmin(identity);
    case 'superAdmin':
      return Boolean(identity?.superAdmin);
  }
}

/** Roles in a conference mean nothing on the platform host; the super admin's powers live only there. */
function defaultScope(level: AccessLevel): RouteScope {
  if (level === 'superAdmin') return 'platform';
  if (level === 'attendee' || level === 'reviewer' || level === 'manager') return 'conference';
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
  return guard;
}
