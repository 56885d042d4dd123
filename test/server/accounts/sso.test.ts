/**
 * Organisation login (OIDC) end to end against a real oidc-provider, and every refusal of the
 * flow (spec 2.3, 2.5; docs/sso.md): nothing is logged in and no account is created.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
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
import { ensureUser } from '../../../server/modules/accounts/service';
import { FLOW_COOKIE, readFlowCookie, signFlowCookie } from '../../../server/modules/accounts/sso';

let h: Harness;
let peer: OidcPeer;
let providerId: number;
let adminCookie: string;

const people = [
  { sub: 'alice-sub', email: 'alice@uni.example', emailVerified: true, name: 'Alice Liddell' },
  { sub: 'bob-sub', email: 'Bob@Uni.example', emailVerified: true, name: 'Bob' },
  { sub: 'eve-sub', email: 'carol@uni.example', emailVerified: false, name: 'Not Carol' },
  { sub: 'nomail-sub', name: 'No Mail' },
  { sub: 'refused-sub', email: 'refused@uni.example', emailVerified: true, name: 'Refused' },
];

const userCount = async () => Number((await h.db('users').count({ n: '*' }).first())!.n);
const status = (cookie: string) =>
  request(h.app).get('/api/conference/platform/findConferenceStatus').set('Host', host).set('Cookie', cookie);

/** GET /sso/start/:id as the browser: the provider's address and our flow cookie. */
async function start(query = 'state=%2Fpage%2F2', id = providerId) {
  const res = await request(h.app).get(`/sso/start/${id}?${query}`).set('Host', host);
  expect(res.status).toBe(302);
  const flow = cookieSet(res, FLOW_COOKIE);
  expect(flow).toBeDefined();
  return { authorize: new URL(res.headers.location), flow: flow!, res };
}

/** Our callback as the browser reaches it, carrying the flow cookie (or another cookie). */
function callback(url: URL, cookie?: string) {
  const req = request(h.app)
    .get(url.pathname + url.search)
    .set('Host', host);
  return cookie ? req.set('Cookie', cookie) : req;
}

/** A whole login as `sub`: start, the provider's forms, and our callback. */
async function login(sub: string, query?: string, jar = new CookieJar()) {
  const { authorize, flow } = await start(query);
  const back = await driveProvider(authorize.href, { login: sub, jar });
  return { res: await callback(back, flow), back, flow };
}

/** Refused: back to / with loginError, no token, no account created. */
async function expectRefused(res: request.Response, usersBefore: number) {
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/?loginError=1');
  expect(cookieSet(res, 'token')).toBeUndefined();
  expect(await userCount()).toBe(usersBefore);
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
  peer = await startOidcProvider({
    clients: [testClient('platform-oidc', 'oidc-secret'), testClient('other-client', 'other-secret')],
    people,
  });
  // The super admin's calls live on the platform host (docs/security.md).
  adminCookie = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
  const created = await apiPost(
    h.app,
    PLATFORM_HOST,
    '/platform/admin/identityProviders',
    {
      kind: 'oidc',
      nameZh: '测试大学',
      nameEn: 'Test University',
      issuer: peer.issuer,
      clientId: 'platform-oidc',
      clientSecret: 'oidc-secret',
      isCommon: true,
    },
    adminCookie,
  );
  expect(created.status).toBe(200);
  providerId = created.body.data.id;
});
afterAll(async () => {
  await peer?.stop();
  await h?.stop();
});

