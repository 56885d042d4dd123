/** Reads the token once per request: a bad, foreign or revoked token simply means anonymous. */
import type { NextFunction, Request, Response } from 'express';
import type { IdentityLoader } from './identity';
import { tokenFromRequest, type Sessions } from './session';

export function sessionMiddleware(
  sessions: Sessions,
  loadIdentity: IdentityLoader,
) {
  return async function readSession(req: Request, _res: Response, next: NextFunction): Promise<void> {
    const token = tokenFromRequest(req);
    if (!token) return next();
    const session = await sessions.verify(token, req.ctx.conferenceId);
    if (!session) return next();
    const identity = await loadIdentity(req.ctx.conferenceId, session.claims.id);
    if (!identity) return next();
    req.ctx.session = session;
    req.ctx.identity = identity;
    next();
  };
}
