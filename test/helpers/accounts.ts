/** Calls of the account API as the islands make them, and the codes as the mail carries them. */
import request from 'supertest';
import type { Db } from '../../server/db/index';
import type { RequestListener } from '../../server/app';

export function apiPost(app: RequestListener, host: string, path: string, body: unknown, cookie?: string) {
  const req = request(app).post(`/api${path}`).set('Host', host).set('Origin', `http://${host}`).send(body as object);
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
