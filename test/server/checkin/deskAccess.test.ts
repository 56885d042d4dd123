/**
 * Desk staff see the check-in desk and nothing else of the management area (issue 33): every
 * management API route but the desk's answers them 403, every management screen but the desk
 * sends them to the desk, and their menu holds the desk alone. The route list comes from the
 * router table, so a route added later is covered.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { routeTable } from '../../helpers/routes';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { CHECKIN_DESK } from '../../../server/platform/access';

let h: Harness;
let cid: number;
let desk: string;
let attendee: string;
const host = 'desk-access.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'desk-access', domains: [host] }));
  desk = await h.login({ email: 'desk-only@example.org', conferenceId: cid, roles: ['checkin'] });
  attendee = await h.login({ email: 'just-attendee@example.org', conferenceId: cid, roles: ['attendee'] });
});
afterAll(() => h?.stop());

function send(method: string, path: string, token: string) {
  const req = request(h.app)
    [method.toLowerCase() as 'get'](path)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`);
  return method === 'GET' ? req : req.send({});
}
const concrete = (path: string) => path.replace(/:(\w+)/g, '1').replace(/\{\*\w+\}/g, 'x');

test(
  "every management API route but the desk's is 403 for desk staff; the desk's answer them",
  { timeout: 60_000 },
  async () => {
    const routes = routeTable(h.express).filter(
      (r) => r.kind === 'api' && (r.access === 'manager' || r.access === 'reviewer'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const let_in: string[] = [];
    // A few at a time: hundreds of routes, each refused before it reads anything.
    for (let i = 0; i < routes.length; i += 8) {
      await Promise.all(
        routes.slice(i, i + 8).map(async (r) => {
          const res = await send(r.method, concrete(r.path), desk);
          if (res.status !== 403) let_in.push(`${r.method} ${r.path} ${res.status}`);
        }),
      );
    }
    expect(let_in).toEqual([]);
    const deskRoutes = routeTable(h.express).filter((r) => r.access === 'desk');
    expect(deskRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/conference/platform/manage/checkin/desk/badge/:id',
      'GET /api/conference/platform/manage/checkin/desk/counts',
      'GET /api/conference/platform/manage/checkin/desk/desks',
      'GET /api/conference/platform/manage/checkin/desk/lookup',
      'GET /platform/manage/checkin/desk',
      // the desk's service worker (issue 33: a desk reopened offline)
      'GET /platform/manage/checkin/desk-sw.js',
      'POST /api/conference/platform/manage/checkin/desk/checkin',
      'POST /api/conference/platform/manage/checkin/desk/pay',
      'POST /api/conference/platform/manage/checkin/desk/sync',
      'POST /api/conference/platform/manage/checkin/desk/undo',
    ]);
    expect((await send('GET', '/api/conference/platform/manage/checkin/desk/desks', desk)).status).toBe(200);
    expect((await send('GET', '/api/conference/platform/manage/checkin/desk/counts', desk)).status).toBe(200);
    // Someone without the role is refused the desk.
    expect((await send('GET', '/api/conference/platform/manage/checkin/desk/desks', attendee)).status).toBe(403);
  },
);

test(
  'every management screen but the desk sends desk staff to the desk; the desk shows the desk alone in its menu',
  { timeout: 60_000 },
  async () => {
    const screens = routeTable(h.express).filter(
      (r) => r.kind === 'page' && r.method === 'GET' && r.path.startsWith('/platform') && r.access !== 'desk',
    );
    expect(screens.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of screens) {
      const res = await send('GET', concrete(r.path), desk);
      if (res.status !== 302 || res.headers.location !== CHECKIN_DESK)
        wrong.push(`${r.path} ${res.status} ${res.headers.location}`);
    }
    expect(wrong).toEqual([]);
    for (const lang of ['zh', 'en'] as const) {
      const { res, $ } = await page(h.app, CHECKIN_DESK, { host, token: desk, lang });
      expect(res.status).toBe(200);
      expect($('[data-island="CheckinDesk"]').length).toBe(1);
      const menu = $('nav a, .side-menu a')
        .map((_i, a) => $(a).attr('href'))
        .get()
        .filter((href) => href.startsWith('/platform'));
      expect([...new Set(menu)]).toEqual([CHECKIN_DESK]);
    }
    // The attendee is refused the desk screen.
    expect((await send('GET', CHECKIN_DESK, attendee)).headers.location).toBe('/403');
  },
);
