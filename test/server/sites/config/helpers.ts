/** Two conferences (A and B) with a manager each, and the calls of the website and appearance screens. */
import request from 'supertest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';

export const A = 'contract.localhost';
export const B = 'other.localhost';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

export type World = { h: Harness; a: number; b: number; managerA: string; managerB: string };

export async function createWorld(): Promise<World> {
  const h = await createHarness({ seedDemo: false });
  const a = await h.provision(contractSite());
  const b = await h.provision(contractSite({ slug: 'other', domains: [B, 'www.other.localhost'] }));
  const managerA = await h.login({ email: 'mgr-a@example.org', conferenceId: a, roles: ['manager'] });
  const managerB = await h.login({ email: 'mgr-b@example.org', conferenceId: b, roles: ['manager'] });
  return { h, a, b, managerA, managerB };
}

const withAuth = (req: request.Test, token?: string) => (token ? req.set('Cookie', `token=${token}`) : req);

export function get(h: Harness, path: string, token?: string, host = A) {
  return withAuth(request(h.app).get(`/api${path}`).set('Host', host), token);
}

export function post(h: Harness, path: string, body: unknown, token?: string, host = A) {
  return withAuth(
    request(h.app)
      .post(`/api${path}`)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .send(body as object),
    token,
  );
}

export function del(h: Harness, path: string, token?: string, host = A) {
  return withAuth(request(h.app).delete(`/api${path}`).set('Host', host).set('Origin', `http://${host}`), token);
}

export function upload(h: Harness, kind: string, name: string, bytes: Buffer, token: string, host = A) {
  return request(h.app)
    .post(`/api/conference/file/upload?kind=${kind}`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`)
    .attach('file', bytes, name);
}

export const WEBSITE = '/conference/platform/config/website';
export const EXTERIOR = '/conference/exterior';

/** The editable config as the find call answers it. */
export async function findConfig(h: Harness, token: string, host = A) {
  const res = await get(h, `${WEBSITE}/find`, token, host);
  if (res.status !== 200) throw new Error(`find failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Everything a conference's site is built from, to prove that a refused call changed nothing. */
export async function stateOf(h: Harness, conferenceId: number) {
  const [config, domains, exteriors, pages] = await Promise.all([
    h.db('website_configs').where({ conference_id: conferenceId }).first(),
    h.db('conference_domains').where({ conference_id: conferenceId }).orderBy('id'),
    h.db('exteriors').where({ conference_id: conferenceId }).orderBy('id'),
    h
      .db('pages')
      .where({ conference_id: conferenceId })
      .orderBy('id')
      .select('id', 'exterior_id', 'template_id', 'name'),
  ]);
  return { config, domains, exteriors, pages };
}