describe('organisation login (OIDC)', () => {
  test('start: the provider address with state, a 16-alphanumeric nonce, PKCE S256 and the exact redirect_uri', async () => {
    const { authorize, res } = await start();
    expect(authorize.origin).toBe(peer.issuer);
    const p = authorize.searchParams;
    expect(p.get('client_id')).toBe('platform-oidc');
    expect(p.get('redirect_uri')).toBe('http://contract.localhost/oidcLogin');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')!.length).toBeGreaterThanOrEqual(16);
    expect(p.has('prompt')).toBe(false);
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=600/);
  });

  test('first login creates the account, sets the session and goes to the target', async () => {
    const before = await userCount();
    const { res } = await login('alice-sub');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/page/2');
    const token = cookieSet(res, 'token')!;
    expect(token).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${FLOW_COOKIE}=;`));
    expect((await status(token)).status).toBe(200);
    expect(await userCount()).toBe(before + 1);
    const user = await h.db('users').where({ email: 'alice@uni.example' }).first();
    expect(user).toMatchObject({
      true_name: 'Alice Liddell',
      password_hash: null,
      cstnet_id: 'alice@uni.example',
      umt_id: null,
    });
    expect(user!.email_verified_at).toBeTruthy();
    expect(
      await h.db('user_identities').where({ provider_id: providerId, subject: 'alice-sub' }).first(),
    ).toMatchObject({ user_id: user!.id });
  });

  test('the same person again is the same account (with or without a session at the provider)', async () => {
    const jar = new CookieJar();
    await login('bob-sub', undefined, jar);
    const before = await userCount();
    const again = await login('bob-sub', undefined, jar);
    const fresh = await login('bob-sub');
    for (const { res } of [again, fresh]) {
      expect(res.headers.location).toBe('/page/2');
      expect(cookieSet(res, 'token')).toBeDefined();
    }
    expect(await userCount()).toBe(before);
    expect(await h.db('users').where({ email: 'bob@uni.example' })).toHaveLength(1);
  });

  test('an existing password account with the same verified e-mail is linked, not duplicated', async () => {
    const { id } = await ensureUser(h.db, { email: 'dora@uni.example', trueName: 'Dora', password: 'dora-password-1' });
    peer.people.set('dora-sub', {
      sub: 'dora-sub',
      email: 'DORA@uni.example',
      emailVerified: true,
      name: 'Dora at Uni',
    });
    const before = await userCount();
    const { res } = await login('dora-sub');
    expect(res.headers.location).toBe('/page/2');
    expect(await userCount()).toBe(before);
    expect(await h.db('user_identities').where({ subject: 'dora-sub' }).first()).toMatchObject({ user_id: id });
    // The account keeps its password and name.
    expect(await h.db('users').where({ id }).first()).toMatchObject({ true_name: 'Dora' });
    expect((await h.db('users').where({ id }).first())!.password_hash).toBeTruthy();
  });

  test('an e-mail the provider says is unverified neither links to nor creates an account', async () => {
    await ensureUser(h.db, { email: 'carol@uni.example', trueName: 'Carol', password: 'carol-password-1' });
    const before = await userCount();
    await expectRefused((await login('eve-sub')).res, before);
    expect(await h.db('user_identities').where({ subject: 'eve-sub' }).first()).toBeUndefined();
  });

  test('a person without an e-mail is refused', async () => {
    await expectRefused((await login('nomail-sub')).res, await userCount());
  });

  test('the API variant: POST /base/oauth/oidcLogin with code and state', async () => {
    const { authorize, flow } = await start('state=%2Fprofile%2Forders');
    const back = await driveProvider(authorize.href, { login: 'alice-sub' });
    const body = {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      iss: back.searchParams.get('iss'),
    };
    const res = await apiPost(h.app, host, '/base/oauth/oidcLogin', body, flow);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { token: 'ok', target: '/profile/orders', registered: false } });
    const token = cookieSet(res, 'token')!;
    expect((await status(token)).status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${FLOW_COOKIE}=;`));
    // Without the flow cookie the same call is refused.
    const again = await apiPost(h.app, host, '/base/oauth/oidcLogin', body);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('sso.loginFailed');
  });
});

