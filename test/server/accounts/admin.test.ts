/** The platform host: its home page, the administration screens and the super-admin rules. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let rootToken: string;
const platform = 'platform.localhost';
const api = (method: 'get' | 'post' | 'delete', path: string, token?: string, body?: object) => {
  const req = request(h.app)
    [method](`/api/platform/admin${path}`)
    .set('Host', platform)
    .set('Origin', `http://${platform}`);
  if (token) req.set('Cookie', `token=${token}`);
  return body ? req.send(body) : req;
};

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
  await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '1' }));
  rootToken = await h.login({ email: 'root@example.org', name: 'Root', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());

describe('platform home', () => {
  test('lists the published conferences only, with their addresses', async () => {
    const { res, $ } = await page(h.app, '/', { host: `${platform}:3000` });
    expect(res.status).toBe(200);
    const links = $('.conference-list a')
      .map((_, a) => $(a).attr('href'))
      .get();
    expect(links).toEqual(['http://contract.localhost:3000/']);
    expect($('.conference-list').text()).toContain('契约测试会议');
  });

  test('the admin screens are not on conference domains', async () => {
    expect(
      (await visit(h.app, '/admin/superAdmins', { host: 'contract.localhost', token: rootToken })).headers.location,
    ).toBe('/404');
  });
});

describe('administration screens', () => {
  test('anonymous visitors are sent to log in; other users to /403', async () => {
    expect((await visit(h.app, '/admin/superAdmins', { host: platform })).headers.location).toBe(
      '/conferencelogin?redirect=%2Fadmin%2FsuperAdmins',
    );
    const user = await h.login({ email: 'someone@example.org', conferenceId: null });
    expect((await visit(h.app, '/admin/superAdmins', { host: platform, token: user })).headers.location).toBe('/403');
  });

  test('a super admin sees both screens with their islands', async () => {
    const providers = await page(h.app, '/admin/identityProviders', { host: platform, token: rootToken });
    expect(providers.$('[data-island="AdminProviders"]')).toHaveLength(1);
    expect(providers.$('.side-menu li.active a').attr('href')).toBe('/admin/identityProviders');
    const admins = await page(h.app, '/admin/superAdmins', { host: platform, token: rootToken, mobile: true });
    const props = JSON.parse(admins.$('[data-island="AdminSuperAdmins"]').attr('data-props')!);
    expect(props.mobile).toBe(true);
    expect(props.admins.map((a: { email: string }) => a.email)).toContain('root@example.org');
  });
});

describe('super admins API', () => {
  test('add by e-mail creates the account when needed; adding twice is refused', async () => {
    const res = await api('post', '/superAdmins', rootToken, { email: 'New.Admin@Example.org' });
    expect(res.body.data.map((a: { email: string }) => a.email)).toContain('new.admin@example.org');
    expect((await h.db('users').where({ email: 'new.admin@example.org' }).first())!.password_hash).toBeNull();
    expect((await api('post', '/superAdmins', rootToken, { email: 'new.admin@example.org' })).body).toMatchObject({
      code: 400,
      message: 'admin.alreadySuperAdmin',
    });
  });

  test('a bad e-mail is refused and nothing is created', async () => {
    const res = await api('post', '/superAdmins', rootToken, { email: 'not-an-email' });
    expect(res.body).toMatchObject({ code: 400, message: 'emailFormatError', field: 'email' });
  });

  test('a super admin cannot remove themself; the last one cannot be removed', async () => {
    const root = await h.db('users').where({ email: 'root@example.org' }).first();
    expect((await api('delete', `/superAdmins/${root!.id}`, rootToken)).body.message).toBe('admin.cannotRemoveSelf');
    const admins = await h.db('super_admins').select('user_id');
    for (const { user_id } of admins)
      if (user_id !== root!.id) await api('delete', `/superAdmins/${user_id}`, rootToken);
    expect(await h.db('super_admins').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  test('only super admins may call it', async () => {
    expect((await api('get', '/superAdmins')).status).toBe(401);
    const manager = await h.login({ email: 'mgr@example.org', conferenceId: null });
    expect((await api('get', '/superAdmins', manager)).status).toBe(403);
  });
});
