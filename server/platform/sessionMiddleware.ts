/** Reads the token once per request: a bad, foreign or revoked token simply means anonymous. */
import type { NextFunction, Request, Response } from 'express';
import type { IdentityLoader } from './identity';
import { LOCALE_COOKIE, resolveLang } from './locale';
import { tokenFromRequest, type Sessions } from './session';

/** As long as the islands keep it (islands/shared/locale.ts: a year). */
const LOCALE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

export function sessionMiddleware(
  sessions: Sessions,
  loadIdentity: IdentityLoader,
) {
  return async function readSession(req: Request, res: Response, next: NextFunction): Promise<void> {
    const token = tokenFromRequest(req);
    if (!token) return next();
    const session = await sessions.verify(token, req.ctx.conferenceId);
    if (!session) return next();
    const identity = await loadIdentity(req.ctx.conferenceId, session.claims.id);
    if (!identity) return next();
    req.ctx.session = session;
    req.ctx.identity = identity;
    // Same person, same language (issue 18): a host where they have chosen none yet (cookies are
    // per host) starts in the one they last chose anywhere, and remembers it from now on.
    const preferred = identity.user.lang;
    if (preferred && req.cookies?.[LOCALE_COOKIE] === undefined) {
      req.ctx.lang = resolveLang(preferred, req.ctx.site?.config.languageType);
      res.cookie(LOCALE_COOKIE, preferred, { path: '/', maxAge: LOCALE_MAX_AGE_MS, sameSite: 'lax' });
    }
    next();
  };
}
