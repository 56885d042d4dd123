/** Tokens, revocation, tenant binding and the cross-site defence (DESIGN.md 5). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let a: number;
let b: number;
const statusPath = '/api/conference/platform/findConferenceStatus';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await h.provision(contractSite({ slug: 'a', domains: ['a.localhost'] }));
  b = await h.provision(contractSite({ slug: 'b', domains: ['b.localhost'] }));
});
afterAll(() => h?.stop());

const status = (host: string, token?: string) => {
  const req = request(h.app).get(statusPath).set('Host', host);
  return token ? req.set('Cookie', `token=${token}`) : req;
};

describe('verification', () => {
  test('a token works on the conference it was issued for', async () => {
    const token = await h.login({ email: 'a@example.org', conferenceId: a, roles: ['manager'] });
    const res = await status('a.localhost', token);
    expect(res.status).toBe(200);
    expect(res.body.data.allUsers).toEqual({ conferenceUser: false, conferenceManage: true, conferenceReview: false });
  });

  test("a token issued for one conference is refused on another conference's domain", async () => {
    const token = await h.login({ email: 'a2@example.org', conferenceId: a });
    const res = await status('b.localhost', token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'signInErrorMsg' });
    expect(b).not.toBe(a);
  });

  test('a platform token is refused on a conference', async () => {
    const token = await h.login({ email: 'p@example.org', conferenceId: null, superAdmin: true });
    expect((await status('a.localhost', token)).status).toBe(401);
  });

  test('a tampered token is anonymous', async () => {
    const token = await h.login({ email: 't@example.org', conferenceId: a });
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), id: 1 }),
    ).toString('base64url');
    expect((await status('a.localhost', `${head}.${forged}.${sig}`)).status).toBe(401);
  });

  test('an expired session row is anonymous even if the JWT has not expired', async () => {
    const token = await h.login({ email: 'e@example.org', conferenceId: a });
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti;
    await h.db('sessions').where({ id: jti }).update({ expires_at: '2020-01-01 00:00:00.000' });
    expect((await status('a.localhost', token)).status).toBe(401);
  });

  test('the Authorization header works for API clients, Bearer or bare, URL-encoded or not', async () => {
    const token = await h.login({ email: 'api@example.org', conferenceId: a });
    for (const value of [`Bearer ${token}`, token, encodeURIComponent(token)]) {
      expect((await request(h.app).get(statusPath).set('Host', 'a.localhost').set('Authorization', value)).status).toBe(
        200,
      );
    }
  });

  test('a token in the query string is ignored', async () => {
    const token = await h.login({ email: 'q@example.org', conferenceId: a });
    expect((await request(h.app).get(`${statusPath}?token=${token}`).set('Host', 'a.localhost')).status).toBe(401);
  });
});

describe('logout', () => {
  test('revokes the session and clears the HttpOnly cookie', async () => {
    const token = await h.login({ email: 'out@example.org', conferenceId: a });
    const res = await request(h.app)
      .delete('/api/base/oauth/logout')
      .set('Host', 'a.localhost')
      .set('Origin', 'http://a.localhost')
      .set('Cookie', `token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ flag: true, logoutUrl: null });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^token=;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect((await status('a.localhost', token)).status).toBe(401);
  });

  test('revoking all sessions of a user ends every one of them', async () => {
    const t1 = await h.login({ email: 'many@example.org', conferenceId: a });
    const t2 = await h.login({ email: 'many@example.org', conferenceId: b });
    const user = await h.db('users').where({ email: 'many@example.org' }).first();
    await h.sessions.revokeAllForUser(user!.id);
    expect((await status('a.localhost', t1)).status).toBe(401);
    expect((await status('b.localhost', t2)).status).toBe(401);
  });
});

describe('cross-site requests', () => {
  const post = () => request(h.app).post('/api/conference/module/getModuleByConfId').set('Host', 'a.localhost');

  test('a foreign Origin is refused', async () => {
    const res = await post().set('Origin', 'https://evil.example.com');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('commonMsg.crossSiteRefused');
  });

  test("another conference's origin is foreign too", async () => {
    expect((await post().set('Origin', 'http://b.localhost')).status).toBe(403);
  });

  test('no Origin and no Authorization header is refused', async () => {
    expect((await post()).status).toBe(403);
  });

  test('same origin is accepted; so is an API client with an Authorization header', async () => {
    expect((await post().set('Origin', 'http://a.localhost')).status).toBe(200);
    const token = await h.login({ email: 'client@example.org', conferenceId: a });
    expect((await post().set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  test('a form-encoded body is refused: state changes take JSON or multipart', async () => {
    const res = await post().set('Origin', 'http://a.localhost').type('form').send('a=1');
    expect(res.status).toBe(415);
  });

  test('malformed JSON is a 400 with a message key, not a 500', async () => {
    const res = await post().set('Origin', 'http://a.localhost').type('json').send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: 'commonMsg.invalidInput' });
  });
});
