/** Updating, listing and deleting pages, and the page settings: every rule of spec 5 "Page" and its message. */
import { describe, expect, test } from 'vitest';
import request from 'supertest';
import { page } from '../../helpers/http';
import { HOST_A, newPage } from './setup';
import { usePagesWorld, w, save, row, expectRefused } from './rulesWorld';

usePagesWorld();

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
      request(w.h.app)
        .post('/api/conference/file/upload?kind=css')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${token}`)
        .attach('file', Buffer.from('p{color:red}'), 'site.css');
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
    expect(
      (await save({ ...newPage(w, { html: '<p>styled</p>' }), id: ok.body.data.id, cssPath: '' })).body.data.cssPath,
    ).toBe('');
  });

  test('every save drops the public page cache: the new HTML shows at once', async () => {
    const about = await row(w.idsA.about);
    const first = await page(w.h.app, `/page/${about!.id}`, { host: HOST_A, lang: 'zh' });
    expect(first.$('#template-content-container').text()).toContain('关于会议');
    expect(
      (await page(w.h.app, `/page/${about!.id}`, { host: HOST_A, lang: 'zh' })).$('#template-content-container').text(),
    ).toContain('关于会议');
    const before = (await w.h.db('website_configs').where({ conference_id: w.a }).first())!.content_version;
    const res = await save({
      id: about!.id,
      type: 'PAGE',
      name: about!.name,
      exteriorId: w.idsA.exterior,
      lang: 'zh',
      html: '<p class="content">新的关于</p>',
      templateId: about!.template_id,
      relatedMobilePageId: about!.related_mobile_page_id,
    });
    expect(res.status).toBe(200);
    expect((await w.h.db('website_configs').where({ conference_id: w.a }).first())!.content_version).toBe(before + 1);
    const after = await page(w.h.app, `/page/${about!.id}`, { host: HOST_A, lang: 'zh' });
    expect(after.$('#template-content-container').text()).toContain('新的关于');
  });
});

describe('list and choices', () => {
  test('list filters by type, kind, language, device and name, and pages', async () => {
    const list = async (query: Record<string, string | number>) =>
      (await w.call('get', '/conference/page/list', { query })).body.data;
    const pages = await list({ type: 'PAGE', size: 100 });
    expect(pages.rows.every((r: { type: string }) => r.type === 'PAGE')).toBe(true);
    expect(pages.total).toBe(pages.rows.length);
    expect(pages.rows[0]).not.toHaveProperty('html');
    const commons = await list({ type: 'TEMPLATE', templateKind: 'common' });
    expect(commons.rows.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['common', 'mobileCommon']),
    );
    expect(commons.rows.every((r: { templateKind: string }) => r.templateKind === 'common')).toBe(true);
    const mobileZh = await list({ type: 'PAGE', lang: 'zh', isMobile: 1, size: 100 });
    expect(mobileZh.rows.length).toBeGreaterThan(0);
    expect(mobileZh.rows.every((r: { lang: string; isMobile: boolean }) => r.lang === 'zh' && r.isMobile)).toBe(true);
    expect(
      (await list({ type: 'PAGE', name: '关于' })).rows.every((r: { name: string }) => r.name.includes('关于')),
    ).toBe(true);
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
    expect((await w.call('get', '/conference/page/list', { query: { type: 'X' } })).body.message).toBe(
      'managePages:typeInvalid',
    );
  });

  test("findAllTemplate gives the website appearance's page templates; findAllCommonTemplate the common ones; findAllPage the pages", async () => {
    const templates = (await w.call('get', '/conference/page/findAllTemplate')).body.data;
    expect(templates.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['page', 'mobilePage']));
    expect(templates.every((t: { templateKind: string }) => t.templateKind === 'page')).toBe(true);
    expect(
      (await w.call('get', '/conference/page/findAllTemplate', { query: { exteriorId: w.idsA.exterior } })).body.data,
    ).toEqual(templates);
    expect(
      (await w.call('get', '/conference/page/findAllTemplate', { query: { exteriorId: w.idsB.exterior } })).body.data,
    ).toEqual([]);
    const commons = (await w.call('get', '/conference/page/findAllCommonTemplate')).body.data;
    expect(commons.every((t: { templateKind: string }) => t.templateKind === 'common')).toBe(true);
    expect(commons.map((t: { id: number }) => t.id)).toEqual(
      expect.arrayContaining([w.idsA.common, w.idsA.mobileCommon]),
    );
    const all = (await w.call('get', '/conference/page/findAllPage')).body.data;
    expect(all.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([w.idsA.home, w.idsA.about]));
    expect(all.some((p: { id: number }) => p.id === w.idsA.page || p.id === w.idsB.home)).toBe(false);
  });
});

describe('setting/save (login required)', () => {
  test('1 makes the public page show the need-login text to visitors; 0 shows the content again', async () => {
    const id = w.idsA.bare;
    const set = (needToLogin: number) =>
      w.call('post', '/conference/setting/save', { body: { data: { pageId: id, needToLogin } } });
    expect((await set(1)).body.code).toBe(200);
    expect((await row(id))!.need_to_login).toBeTruthy();
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
    expect(
      (await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsA.page, needToLogin: 1 } } }))
        .status,
    ).toBe(404);
    expect(
      (await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsB.about, needToLogin: 1 } } }))
        .status,
    ).toBe(404);
    expect(
      (await w.call('post', '/conference/setting/save', { body: { data: { pageId: w.idsA.about, needToLogin: 2 } } }))
        .status,
    ).toBe(400);
    expect((await row(w.idsB.about))!.need_to_login).toBeFalsy();
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
    const common = (
      await save({
        type: 'TEMPLATE',
        templateKind: 'common',
        name: 'c2',
        exteriorId: w.idsA.exterior,
        html: '<div class="common-template-content-container"></div>',
      })
    ).body.data;
    const child = (
      await save({
        type: 'TEMPLATE',
        templateKind: 'page',
        name: 'p2',
        exteriorId: w.idsA.exterior,
        templateId: common.id,
        html: '<div class="template-content-container"></div>',
      })
    ).body.data;
    await refused(common.id, 'managePages:templateUsedByTemplates');
    expect((await del(child.id)).status).toBe(200);
    expect((await del(common.id)).status).toBe(200);
    expect(await row(common.id)).toBeUndefined();
  });

  test('a home page, a page in a menu and the mobile version of a page are refused', async () => {
    await refused(w.idsA.home, 'managePages:pageIsHome');
    await refused(w.idsA.about, 'managePages:pageInMenu');
    await refused((await row(w.idsA.about))!.related_mobile_page_id!, 'managePages:pageIsMobileVariant');
  });

  test('any other page is deleted with its versions, and its public page is gone', async () => {
    const created = (await save(newPage(w, { html: '<p>v1</p>' }))).body.data;
    await save({ ...newPage(w, { html: '<p>v2</p>' }), id: created.id });
    expect(await w.h.db('page_versions').where({ page_id: created.id }).count({ n: '*' }).first()).toMatchObject({
      n: 1,
    });
    expect((await del(created.id)).body).toMatchObject({ code: 200 });
    expect(await row(created.id)).toBeUndefined();
    expect(await w.h.db('page_versions').where({ page_id: created.id }).first()).toBeUndefined();
    expect((await page(w.h.app, `/page/${created.id}`, { host: HOST_A })).res.headers.location).toBe('/404');
    expect((await del(created.id)).status).toBe(404);
  });
});
