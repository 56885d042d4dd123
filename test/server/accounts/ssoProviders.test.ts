/**
 * The organisation list of the login page (spec 2.5, 3 "Federation organisation entry") and the
 * super admin's management of identity providers (docs/sso.md). The secret never comes back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { PLATFORM_HOST } from '../../helpers/accounts';

let h: Harness;
let conferenceId: number;
let admin: string;
const host = 'contract.localhost';
const PATH = '/api/platform/admin/identityProviders';
const SECRET = 'very-secret-client-secret-42';

/** The super admin's calls live on the platform host only (docs/security.md). */
function call(method: 'get' | 'post' | 'put' | 'delete', path: string, cookie?: string, body?: object) {
  const req = request(h.app)[method](path).set('Host', PLATFORM_HOST).set('Origin', `http://${PLATFORM_HOST}`);
  if (cookie) req.set('Cookie', cookie);
  return body ? req.send(body) : req;
}

const oidc = (over: object = {}) => ({
  kind: 'oidc',
  nameZh: '某大学',
  nameEn: 'Some University',
  issuer: 'https://idp.some.example',
  clientId: 'client-1',
  clientSecret: SECRET,
  ...over,
});
const passport = (over: object = {}) => ({
  kind: 'passport',
  nameZh: '通行证',
  nameEn: 'Passport',
  authorizeUrl: 'https://passport.example/oauth2/authorize',
  tokenUrl: 'https://passport.example/oauth2/token',
  userinfoUrl: 'https://passport.example/oauth2/userinfo',
  clientId: 'passport-client',
  clientSecret: SECRET,
  ...over,
});

const list = (query: Record<string, string>) =>
  request(h.app).get('/api/base/oauth/providers').query(query).set('Host', host);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  admin = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
});
afterAll(() => h?.stop());

