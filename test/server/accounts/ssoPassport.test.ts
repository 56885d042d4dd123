/**
 * The passport login (OAuth2 code flow through passport-oauth2) against a real provider, the
 * autologon of spec 2.2 step 2 (prompt=none) and the logout address of spec 2.3.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';
import {
  CookieJar,
  SSO_HOST as host,
  cookieSet,
  driveProvider,
  startOidcProvider,
  testClient,
  type OidcPeer,
} from '../../helpers/oidcProvider';
import { grantRole } from '../../../server/modules/accounts/service';
import { FLOW_COOKIE } from '../../../server/modules/accounts/sso';
import { passportLogoutUrl } from '../../../server/modules/accounts/ssoRoutes';

let h: Harness;
let peer: OidcPeer;
let conferenceId: number;
let passportId: number;
let adminCookie: string;

const status = (cookie: string) =>
  request(h.app).get('/api/conference/platform/findConferenceStatus').set('Host', host).set('Cookie', cookie);
const get = (path: string, cookie?: string) => {
  const req = request(h.app).get(path).set('Host', host);
  return cookie ? req.set('Cookie', cookie) : req;
};

async function start(query: string) {
  const res = await get(`/sso/start/${passportId}?${query}`);
  expect(res.status).toBe(302);
  return { authorize: new URL(res.headers.location), flow: cookieSet(res, FLOW_COOKIE)! };
}

async function passportLogin(sub: string, target = '/page/2', jar = new CookieJar()) {
  const { authorize, flow } = await start(`state=${encodeURIComponent(target)}`);
  const back = await driveProvider(authorize.href, { login: sub, jar });
  return { res: await get(back.pathname + back.search, flow), back, flow };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  peer = await startOidcProvider({
    clients: [testClient('platform-passport', 'passport-secret', 'client_secret_post')],
    people: [
      { sub: 'umt-1001', email: 'pat@passport.example', emailVerified: true, name: 'Pat Passport' },
      { sub: 'umt-1002', email: 'quinn@passport.example', name: 'Quinn' },
    ],
  });
  // The super admin's calls live on the platform host (docs/security.md).
  adminCookie = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
  const created = await apiPost(
    h.app,
    PLATFORM_HOST,
    '/platform/admin/identityProviders',
    {
      kind: 'passport',
      nameZh: '通行证',
      nameEn: 'Passport',
      authorizeUrl: peer.discovery.authorization_endpoint,
      tokenUrl: peer.discovery.token_endpoint,
      userinfoUrl: peer.discovery.userinfo_endpoint,
      logoutUrl: `${peer.issuer}/session/end`,
      clientId: 'platform-passport',
      clientSecret: 'passport-secret',
    },
    adminCookie,
  );
  expect(created.status).toBe(200);
  passportId = created.body.data.id;
});
afterAll(async () => {
  await peer?.stop();
  await h?.stop();
});

describe('passport login', () => {
  test('start: the authorize address of spec 7 with state and PKCE S256', async () => {
    const { authorize } = await start('state=%2Fpage%2F2');
    expect(authorize.origin + authorize.pathname).toBe(peer.discovery.authorization_endpoint);
    const p = authorize.searchParams;
    expect(
      Object.fromEntries(
        ['response_type', 'redirect_uri', 'client_id', 'theme', 'locale', 'code_challenge_method'].map((k) => [
          k,
          p.get(k),
        ]),
      ),
    ).toEqual({
      response_type: 'code',
      redirect_uri: 'http://contract.localhost/login',
      client_id: 'platform-passport',
      theme: 'full',
      locale: 'zh',
      code_challenge_method: 'S256',
    });
    expect(p.get('state')).toBeTruthy();
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const en = await request(h.app).get(`/sso/start/${passportId}`).set('Host', host).set('Cookie', 'locale=en');
    expect(new URL(en.headers.location).searchParams.get('locale')).toBe('en');
  });

  test('not registered in this conference: the account is created and the browser goes to /conferenceRegister', async () => {
    const { res } = await passportLogin('umt-1001');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/conferenceRegister');
    const token = cookieSet(res, 'token')!;
    expect((await status(token)).body.data.allUsers.conferenceUser).toBe(false);
    const user = await h.db('users').where({ email: 'pat@passport.example' }).first();
    expect(user).toMatchObject({
      umt_id: 'umt-1001',
      cstnet_id: 'pat@passport.example',
      true_name: 'Pat Passport',
      password_hash: null,
    });
  });

  test('registered (attendee here): the browser goes to the target; the same account again', async () => {
    const user = await h.db('users').where({ email: 'pat@passport.example' }).first();
    await grantRole(h.db, conferenceId, user!.id, 'attendee');
    const { res } = await passportLogin('umt-1001', '/profile/orders');
    expect(res.headers.location).toBe('/profile/orders');
    expect((await status(cookieSet(res, 'token')!)).body.data.allUsers.conferenceUser).toBe(true);
    expect(await h.db('users').where({ email: 'pat@passport.example' })).toHaveLength(1);
  });

  test('a provider that does not say whether the e-mail is verified: the account is still created', async () => {
    const { res } = await passportLogin('umt-1002');
    expect(res.headers.location).toBe('/conferenceRegister');
    expect(await h.db('users').where({ email: 'quinn@passport.example', umt_id: 'umt-1002' }).first()).toBeDefined();
  });

  test('the API variant POST /base/oauth/login answers target and registered', async () => {
    const { authorize, flow } = await start('state=%2Fpage%2F3');
    const back = await driveProvider(authorize.href, { login: 'umt-1001' });
    const res = await apiPost(
      h.app,
      host,
      '/base/oauth/login',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      flow,
    );
    expect(res.body).toMatchObject({ code: 200, data: { token: 'ok', target: '/page/3', registered: true } });
    expect(cookieSet(res, 'token')).toBeDefined();
    // The code is spent: a replay is refused.
    const replay = await apiPost(
      h.app,
      host,
      '/base/oauth/login',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      flow,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('sso.loginFailed');
    expect(cookieSet(replay, 'token')).toBeUndefined();
  });

  test('the oidc callback refuses a passport flow', async () => {
    const { authorize, flow } = await start('state=%2F');
    const back = await driveProvider(authorize.href, { login: 'umt-1001' });
    const res = await get(`/oidcLogin${back.search}`, flow);
    expect(res.headers.location).toBe('/?loginError=1');
    expect(cookieSet(res, 'token')).toBeUndefined();
  });
});

describe('autologon (spec 2.2 step 2)', () => {
  test('a page address with autologon starts a silent passport login back to the same address without it', async () => {
    const res = await get('/page/3?lang=en&autologon=1&x=%2F');
    expect(res.status).toBe(302);
    const next = new URL(res.headers.location, 'http://contract.localhost');
    expect(next.pathname).toBe(`/sso/start/${passportId}`);
    expect(next.searchParams.get('silent')).toBe('1');
    expect(next.searchParams.get('state')).toBe('/page/3?lang=en&x=%2F');
    // The guarded screens and the account pages too, before their guards send the visitor to the login page (issue 18).
    for (const path of [
      '/profile/userInfo?autologon',
      '/platform/manage/overview?autologon=1',
      '/conferenceRegister?autologon',
      '/resetPassword?autologon',
    ]) {
      const screen = await get(path);
      expect(screen.status, path).toBe(302);
      expect(screen.headers.location, path).toMatch(/^\/sso\/start\/\d+\?silent=1&state=/);
      expect(decodeURIComponent(screen.headers.location.split('state=')[1]), path).toBe(path.split('?')[0]);
    }
    const home = await get('/?autologon');
    expect(new URL(home.headers.location, 'http://x').searchParams.get('state')).toBe('/');
  });

  test('prompt=none; without a session at the provider it returns quietly to the target', async () => {
    const redirect = await get('/page/3?autologon=1');
    const started = await get(redirect.headers.location);
    const authorize = new URL(started.headers.location);
    expect(authorize.searchParams.get('prompt')).toBe('none');
    const flow = cookieSet(started, FLOW_COOKIE)!;
    const back = await driveProvider(authorize.href);
    expect(back.searchParams.get('error')).toBe('login_required');
    const res = await get(back.pathname + back.search, flow);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/page/3');
    expect(cookieSet(res, 'token')).toBeUndefined();
  });

  test('with a session at the provider it signs in without a form', async () => {
    const jar = new CookieJar();
    await passportLogin('umt-1001', '/', jar);
    const redirect = await get('/page/2?autologon=1');
    const started = await get(redirect.headers.location);
    const back = await driveProvider(started.headers.location, { jar });
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await get(back.pathname + back.search, cookieSet(started, FLOW_COOKIE));
    expect(res.headers.location).toBe('/page/2');
    expect(cookieSet(res, 'token')).toBeDefined();
  });

  test('nothing happens with a session, on the API, on the callbacks, or without autologon', async () => {
    const token = `token=${await h.login({ email: 'someone@example.org', conferenceId })}`;
    for (const [path, cookie] of [
      ['/page/2?autologon=1', token],
      ['/page/2', undefined],
      ['/login?autologon=1', undefined],
      ['/api/conference/platform/findConferenceStatus?autologon=1', undefined],
    ] as const) {
      const res = await get(path, cookie);
      expect(String(res.headers.location ?? '')).not.toContain('/sso/start');
    }
  });
});

describe('logout address (spec 2.3)', () => {
  test('the passport logout address with WebServerURL = origin and state', async () => {
    const url = new URL((await passportLogoutUrl('http://contract.localhost', h.db))!);
    expect(url.origin + url.pathname).toBe(`${peer.issuer}/session/end`);
    expect(url.searchParams.get('WebServerURL')).toBe(
      'http://contract.localhost/?state=http%3A%2F%2Fcontract.localhost',
    );
  });

  test('without an enabled passport provider: null, and autologon does nothing', async () => {
    const put = await request(h.app)
      .put(`/api/platform/admin/identityProviders/${passportId}`)
      .set('Host', PLATFORM_HOST)
      .set('Origin', `http://${PLATFORM_HOST}`)
      .set('Cookie', adminCookie)
      .send({
        kind: 'passport',
        nameZh: '通行证',
        nameEn: 'Passport',
        enabled: false,
        clientId: 'platform-passport',
        authorizeUrl: peer.discovery.authorization_endpoint,
        tokenUrl: peer.discovery.token_endpoint,
        userinfoUrl: peer.discovery.userinfo_endpoint,
      });
    expect(put.status).toBe(200);
    expect(await passportLogoutUrl('http://contract.localhost', h.db)).toBeNull();
    expect(String((await get('/page/2?autologon=1')).headers.location ?? '')).not.toContain('/sso/start');
  });
});
