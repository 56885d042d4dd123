/**
 * Passwords are typed only on the platform origin (docs/accounts.md, docs/security.md): a
 * conference's pages frame the platform's forms, and the sign-in comes back as a one-time code
 * bound to that conference and that browser.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import * as cheerio from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, exchange, mailedCode, newState, PLATFORM_HOST, signInTo, tokenCookie } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';
import { ensureUser } from '../../../server/modules/accounts/service';
import { HANDOFF_TTL_MS } from '../../../server/modules/accounts/handoff';
import { toDbInstant } from '../../../server/db/dialect';

let h: Harness;
const host = 'contract.localhost';
const other = 'other.localhost';
const CODES = '/conference/conferenceRegUserConfig';
const status = (conferenceHost: string, cookie: string) =>
  request(h.app).get('/api/conference/platform/findConferenceStatus').set('Host', conferenceHost).set('Cookie', cookie);
const platformLogin = (body: object) => apiPost(h.app, PLATFORM_HOST, '/base/oauth/localLogin', body);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
  await h.provision(contractSite({ slug: 'other', domains: [other] }));
  await ensureUser(h.db, { email: 'carol@example.org', trueName: 'Carol', password: 'carol-password-1' });
});
afterAll(() => h?.stop());

describe('credential calls exist only on the platform host', () => {
  test.each([
    ['/base/oauth/localLogin', { email: 'carol@example.org', password: 'carol-password-1' }],
    [
      '/base/oauth/register',
      { email: 'new@example.org', trueName: 'New', passWord: 'new-password-1', verifyCode: '123456' },
    ],
    [
      `${CODES}/updatePassword`,
      {
        data: {
          email: 'carol@example.org',
          verifyCode: '123456',
          password: 'carol-password-2',
          confirmPassword: 'carol-password-2',
        },
      },
    ],
    [`${CODES}/sendEmailCode`, { data: { email: 'carol@example.org', type: 'resetPassCode' } }],
    [`${CODES}/sendEmailCode`, { data: { email: 'new@example.org', type: 'registerCode' } }],
    [`${CODES}/getEmailCode`, { data: { email: 'carol@example.org', type: 'resetPassCode', code: '123456' } }],
  ])('%s answers 404 on a conference host and sets nothing', async (path, body) => {
    const res = await apiPost(h.app, host, path, body);
    expect(res.status).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await h.db('mail_outbox').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  test('checkPassword (an oracle for the own password) is not reachable with a conference session', async () => {
    const { cookie } = await signInTo(h.app, host, 'carol@example.org', 'carol-password-1');
    expect(
      (await apiPost(h.app, host, `${CODES}/checkPassword`, { password: 'carol-password-1' }, cookie!)).status,
    ).toBe(404);
  });

  test('the feedback code is still sent on a conference host', async () => {
    const { cookie } = await signInTo(h.app, host, 'carol@example.org', 'carol-password-1');
    const res = await apiPost(
      h.app,
      host,
      `${CODES}/sendEmailCode`,
      { data: { email: 'carol@example.org', type: 'feedbackCode' } },
      cookie!,
    );
    expect(res.status).toBe(200);
  });
});

describe('the hand-over', () => {
  test('a sign-in on the platform for a conference gives a code, not a platform cookie; the conference exchanges it', async () => {
    const state = newState();
    const res = await platformLogin({
      email: 'carol@example.org',
      password: 'carol-password-1',
      handoff: { origin: `http://${host}`, state, redirect: '/profile/userInfo' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const url = new URL(res.body.data.handoffUrl);
    expect(url.origin).toBe(`http://${host}`);
    expect(url.pathname).toBe('/auth/handoff');
    const done = await request(h.app)
      .get(url.pathname + url.search)
      .set('Host', host)
      .set('Cookie', `handoff_state_test=${state}`);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/profile/userInfo');
    expect(String(done.headers['set-cookie'])).toMatch(/token=.*HttpOnly/);
    expect((await status(host, tokenCookie(done))).status).toBe(200);
    // The session is the conference's only.
    expect((await status(other, tokenCookie(done))).status).toBe(401);
  });

  test('pages opened at once in several tabs each keep a state of their own; a later page reuses one', async () => {
    const pages = await Promise.all(
      ['/conferencelogin', '/userRegister', '/resetPassword'].map((p) => request(h.app).get(p).set('Host', host)),
    );
    const cookies = pages.map((p) => String(p.headers['set-cookie']).split(';')[0]);
    expect(new Set(cookies.map((c) => c.split('=')[0])).size).toBe(3);
    const states = pages.map((p) =>
      new URL(cheerio.load(p.text)('iframe.account-frame').attr('src')!).searchParams.get('state')!,
    );
    // Each tab's sign-in works with all the cookies the browser now holds.
    for (const state of states) {
      const res = await platformLogin({
        email: 'carol@example.org',
        password: 'carol-password-1',
        handoff: { origin: `http://${host}`, state },
      });
      const url = new URL(res.body.data.handoffUrl);
      const done = await request(h.app)
        .get(url.pathname + url.search)
        .set('Host', host)
        .set('Cookie', cookies.join('; '));
      expect(String(done.headers['set-cookie'])).toContain('token=');
    }
    const later = await request(h.app).get('/conferencelogin').set('Host', host).set('Cookie', cookies.join('; '));
    expect(later.headers['set-cookie']).toBeUndefined();
    expect(states).toContain(
      new URL(cheerio.load(later.text)('iframe.account-frame').attr('src')!).searchParams.get('state'),
    );
  });

  test('the code works once', async () => {
    const state = newState();
    const res = await platformLogin({
      email: 'carol@example.org',
      password: 'carol-password-1',
      handoff: { origin: `http://${host}`, state },
    });
    const url = new URL(res.body.data.handoffUrl);
    await exchange(h.app, host, res.body.data.handoffUrl, state);
    const again = await request(h.app)
      .get(url.pathname + url.search)
      .set('Host', host)
      .set('Cookie', `handoff_state_test=${state}`);
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/^\/conferencelogin/);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('twenty concurrent exchanges of one code give exactly one session', async () => {
    const state = newState();
    const res = await platformLogin({
      email: 'carol@example.org',
      password: 'carol-password-1',
      handoff: { origin: `http://${host}`, state },
    });
    const url = new URL(res.body.data.handoffUrl);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(h.app)
          .get(url.pathname + url.search)
          .set('Host', host)
          .set('Cookie', `handoff_state_test=${state}`),
      ),
    );
    expect(answers.filter((a) => String(a.headers['set-cookie'] ?? '').includes('token=')).length).toBe(1);
  });

  test('the code is refused on another conference, without the browser state, with another state, and once expired', async () => {
    const state = newState();
    const issue = async () =>
      new URL(
        (
          await platformLogin({
            email: 'carol@example.org',
            password: 'carol-password-1',
            handoff: { origin: `http://${host}`, state },
          })
        ).body.data.handoffUrl,
      );
    const refused = async (conferenceHost: string, url: URL, cookie?: string) => {
      const req = request(h.app)
        .get(url.pathname + url.search)
        .set('Host', conferenceHost);
      const res = await (cookie ? req.set('Cookie', cookie) : req);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/conferencelogin/);
      expect(res.headers['set-cookie']).toBeUndefined();
    };
    await refused(other, await issue(), `handoff_state_test=${state}`);
    await refused(host, await issue());
    await refused(host, await issue(), `handoff_state_other=${newState()}`);
    const late = await issue();
    await h.db('session_handoffs').update({ expires_at: toDbInstant(new Date(Date.now() - 1000)) });
    await refused(host, late, `handoff_state_test=${state}`);
    expect(HANDOFF_TTL_MS).toBeLessThanOrEqual(120_000);
  });

  test('the hand-over goes only to a conference origin, and never off the conference with its redirect', async () => {
    for (const origin of [
      'http://evil.example.org',
      'javascript:alert(1)',
      `http://${host}/path`,
      'http://platform.localhost',
      `ftp://${host}`,
    ]) {
      const res = await platformLogin({
        email: 'carol@example.org',
        password: 'carol-password-1',
        handoff: { origin, state: newState() },
      });
      expect(res.status, origin).toBe(400);
      expect(res.body.message).toBe('auth.handoffInvalid');
    }
    const state = newState();
    const res = await platformLogin({
      email: 'carol@example.org',
      password: 'carol-password-1',
      handoff: { origin: `http://${host}`, state, redirect: '//evil.example.org/x' },
    });
    const done = await request(h.app)
      .get(new URL(res.body.data.handoffUrl).pathname + new URL(res.body.data.handoffUrl).search)
      .set('Host', host)
      .set('Cookie', `handoff_state_test=${state}`);
    expect(done.headers.location).toBe('/conferenceRegister');
  });

  test('a wrong password gives the same answer as ever, and no code', async () => {
    const res = await platformLogin({
      email: 'carol@example.org',
      password: 'wrong-password-1',
      handoff: { origin: `http://${host}`, state: newState() },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'userReg.userLoginError' });
    expect(await h.db('session_handoffs').where({ used_at: null }).count({ n: '*' }).first()).toBeDefined();
  });

  test('sign-up in the frame: the account is made on the platform and the conference gets the session', async () => {
    await apiPost(h.app, PLATFORM_HOST, `${CODES}/sendEmailCode`, {
      data: { email: 'frank@example.org', type: 'registerCode' },
    });
    const code = await mailedCode(h.db, 'frank@example.org');
    const state = newState();
    const res = await apiPost(h.app, PLATFORM_HOST, '/base/oauth/register', {
      email: 'frank@example.org',
      trueName: 'Frank',
      passWord: 'frank-password-1',
      verifyCode: code,
      handoff: { origin: `http://${host}`, state, redirect: '/conferenceRegister' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const cookie = await exchange(h.app, host, res.body.data.handoffUrl, state);
    expect((await status(host, cookie)).status).toBe(200);
  });

  test('reset in the frame signs the person in on the conference with the new password', async () => {
    await ensureUser(h.db, { email: 'gina@example.org', trueName: 'Gina', password: 'gina-password-1' });
    await apiPost(h.app, PLATFORM_HOST, `${CODES}/sendEmailCode`, {
      data: { email: 'gina@example.org', type: 'resetPassCode' },
    });
    const code = await mailedCode(h.db, 'gina@example.org');
    const state = newState();
    const res = await apiPost(h.app, PLATFORM_HOST, `${CODES}/updatePassword`, {
      data: {
        email: 'gina@example.org',
        verifyCode: code,
        password: 'gina-password-2',
        confirmPassword: 'gina-password-2',
      },
      handoff: { origin: `http://${host}`, state },
    });
    expect(res.status).toBe(200);
    const cookie = await exchange(h.app, host, res.body.data.handoffUrl, state);
    expect((await status(host, cookie)).status).toBe(200);
    expect((await signInTo(h.app, host, 'gina@example.org', 'gina-password-2')).cookie).toMatch(/^token=/);
  });
});

describe('pages', () => {
  test('/register on a conference host has no password field (closed or open)', async () => {
    const res = await request(h.app).get('/register').set('Host', host);
    expect(res.status).toBe(200);
    expect(cheerio.load(res.text)('input[type=password]').length).toBe(0);
  });

  test.each(['/conferencelogin', '/userRegister', '/resetPassword'])(
    '%s on a conference host has no password field, only the platform frame',
    async (path) => {
      const res = await request(h.app).get(path).set('Host', host);
      expect(res.status).toBe(200);
      const $ = cheerio.load(res.text);
      expect($('input[type=password]').length).toBe(0);
      const src = new URL($('iframe.account-frame').attr('src')!);
      expect(src.host).toBe(PLATFORM_HOST);
      expect(src.searchParams.get('origin')).toBe(`http://${host}`);
      const state = src.searchParams.get('state')!;
      expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`handoff_state_[0-9a-f]{8}=${state};.*HttpOnly`));
    },
  );

  test('the frame is served by the platform with a strict policy, framed by that conference only', async () => {
    const page = await request(h.app).get('/conferencelogin').set('Host', host);
    // Spec 2.5: titled with the conference's name, nothing else.
    const title = cheerio.load(page.text)('title').text();
    expect(title.length).toBeGreaterThan(0);
    expect(title).not.toMatch(/登录|Log ?in|Sign ?in| - /i);
    const src = new URL(cheerio.load(page.text)('iframe.account-frame').attr('src')!);
    const res = await request(h.app)
      .get(src.pathname + src.search)
      .set('Host', PLATFORM_HOST);
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-ancestors http://${host}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(cheerio.load(res.text)('input[type=password]').length).toBe(1);
  });

  test('the frame is refused for an origin that is not a conference', async () => {
    const res = await request(h.app)
      .get(`/embed/account/login?origin=${encodeURIComponent('http://evil.example.org')}&state=${newState()}`)
      .set('Host', PLATFORM_HOST);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/404');
    expect(
      (
        await request(h.app)
          .get(`/embed/account/login?origin=${encodeURIComponent(`http://${host}`)}&state=${newState()}`)
          .set('Host', host)
      ).status,
    ).toBe(302);
  });
});