describe('refusals: nothing is logged in', () => {
  test('a wrong state', async () => {
    const before = await userCount();
    const { authorize, flow } = await start();
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    back.searchParams.set('state', 'another-state-value');
    await expectRefused(await callback(back, flow), before);
  });

  test('a replayed code (the same code and cookie a second time)', async () => {
    const { res, back, flow } = await login('alice-sub');
    expect(cookieSet(res, 'token')).toBeDefined();
    await expectRefused(await callback(back, flow), await userCount());
  });

  test('a wrong nonce (a validly signed flow cookie whose nonce is not the one sent)', async () => {
    const before = await userCount();
    const { authorize, flow } = await start();
    const original = (await readFlowCookie(TEST_SECRET, decodeURIComponent(flow.split('=')[1])))!;
    expect(original.nonce).toBe(authorize.searchParams.get('nonce'));
    const forged = await signFlowCookie(TEST_SECRET, { ...original, nonce: 'AAAAAAAAAAAAAAAA' });
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    await expectRefused(await callback(back, `${FLOW_COOKIE}=${forged}`), before);
  });

  test('a wrong audience: a code issued to another client, presented to our flow', async () => {
    const before = await userCount();
    const { authorize, flow } = await start();
    authorize.searchParams.set('client_id', 'other-client');
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    expect(back.searchParams.get('code')).toBeTruthy();
    await expectRefused(await callback(back, flow), before);
  });

  test('a missing, garbled or foreign-signed flow cookie', async () => {
    const before = await userCount();
    const { authorize, flow } = await start();
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    const original = (await readFlowCookie(TEST_SECRET, decodeURIComponent(flow.split('=')[1])))!;
    const foreign = await signFlowCookie('another-secret-another-secret-another-secret', original);
    for (const cookie of [
      undefined,
      `${FLOW_COOKIE}=garbage`,
      `${FLOW_COOKIE}=${flow.split('=')[1].slice(0, -4)}AAAA`,
      `${FLOW_COOKIE}=${foreign}`,
    ]) {
      await expectRefused(await callback(back, cookie), before);
    }
  });

  test('a flow cookie of the passport kind is refused at the OIDC callback', async () => {
    const before = await userCount();
    const { authorize, flow } = await start();
    const original = (await readFlowCookie(TEST_SECRET, decodeURIComponent(flow.split('=')[1])))!;
    const other = await signFlowCookie(TEST_SECRET, {
      ...original,
      kind: 'passport',
      redirectUri: 'http://contract.localhost/login',
    });
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    await expectRefused(await callback(back, `${FLOW_COOKIE}=${other}`), before);
  });

  test('an error answer from the provider (not a silent attempt)', async () => {
    const { authorize, flow } = await start();
    const back = new URL('http://contract.localhost/oidcLogin');
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', authorize.searchParams.get('state')!);
    await expectRefused(await callback(back, flow), await userCount());
  });

  test.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)'])(
    'a foreign target %s ends at /profile/userInfo',
    async (target) => {
      const { res } = await login('alice-sub', `state=${encodeURIComponent(target)}`);
      expect(res.headers.location).toBe('/profile/userInfo');
      expect(cookieSet(res, 'token')).toBeDefined();
    },
  );

  test('an unknown or disabled provider does not start', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await request(h.app).get(`/sso/start/${id}`).set('Host', host);
      expect(res.headers.location).toBe('/?loginError=1');
      expect(cookieSet(res, FLOW_COOKIE)).toBeUndefined();
    }
  });
});

describe('provider edits take effect at once', () => {
  test('a changed client id is used by the next start; a disabled provider refuses a flow begun before', async () => {
    const { authorize, flow } = await start();
    const back = await driveProvider(authorize.href, { login: 'refused-sub' });
    const edit = (body: object) =>
      request(h.app)
        .put(`/api/platform/admin/identityProviders/${providerId}`)
        .set('Host', PLATFORM_HOST)
        .set('Origin', `http://${PLATFORM_HOST}`)
        .set('Cookie', adminCookie)
        .send(body);
    const base = { kind: 'oidc', nameZh: '测试大学', nameEn: 'Test University', issuer: peer.issuer, isCommon: true };
    expect((await edit({ ...base, clientId: 'other-client', clientSecret: 'other-secret' })).status).toBe(200);
    expect((await start()).authorize.searchParams.get('client_id')).toBe('other-client');
    expect(
      (await edit({ ...base, clientId: 'platform-oidc', clientSecret: 'oidc-secret', enabled: false })).status,
    ).toBe(200);
    await expectRefused(await callback(back, flow), await userCount());
    expect((await edit({ ...base, clientId: 'platform-oidc', clientSecret: 'oidc-secret' })).status).toBe(200);
    expect((await login('alice-sub')).res.headers.location).toBe('/page/2');
  });
});

describe('sibling conferences and the flow cookie (docs/security.md)', () => {
  test('a flow cookie sent twice (one planted by a sibling) is no flow: refused, the planted copy deleted', async () => {
    const before = await userCount();
    const planted = (await start()).flow;
    const { authorize, flow } = await start();
    const back = await driveProvider(authorize.href, { login: 'bob-sub', jar: new CookieJar() });
    const res = await callback(back, `${flow}; ${planted}`);
    await expectRefused(res, before);
    expect(String(res.headers['set-cookie'])).toContain(`${FLOW_COOKIE}=; Domain=localhost; Path=/oidcLogin;`);
  });
});
