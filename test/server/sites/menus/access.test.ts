/**
 * Who may edit menus: managers of this conference only. A manager of conference A can reach
 * nothing of conference B, neither on B's domain nor with B's ids on A's domain.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { visit } from '../../../helpers/http';
import { freshSite, type Site } from './helpers';

let h: Harness;
let a: Site;
let b: Site;
let bRows: Array<Record<string, unknown>>;
let aRows: Array<Record<string, unknown>>;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await freshSite(h);
  b = await freshSite(h);
  aRows = await a.rows();
  bRows = await b.rows();
});
afterAll(() => h?.stop());

/** Every call of the editor with a body that would be valid on the calling site. */
async function everyCall(site: Site, token: string | undefined, ids: { item: number; parent: number; page: number }) {
  return [
    await site.get('tree?lang=zh', token),
    await site.post('save', { lang: 'zh', parentId: null, title: '入侵', pageId: ids.page }, token),
    await site.post('save', { id: ids.item, lang: 'zh', parentId: null, title: '入侵', href: '/' }, token),
    await site.post('move', { id: ids.item, parentId: ids.parent, index: 0 }, token),
    await site.post('publish', { ids: [ids.item], published: false }, token),
    await site.post('delete', { ids: [ids.item] }, token),
  ];
}

describe("a manager of conference A on B's domain", () => {
  test('every call is refused as signed out (the session belongs to A), and nothing of B changes', async () => {
    const ids = { item: (await b.item('首页')).id, parent: (await b.item('会议')).id, page: await b.pageId('关于') };
    for (const res of await everyCall(b, a.token, ids)) {
      expect(res.status).toBe(401);
      expect(res.body.data).toBeNull();
    }
    expect(await b.rows()).toEqual(bRows);
  });

  test("B's menu screen sends A's manager to the login page", async () => {
    const res = await visit(h.app, '/platform/config/menu', { host: b.host, token: a.token });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/conferencelogin?redirect=%2Fplatform%2Fconfig%2Fmenu');
  });
});

describe("a manager of conference A with B's ids on A's domain", () => {
  test("B's items and pages are not found, nothing of A or B changes", async () => {
    const bHome = (await b.item('首页')).id;
    const bConf = (await b.item('会议')).id;
    const bPage = await b.pageId('关于');
    const aHome = (await a.item('首页')).id;
    const expectations: Array<[Promise<{ status: number; body: { message: string } }>, number, string]> = [
      [a.post('save', { lang: 'zh', parentId: null, title: '链接B', pageId: bPage }), 400, 'manageMenus:pageNotFound'],
      [a.post('save', { lang: 'zh', parentId: bConf, title: '挂到B下', href: '/' }), 400, 'manageMenus:parentNotFound'],
      [a.post('save', { id: bHome, lang: 'zh', parentId: null, title: '改B', href: '/' }), 404, 'commonMsg.notFound'],
      [
        a.post('save', { id: aHome, lang: 'zh', parentId: bConf, title: '首页', href: '/' }),
        400,
        'manageMenus:parentNotFound',
      ],
      [a.post('move', { id: aHome, parentId: bConf, index: 0 }), 400, 'manageMenus:parentNotFound'],
      [a.post('move', { id: bHome, parentId: null, index: 0 }), 404, 'commonMsg.notFound'],
      [a.post('publish', { ids: [bHome], published: false }), 404, 'commonMsg.notFound'],
      [a.post('publish', { ids: [aHome, bHome], published: false }), 404, 'commonMsg.notFound'],
      [a.post('delete', { ids: [bHome] }), 404, 'commonMsg.notFound'],
      [a.post('delete', { ids: [aHome, bConf] }), 404, 'commonMsg.notFound'],
    ];
    for (const [call, status, message] of expectations) {
      const res = await call;
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect(await b.rows()).toEqual(bRows);
    expect(await a.rows()).toEqual(aRows);
  });

  test("A's tree holds only A's items", async () => {
    const res = await a.get('tree?lang=zh');
    const ids = JSON.stringify(res.body.data)
      .match(/"id":\d+/g)!
      .map((m) => Number(m.slice(5)));
    const bIds = new Set(bRows.map((r) => Number(r.id)));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => bIds.has(id))).toEqual([]);
  });
});

describe('other people', () => {
  test.each([
    ['anonymous', undefined, 401],
    ['a signed-in user of the conference', 'user', 403],
    ['an attendee', 'attendee', 403],
    ['a reviewer', 'reviewer', 403],
  ] as const)('%s is refused every call', async (_who, role, status) => {
    const token = role
      ? await h.login({ email: `${role}-menus@example.org`, conferenceId: a.id, roles: role === 'user' ? [] : [role] })
      : undefined;
    const ids = { item: (await a.item('首页')).id, parent: (await a.item('会议')).id, page: await a.pageId('关于') };
    for (const res of await everyCall(a, token ?? '', ids)) expect(res.status).toBe(status);
    expect(await a.rows()).toEqual(aRows);
  });

  test.each([
    ['anonymous', undefined, '/conferencelogin?redirect=%2Fplatform%2Fconfig%2Fmenu'],
    ['an attendee', 'attendee', '/403'],
    ['a reviewer', 'reviewer', '/platform/submissionManage/user'],
  ] as const)('%s does not get the screen', async (_who, role, location) => {
    const token = role
      ? await h.login({ email: `${role}-screen@example.org`, conferenceId: a.id, roles: [role] })
      : undefined;
    const res = await visit(h.app, '/platform/config/menu', { host: a.host, token });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  test('the platform host has no menus', async () => {
    const token = await h.login({ email: 'platform-menus@example.org', conferenceId: null, superAdmin: true });
    const res = await visit(h.app, '/api/conference/menu/config/tree?lang=zh', { host: 'platform.localhost', token });
    expect(res.status).toBe(404);
  });
});
