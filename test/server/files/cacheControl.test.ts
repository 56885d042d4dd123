/**
 * API answers are never kept by a browser or a proxy cache (issue 10, low): every /api answer
 * carries `Cache-Control: no-store`, errors included, unless its route sets its own caching on
 * purpose (downloads: `private, no-store`); uploaded files at /files/ stay cacheable for a year.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let manager: string;
const host = 'contract.localhost';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const conferenceId = await h.provision(contractSite());
  manager = await h.login({ email: 'mgr@example.org', conferenceId, roles: ['manager'] });
});
afterAll(() => h?.stop());

const api = (method: 'get' | 'post', path: string, token?: string) => {
  const req = request(h.app)[method](`/api${path}`).set('Host', host);
  if (method === 'post') req.set('Origin', `http://${host}`).send({});
  return token ? req.set('Cookie', `token=${token}`) : req;
};

test('answers, refusals and errors of the API: no-store', async () => {
  for (const [method, path, token, status] of [
    ['get', '/conference/platform/config/website/findConferenceWebsiteConfig', undefined, 200],
    ['get', '/conference/platform/config/website/find', manager, 200],
    ['get', '/conference/platform/config/website/find', undefined, 401],
    ['post', '/conference/conferenceUser/countUser', undefined, 200],
    ['get', '/no/such/call', undefined, 404],
    ['get', '/conference/page/detail/abc', manager, 400],
  ] as const) {
    const res = await api(method, path, token);
    expect(res.status, path).toBe(status);
    expect(res.headers['cache-control'], `${method} ${path}`).toBe('no-store');
  }
});

test('a route that sets its own caching keeps it: downloads are private, uploaded files public', async () => {
  const xlsx = await api('post', '/conference/conferenceUser/download/excel', manager);
  expect(xlsx.status).toBe(200);
  expect(xlsx.headers['cache-control']).toBe('private, no-store');
  const up = await request(h.app)
    .post('/api/conference/file/upload?kind=banner')
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${manager}`)
    .attach('file', PNG, 'b.png');
  expect(up.headers['cache-control']).toBe('no-store');
  const file = await request(h.app).get(up.body.data.url).set('Host', host);
  expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});
