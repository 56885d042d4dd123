/** Domains of a conference: add a custom one, make it primary, remove; the site answers at once. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { visit } from '../../helpers/http';
import { A, B, createWorld, del, findConfig, post, stateOf, WEBSITE, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w?.h.stop());

const add = (domain: unknown, token = w.managerA, host = A) => post(w.h, `${WEBSITE}/domain/add`, { domain }, token, host);

test('a custom domain is added (normalised), answers at once, can become primary, and can be removed', async () => {
  expect((await visit(w.h.app, '/', { host: 'conf2027.example.org' })).status).toBe(404);
  const res = await add('  HTTPS-less.Conf2027.Example.org. ');
  expect(res.status).toBe(200);
  expect(res.body.data.map((d: { domain: string }) => d.domain)).toEqual([A, 'https-less.conf2027.example.org']);
  expect((await visit(w.h.app, '/', { host: 'https-less.conf2027.example.org' })).status).toBe(200);

  const custom = res.body.data[1];
  const primary = await post(w.h, `${WEBSITE}/domain/primary/${custom.id}`, {}, w.managerA);
  expect(primary.body.data).toEqual([
    { id: custom.id, domain: 'https-less.conf2027.example.org', primary: true, current: false },
    { id: expect.any(Number), domain: A, primary: false, current: true },
  ]);

  // Removing the primary domain makes the remaining one primary; the host stops answering.
  const removed = await del(w.h, `${WEBSITE}/domain/delete/${custom.id}`, w.managerA);
  expect(removed.body.data).toEqual([{ id: expect.any(Number), domain: A, primary: true, current: true }]);
  expect((await visit(w.h.app, '/', { host: 'https-less.conf2027.example.org' })).status).toBe(404);
});

test('a Unicode domain is stored in its ASCII form', async () => {
  const res = await add('会议.example.cn');
  expect(res.status).toBe(200);
  expect(res.body.data.map((d: { domain: string }) => d.domain)).toContain('xn--6oqu09l.example.cn');
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
  ['platform.localhost', 'manageSite:domainTaken'],
])('%j is refused: %s', async (domain, message) => {
  const before = [await stateOf(w.h, w.a), await stateOf(w.h, w.b)];
  const res = await add(domain);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ message, field: 'domain' });
  expect([await stateOf(w.h, w.a), await stateOf(w.h, w.b)]).toEqual(before);
});

test('the domain you are on and the last domain cannot be removed', async () => {
  expect((await add('second.contract.example.org')).status).toBe(200);
  const { domains } = await findConfig(w.h, w.managerA);
  const current = domains.find((d: { current: boolean }) => d.current);
  expect((await del(w.h, `${WEBSITE}/domain/delete/${current.id}`, w.managerA)).body).toMatchObject({ code: 400, message: 'manageSite:domainCurrent' });

  // Seen from its other domain, conference B's first domain can go; then the last one stays.
  const bDomains = await findConfig(w.h, w.managerB, 'www.other.localhost');
  const first = bDomains.domains.find((d: { domain: string }) => d.domain === B);
  expect((await del(w.h, `${WEBSITE}/domain/delete/${first.id}`, w.managerB, 'www.other.localhost')).status).toBe(200);
  const last = await w.h.db('conference_domains').where({ conference_id: w.b }).first();
  expect(last.is_primary).toBeTruthy();
  const res = await del(w.h, `${WEBSITE}/domain/delete/${last.id}`, w.managerB, 'www.other.localhost');
  expect(res.body).toMatchObject({ code: 400, message: 'manageSite:domainLast' });
  expect(await w.h.db('conference_domains').where({ conference_id: w.b }).pluck('id')).toEqual([last.id]);
  // Restore B's first domain for the other tests of this file.
  await w.h.db('conference_domains').insert({ conference_id: w.b, domain: B, is_primary: false });
  await w.h.sites.siteChanged(w.b);
});
