/**
 * Who may call what. Every route declares its level with `access(level)` as its first handler;
 * the check lives here and nowhere else. test/server/platform/routeTable.test.ts walks the router
 * table and fails on any route without a declaration.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AccessLevel } from '../contract/enums';
import type { Identity } from '../modules/accounts/service';
import { AppError, forbidden, unauthorized } from './errors';

export type AccessGuard = RequestHandler & { accessLevel: AccessLevel };

export function isConferenceAdmin(identity: Identity | null): boolean {
  if (!identity) return false;
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

const CONFERENCE_LEVELS = new Set<AccessLevel>(['attendee', 'reviewer', 'manager']);

export function access(level: AccessLevel): AccessGuard {
  const guard = function checkAccess(req: Request, _res: Response, next: NextFunction): void {
    const identity = req.ctx?.identity ?? null;
    if (CONFERENCE_LEVELS.has(level) && req.ctx?.conferenceId === null) {
      // Roles in a conference mean nothing on the platform host.
      return next(new AppError(404, 'commonMsg.notFound'));
    }
    if (allows(level, identity)) return next();
    next(identity ? forbidden() : unauthorized());
  } as AccessGuard;
  guard.accessLevel = level;
  return guard;
}
