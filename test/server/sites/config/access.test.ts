/**
 * Who may call the website and appearance routes: managers of this conference only. A manager
 * of A reaches nothing of B, neither on B's domain nor with B's ids on A's domain; attendees and
 * anonymous visitors are refused. After every attempt, B is exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { visit } from '../../../helpers/http';
import {
  A,
  B,
  createWorld,
  del,
  EXTERIOR,
  findConfig,
  get,
  PNG,
  post,
  stateOf,
  upload,
  WEBSITE,
  type World,
} from './helpers';

let w: World;
let bIds: { exterior: number; domain: number; extra: number };
let bBefore: Awaited<ReturnType<typeof stateOf>>;
let thumbA: string;

beforeAll(async () => {
  w = await createWorld();
  const bExterior = await w.h.db('exteriors').where({ conference_id: w.b }).first();
  const bDomains = await w.h.db('conference_domains').where({ conference_id: w.b }).orderBy('id');
  bIds = { exterior: bExterior!.id, domain: bDomains[0].id, extra: bDomains[1].id };
  thumbA = (await upload(w.h, 'thumbnail', 't.png', PNG, w.managerA)).body.data.url;
  bBefore = await stateOf(w.h, w.b);
});
afterAll(() => w?.h.stop());

/** Every API route of this slice, with a body that would be valid for conference B. */
async function everyCall(token: string | undefined, host: string) {
  const config = (await findConfig(w.h, w.managerB, B)).config;
  return {
    find: await get(w.h, `${WEBSITE}/find`, token, host),
    save: await post(w.h, `${WEBSITE}/save`, { ...config, firstTitle: { zh: '被改了', en: 'Hijacked' } }, token, host),
    addDomain: await post(w.h, `${WEBSITE}/domain/add`, { domain: 'hijack.localhost' }, token, host),
    primary: await post(w.h, `${WEBSITE}/domain/primary/${bIds.extra}`, {}, token, host),
    removeDomain: await del(w.h, `${WEBSITE}/domain/delete/${bIds.extra}`, token, host),
    list: await get(w.h, `${EXTERIOR}/list`, token, host),
    findExterior: await get(w.h, `${EXTERIOR}/find/${bIds.exterior}`, token, host),
    saveExterior: await post(
      w.h,
      `${EXTERIOR}/save`,
      { id: bIds.exterior, name: 'Hijacked', thumbnail: thumbA },
      token,
      host,
    ),
    addExterior: await post(w.h, `${EXTERIOR}/save`, { name: 'Hijacked', thumbnail: thumbA }, token, host),
    use: await post(w.h, `${EXTERIOR}/use/${bIds.exterior}`, {}, token, host),
    copy: await post(w.h, `${EXTERIOR}/copy/${bIds.exterior}`, { name: 'Hijacked' }, token, host),
    remove: await del(w.h, `${EXTERIOR}/delete/${bIds.exterior}`, token, host),
  };
}

function statuses(calls: Record<string, { status: number }>) {
  return Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, v.status]));
}

