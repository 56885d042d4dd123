/**
 * Who may call the page routes: managers of this conference only. A manager of conference A gets
 * nothing of conference B, whether on B's domain or with B's ids on A's domain; nothing of B changes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { visit } from '../../helpers/http';
import { HOST_A, HOST_B, newPage, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
let attendeeA: string;
let snapshotB: unknown;

async function stateOf(conferenceId: number) {
  return {
    pages: await w.h.db('pages').where({ conference_id: conferenceId }).orderBy('id'),
    versions: await w.h.db('page_versions').where({ conference_id: conferenceId }).orderBy('id'),
    config: await w.h.db('website_configs').where({ conference_id: conferenceId }).first(),
  };
}

beforeAll(async () => {
  w = await pagesWorld();
  attendeeA = await w.h.login({ email: 'attendee@example.org', conferenceId: w.a, roles: ['attendee'] });
  // B has a version of its about page, so that version routes have something to refuse.
  const about = await w.h.db('pages').where({ id: w.idsB.about }).first();
  await w.call('post', '/conference/page/save', {
    host: HOST_B,
    token: w.managerB,
    body: {
      id: about!.id,
      type: 'PAGE',
      name: about!.name,
      exteriorId: w.idsB.exterior,
      lang: 'zh',
      html: '<p>B v2</p>',
      templateId: about!.template_id,
      relatedMobilePageId: about!.related_mobile_page_id,
    },
  });
  snapshotB = await stateOf(w.b);
});
afterAll(() => w?.stop());

type Call = { method: 'get' | 'post' | 'delete'; path: string; body?: unknown };
const routes = (ids: PagesWorld['idsA']): Call[] => [
  { method: 'get', path: '/conference/page/list' },
  { method: 'get', path: `/conference/page/detail/${ids.about}` },
  {
    method: 'post',
    path: '/conference/page/save',
    body: { id: ids.about, type: 'PAGE', name: 'x', exteriorId: ids.exterior, lang: 'zh', html: '<p>pwned</p>' },
  },
  { method: 'delete', path: `/conference/page/delete/${ids.bare}` },
  { method: 'get', path: '/conference/page/findAllTemplate' },
  { method: 'get', path: '/conference/page/findAllCommonTemplate' },
  { method: 'get', path: '/conference/page/findAllPage' },
  { method: 'get', path: '/conference/page/image/path/all' },
  { method: 'post', path: '/conference/setting/save', body: { data: { pageId: ids.about, needToLogin: 1 } } },
  { method: 'get', path: `/conference/page/versions/${ids.about}` },
  { method: 'get', path: `/conference/page/version/${ids.about}/1` },
  { method: 'post', path: `/conference/page/restore/${ids.about}/1`, body: {} },
  {
    method: 'post',
    path: '/conference/page/preview',
    body: { type: 'PAGE', lang: 'zh', html: '<p>x</p>', templateId: ids.page },
  },
];

describe("a manager of A on B's domain", () => {
  test('every route is refused: the session is not valid there', async () => {
    for (const r of routes(w.idsB)) {
      const res = await w.call(r.method, r.path, { host: HOST_B, token: w.managerA, body: r.body });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body.data).toBeNull();
    }
    expect(await stateOf(w.b)).toEqual(snapshotB);
  });
});

describe("a manager of A with B's ids on A's domain", () => {
  test('every route that names an id answers not found (or invalid), and lists show none of B', async () => {
    const expected: Record<string, number> = {
      [`GET /conference/page/detail/${w.idsB.about}`]: 404,
      'POST /conference/page/save': 404,
      [`DELETE /conference/page/delete/${w.idsB.bare}`]: 404,
      'POST /conference/setting/save': 404,
      [`GET /conference/page/versions/${w.idsB.about}`]: 404,
      [`GET /conference/page/version/${w.idsB.about}/1`]: 404,
      [`POST /conference/page/restore/${w.idsB.about}/1`]: 404,
      'POST /conference/page/preview': 400,
    };
    for (const r of routes(w.idsB)) {
      const key = `${r.method.toUpperCase()} ${r.path}`;
      const res = await w.call(r.method, r.path, { body: r.body });
      if (expected[key]) {
        expect(res.status, key).toBe(expected[key]);
        continue;
      }
      expect(res.status, key).toBe(200);
      const text = JSON.stringify(res.body.data);
      for (const id of [w.idsB.about, w.idsB.home, w.idsB.page, w.idsB.common])
        expect(text, key).not.toMatch(new RegExp(`"id":${id}[,}]`));
    }
    const filtered = await w.call('get', '/conference/page/list', { query: { exteriorId: w.idsB.exterior } });
    expect(filtered.body.data).toEqual({ rows: [], total: 0 });
    expect(
      (await w.call('get', '/conference/page/findAllTemplate', { query: { exteriorId: w.idsB.exterior } })).body.data,
    ).toEqual([]);
    expect(await stateOf(w.b)).toEqual(snapshotB);
  });

  test("a page of A cannot point at B's templates, appearance or mobile pages", async () => {
    const mobileB = (await w.h.db('pages').where({ id: w.idsB.about }).first())!.related_mobile_page_id;
    for (const patch of [
      { templateId: w.idsB.page },
      { exteriorId: w.idsB.exterior },
      { relatedMobilePageId: mobileB },
    ]) {
      expect((await w.call('post', '/conference/page/save', { body: newPage(w, patch) })).status).toBe(400);
    }
    expect(await stateOf(w.b)).toEqual(snapshotB);
  });

  test("the editor screen of B's page is not found", async () => {
    const res = await visit(w.h.app, `/platform/config/page/edit/${w.idsB.about}`, { host: HOST_A, token: w.managerA });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/404');
    const asTemplate = await visit(w.h.app, `/platform/config/template/edit/${w.idsA.about}`, {
      host: HOST_A,
      token: w.managerA,
    });
    expect(asTemplate.headers.location).toBe('/404');
  });
});

describe('attendees and anonymous visitors', () => {
  test('attendees get 403 and anonymous visitors 401 on every route, and nothing changes', async () => {
    const before = await stateOf(w.a);
    for (const r of routes(w.idsA)) {
      expect((await w.call(r.method, r.path, { token: attendeeA, body: r.body })).status, `${r.method} ${r.path}`).toBe(
        403,
      );
      expect((await w.call(r.method, r.path, { token: null, body: r.body })).status, `${r.method} ${r.path}`).toBe(401);
    }
    expect(await stateOf(w.a)).toEqual(before);
  });

  test('the screens send anonymous visitors to the login page and attendees to /403', async () => {
    for (const path of [
      '/platform/config/page/list',
      '/platform/config/page/add',
      `/platform/config/page/edit/${w.idsA.about}`,
      '/platform/config/template/list',
      '/platform/config/template/add',
      `/platform/config/template/edit/${w.idsA.page}`,
    ]) {
      const anonymous = await visit(w.h.app, path, { host: HOST_A });
      expect(anonymous.headers.location, path).toBe(`/conferencelogin?redirect=${encodeURIComponent(path)}`);
      expect((await visit(w.h.app, path, { host: HOST_A, token: attendeeA })).headers.location, path).toBe('/403');
      // A manager of A on B's domain has no session there.
      expect((await visit(w.h.app, path, { host: HOST_B, token: w.managerA })).headers.location, path).toMatch(
        /^\/conferencelogin/,
      );
    }
  });
});
