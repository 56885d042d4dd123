/** Calls of the account API as the islands make them, and the codes as the mail carries them. */
import crypto from 'node:crypto';
import request from 'supertest';
import type { Db } from '../../server/db/index';
import type { RequestListener } from '../../server/app';

export function apiPost(app: RequestListener, host: string, path: string, body: unknown, cookie?: string) {
  const req = request(app)
    .post(`/api${path}`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .send(body as object);
  return cookie ? req.set('Cookie', cookie) : req;
}

/** The code in the newest mail to `email`, read from the outbox the way the mail worker would send it. */
export async function mailedCode(db: Db, email: string): Promise<string> {
  const row = await db('mail_outbox').where('to_address', 'like', `%${email}%`).orderBy('id', 'desc').first();
  const code = /\b(\d{6})\b/.exec(row?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The token cookie a response set, as "token=..." for the next request. */
export function tokenCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const token = cookies.find((c) => c.startsWith('token='));
  if (!token) throw new Error('no token cookie set');
  return token.split(';')[0];
}

export const PLATFORM_HOST = 'platform.localhost';

/** A browser's hand-over state (a handoff_state_* cookie of a conference origin). */
export function newState(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * Signs in to a conference as a browser does: the platform's frame posts the password to the
 * platform host with a hand-over, and the conference's origin exchanges the one-time code for its
 * session. Answers the platform's answer and, when it succeeded, the conference's "token=…".
 */
export async function signInTo(app: RequestListener, conferenceHost: string, email: string, password: string) {
  const state = newState();
  const res = await apiPost(app, PLATFORM_HOST, '/base/oauth/localLogin', {
    email,
    password,
    handoff: { origin: `http://${conferenceHost}`, state },
  });
  if (res.status !== 200) return { res, cookie: null };
  return { res, cookie: await exchange(app, conferenceHost, String(res.body.data.handoffUrl), state) };
}

/** The conference's side of a hand-over: GET /auth/handoff with the browser's state cookie. */
export async function exchange(
  app: RequestListener,
  conferenceHost: string,
  handoffUrl: string,
  state: string,
): Promise<string> {
  const url = new URL(handoffUrl);
  const res = await request(app)
    .get(url.pathname + url.search)
    .set('Host', conferenceHost)
    .set('Cookie', `handoff_state_test=${state}`);
  return tokenCookie(res);
}
