/** The site calls of spec section 7 under /api, with the {code, message, data} envelope. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let conferenceId: number;
let draftId: number;
const host = 'contract.localhost';
const api = (path: string, opts: { host?: string; lang?: string; token?: string } = {}) => {
  const req = request(h.app)
    .get(`/api${path}`)
    .set('Host', opts.host ?? host);
  const cookies = [opts.lang ? `locale=${opts.lang}` : '', opts.token ? `token=${opts.token}` : ''].filter(Boolean);
  return cookies.length ? req.set('Cookie', cookies.join('; ')) : req;
};
const pageId = async (name: string, conference = conferenceId) =>
  (await h.db('pages').where({ conference_id: conference, name, is_mobile: false, type: 'PAGE' }).first())!
    .id as number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  draftId = await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '1' }));
});
afterAll(() => h?.stop());

describe('website config', () => {
  test('findConferenceWebsiteConfig gives the fields of spec section 3 in the current language', async () => {
    const res = await api('/conference/platform/config/website/findConferenceWebsiteConfig', { lang: 'en' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      conferenceId,
      conferenceName: 'Contract Test Conference',
      languageType: '3',
      firstTitle: 'First Title',
      shortTitle: 'CTC 2027',
      websiteRecordNumber: '京ICP备00000000号',
      conference: { status: '4', registerFlag: false },
      // spec 3: the registration's fee switch and rule (the template-ready hook's copy leaves it out)
      registerConfigBasic: { costsSet: false, registerRule: 'REGISTER_FIRST_AND_PAY_LATER' },
    });
    expect(res.body.data.templateZhHomePageId).toBe(await pageId('首页'));
    expect(res.body.data.templateEnHomePageId).toBe(await pageId('Home'));
  });

  test('findConferenceByDomain names the conference of this host', async () => {
    const res = await api('/conference/platform/config/website/basic/findConferenceByDomain', {
      host: 'draft.localhost',
    });
    expect(res.body.data).toMatchObject({ conferenceId: draftId, domain: 'draft.localhost', status: '1' });
  });

  test('getModuleByConfId reads register', async () => {
    const res = await request(h.app)
      .post('/api/conference/module/getModuleByConfId')
      .set('Host', host)
      .set('Origin', `http://${host}`);
    expect(res.body.data.register).toBe(true);
  });

  test('getDisciplineList is localised and nested', async () => {
    const en = await api('/home/conference/getDisciplineList?lang=en');
    const cs = en.body.data.find((d: { code: string }) => d.code === '07');
    expect(cs.name).toBe('Computer Science and Technology');
    expect(cs.children.map((c: { name: string }) => c.name)).toContain('Artificial Intelligence');
    const zh = await api('/home/conference/getDisciplineList?lang=zh');
    expect(zh.body.data.find((d: { code: string }) => d.code === '07').name).toBe('计算机科学与技术');
  });

  test('a bad lang is a 400 with the field named', async () => {
    const res = await api('/home/conference/getDisciplineList?lang=fr');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, field: 'lang' });
  });
});

describe('user info (findConferenceStatus)', () => {
  test('needs a session: 401 for anonymous callers', async () => {
    const res = await api('/conference/platform/findConferenceStatus');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('signInErrorMsg');
  });

  test('gives the allUsers flags of the caller in this conference', async () => {
    const token = await h.login({ email: 'att@example.org', conferenceId, roles: ['attendee', 'reviewer'] });
    const res = await api('/conference/platform/findConferenceStatus', { token });
    expect(res.body.data.allUsers).toEqual({ conferenceUser: true, conferenceManage: false, conferenceReview: true });
  });
});

describe('menus and pages', () => {
  test('fixedAndPublish gives the published menu tree of the language', async () => {
    const en = await api('/conference/menu/config/fixedAndPublish?lang=en');
    expect(en.body.data.map((m: { title: string }) => m.title)).toEqual(['Home', 'About']);
    const zh = await api('/conference/menu/config/fixedAndPublish?lang=zh');
    expect(zh.body.data[1].children.map((m: { title: string }) => m.title)).toEqual(['关于']);
  });

  test('page/find gives the page with its template and common template', async () => {
    const res = await api(`/conference/page/find/${await pageId('About')}`);
    expect(res.body.data).toMatchObject({ name: 'About', html: '<p class="content">About us</p>', needToLogin: 0 });
    expect(res.body.data.template.html).toContain('template-content-container');
    expect(res.body.data.template.template.html).toContain('common-template-content-container');
  });

  test('page/mobile/find gives the mobile variant', async () => {
    const res = await api(`/conference/page/mobile/find/${await pageId('About')}`);
    expect(res.body.data.isMobile).toBe(true);
    expect(res.body.data.template.html).toContain('mobile-page');
  });

  test('setting/find answers 1 for a login-required page and 0 otherwise', async () => {
    expect((await api(`/conference/setting/find/${await pageId('Members')}`)).body.data).toBe(1);
    expect((await api(`/conference/setting/find/${await pageId('About')}`)).body.data).toBe(0);
  });

  test('page/find hides the content of a login-required page from anonymous callers', async () => {
    const res = await api(`/conference/page/find/${await pageId('Members')}`);
    expect(res.body.data.html).not.toContain('Members only');
  });

  test.each(['abc', '0', '99999'])('page/find/%s is a 404 envelope', async (id) => {
    const res = await api(`/conference/page/find/${id}`);
    expect(res.status).toBe(id === 'abc' || id === '0' ? 400 : 404);
    expect(res.body.data).toBeNull();
  });

  test("another conference's page is not found through this domain", async () => {
    expect((await api(`/conference/page/find/${await pageId('About', draftId)}`)).status).toBe(404);
  });

  test('pages and menus of an unpublished site are refused to visitors', async () => {
    const res = await api('/conference/menu/config/fixedAndPublish', { host: 'draft.localhost' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('commonMsg.unpublished');
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await api('/conference/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: 'commonMsg.notFound', data: null });
  });
});
