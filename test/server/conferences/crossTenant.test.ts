/**
 * Tenants stay apart: a manager of conference A calls every management route of this feature on
 * conference B's domain and with B's ids. Every call is refused (401/403/404) and nothing of B
 * changes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let a: number;
let b: number;
let bCreatorId: number;
let bManagerId: number;
let bRequestId: number;
const A = 'a.localhost';
const B = 'b.localhost';
const platform = 'platform.localhost';

/** Everything of B this feature could change. */
async function stateOfB() {
  return {
    conference: await h.db('conferences').where({ id: b }).first('status', 'updated_at'),
    roles: await h
      .db('conference_roles')
      .where({ conference_id: b })
      .orderBy(['user_id', 'role'])
      .select('user_id', 'role'),
    requests: await h
      .db('publication_requests')
      .where({ conference_id: b })
      .orderBy('id')
      .select('id', 'status', 'reason', 'decided_by'),
    users: await h.db('users').count({ n: '*' }).first(),
  };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await h.provision(contractSite({ slug: 'a', domains: [A], status: '1' }));
  b = await h.provision(contractSite({ slug: 'b', domains: [B], status: '1' }));
  await h.login({ email: 'b.creator@example.org', conferenceId: b, roles: ['creator', 'manager'] });
  await h.login({ email: 'b.manager@example.org', conferenceId: b, roles: ['manager'] });
  bCreatorId = (await h.db('users').where({ email: 'b.creator@example.org' }).first())!.id;
  bManagerId = (await h.db('users').where({ email: 'b.manager@example.org' }).first())!.id;
  const [id] = await h
    .db('publication_requests')
    .insert({ conference_id: b, status: 'pending', requested_by: bCreatorId, created_at: '2026-01-01 00:00:00.000' });
  bRequestId = Number(id);
  await h.db('conferences').where({ id: b }).update({ status: '2' });
  await h.sites.siteChanged(b);
});
afterAll(() => h?.stop());

type Call = { method: 'get' | 'post' | 'delete'; path: string; body?: object };
const API: Call[] = [
  { method: 'get', path: '/api/conference/platform/manage/managers' },
  { method: 'post', path: '/api/conference/platform/manage/managers', body: { email: 'intruder@example.org' } },
  { method: 'delete', path: '/api/conference/platform/manage/managers/BMANAGER' },
  { method: 'delete', path: '/api/conference/platform/manage/managers/BCREATOR' },
  { method: 'get', path: '/api/conference/platform/publication' },
  { method: 'post', path: '/api/conference/platform/applyRelease' },
  { method: 'post', path: '/api/conference/platform/withdrawRelease' },
  { method: 'post', path: '/api/conference/platform/cancelRelease' },
  { method: 'post', path: '/api/conference/platform/closeConference' },
  { method: 'post', path: '/api/conference/platform/reopenConference' },
  { method: 'get', path: '/api/platform/admin/publications' },
  { method: 'post', path: '/api/platform/admin/publications/BREQUEST/approve' },
  { method: 'post', path: '/api/platform/admin/publications/BREQUEST/reject', body: { reason: 'cross-tenant' } },
];
const PAGES = ['/platform', '/platform/manage/managers', '/admin/publications', '/conference/new'];

function send(call: Call, host: string, token: string) {
  const path = call.path
    .replace('BMANAGER', String(bManagerId))
    .replace('BCREATOR', String(bCreatorId))
    .replace('BREQUEST', String(bRequestId));
  const req = request(h.app)
    [call.method](path)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`);
  return call.method === 'get' ? req : req.send(call.body ?? {});
}

test("a manager of A is refused on B's domain, whatever their token, and B does not change", async () => {
  const aToken = await h.login({ email: 'a.manager@example.org', conferenceId: a, roles: ['creator', 'manager'] });
  // the same person signed in on B, where they are only an attendee
  const onB = await h.login({ email: 'a.manager@example.org', conferenceId: b, roles: ['attendee'] });
  const before = await stateOfB();
  for (const call of API) {
    const withA = await send(call, B, aToken);
    expect([401, 403, 404], `${call.method} ${call.path} with A's token`).toContain(withA.status);
    expect(withA.body.code).not.toBe(200);
    const withB = await send(call, B, onB);
    expect([401, 403, 404], `${call.method} ${call.path} as attendee of B`).toContain(withB.status);
  }
  for (const path of PAGES) {
    for (const token of [aToken, onB]) {
      const res = await visit(h.app, path, { host: B, token });
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toMatch(/^\/(conferencelogin\?redirect=|403|404|unpublished)/);
    }
  }
  expect(await stateOfB()).toEqual(before);
});

test("a manager of A, on A's own domain, cannot reach B's managers or requests by id", async () => {
  const before = await stateOfB();
  const aToken = await h.login({ email: 'a.manager@example.org', conferenceId: a });
  const byId: Call[] = API.filter((c) => /BMANAGER|BCREATOR|BREQUEST/.test(c.path));
  for (const call of byId) {
    const res = await send(call, A, aToken);
    expect([403, 404], `${call.method} ${call.path}`).toContain(res.status);
  }
  // B's pending request is not in a queue A can read, and A's managers list holds only A's
  const list = await send({ method: 'get', path: '/api/conference/platform/manage/managers' }, A, aToken);
  expect(list.body.data.map((m: { email: string }) => m.email)).toEqual(['a.manager@example.org']);
  expect(await stateOfB()).toEqual(before);
});

test('on the platform host, conference routes name no conference at all', async () => {
  const before = await stateOfB();
  const platformToken = await h.login({ email: 'a.manager@example.org', conferenceId: null });
  for (const call of API.filter((c) => c.path.startsWith('/api/conference/platform'))) {
    const res = await send(call, platform, platformToken);
    expect(res.status, `${call.method} ${call.path}`).toBe(404);
  }
  for (const call of API.filter((c) => c.path.startsWith('/api/platform/admin'))) {
    expect((await send(call, platform, platformToken)).status, call.path).toBe(403);
  }
  expect(await stateOfB()).toEqual(before);
});
