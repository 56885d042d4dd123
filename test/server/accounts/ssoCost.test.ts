/**
 * What an anonymous sign-in callback may cost (docs/security.md "What an anonymous request may
 * cost"): finishing a sign-in is a call to the provider's token endpoint, and the flow cookie it
 * needs is free. A flow is exchanged once, an address may exchange EXCHANGES.perIp in ten
 * minutes; past that the callback fails without calling the provider. The provider counts the
 * calls it receives.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';
import { SSO_HOST as host, cookieSet, startOidcProvider, testClient, type OidcPeer } from '../../helpers/oidcProvider';
import { FLOW_COOKIE } from '../../../server/modules/accounts/sso';
import { EXCHANGES } from '../../../server/modules/accounts/ssoBudget';

let h: Harness;
let peer: OidcPeer;
let providerId: number;
let admin: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
  peer = await startOidcProvider({
    clients: [testClient('platform-oidc', 'oidc-secret')],
    people: [{ sub: 'alice-sub', email: 'alice@uni.example', emailVerified: true, name: 'Alice' }],
  });
  admin = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
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
    admin,
  );
  expect(created.status).toBe(200);
  providerId = created.body.data.id;
}, 60_000);
afterAll(async () => {
  await peer?.stop();
  await h?.stop();
});

const exchanges = () => peer.calls.get(new URL(peer.discovery.token_endpoint).pathname) ?? 0;

/** A flow as anyone gets one: /sso/start's cookie and the state it sent to the provider. */
async function flow(): Promise<{ cookie: string; state: string }> {
  const res = await request(h.app).get(`/sso/start/${providerId}`).set('Host', host);
  expect(res.status).toBe(302);
  return { cookie: cookieSet(res, FLOW_COOKIE)!, state: new URL(res.headers.location).searchParams.get('state')! };
}

/** Our callback with the flow's state and a code nobody issued. */
const callback = (f: { cookie: string; state: string }) =>
  request(h.app)
    .get(
      `/oidcLogin?code=${crypto.randomBytes(16).toString('hex')}&state=${encodeURIComponent(f.state)}&iss=${encodeURIComponent(peer.issuer)}`,
    )
    .set('Host', host)
    .set('Cookie', f.cookie);

test('one flow cookie sent 30 times with made-up codes: one call to the provider', async () => {
  const f = await flow();
  const before = exchanges();
  for (let i = 0; i < 30; i++) {
    const res = await callback(f);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/?loginError=1');
  }
  expect(exchanges() - before).toBe(1);
});

test(`fresh flows from one address: at most ${EXCHANGES.perIp} calls to the provider in ten minutes, then refused without one`, async () => {
  const before = exchanges();
  for (let i = 0; i < EXCHANGES.perIp + 5; i++)
    expect((await callback(await flow())).headers.location).toBe('/?loginError=1');
  expect(exchanges() - before).toBeLessThanOrEqual(EXCHANGES.perIp);
  expect(exchanges() - before).toBeGreaterThan(EXCHANGES.perIp - 5);
  // The API variant says why.
  const f = await flow();
  const res = await apiPost(
    h.app,
    host,
    '/base/oauth/oidcLogin',
    { code: 'made-up', state: f.state, iss: peer.issuer },
    f.cookie,
  );
  expect(res.body).toMatchObject({ code: 429, message: 'commonMsg.tooManyRequests' });
  expect(exchanges() - before).toBeLessThanOrEqual(EXCHANGES.perIp);
}, 120_000);

test('a provider that is down is asked once by 20 starts, not once per visitor', async () => {
  let asked = 0;
  const down = http.createServer((_req, res) => {
    asked++;
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
  try {
    const issuer = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    const created = await apiPost(
      h.app,
      PLATFORM_HOST,
      '/platform/admin/identityProviders',
      {
        kind: 'oidc',
        nameZh: '停机大学',
        nameEn: 'Down University',
        issuer,
        clientId: 'down',
        clientSecret: 'down-secret',
        isCommon: true,
      },
      admin,
    );
    expect(created.status).toBe(200);
    asked = 0;
    for (let i = 0; i < 20; i++) {
      const res = await request(h.app).get(`/sso/start/${created.body.data.id}`).set('Host', host);
      expect(res.headers.location).toBe('/?loginError=1');
    }
    expect(asked).toBe(1);
  } finally {
    await new Promise((resolve) => down.close(resolve));
  }
});
