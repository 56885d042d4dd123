/**
 * Which host a route lives on (docs/security.md): platform routes — the super-admin area and the
 * calls that take a password — answer 404 on every conference host, even to a super admin signed
 * in there, so a manager's template script running in a super admin's browser reaches none of
 * them. Conference routes answer 404 on the platform host. The list comes from the router table.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { routeTable, type RouteInfo } from '../../helpers/routes';
import { contractSite } from '../../fixtures/contractSite';
import { PLATFORM_HOST } from '../../helpers/accounts';

let h: Harness;
let conferenceId: number;
let conferenceToken: string;
let platformToken: string;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  conferenceToken = await h.login({ email: 'root@example.org', conferenceId, superAdmin: true });
  platformToken = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());

/** A concrete path for a route pattern: every parameter 1. */
const concrete = (path: string) => path.replace(/:(\w+)/g, '1').replace(/\*\w*/g, 'x');

function call(route: RouteInfo, onHost: string, token: string) {
  const agent = request(h.app);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  const req = agent[method](concrete(route.path))
    .set('Host', onHost)
    .set('Origin', `http://${onHost}`)
    .set('Cookie', `token=${token}`);
  return method === 'get' || method === 'delete' ? req : req.send({});
}

const isNotFound = (res: request.Response) =>
  res.status === 404 || (res.status === 302 && res.headers.location === '/404');

describe('the router table', () => {
  test('every superAdmin route is a platform route, and the credential calls are too', () => {
    const routes = routeTable(h.express);
    expect(routes.filter((r) => r.access === 'superAdmin' && r.scope !== 'platform')).toEqual([]);
    const platformPaths = routes.filter((r) => r.scope === 'platform').map((r) => `${r.method} ${r.path}`);
    for (const path of [
      'POST /api/base/oauth/localLogin',
      'POST /api/base/oauth/register',
      'POST /api/conference/conferenceRegUserConfig/updatePassword',
      'POST /api/conference/conferenceRegUserConfig/checkPassword',
      'POST /api/platform/admin/superAdmins',
    ]) {
      expect(platformPaths).toContain(path);
    }
    expect(routes.every((r) => ['platform', 'conference', 'any'].includes(String(r.scope)))).toBe(true);
  });

  test('a super admin signed in on a conference host: every platform route answers 404', async () => {
    const routes = routeTable(h.express);
    // `/` is both the platform's home and a conference's home page: there the conference's answers.
    const servedByConference = new Set(
      routes.filter((r) => r.scope !== 'platform').map((r) => `${r.method} ${r.path}`),
    );
    const platformRoutes = routes.filter(
      (r) => r.scope === 'platform' && !servedByConference.has(`${r.method} ${r.path}`),
    );
    expect(platformRoutes.length).toBeGreaterThan(10);
    for (const route of platformRoutes) {
      const res = await call(route, host, conferenceToken);
      expect(isNotFound(res), `${route.method} ${route.path} → ${res.status} ${res.headers.location ?? ''}`).toBe(true);
    }
    expect(await h.db('super_admins').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  test('every conference route answers 404 on the platform host', async () => {
    const routes = routeTable(h.express);
    // `/` is both a conference's home page and the platform's: there the platform's answers.
    const servedByPlatform = new Set(
      routes.filter((r) => r.scope !== 'conference').map((r) => `${r.method} ${r.path}`),
    );
    const conferenceRoutes = routes.filter(
      (r) => r.scope === 'conference' && !servedByPlatform.has(`${r.method} ${r.path}`),
    );
    expect(conferenceRoutes.length).toBeGreaterThan(50);
    expect(conferenceRoutes.some((r) => r.kind === 'page')).toBe(true);
    for (const route of conferenceRoutes) {
      const res = await call(route, PLATFORM_HOST, platformToken);
      expect(isNotFound(res), `${route.method} ${route.path} → ${res.status} ${res.headers.location ?? ''}`).toBe(true);
    }
  });

  test('no route of either host answers 500 on the other host, or on its own, to an empty call', async () => {
    const failures: string[] = [];
    // Its own session: the walk calls logout too.
    const walker = await h.login({ email: 'walker@example.org', conferenceId: null, superAdmin: true });
    for (const route of routeTable(h.express)) {
      for (const onHost of [PLATFORM_HOST, host]) {
        const res = await call(route, onHost, walker);
        if (res.status >= 500) failures.push(`${route.method} ${route.path} on ${onHost} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000); // every route twice: about 5 s alone, over 20 s on a loaded machine
});

describe("the attack of the report: a template script in a super admin's browser", () => {
  test('POST superAdmins and identityProviders from the conference origin change nothing', async () => {
    const headers = { Host: host, Origin: `http://${host}`, Cookie: `token=${conferenceToken}` };
    const promote = await request(h.app)
      .post('/api/platform/admin/superAdmins')
      .set(headers)
      .send({ email: 'attacker@example.org' });
    expect(promote.status).toBe(404);
    const provider = await request(h.app)
      .post('/api/platform/admin/identityProviders')
      .set(headers)
      .send({ kind: 'oidc', nameZh: 'x', nameEn: 'x', issuer: 'https://evil.example.org' });
    expect(provider.status).toBe(404);
    expect(await h.db('users').where({ email: 'attacker@example.org' }).first()).toBeUndefined();
    expect(await h.db('identity_providers').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  test('on the platform host the same super admin still can', async () => {
    const res = await request(h.app)
      .get('/api/platform/admin/superAdmins')
      .set({ Host: PLATFORM_HOST, Cookie: `token=${platformToken}` });
    expect(res.status).toBe(200);
  });

  test('on the conference host the super admin still manages that conference', async () => {
    const res = await request(h.app)
      .get('/api/conference/platform/manage/managers')
      .set({ Host: host, Cookie: `token=${conferenceToken}` });
    expect(res.status).toBe(200);
  });
});