describe('super admin management', () => {
  test('anonymous 401, a conference manager 403', async () => {
    await h.login({ email: 'manager@example.org', conferenceId, roles: ['manager'] });
    const manager = `token=${await h.login({ email: 'manager@example.org', conferenceId: null })}`;
    expect((await call('get', PATH)).status).toBe(401);
    expect((await call('post', PATH, undefined, oidc())).status).toBe(401);
    for (const [method, path] of [
      ['get', PATH],
      ['post', PATH],
      ['put', `${PATH}/1`],
      ['delete', `${PATH}/1`],
    ] as const) {
      expect(
        (await call(method, path, manager, method === 'post' || method === 'put' ? oidc() : undefined)).status,
      ).toBe(403);
    }
  });

  test('create, list, get never show the secret; an empty secret on update keeps it', async () => {
    const created = await call('post', PATH, admin, oidc({ logo: '/files/logo.png', isCommon: true, sort: 2 }));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      kind: 'oidc',
      nameZh: '某大学',
      issuer: 'https://idp.some.example',
      hasSecret: true,
      isCommon: true,
      enabled: true,
      sort: 2,
      logo: '/files/logo.png',
    });
    expect(created.body.data).not.toHaveProperty('clientSecret');
    const id = created.body.data.id;
    const listed = await call('get', PATH, admin);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
    expect(listed.body.data.find((p: { id: number }) => p.id === id)).toMatchObject({ hasSecret: true });

    const updated = await call(
      'put',
      `${PATH}/${id}`,
      admin,
      oidc({ nameEn: 'Some Univ.', clientSecret: '', isCommon: true }),
    );
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain(SECRET);
    expect(await h.db('identity_providers').where({ id }).first()).toMatchObject({
      name_en: 'Some Univ.',
      client_secret: SECRET,
    });
    await call('put', `${PATH}/${id}`, admin, oidc({ clientSecret: 'a-new-secret' }));
    expect((await h.db('identity_providers').where({ id }).first())!.client_secret).toBe('a-new-secret');

    expect((await call('delete', `${PATH}/${id}`, admin)).body).toMatchObject({ code: 200 });
    expect((await call('delete', `${PATH}/${id}`, admin)).status).toBe(404);
    expect((await call('put', `${PATH}/${id}`, admin, oidc())).status).toBe(404);
  });

  test.each([
    [oidc({ nameZh: '' }), 'sso.nameZhRequired'],
    [oidc({ nameZh: '长'.repeat(101) }), 'sso.nameZhTooLong'],
    [oidc({ nameEn: undefined }), 'sso.nameEnRequired'],
    [oidc({ nameEn: 'e'.repeat(151) }), 'sso.nameEnTooLong'],
    [oidc({ kind: 'saml' }), 'sso.kindInvalid'],
    [oidc({ issuer: undefined }), 'sso.issuerInvalid'],
    [oidc({ issuer: 'ftp://idp.example' }), 'sso.issuerInvalid'],
    [oidc({ issuer: 'not a url' }), 'sso.issuerInvalid'],
    [oidc({ clientId: '' }), 'sso.clientIdRequired'],
    [oidc({ clientSecret: '' }), 'sso.clientSecretRequired'],
    [oidc({ logo: 'http://insecure.example/logo.png' }), 'sso.logoInvalid'],
    [oidc({ logo: '//evil.example/logo.png' }), 'sso.logoInvalid'],
    [passport({ tokenUrl: undefined }), 'sso.tokenUrlInvalid'],
    [passport({ userinfoUrl: 'javascript:alert(1)' }), 'sso.userinfoUrlInvalid'],
    [passport({ logoutUrl: 'nope' }), 'sso.logoutUrlInvalid'],
  ])('%j is refused with %s', async (body, message) => {
    const res = await call('post', PATH, admin, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test('http:// issuers are accepted outside production (tests and local development)', async () => {
    const res = await call('post', PATH, admin, oidc({ issuer: 'http://127.0.0.1:9/', enabled: false }));
    expect(res.status).toBe(200);
  });

  test('at most one enabled passport provider', async () => {
    const first = await call('post', PATH, admin, passport());
    expect(first.status).toBe(200);
    const second = await call('post', PATH, admin, passport({ nameEn: 'Passport 2' }));
    expect(second.body.message).toBe('sso.passportExists');
    const disabled = await call('post', PATH, admin, passport({ nameEn: 'Passport 2', enabled: false }));
    expect(disabled.status).toBe(200);
    expect(
      (await call('put', `${PATH}/${disabled.body.data.id}`, admin, passport({ nameEn: 'Passport 2', enabled: true })))
        .body.message,
    ).toBe('sso.passportExists');
    // Editing the enabled one itself is fine.
    expect((await call('put', `${PATH}/${first.body.data.id}`, admin, passport({ clientSecret: '' }))).status).toBe(
      200,
    );
  });
});

describe('organisation list (GET /base/oauth/providers)', () => {
  let common: number;
  let other: number;
  beforeAll(async () => {
    await h.db('identity_providers').where({ kind: 'oidc' }).delete();
    common = (
      await call(
        'post',
        PATH,
        admin,
        oidc({
          nameZh: '国家科研身份',
          nameEn: 'National Research ID',
          isCommon: true,
          logo: 'https://cdn.example/n.png',
          sort: 1,
        }),
      )
    ).body.data.id;
    other = (await call('post', PATH, admin, oidc({ nameZh: '某研究所', nameEn: 'Some Institute' }))).body.data.id;
    await call(
      'post',
      PATH,
      admin,
      oidc({ nameZh: '停用大学', nameEn: 'Disabled Institute', isCommon: true, enabled: false }),
    );
  });

  test("'edugain,local': the enabled common OIDC providers, in the entry shape", async () => {
    const res = await list({ selectInput: 'edugain,local', state: '/profile/userInfo' });
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: [
        {
          entityId: String(common),
          zname: '国家科研身份',
          ename: 'National Research ID',
          logo: 'https://cdn.example/n.png',
          redirectUrl: `/sso/start/${common}?state=%2Fprofile%2FuserInfo`,
        },
      ],
    });
  });

  test("'edugain': a case-insensitive search of either name; an empty query finds nothing", async () => {
    const ids = async (query: string) =>
      (await list({ selectInput: 'edugain', query })).body.data.map((o: { entityId: string }) => Number(o.entityId));
    expect(await ids('INSTITUTE')).toEqual([other]);
    expect(await ids('研')).toEqual([other, common]); // by sort, then id
    expect(await ids('')).toEqual([]);
    expect(await ids('   ')).toEqual([]);
    expect(await ids('passport')).toEqual([]);
  });

  test('the secret is never present; a foreign state becomes /profile/userInfo', async () => {
    for (const state of ['https://evil.example/x', '//evil.example/x']) {
      const res = await list({ selectInput: 'edugain', query: 'i', state });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(JSON.stringify(res.body)).not.toContain('hasSecret');
      for (const org of res.body.data) expect(org.redirectUrl).toMatch(/\?state=%2Fprofile%2FuserInfo$/);
    }
    const ok = await list({ selectInput: 'edugain,local', state: '/page/2?x=1' });
    expect(ok.body.data[0].redirectUrl).toBe(`/sso/start/${common}?state=${encodeURIComponent('/page/2?x=1')}`);
  });

  test('a bad selectInput is refused', async () => {
    expect((await list({ selectInput: 'everything' })).status).toBe(400);
  });
});

describe('in production', () => {
  let prod: Harness;
  let root: string;
  beforeAll(async () => {
    prod = await createHarness({ seedDemo: false, env: { NODE_ENV: 'production' } });
    root = `token=${await prod.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
  });
  afterAll(() => prod?.stop());
  const post = (body: object) =>
    request(prod.app)
      .post(PATH)
      .set('Host', PLATFORM_HOST)
      .set('Origin', `http://${PLATFORM_HOST}`)
      .set('Cookie', root)
      .send(body);

  test("a provider's addresses are https only", async () => {
    const issuer = await post(oidc({ issuer: 'http://idp.some.example' }));
    expect([issuer.status, issuer.body.message, issuer.body.field]).toEqual([400, 'sso.issuerInvalid', 'issuer']);
    const token = await post(passport({ tokenUrl: 'http://passport.example/oauth2/token' }));
    expect([token.status, token.body.message, token.body.field]).toEqual([400, 'sso.tokenUrlInvalid', 'tokenUrl']);
    expect((await post(oidc())).status).toBe(200);
  });
});
