/**
 * Session tokens: a signed JWT (HS256) in the HttpOnly session cookie (`__Host-token` on https,
 * `token` over http: hostCookies.ts), with a session row that makes logout and password change
 * revoke it. The audience binds a token to the one conference (or the platform host) it was
 * issued for, so it is refused on every other domain.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { Db } from '../db/index';
import { toDbInstant, fromDbInstant } from '../db/dialect';
import { cachedDataChanged } from './changes';
import { hostCookieOptions, sessionCookie, sessionCookieName } from './hostCookies';

export const SESSION_DAYS = 7;
const ISSUER = 'conference-platform';

/** What the spec's token object holds (section 3, "Session token"). */
export type TokenClaims = { id: number; trueName: string; umtId: string | null; cstnetId: string | null };
/** `expiresAt`: when the session ends (epoch ms) */
export type VerifiedSession = { sessionId: string; claims: TokenClaims; expiresAt: number };

export function audienceFor(conferenceId: number | null): string {
  return conferenceId === null ? 'platform' : `conference:${conferenceId}`;
}

export class Sessions {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = crypto.createHash('sha256').update(`session:${secret}`).digest();
  }

  async issue(claims: TokenClaims, conferenceId: number | null): Promise<{ token: string; expiresAt: Date }> {
    const sessionId = crypto.randomBytes(18).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86400_000);
    await this.db('sessions').insert({
      id: sessionId,
      user_id: claims.id,
      conference_id: conferenceId,
      created_at: toDbInstant(now),
      expires_at: toDbInstant(expiresAt),
    });
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audienceFor(conferenceId))
      .setJti(sessionId)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** A valid, unrevoked session for this conference, or null (bad, foreign, expired, revoked). */
  async verify(token: string, conferenceId: number | null): Promise<VerifiedSession | null> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: audienceFor(conferenceId),
        algorithms: ['HS256'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
    const sessionId = payload.jti;
    if (typeof sessionId !== 'string' || typeof payload.id !== 'number') return null;
    const row = await this.db('sessions').where({ id: sessionId }).first();
    if (!row || row.revoked_at || row.user_id !== payload.id) return null;
    const expires = fromDbInstant(row.expires_at);
    if (!expires || expires.getTime() <= Date.now()) return null;
    return {
      sessionId,
      expiresAt: expires.getTime(),
      claims: {
        id: payload.id,
        trueName: String(payload.trueName ?? ''),
        umtId: (payload.umtId as string | null) ?? null,
        cstnetId: (payload.cstnetId as string | null) ?? null,
      },
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: toDbInstant() });
    cachedDataChanged(this.db, { sessionId });
  }

  async revokeAllForUser(
    userId: number,
    exceptSessionId?: string,
    conn: Db | Knex.Transaction = this.db,
  ): Promise<void> {
    const q = conn('sessions').where({ user_id: userId }).whereNull('revoked_at');
    if (exceptSessionId) q.whereNot({ id: exceptSessionId });
    await q.update({ revoked_at: toDbInstant() });
    // The kept session's identity changed too (a new password): every session of the person is dropped.
    cachedDataChanged(conn, { userId });
  }
}

/**
 * Of these users, those a session was ever issued to for the conference (the mail gate's "came to
 * it themselves"). The sessions table is the platform's; accounts asks here.
 */
export async function usersSignedInTo(
  db: Db | Knex.Transaction,
  conferenceId: number,
  userIds: number[],
): Promise<number[]> {
  if (!userIds.length) return [];
  const rows: Array<{ user_id: number }> = await db('sessions')
    .where({ conference_id: conferenceId })
    .whereIn('user_id', userIds)
    .distinct('user_id');
  return rows.map((r) => Number(r.user_id));
}

/**
 * The token from the session cookie, or from the Authorization header for API clients; never the
 * query. `duplicate`: the request carried the session cookie twice (one was set by someone else,
 * hostCookies.ts), so it has no token and counts as signed out.
 */
export function sessionTokenOf(req: Request): { token: string | null; duplicate: boolean } {
  const cookie = sessionCookie(req.headers.cookie, req.secure);
  if (cookie.duplicate) return { token: null, duplicate: true };
  if (cookie.value) return { token: cookie.value, duplicate: false };
  const header = req.headers.authorization;
  if (!header) return { token: null, duplicate: false };
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  try {
    return { token: decodeURIComponent(value.trim()) || null, duplicate: false };
  } catch {
    return { token: null, duplicate: false };
  }
}

/** `https`: the request came over https (`req.secure`); the cookie is then `__Host-token`, Secure. */
export function setTokenCookie(res: Response, token: string, expiresAt: Date, https: boolean): void {
  res.cookie(sessionCookieName(https), token, { ...hostCookieOptions(https), expires: expiresAt });
}

export function clearTokenCookie(res: Response, https: boolean): void {
  res.clearCookie(sessionCookieName(https), hostCookieOptions(https));
}
