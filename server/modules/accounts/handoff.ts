/**
 * Sign-in hand-over from the platform origin to a conference origin (docs/accounts.md).
 *
 * Passwords are typed only into pages of the platform host, shown inside the conference's page
 * as a frame. When the sign-in (or sign-up, or reset) succeeds there, the platform issues a
 * one-time code bound to that conference and to the browser's state, and the frame sends the
 * browser to `<conference origin>/auth/handoff?code=…`, which exchanges it for the conference's
 * session cookie — the authorisation-code pattern, so no token and no password ever exists on
 * the conference's origin, where its managers' scripts run.
 *
 * The state is a random value in an HttpOnly cookie of the conference origin (set by the page
 * that shows the frame) and in the frame's address; the code only works with the same state, so
 * a code obtained elsewhere cannot sign a victim's browser into someone else's account. Each
 * state has a cookie of its own (handoff_state_<id>): pages opened at once in several tabs each
 * set one, and none overwrites another's. On https they are `__Host-handoff_state_<id>`, which no
 * sibling conference can set, and a state named twice is no state (platform/hostCookies.ts).
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { normaliseHost } from '../../platform/tenant';
import { appendSetCookie, hostCookieName, hostCookiesNamed } from '../../platform/hostCookies';
import { deleteHandoffsExpiredBefore, handoffByCode, insertHandoff, markHandoffUsed } from './handoffRepo';

export const HANDOFF_TTL_MS = 60_000;
/** the prefix of the state cookies: handoff_state_<8 hex> = <state> */
export const HANDOFF_STATE_COOKIE = 'handoff_state_';
export const HANDOFF_PATH = '/auth/handoff';
const STATE_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** Where a finished sign-in goes: the conference's origin and the browser's state. */
export type HandoffTarget = { origin: string; state: string };

export class SessionHandoffs {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.createHash('sha256').update(`handoff:${secret}`).digest();
  }

  private hmac(kind: string, value: string): string {
    return crypto.createHmac('sha256', this.key).update(`${kind}:${value}`).digest('hex');
  }

  /** A new one-time code for this user, this conference and this browser's state. */
  async issue(userId: number, conferenceId: number, state: string): Promise<string> {
    const code = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    await insertHandoff(this.db, {
      conference_id: conferenceId,
      user_id: userId,
      code_hash: this.hmac('code', code),
      state_hash: this.hmac('state', state),
      created_at: toDbInstant(now),
      expires_at: toDbInstant(new Date(now.getTime() + HANDOFF_TTL_MS)),
    });
    // Expired codes are useless; clear them now and then rather than with a job.
    if (Math.random() < 0.05)
      await deleteHandoffsExpiredBefore(this.db, toDbInstant(new Date(now.getTime() - 3600_000)));
    return code;
  }

  /**
   * The user the code was issued to, once: a conditional update marks it used, so two
   * concurrent exchanges of one code cannot both succeed. null for anything wrong.
   */
  async redeem(code: string, conferenceId: number, states: string[]): Promise<number | null> {
    if (!code || code.length > 100) return null;
    const row = await handoffByCode(this.db, this.hmac('code', code));
    if (!row || row.used || row.conferenceId !== conferenceId) return null;
    if ((row.expiresAt?.getTime() ?? 0) <= this.now().getTime()) return null;
    const expected = Buffer.from(row.stateHash, 'hex');
    const matches = states
      .filter((s) => STATE_PATTERN.test(s))
      .some((s) => crypto.timingSafeEqual(Buffer.from(this.hmac('state', s), 'hex'), expected));
    if (!matches) return null;
    return (await markHandoffUsed(this.db, row.id, toDbInstant(this.now()))) ? row.userId : null;
  }
}

/** The prefix of this protocol's state cookies: `__Host-handoff_state_` on https. */
function stateCookiePrefix(https: boolean): string {
  return hostCookieName(HANDOFF_STATE_COOKIE, https);
}

/**
 * The states this browser holds on this conference origin (sent only to the hand-over path), read
 * from the raw Cookie header; `duplicates`: the names of states whose cookie came twice (someone
 * else set one): the hand-over is then refused.
 */
export function handoffStates(req: IncomingMessage, https: boolean): { states: string[]; duplicates: string[] } {
  const { values, duplicates } = hostCookiesNamed(req.headers.cookie, stateCookiePrefix(https));
  return { states: values.slice(0, 20), duplicates };
}

/** The first usable state in a raw Cookie header (the fast path's: no cookie parser there); none when one came twice. */
function stateInCookieHeader(header: string | undefined, https: boolean): string | undefined {
  const { values } = hostCookiesNamed(header, stateCookiePrefix(https));
  return values.find((value) => STATE_PATTERN.test(value));
}

const STATE_COOKIE_MAX_AGE_S = 3600;

/**
 * A state for the frame of this page: one the browser already has (it is sent to this page too,
 * see the cookie's path below), else a new one in a cookie of its own. Works on the raw request,
 * so that the app and the page cache's fast path answer alike.
 */
export function handoffState(req: IncomingMessage, res: ServerResponse, https: boolean): string {
  const existing = stateInCookieHeader(req.headers.cookie, https);
  if (existing) return existing;
  const state = crypto.randomBytes(32).toString('base64url');
  // Lax: the hand-over is a top-level GET navigation, which carries Lax cookies. Path /: the
  // pages that show the frame must see it too, to reuse it rather than make another.
  const expires = new Date(Date.now() + STATE_COOKIE_MAX_AGE_S * 1000).toUTCString();
  // No Domain, Path=/ and (on https) Secure: what the __Host- prefix requires.
  const name = `${stateCookiePrefix(https)}${crypto.randomBytes(4).toString('hex')}`;
  appendSetCookie(res, [
    `${name}=${state}; Max-Age=${STATE_COOKIE_MAX_AGE_S}; Path=/; Expires=${expires}; HttpOnly;${https ? ' Secure;' : ''} SameSite=Lax`,
  ]);
  return state;
}

/**
 * Checks a conference origin named by a browser (`scheme://host[:port]`) and answers the
 * conference it belongs to. Only http(s) origins of a known conference domain; https only when
 * the sign-in itself came over https.
 */
export async function conferenceOfOrigin(
  origin: string,
  lookup: (host: string) => Promise<number | null>,
  opts: { httpsOnly: boolean },
): Promise<{ conferenceId: number; origin: string }> {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new AppError(400, 'auth.handoffInvalid', { field: 'handoff' });
  }
  const schemeOk = url.protocol === 'https:' || (!opts.httpsOnly && url.protocol === 'http:');
  if (
    !schemeOk ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    throw new AppError(400, 'auth.handoffInvalid', { field: 'handoff' });
  }
  const conferenceId = await lookup(normaliseHost(url.host));
  if (conferenceId === null) throw new AppError(400, 'auth.handoffInvalid', { field: 'handoff' });
  return { conferenceId, origin: url.origin };
}

export function handoffUrl(origin: string, code: string, redirect: string | null): string {
  const query = new URLSearchParams({ code });
  if (redirect) query.set('redirect', redirect);
  return `${origin}${HANDOFF_PATH}?${query.toString()}`;
}
