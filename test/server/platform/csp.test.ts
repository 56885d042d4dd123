/** The platform's own pages carry a strict Content-Security-Policy (docs/security.md). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
  admin = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());

test.each([
  '/',
  '/conferencelogin',
  '/userRegister',
  '/resetPassword',
  '/admin/superAdmins',
  '/admin/identityProviders',
  '/admin/publications',
  '/admin/units',
  '/admin/erasure',
  '/account/data',
  '/conference/new',
])('%s on the platform host: scripts from itself only, no framing', async (path) => {
  const res = await request(h.app).get(path).set('Host', PLATFORM_HOST).set('Cookie', `token=${admin}`);
  expect(res.status).toBe(200);
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  // Plain HTTP: no HSTS (it would be ignored, or lock a development host).
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

test('the platform pages carry no inline script that the policy would block', async () => {
  const res = await request(h.app).get('/conferencelogin').set('Host', PLATFORM_HOST);
  const inline = [...res.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.every((attrs) => /type="application\/json"/.test(attrs))).toBe(true);
});
