/**
 * Spec 8 'Under Maintenance' (issue 32): a conference's managers switch maintenance on; then its
 * site, personal pages and calls answer the maintenance page (503, Retry-After; in the reader's
 * language) to visitors and attendees, while its managers and the super admin keep working and
 * the ways in (the sign-in page, the sign-in calls) stay open. Switched off, all is as before.
 * Also spec 8 'The service has not been opened…': the pages of a service the conference has not
 * enabled say so, not 403/404.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { page, visit } from '../../helpers/http';

let h: Harness;
let cid: number;
const host = 'maintained.localhost';
let manager: string;
let attendee: string;
let superAdmin: string;

const api = (method: 'get' | 'post', path: string, token?: string, body?: object) => {
  const req = request(h.app)[method](`/api${path}`).set('Host', host).set('Origin', `http://${host}`);
  if (token) req.set('Cookie', `token=${token}`);
  return body ? req.send(body) : req;
};
const setMaintenance = (on: boolean, token = manager) => api('post', '/conference/platform/maintenance', token, { on });

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'maintained', domains: [host] }));
  manager = await h.login({ email: 'maintained-boss@example.org', conferenceId: cid, roles: ['manager'] });
  attendee = await h.login({ email: 'maintained-guest@example.org', conferenceId: cid, roles: ['attendee'] });
  superAdmin = await h.login({ email: 'maintained-admin@example.org', conferenceId: cid, superAdmin: true });
});
afterAll(() => h?.stop());

describe('maintenance', () => {
  test('off: the site answers as usual; the publication state says so', async () => {
    expect((await visit(h.app, '/', { host })).status).toBe(200);
    expect((await api('get', '/conference/platform/publication', manager)).body.data).toMatchObject({
      maintenance: false,
    });
  });

  test('only a manager switches it; a visitor or attendee cannot', async () => {
    expect((await setMaintenance(true, attendee)).status).toBe(403);
    expect((await api('post', '/conference/platform/maintenance', undefined, { on: true })).status).toBe(401);
    expect((await api('post', '/conference/platform/maintenance', manager, { on: 'yes' })).body.code).toBe(400);
    const res = await setMaintenance(true);
    expect(res.body).toMatchObject({
      code: 200,
      message: 'manageConference:maintenanceSaved',
      data: { maintenance: true },
    });
  });

  test('on: visitors and attendees get the maintenance page in their language, 503 with Retry-After; calls the envelope', async () => {
    for (const [lang, title] of [
      ['zh', '系统维护中'],
      ['en', 'Under Maintenance'],
    ] as const) {
      for (const path of ['/', '/page/1', '/conferenceRegister', '/profile/userInfo']) {
        for (const token of [undefined, attendee]) {
          const { res, $ } = await page(h.app, path, { host, lang, token });
          expect(res.status, `${path} ${lang} ${token ? 'attendee' : 'visitor'}`).toBe(503);
          expect(res.headers['retry-after']).toBe('300');
          expect($('h1').text()).toBe(title);
          expect($('html').attr('lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        }
      }
    }
    const call = await api('get', '/conference/order/list', attendee);
    expect(call.status).toBe(503);
    expect(call.body).toMatchObject({ code: 503, message: 'commonMsg.underMaintenance' });
  });

  test('on: the managers and the super admin keep working; the sign-in page stays open', async () => {
    for (const token of [manager, superAdmin]) {
      expect((await visit(h.app, '/', { host, token })).status).toBe(200);
      expect((await visit(h.app, '/platform/manage/dashboard', { host, token })).status).toBe(200);
    }
    expect((await visit(h.app, '/conferencelogin', { host, lang: 'en' })).status).toBe(200);
  });

  test('off again: the site is back for everyone', async () => {
    expect((await setMaintenance(false)).body.data.maintenance).toBe(false);
    expect((await visit(h.app, '/', { host })).status).toBe(200);
    expect((await visit(h.app, '/profile/userInfo', { host, token: attendee })).status).toBe(200);
  });
});

describe('a service the conference has not enabled', () => {
  const off = 'services-off.localhost';
  let token: string;
  beforeAll(async () => {
    const id = await h.provision(
      contractSite({
        slug: 'services-off',
        domains: [off],
        modules: { register: false, hotel: false, submission: false },
      }),
    );
    token = await h.login({ email: 'services-off@example.org', conferenceId: id, roles: ['attendee'] });
  });

  test('registration: the register service has not been opened (zh, en)', async () => {
    for (const [lang, text] of [
      ['zh', '会议注册服务尚未开通，请联系会议主办方。'],
      ['en', 'The conference register service has not been opened, please contact the conference organizer.'],
    ] as const) {
      const { res, $ } = await page(h.app, '/conferenceRegister', { host: off, lang, token });
      expect(res.status).toBe(200);
      expect($('.register-state h3').text()).toBe(text);
    }
  });

  test('hotel, submission and fee pages: the service has not been opened, not 403/404', async () => {
    for (const path of ['/profile/hotel/order', '/profile/submission', '/profile/conference/fee']) {
      const res = await visit(h.app, path, { host: off, token, lang: 'en' });
      expect(res.status, path).toBe(200);
    }
    const hotel = await api('get', '/conference/hotel/page', undefined);
    expect(hotel.status).toBe(401);
    const hotelPage = await request(h.app)
      .get('/api/conference/hotel/page')
      .set('Host', off)
      .set('Cookie', `token=${token}`);
    expect(hotelPage.body.data.bar).toBe('off');
    const book = await request(h.app)
      .post('/api/conference/hotel/book')
      .set('Host', off)
      .set('Origin', `http://${off}`)
      .set('Cookie', `token=${token}`)
      .send({});
    expect([400, 409]).toContain(book.status);
  });
});
