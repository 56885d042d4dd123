/**
 * Reads the token once per request: a bad, foreign or revoked token simply means anonymous. A
 * request with two session cookies (a sibling conference planted one, hostCookies.ts) is signed
 * out: it reads as anonymous, and a call that changes something is refused with a request to
 * sign in again. The answer deletes the planted copies it can reach and keeps this host's own.
 */
import type { NextFunction, Request, Response } from 'express';
import type { IdentityLoader } from './identity';
import { LOCALE_COOKIE, resolveLang } from './locale';
import { sessionTokenOf, type Sessions } from './session';
import { AppError } from './errors';
import { clearPlantedCookies, sessionCookieName } from './hostCookies';
import type { KnownSession, SessionCache } from './sessionCache';

/** As long as the islands keep it (islands/shared/locale.ts: a year). */
const LOCALE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

export function sessionMiddleware(sessions: Sessions, loadIdentity: IdentityLoader, known: SessionCache) {
  /** The session and identity of a token as the database has them now; remembered for the next reads. */
  async function load(token: string, conferenceId: number | null): Promise<KnownSession | null> {
    const epoch = known.epoch;
    const session = await sessions.verify(token, conferenceId);
    if (!session) return null;
    const identity = await loadIdentity(conferenceId, session.claims.id);
    if (!identity) return null;
    return known.remember(token, conferenceId, session, identity, epoch);
  }

  return async function readSession(req: Request, res: Response, next: NextFunction): Promise<void> {
    const { token, duplicate } = sessionTokenOf(req);
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (duplicate) {
      clearPlantedCookies(res, req, sessionCookieName(req.secure));
      if (!reads) return next(new AppError(401, 'commonMsg.signInAgain'));
    }
    if (!token) return next();
    // A request that only reads may use what this session was found to be a moment ago; one that
    // changes something is authorised against the database as it is now.
    const entry =
      (reads ? known.recall(token, req.ctx.conferenceId) : undefined) ?? (await load(token, req.ctx.conferenceId));
    if (!entry) return next();
    const { identity } = entry;
    req.ctx.session = entry.session;
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
