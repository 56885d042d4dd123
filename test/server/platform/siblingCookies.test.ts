/**
 * Sibling conferences and cookies (docs/security.md): a script on one conference of SITE_DOMAIN
 * can set `token=<attacker's token for victimconf>; Domain=<SITE_DOMAIN>; Path=/api/…`, which the
 * browser sends to the victim's conference before the victim's own cookie. Over http (development)
 * two session cookies are no session at all, on the app and on the fast path; on https the session
 * and hand-over cookies are `__Host-` and a plain-named one is not read. The same for the
 * hand-over states (a login CSRF).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, newState, PLATFORM_HOST } from '../../helpers/accounts';
import { DESKTOP_UA } from '../../helpers/http';
import { openRegistration, setForm } from '../../helpers/registration';
import { goodAnswers, testForm } from '../registration/helpers';
import { contractSite } from '../../fixtures/contractSite';
import { ensureUser } from '../../../server/modules/accounts/service';

const host = 'contract.localhost';
const REGISTER = '/api/conference/conferenceUser';
const STATUS = '/api/conference/platform/findConferenceStatus';

/** Two people: the victim signed in on the conference, the attacker's own session for it (planted by the sibling). */
async function people(h: Harness, conferenceId: number, tag: string) {
  const victim = await h.login({ email: `victim-${tag}@example.org`, name: `Victim ${tag}`, conferenceId });
  const attacker = await h.login({ email: `attacker-${tag}@example.org`, name: `Attacker ${tag}`, conferenceId });
  return { victim, attacker };
}

const registrantsOf = async (h: Harness, conferenceId: number, tag: string) =>
  (
    await h
      .db('registrants')
      .where({ conference_id: conferenceId })
      .where('email', 'like', `%-${tag}@example.org`)
      .select('email')
  ).map((r) => r.email as string);

function register(h: Harness, cookie: string, headers: Record<string, string> = {}, origin = `http://${host}`) {
  return request(h.app)
    .post(REGISTER)
    .set({ Host: host, Origin: origin, Cookie: cookie, ...headers })
    .send({ version: 'default', answers: goodAnswers({ fullName: 'Registrant' }) });
}

const get = (h: Harness, path: string, cookie: string, headers: Record<string, string> = {}) =>
  request(h.app)
    .get(path)
    .set({ Host: host, 'User-Agent': DESKTOP_UA, Cookie: cookie, ...headers });

describe('over http: two session cookies are signed out', () => {
  let h: Harness;
  let conferenceId: number;
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    conferenceId = await h.provision(contractSite());
    await openRegistration(h.db, conferenceId);
    await setForm(h.db, conferenceId, 'default', testForm());
  });
  afterAll(() => h?.stop());

  test("a registration with the attacker's cookie before the victim's is refused, asks to sign in again, stores nothing", async () => {
    const { victim, attacker } = await people(h, conferenceId, 'reg');
    // The browser sends the planted cookie (longer path) first.
    for (const cookie of [`token=${attacker}; token=${victim}`, `token=${victim}; token=${attacker}`]) {
      const res = await register(h, cookie);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('commonMsg.signInAgain');
      // The planted copy is deleted where it can be (its domain is a parent, its path a prefix);
      // this host's own cookie is kept (deleting it would leave only the attacker's).
      const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(set).toContain(
        'token=; Domain=localhost; Path=/api/conference/conferenceUser; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0',
      );
      expect(set.every((c) => c.includes('Domain='))).toBe(true);
    }
    expect(await registrantsOf(h, conferenceId, 'reg')).toEqual([]);
    // The victim alone registers as themself.
    expect((await register(h, `token=${victim}`)).status).toBe(200);
    expect(await registrantsOf(h, conferenceId, 'reg')).toEqual(['victim-reg@example.org']);
  });

  test('a read with two session cookies is anonymous', async () => {
    const { victim, attacker } = await people(h, conferenceId, 'read');
    expect((await get(h, STATUS, `token=${victim}`)).status).toBe(200);
    expect((await get(h, STATUS, `token=${attacker}`)).status).toBe(200);
    const res = await get(h, STATUS, `token=${attacker}; token=${victim}`);
    expect(res.status).toBe(401);
    expect(res.body.message).not.toBe('commonMsg.signInAgain');
  });

  test('the fast path: the signed-in home page and a kept page are the anonymous ones', async () => {
    const { victim, attacker } = await people(h, conferenceId, 'fast');
    // Both sessions are remembered and their pages kept, and so are the anonymous ones.
    for (const token of [victim, attacker, '']) {
      for (const path of ['/', '/conferenceRegister'])
        for (let i = 0; i < 2; i++) expect((await get(h, path, token ? `token=${token}` : '')).status).toBe(200);
    }
    expect((await get(h, '/', `token=${attacker}`)).text).toContain('Attacker fast');
    for (const path of ['/', '/conferenceRegister']) {
      const hits = h.pageCache.fastHits;
      const res = await get(h, path, `token=${attacker}; token=${victim}`);
      expect(h.pageCache.fastHits).toBe(hits + 1);
      expect(res.status).toBe(200);
      for (const who of ['Attacker fast', 'Victim fast', 'attacker-fast@', 'victim-fast@'])
        expect(res.text).not.toContain(who);
      if (path === '/conferenceRegister') expect(res.text).toContain('account-frame-island');
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? [])).toContain(
        `token=; Domain=localhost; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`,
      );
    }
  });

  test('a hand-over whose state cookie came twice is refused (no session)', async () => {
    await ensureUser(h.db, { email: 'handoff-dup@example.org', trueName: 'Dup', password: 'dup-password-1' });
    const state = newState();
    const res = await apiPost(h.app, PLATFORM_HOST, '/base/oauth/localLogin', {
      email: 'handoff-dup@example.org',
      password: 'dup-password-1',
      handoff: { origin: `http://${host}`, state },
    });
    const url = new URL(res.body.data.handoffUrl);
    const done = await request(h.app)
      .get(url.pathname + url.search)
      .set('Host', host)
      .set('Cookie', `handoff_state_a1b2c3d4=${state}; handoff_state_a1b2c3d4=${newState()}`);
    expect(done.status).toBe(302);
    expect(done.headers.location).toMatch(/^\/conferencelogin/);
    // No session; only the deletions of the planted state.
    const set = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    expect(set.some((c) => c.startsWith('token='))).toBe(false);
    expect(set).toContain(
      'handoff_state_a1b2c3d4=; Domain=localhost; Path=/auth/handoff; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0',
    );
  });

  test('a page whose state cookie came twice reuses neither and sets a new one', async () => {
    const planted = newState();
    const res = await get(
      h,
      '/userRegister',
      `handoff_state_a1b2c3d4=${planted}; handoff_state_a1b2c3d4=${newState()}`,
    );
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(planted);
    expect(String(res.headers['set-cookie'])).toMatch(/^handoff_state_[0-9a-f]{8}=/);
  });
});

