/**
 * Domains of a conference: add one, make it primary, remove; the site answers at once. What may be
 * added follows the one domain rule of conference creation (server/modules/sites/domainRule.ts):
 * managers add `<name>.<SITE_DOMAIN>` or names under their own domains; outside names only a super
 * admin, from the platform host.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { visit } from '../../../helpers/http';
import { A, B, createWorld, del, findConfig, post, stateOf, WEBSITE, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w?.h.stop());

const add = (domain: unknown, token = w.managerA, host = A) =>
  post(w.h, `${WEBSITE}/domain/add`, { domain }, token, host);
const PLATFORM = 'platform.localhost';
/** The super admins' call, on the platform host. */
const adminAdd = (conferenceId: number, domain: string, token: string, host = PLATFORM) =>
  request(w.h.app)
    .post(`/api/platform/admin/conferences/${conferenceId}/domain/add`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`)
    .send({ domain });

test('a domain is added (normalised), answers at once, can become primary, and can be removed', async () => {
  expect((await visit(w.h.app, '/', { host: 'conf2027.localhost' })).status).toBe(404);
  const res = await add('  Conf2027.LOCALHOST. ');
  expect(res.status).toBe(200);
  expect(res.body.data.map((d: { domain: string }) => d.domain)).toEqual([A, 'conf2027.localhost']);
  expect((await visit(w.h.app, '/', { host: 'conf2027.localhost' })).status).toBe(200);

  const custom = res.body.data[1];
  const primary = await post(w.h, `${WEBSITE}/domain/primary/${custom.id}`, {}, w.managerA);
  expect(primary.body.data).toEqual([
    { id: custom.id, domain: 'conf2027.localhost', primary: true, current: false },
    { id: expect.any(Number), domain: A, primary: false, current: true },
  ]);

  // Removing the primary domain makes the remaining one primary; the host stops answering.
  const removed = await del(w.h, `${WEBSITE}/domain/delete/${custom.id}`, w.managerA);
  expect(removed.body.data).toEqual([{ id: expect.any(Number), domain: A, primary: true, current: true }]);
  expect((await visit(w.h.app, '/', { host: 'conf2027.localhost' })).status).toBe(404);
});

test('outside names: a super admin adds them from the platform host; then the conference may add names under them', async () => {
  const admin = await w.h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
  const res = await adminAdd(w.a, '  HTTPS-less.Conf2027.Example.org. ', admin);
  expect(res.body).toMatchObject({ code: 200 });
  expect(res.body.data.map((d: { domain: string }) => d.domain)).toEqual([A, 'https-less.conf2027.example.org']);
  expect((await visit(w.h.app, '/', { host: 'https-less.conf2027.example.org' })).status).toBe(200);
  // A Unicode name is stored in its ASCII form.
  expect((await adminAdd(w.a, '会议.example.cn', admin)).body.data.map((d: { domain: string }) => d.domain)).toContain(
    'xn--6oqu09l.example.cn',
  );
  // Under its own outside domain, the conference's managers may add names themselves.
  expect((await add('www.https-less.conf2027.example.org')).status).toBe(200);
  // Nobody else may, and the rule holds for the super admin too.
  expect((await add('www.https-less.conf2027.example.org', w.managerB, B)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainTaken',
  });
  expect((await add('m.https-less.conf2027.example.org', w.managerB, B)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainNested',
  });
  expect((await adminAdd(w.b, 'conf2027.example.org', admin)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainNested',
  });
  expect((await adminAdd(w.b, 'www.localhost', admin)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainReserved',
  });
  // Super admins only, on the platform host only: on a conference's host a super admin is no more than a manager there.
  const platformUser = await w.h.login({ email: 'mgr-b@example.org', conferenceId: null });
  expect((await adminAdd(w.b, 'b-outside.example.org', platformUser)).status).toBe(403);
  const onSite = await w.h.login({ email: 'root@example.org', conferenceId: w.b, superAdmin: true });
  expect((await adminAdd(w.b, 'b-outside.example.org', onSite, B)).status).toBe(404);
  expect((await adminAdd(999999, 'b-outside.example.org', admin)).status).toBe(404);
  expect((await add('b-outside.example.org', onSite, B)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainOutside',
  });
  expect(await w.h.db('conference_domains').where({ domain: 'b-outside.example.org' }).first()).toBeUndefined();
  // Back to what the other tests of this file expect.
  await w.h.db('conference_domains').where({ conference_id: w.a }).whereNot({ domain: A }).delete();
  await w.h.sites.siteChanged(w.a);
});

test.each([
  ['', 'manageSite:domainInvalid'],
  ['localhost', 'manageSite:domainInvalid'],
  ['http://conf.example.org', 'manageSite:domainInvalid'],
  ['conf.example.org/path', 'manageSite:domainInvalid'],
  ['conf.example.org:8080', 'manageSite:domainInvalid'],
  ['-bad.example.org', 'manageSite:domainInvalid'],
  ['bad_label.example.org', 'manageSite:domainInvalid'],
  ['127.0.0.1', 'manageSite:domainInvalid'],
  [`${'a'.repeat(64)}.example.org`, 'manageSite:domainInvalid'],
  [42, 'manageSite:domainInvalid'],
  [B, 'manageSite:domainTaken'],
  ['WWW.Other.localhost', 'manageSite:domainTaken'],
  [A, 'manageSite:domainTaken'],
  // the platform's names: its host, names under it, SITE_DOMAIN itself, reserved labels
  ['platform.localhost', 'manageSite:domainReserved'],
  ['admin.platform.localhost', 'manageSite:domainReserved'],
  ['www.localhost', 'manageSite:domainReserved'],
  ['admin.localhost', 'manageSite:domainReserved'],
  ['API.localhost', 'manageSite:domainReserved'],
  ['mail.localhost', 'manageSite:domainReserved'],
  ['x.mail.localhost', 'manageSite:domainReserved'],
  // under another conference's domain
  ['shop.other.localhost', 'manageSite:domainNested'],
  ['a.www.other.localhost', 'manageSite:domainNested'],
  // under SITE_DOMAIN: one name of 3–40 characters, as a subdomain
  ['ab.localhost', 'manageSite:domainSubdomain'],
  ['a.free-name.localhost', 'manageSite:domainSubdomain'],
  // outside names: a super admin's, from the platform host
  ['conf2027.example.org', 'manageSite:domainOutside'],
  ['evil.com', 'manageSite:domainOutside'],
  ['会议.example.cn', 'manageSite:domainOutside'],
])('%j is refused: %s', async (domain, message) => {
  const before = [await stateOf(w.h, w.a), await stateOf(w.h, w.b)];
  const res = await add(domain);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ message, field: 'domain' });
  expect([await stateOf(w.h, w.a), await stateOf(w.h, w.b)]).toEqual(before);
});

test("a sub-domain of the conference's own domain is its own", async () => {
  const res = await add('www.contract.localhost');
  expect(res.body.code).toBe(200);
  expect(res.body.data.map((d: { domain: string }) => d.domain)).toContain('www.contract.localhost');
  await w.h.db('conference_domains').where({ domain: 'www.contract.localhost' }).delete();
  await w.h.sites.siteChanged(w.a);
});

test('the domain you are on and the last domain cannot be removed', async () => {
  expect((await add('second-contract.localhost')).status).toBe(200);
  const { domains } = await findConfig(w.h, w.managerA);
  const current = domains.find((d: { current: boolean }) => d.current);
  expect((await del(w.h, `${WEBSITE}/domain/delete/${current.id}`, w.managerA)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainCurrent',
  });

  // Seen from its other domain, conference B's first domain can go; then the last one stays.
  const bDomains = await findConfig(w.h, w.managerB, 'www.other.localhost');
  const first = bDomains.domains.find((d: { domain: string }) => d.domain === B);
  expect((await del(w.h, `${WEBSITE}/domain/delete/${first.id}`, w.managerB, 'www.other.localhost')).status).toBe(200);
  const last = await w.h.db('conference_domains').where({ conference_id: w.b }).first();
  expect(last!.is_primary).toBeTruthy();
  const res = await del(w.h, `${WEBSITE}/domain/delete/${last!.id}`, w.managerB, 'www.other.localhost');
  expect(res.body).toMatchObject({ code: 400, message: 'manageSite:domainLast' });
  expect(await w.h.db('conference_domains').where({ conference_id: w.b }).pluck('id')).toEqual([last!.id]);
  // Restore B's first domain for the other tests of this file.
  await w.h.db('conference_domains').insert({ conference_id: w.b, domain: B, is_primary: false });
  await w.h.sites.siteChanged(w.b);
});