describe('API', () => {
  test("A's manager token on B's domain is not a session there: 401 everywhere, B unchanged", async () => {
    const calls = await everyCall(w.managerA, B);
    expect(new Set(Object.values(statuses(calls)))).toEqual(new Set([401]));
    expect(await stateOf(w.h, w.b)).toEqual(bBefore);
  });

  test("A's manager signed in on B (no role there) is forbidden: 403 everywhere, B unchanged", async () => {
    const token = await w.h.login({ email: 'mgr-a@example.org', conferenceId: w.b });
    const calls = await everyCall(token, B);
    expect(new Set(Object.values(statuses(calls)))).toEqual(new Set([403]));
    expect(await stateOf(w.h, w.b)).toEqual(bBefore);
  });

  test("B's ids through A's domain are not found; A's own calls never touch B", async () => {
    const aBefore = await stateOf(w.h, w.a);
    const calls = await everyCall(w.managerA, A);
    expect(statuses(calls)).toEqual({
      find: 200,
      // B's config carries B's home pages: they are not pages of A.
      save: 400,
      addDomain: 200,
      primary: 404,
      removeDomain: 404,
      list: 200,
      findExterior: 404,
      saveExterior: 404,
      addExterior: 200,
      use: 404,
      copy: 404,
      remove: 404,
    });
    expect(calls.save.body.message).toBe('manageSite:zhHomePageInvalid');
    expect(calls.list.body.data.map((e: { id: number }) => e.id)).not.toContain(bIds.exterior);
    expect(calls.find.body.data.domains.map((d: { domain: string }) => d.domain)).not.toContain(B);
    expect(await stateOf(w.h, w.b)).toEqual(bBefore);
    // What A did do stayed in A.
    const aAfter = await stateOf(w.h, w.a);
    expect(aAfter.domains.map((d) => d.domain)).toEqual([...aBefore.domains.map((d) => d.domain), 'hijack.localhost']);
    expect(aAfter.exteriors.map((e) => e.name)).toEqual([...aBefore.exteriors.map((e) => e.name), 'Hijacked']);
  });

  test('attendees and reviewers are forbidden (403), anonymous visitors are unauthorised (401)', async () => {
    const attendee = await w.h.login({ email: 'att@example.org', conferenceId: w.b, roles: ['attendee'] });
    const reviewer = await w.h.login({ email: 'rev@example.org', conferenceId: w.b, roles: ['reviewer'] });
    expect(new Set(Object.values(statuses(await everyCall(attendee, B))))).toEqual(new Set([403]));
    expect(new Set(Object.values(statuses(await everyCall(reviewer, B))))).toEqual(new Set([403]));
    expect(new Set(Object.values(statuses(await everyCall(undefined, B))))).toEqual(new Set([401]));
    expect(await stateOf(w.h, w.b)).toEqual(bBefore);
  });

  test('a state change from another origin is refused before it reaches the route', async () => {
    const config = (await findConfig(w.h, w.managerB, B)).config;
    const res = await post(w.h, `${WEBSITE}/save`, config, w.managerB, B).set('Origin', `http://${A}`);
    expect(res.body).toMatchObject({ code: 403, message: 'commonMsg.crossSiteRefused' });
  });

  test('the platform host is no conference: not found', async () => {
    const admin = await w.h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
    expect((await get(w.h, `${EXTERIOR}/list`, admin, 'platform.localhost')).status).toBe(404);
    expect((await get(w.h, `${WEBSITE}/find`, admin, 'platform.localhost')).status).toBe(404);
  });
});

describe('screens', () => {
  const screens = () => [
    '/platform/config/website',
    '/platform/config/exterior',
    '/platform/config/exterior/list',
    '/platform/config/exterior/add',
    `/platform/config/exterior/edit/${bIds.exterior}`,
  ];

  test('anonymous visitors go to the login page; attendees to /403; reviewers to their own area', async () => {
    const attendee = await w.h.login({ email: 'att@example.org', conferenceId: w.b, roles: ['attendee'] });
    const reviewer = await w.h.login({ email: 'rev@example.org', conferenceId: w.b, roles: ['reviewer'] });
    for (const path of screens()) {
      const anon = await visit(w.h.app, path, { host: B });
      expect([anon.status, anon.headers.location]).toEqual([
        302,
        `/conferencelogin?redirect=${encodeURIComponent(path)}`,
      ]);
      const att = await visit(w.h.app, path, { host: B, token: attendee });
      expect([att.status, att.headers.location]).toEqual([302, '/403']);
      const rev = await visit(w.h.app, path, { host: B, token: reviewer });
      expect([rev.status, rev.headers.location]).toEqual([302, '/platform/submissionManage/user']);
    }
  });

  test("B's appearance through A's domain is the 404 page; A's manager has no screen on B", async () => {
    const res = await visit(w.h.app, `/platform/config/exterior/edit/${bIds.exterior}`, { host: A, token: w.managerA });
    expect([res.status, res.headers.location]).toEqual([302, '/404']);
    expect(
      (await visit(w.h.app, '/platform/config/exterior/edit/abc', { host: A, token: w.managerA })).headers.location,
    ).toBe('/404');
    const onB = await visit(w.h.app, '/platform/config/website', { host: B, token: w.managerA });
    expect(onB.headers.location).toMatch(/^\/conferencelogin/);
  });
});
