/** Saving, listing and deleting pages and templates: every rule of spec 5 "Page" and its message. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { page } from '../../helpers/http';
import { HOST_A, newPage, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
});
afterAll(() => w?.stop());

const save = (body: Record<string, unknown>) => w.call('post', '/conference/page/save', { body });
const row = (id: number) => w.h.db('pages').where({ id }).first();

async function expectRefused(body: Record<string, unknown>, message: string, field?: string, status = 400) {
  const before = await w.h.db('pages').count({ n: '*' }).first();
  const res = await save(body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
  if (field) expect(res.body.field).toBe(field);
  expect(await w.h.db('pages').count({ n: '*' }).first()).toEqual(before);
}

describe('save: a new page', () => {
  test('is created in its template and shown on the site at once', async () => {
    const res = await save(newPage(w, { name: 'Programme', html: '<p class="content">the programme</p>' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'PAGE', name: 'Programme', lang: 'en', templateId: w.idsA.page, templateName: 'page', exteriorName: 'Contract', needToLogin: 0, isMobile: false });
    expect(res.body.data.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const { res: pageRes, $ } = await page(w.h.app, `/page/${res.body.data.id}`, { host: HOST_A, lang: 'en' });
    expect(pageRes.status).toBe(200);
    expect($('#template-content-container .content').text()).toBe('the programme');
    expect($('#template-page-name-container').text()).toBe('Programme');
  });

  test('the name is required, is trimmed, and has at most 100 characters', async () => {
    await expectRefused(newPage(w, { name: undefined }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: '' }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: '   ' }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: 'x'.repeat(101) }), 'managePages:nameTooLong', 'name');
    const ok = await save(newPage(w, { name: ` ${'页'.repeat(100)} ` }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('页'.repeat(100));
  });

  test('the appearance is required and must be one of this conference', async () => {
    await expectRefused(newPage(w, { exteriorId: undefined }), 'managePages:exteriorRequired', 'exteriorId');
    await expectRefused(newPage(w, { exteriorId: null }), 'managePages:exteriorRequired', 'exteriorId');
    await expectRefused(newPage(w, { exteriorId: w.idsB.exterior }), 'managePages:exteriorRequired', 'exteriorId');
  });

  test('a page has a language', async () => {
    await expectRefused(newPage(w, { lang: null }), 'managePages:langRequired', 'lang');
    await expectRefused(newPage(w, { lang: 'fr' }), 'managePages:langRequired', 'lang');
  });

  test("a page's template must be a page template of this conference", async () => {
    await expectRefused(newPage(w, { templateId: w.idsA.common }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: w.idsA.about }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: w.idsB.page }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: 999999 }), 'managePages:templateInvalid', 'templateId');
    const none = await save(newPage(w, { templateId: null }));
    expect(none.body.data.templateId).toBeNull();
  });

  test('a page that already sits directly in a common template may keep it (and only keep it)', async () => {
    const framed = await row(w.idsA.framed);
    const base = { id: framed.id, type: 'PAGE', name: framed.name, exteriorId: w.idsA.exterior, lang: 'zh', html: framed.html };
    expect((await save({ ...base, templateId: w.idsA.common })).status).toBe(200);
    await expectRefused({ ...base, templateId: w.idsA.mobileCommon }, 'managePages:templateInvalid', 'templateId');
  });

  test('the related mobile page must be a mobile page of this conference', async () => {
    const mobileAbout = (await row(w.idsA.about)).related_mobile_page_id as number;
    const mobileB = (await row(w.idsB.about)).related_mobile_page_id as number;
    await expectRefused(newPage(w, { relatedMobilePageId: w.idsA.home }), 'managePages:relatedMobileInvalid', 'relatedMobilePageId');
    await expectRefused(newPage(w, { relatedMobilePageId: mobileB }), 'managePages:relatedMobileInvalid', 'relatedMobilePageId');
    await expectRefused(newPage(w, { relatedMobilePageId: w.idsA.mobilePage }), 'managePages:relatedMobileInvalid', 'relatedMobilePageId');
    const ok = await save(newPage(w, { relatedMobilePageId: mobileAbout }));
    expect(ok.body.data.relatedMobilePageId).toBe(mobileAbout);
    // A mobile page has no mobile page of its own.
    const mobile = await save(newPage(w, { isMobile: true, templateId: w.idsA.mobilePage, relatedMobilePageId: mobileAbout }));
    expect(mobile.body.data).toMatchObject({ isMobile: true, relatedMobilePageId: null });
  });

  test('a page cannot be its own mobile page', async () => {
    const created = await save(newPage(w, { isMobile: true, templateId: w.idsA.mobilePage }));
    await expectRefused({ ...newPage(w), id: created.body.data.id, isMobile: false, relatedMobilePageId: created.body.data.id }, 'managePages:relatedMobileInvalid', 'relatedMobilePageId');
  });

  test('the counterpart is a page of this conference in the other language; the pair is kept symmetric and single', async () => {
    const mobileAbout = (await row(w.idsA.about)).related_mobile_page_id as number;
    const zhPage = await save(newPage(w, { name: '日程', lang: 'zh' }));
    const zhId = zhPage.body.data.id as number;
    await expectRefused(newPage(w, { counterpartPageId: w.idsA.about, lang: 'zh' }), 'managePages:counterpartInvalid', 'counterpartPageId'); // same language
    await expectRefused(newPage(w, { counterpartPageId: mobileAbout, lang: 'en' }), 'managePages:counterpartInvalid', 'counterpartPageId'); // a phone page
    await expectRefused(newPage(w, { counterpartPageId: w.idsA.page }), 'managePages:counterpartInvalid', 'counterpartPageId'); // a template
    await expectRefused(newPage(w, { counterpartPageId: w.idsB.about }), 'managePages:counterpartInvalid', 'counterpartPageId'); // another conference's
    const en = await save(newPage(w, { counterpartPageId: zhId }));
    expect(en.body.data.counterpartPageId).toBe(zhId);
    expect((await row(zhId)).counterpart_page_id).toBe(en.body.data.id);
    // Pairing the zh page with another English page frees the first one.
    const en2 = await save(newPage(w, { name: 'Programme 2', counterpartPageId: zhId }));
    expect((await row(zhId)).counterpart_page_id).toBe(en2.body.data.id);
    expect((await row(en.body.data.id)).counterpart_page_id).toBeNull();
    // Unpairing from either side clears both; deleting a page clears its partner.
    await save({ ...newPage(w, { name: 'Programme 2' }), id: en2.body.data.id, counterpartPageId: null });
    expect((await row(zhId)).counterpart_page_id).toBeNull();
    await save({ ...newPage(w, { name: 'Programme' }), id: en.body.data.id, counterpartPageId: zhId });
    expect((await w.call('delete', `/conference/page/delete/${en.body.data.id}`)).status).toBe(200);
    expect((await row(zhId)).counterpart_page_id).toBeNull();
  });

  test('the type is PAGE or TEMPLATE', async () => {
    await expectRefused(newPage(w, { type: 'POST' }), 'managePages:typeInvalid', 'type');
  });
});

describe('save: templates', () => {
  const template = (patch: Record<string, unknown>) => ({ type: 'TEMPLATE', name: 'T', exteriorId: w.idsA.exterior, html: '<div class="template-content-container"></div>', ...patch });

  test('a template has a kind', async () => {
    await expectRefused(template({}), 'managePages:kindInvalid', 'templateKind');
    await expectRefused(template({ templateKind: 'frame' }), 'managePages:kindInvalid', 'templateKind');
  });

  test("a page template's parent must be a common template of this conference", async () => {
    await expectRefused(template({ templateKind: 'page', templateId: w.idsA.page }), 'managePages:commonTemplateInvalid', 'templateId');
    await expectRefused(template({ templateKind: 'page', templateId: w.idsA.home }), 'managePages:commonTemplateInvalid', 'templateId');
    await expectRefused(template({ templateKind: 'page', templateId: w.idsB.common }), 'managePages:commonTemplateInvalid', 'templateId');
    const ok = await save(template({ templateKind: 'page', templateId: w.idsA.common }));
    expect(ok.body.data).toMatchObject({ type: 'TEMPLATE', templateKind: 'page', templateId: w.idsA.common, lang: null });
  });

  test('a common template has no parent, no default and no login flag', async () => {
    const res = await save(template({ templateKind: 'common', templateId: w.idsA.common, defaultFor: 'pc', needToLogin: 1, lang: 'en' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ templateKind: 'common', templateId: null, defaultFor: null, needToLogin: 0, lang: null });
  });

  test('type and kind are fixed once saved', async () => {
    const created = (await save(template({ templateKind: 'page', name: 'fixed' }))).body.data;
    await expectRefused(template({ id: created.id, templateKind: 'common' }), 'managePages:kindFixed', 'templateKind');
    await expectRefused({ ...newPage(w), id: created.id }, 'managePages:typeFixed', 'type');
  });

  test('each device has at most one default page template: setting it moves it', async () => {
    const defaults = async () =>
      Object.fromEntries(
        (await w.h.db('pages').where({ conference_id: w.a, type: 'TEMPLATE' }).whereNotNull('default_for').select('id', 'default_for')).map((r) => [r.id, r.default_for]),
      );
    expect(await defaults()).toEqual({ [w.idsA.page]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    const both = (await save(template({ templateKind: 'page', name: 'both', defaultFor: 'both' }))).body.data;
    expect(await defaults()).toEqual({ [both.id]: 'both' });
    await save({ ...template({ templateKind: 'page', templateId: w.idsA.mobileCommon }), id: w.idsA.mobilePage, name: 'mobilePage', html: (await row(w.idsA.mobilePage)).html, defaultFor: 'mobile', isMobile: true });
    expect(await defaults()).toEqual({ [both.id]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    await save({ ...template({ templateKind: 'page', templateId: w.idsA.common }), id: w.idsA.page, name: 'page', html: (await row(w.idsA.page)).html, defaultFor: 'pc' });
    expect(await defaults()).toEqual({ [w.idsA.page]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    await expectRefused(template({ templateKind: 'page', defaultFor: 'tablet' }), 'managePages:defaultForInvalid', 'defaultFor');
  });
});

describe('save: updates', () => {
  test("another conference's page is not found here, and is not changed", async () => {
    const before = await row(w.idsB.about);
    const res = await save({ ...newPage(w), id: w.idsB.about, name: 'hijacked' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('managePages:notFound');
    expect(await row(w.idsB.about)).toEqual(before);
  });

  test('a CSS file must be one uploaded to this conference', async () => {
    const upload = (host: string, token: string) =>
      request(w.h.app).post('/api/conference/file/upload?kind=css').set('Host', host).set('Origin', `http://${host}`).set('Cookie', `token=${token}`).attach('file', Buffer.from('p{color:red}'), 'site.css');
    const mine = (await upload(HOST_A, w.managerA)).body.data.url as string;
    const theirs = (await upload('other.localhost', w.managerB)).body.data.url as string;
    await expectRefused(newPage(w, { cssPath: '/files/unknown.css' }), 'managePages:cssPathInvalid', 'cssPath');
    await expectRefused(newPage(w, { cssPath: theirs }), 'managePages:cssPathInvalid', 'cssPath');
    await expectRefused(newPage(w, { cssPath: 'https://evil.example/x.css' }), 'managePages:cssPathInvalid', 'cssPath');
    const ok = await save(newPage(w, { cssPath: mine, html: '<p>styled</p>' }));
    expect(ok.body.data.cssPath).toBe(mine);
    const { $ } = await page(w.h.app, `/page/${ok.body.data.id}`, { host: HOST_A, lang: 'en' });
    expect($(`head link[href="${mine}"]`).length).toBe(1);
    // Removing it is a save with no file.
    expect((await save({ ...newPage(w, { html: '<p>styled</p>' }), id: ok.body.data.id, cssPath: '' })).body.data.cssPath).toBe('');
  });

  test('every save drops the public page cache: the new HTML shows at once', async () => {
    const about = await row(w.idsA.about);
    const first = await page(w.h.app, `/page/${about.id}`, { host: HOST_A, lang: 'zh' });
    expect(first.$('#template-content-container').text()).toContain('关于会议');
    expect((await page(w.h.app, `/page/${about.id}`, { host: HOST_A, lang: 'zh' })).$('#template-content-container').text()).toContain('关于会议');
    const before = (await w.h.db('website_configs').where({ conference_id: w.a }).first()).content_version;
    const res = await save({ id: about.id, type: 'PAGE', name: about.name, exteriorId: w.idsA.exterior, lang: 'zh', html: '<p class="content">新的关于</p>', templateId: about.template_id, relatedMobilePageId: about.related_mobile_page_id });
    expect(res.status).toBe(200);
    expect((await w.h.db('website_configs').where({ conference_id: w.a }).first()).content_version).toBe(before + 1);
    const after = await page(w.h.app, `/page/${about.id}`, { host: HOST_A, lang: 'zh' });
    expect(after.$('#template-content-container').text()).toContain('新的关于');
  });
});

describe('list and choices', () => {
  test('list filters by type, kind, language, device and name, and pages', async () => {
    const list = async (query: Record<string, string | number>) => (await w.call('get', '/conference/page/list', { query })).body.data;
    const pages = await list({ type: 'PAGE', size: 100 });
    expect(pages.rows.every((r: { type: string }) => r.type === 'PAGE')).toBe(true);
    expect(pages.total).toBe(pages.rows.length);
    expect(pages.rows[0]).not.toHaveProperty('html');
    const commons = await list({ type: 'TEMPLATE', templateKind: 'common' });
    expect(commons.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['common', 'mobileCommon']));
    expect(commons.rows.every((r: { templateKind: string }) => r.templateKind === 'common')).toBe(true);
    const mobileZh = await list({ type: 'PAGE', lang: 'zh', isMobile: 1, size: 100 });
    expect(mobileZh.rows.length).toBeGreaterThan(0);
    expect(mobileZh.rows.every((r: { lang: string; isMobile: boolean }) => r.lang === 'zh' && r.isMobile)).toBe(true);
    expect((await list({ type: 'PAGE', name: '关于' })).rows.every((r: { name: string }) => r.name.includes('关于'))).toBe(true);
    // LIKE wildcards are searched for literally.
    expect((await list({ name: '%' })).total).toBe(0);
    const paged = await list({ type: 'PAGE', page: 2, size: 3 });
    expect(paged.rows).toHaveLength(3);
    expect(paged.total).toBe(pages.total);
    expect((await list({ exteriorId: w.idsB.exterior })).total).toBe(0);
  });

  test('page and size are bounded', async () => {
    expect((await w.call('get', '/conference/page/list', { query: { size: 101 } })).status).toBe(400);
    expect((await w.call('get', '/conference/page/list', { query: { page: 0 } })).status).toBe(400);
    expect((await w.call('get', '/conference/page/list', { query: { type: 'X' } })).body.message).toBe('managePages:typeInvalid');
  });

  test("findAllTemplate gives the website appearance's page templates; findAllCommonTemplate the common ones; findAllPage the pages", async () => {
    const templates = (await w.call('get', '/conference/page/findAllTemplate')).body.data;
    expect(templates.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['page', 'mobilePage']));
    expect(templates.every((t: { templateKind: string }) => t.templateKind === 'page')).toBe(true);
    expect((await w.call('get', '/conference/page/findAllTemplate', { query: { exteriorId: w.idsA.exterior } })).body.data).toEqual(templates);
    expect((await w.call('get', '/conference/page/findAllTemplate', { query: { exteriorId: w.idsB.exterior } })).body.data).toEqual([]);
    const commons = (await w.call('get', '/conference/page/findAllCommonTemplate')).body.data;
    expect(commons.every((t: { templateKind: string }) => t.templateKind === 'common')).toBe(true);
    expect(commons.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([w.idsA.common, w.idsA.mobileCommon]));
    const all = (await w.call('get', '/conference/page/findAllPage')).body.data;
    expect(all.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([w.idsA.home, w.idsA.about]));
    expect(all.some((p: { id: number }) => p.id === w.idsA.page || p.id === w.idsB.home)).toBe(false);
  });
});

describe('setting/save (login required)', () => {
  test('1 makes the public page show the need-login text to visitors; 0 shows the content again', async () => {
    const id = w.idsA.bare;
    const set = (needToLogin: number) => w.call('post', '/conference/setting/save', { body: { data: { pageId: id, needToLogin } } });
    expect((await set(1)).body.code).toBe(200);
    expect((await row(id)).need_to_login).toBeTruthy();
    const en = await page(w.h.app, `/page/${id}`, { host: HOST_A, lang: 'en' });
    expect(en.$('.template-need-login').text()).toContain('You need to log in to view the content of the page.');
    expect(en.$('.content').length).toBe(0);
    const zh = await page(w.h.app, `/page/${id}`, { host: HOST_A, lang: 'zh' });
    expect(zh.$('.template-need-login').text()).toContain('您需要登录才能查看此页面的内容。');
    expect((await w.call('get', `/conference/setting/find/${id}`, { token: null })).body.data).toBe(1);
    await set(0);
    expect((await page(w.h.app, `/page/${id}`, { host: HOST_A, lang: 'en' })).$('.content').text()).toBe('no template');
  });

  test('only pages of this conference, and only 0 or 1', async () => {
    expect((await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsA.page, needToLogin: 1 } } })).status).toBe(404);
    expect((await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsB.about, needToLogin: 1 } } })).status).toBe(404);
    expect((await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsA.about, needToLogin: 2 } } })).status).toBe(400);
    expect((await row(w.idsB.about)).need_to_login).toBeFalsy();
  });
});

describe('delete', () => {
  const del = (id: number) => w.call('delete', `/conference/page/delete/${id}`);
  async function refused(id: number, message: string) {
    const res = await del(id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    expect(await row(id)).toBeTruthy();
  }

  test('a template used by pages is refused', async () => {
    await refused(w.idsA.page, 'managePages:templateUsedByPages');
    await refused(w.idsA.common, 'managePages:templateUsedByPages');
  });

  test('a common template used only by page templates is refused with its own message', async () => {
    const common = (await save({ type: 'TEMPLATE', templateKind: 'common', name: 'c2', exteriorId: w.idsA.exterior, html: '<div class="common-template-content-container"></div>' })).body.data;
    const child = (await save({ type: 'TEMPLATE', templateKind: 'page', name: 'p2', exteriorId: w.idsA.exterior, templateId: common.id, html: '<div class="template-content-container"></div>' })).body.data;
    await refused(common.id, 'managePages:templateUsedByTemplates');
    expect((await del(child.id)).status).toBe(200);
    expect((await del(common.id)).status).toBe(200);
    expect(await row(common.id)).toBeUndefined();
  });

  test('a home page, a page in a menu and the mobile version of a page are refused', async () => {
    await refused(w.idsA.home, 'managePages:pageIsHome');
    await refused(w.idsA.about, 'managePages:pageInMenu');
    await refused((await row(w.idsA.about)).related_mobile_page_id, 'managePages:pageIsMobileVariant');
  });

  test('any other page is deleted with its versions, and its public page is gone', async () => {
    const created = (await save(newPage(w, { html: '<p>v1</p>' }))).body.data;
    await save({ ...newPage(w, { html: '<p>v2</p>' }), id: created.id });
    expect(await w.h.db('page_versions').where({ page_id: created.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect((await del(created.id)).body).toMatchObject({ code: 200 });
    expect(await row(created.id)).toBeUndefined();
    expect(await w.h.db('page_versions').where({ page_id: created.id }).first()).toBeUndefined();
    expect((await page(w.h.app, `/page/${created.id}`, { host: HOST_A })).res.headers.location).toBe('/404');
    expect((await del(created.id)).status).toBe(404);
  });
});
