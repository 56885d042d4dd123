/**
 * The navigation guard of spec 2.2 for page routes, on the server (redirects are HTTP redirects):
 * no session → the login page with `redirect`; an unpublished conference → /unpublished for all
 * but its staff; /platform in full for managers and super admins, only /platform/submissionManage
 * for reviewers, /403 for everyone else.
 */
import type { NextFunction, Request, Response } from 'express';
import { CONFERENCE_STATUS } from '../contract/enums';
import { isConferenceAdmin, isStaff } from './access';

export const REVIEWER_HOME = '/platform/submissionManage/user';

export type GuardDecision = { redirect: string } | null;

export function guardDecision(req: Request, area: 'profile' | 'platform'): GuardDecision {
  const { identity, site } = req.ctx;
  if (!identity) return { redirect: `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}` };
  if (site && site.conference.status !== CONFERENCE_STATUS.published && !isStaff(identity)) return { redirect: '/unpublished' };
  if (area === 'platform') {
    if (isConferenceAdmin(identity)) return null;
    if (identity.roles.includes('reviewer')) {
      return req.path.startsWith('/platform/submissionManage') ? null : { redirect: REVIEWER_HOME };
    }
    return { redirect: '/403' };
  }
  return null;
}

export function pageGuard(area: 'profile' | 'platform') {
  return function guard(req: Request, res: Response, next: NextFunction): void {
    const decision = guardDecision(req, area);
    if (decision) return res.redirect(302, decision.redirect);
    next();
  };
}