describe('on https (behind a trusted proxy): __Host- cookies, plain ones ignored', () => {
  let h: Harness;
  let conferenceId: number;
  const https = { 'X-Forwarded-Proto': 'https' };
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false, env: { TRUST_PROXY: '1' } });
    conferenceId = await h.provision(contractSite());
    await openRegistration(h.db, conferenceId);
    await setForm(h.db, conferenceId, 'default', testForm());
    await ensureUser(h.db, { email: 'secure@example.org', trueName: 'Secure', password: 'secure-password-1' });
  });
  afterAll(() => h?.stop());

  /** The platform's frame signs in over https and hands over to the conference. */
  async function handoffUrl(state: string): Promise<URL> {
    const res = await request(h.app)
      .post('/api/base/oauth/localLogin')
      .set({ Host: PLATFORM_HOST, Origin: `https://${PLATFORM_HOST}`, ...https })
      .send({
        email: 'secure@example.org',
        password: 'secure-password-1',
        handoff: { origin: `https://${host}`, state },
      });
    expect(res.status).toBe(200);
    return new URL(res.body.data.handoffUrl);
  }

  test('the hand-over sets __Host-token (Secure, Path=/, no Domain) from a __Host- state cookie', async () => {
    const page = await get(h, '/conferencelogin', '', https);
    const stateCookie = String(page.headers['set-cookie']);
    expect(stateCookie).toMatch(
      /^__Host-handoff_state_[0-9a-f]{8}=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    const [name, state] = stateCookie.split(';')[0].split('=');
    const url = await handoffUrl(state);
    const done = await request(h.app)
      .get(url.pathname + url.search)
      .set({ Host: host, Cookie: `${name}=${state}`, ...https });
    expect(done.status).toBe(302);
    const cookie = String(done.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-token=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain/i);
    expect((await get(h, STATUS, cookie.split(';')[0], https)).status).toBe(200);
  });

  test('a plain state cookie (which a sibling can set) does not finish a hand-over', async () => {
    const state = newState();
    const url = await handoffUrl(state);
    const done = await request(h.app)
      .get(url.pathname + url.search)
      .set({ Host: host, Cookie: `handoff_state_a1b2c3d4=${state}`, ...https });
    expect(done.headers.location).toMatch(/^\/conferencelogin/);
    expect(done.headers['set-cookie']).toBeUndefined();
  });

  test("a planted plain token is ignored: the victim's own __Host-token decides, on the app and the fast path", async () => {
    const { victim, attacker } = await people(h, conferenceId, 'tls');
    const planted = `token=${attacker}; __Host-token=${victim}`;
    // Alone, the plain cookie is nobody.
    expect((await get(h, STATUS, `token=${attacker}`, https)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await get(h, '/', `__Host-token=${victim}`, https)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get(h, '/', `__Host-token=${attacker}`, https)).status).toBe(200);
    const hits = h.pageCache.fastHits;
    const home = await get(h, '/', planted, https);
    expect(h.pageCache.fastHits).toBe(hits + 1);
    expect(home.text).toContain('Victim tls');
    expect(home.text).not.toContain('Attacker tls');
    const res = await register(h, planted, https, `https://${host}`);
    expect(res.status).toBe(200);
    expect(await registrantsOf(h, conferenceId, 'tls')).toEqual(['victim-tls@example.org']);
  });

  test('without a trusted proxy the forwarded https is not believed: the cookie keeps its http name', async () => {
    const plain = await createHarness({ seedDemo: false });
    try {
      const id = await plain.provision(contractSite());
      const token = await plain.login({ email: 'noproxy@example.org', conferenceId: id });
      expect((await get(plain, STATUS, `token=${token}`, https)).status).toBe(200);
      expect((await get(plain, STATUS, `__Host-token=${token}`, https)).status).toBe(401);
    } finally {
      await plain.stop();
    }
  });
});
