/**
 * The management screens of pages and templates: guarded, in the management layout, with the
 * list and editor islands rendered on the server. Snapshots per screen, language and device
 * (the document head and the screen; the layout's menu is left out, it grows with every feature).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { page, visit } from '../../helpers/http';
import { HOST_A, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
  // Fixed times, so that the snapshots do not change from run to run.
  await w.h.db('pages').update({ created_at: '2026-03-01 08:00:00.000', updated_at: '2026-03-01 08:00:00.000' });
});
afterAll(() => w?.stop());

/** Asset names carry build hashes; the snapshot is about the HTML, not the build. */
function stable(html: string): string {
  return html
    .replace(/\/assets\/([\w/-]+?)[.-][\w-]{8}\.js/g, '/assets/$1.[hash].js')
    .replace(/\/_styles\/antd\.[0-9a-f]{16}\.css/g, '/_styles/antd.[hash].css');
}

const props = ($: CheerioAPI, island: string) =>
  JSON.parse($(`[data-island="${island}"]`).attr('data-props') ?? 'null');

describe('screens', () => {
  test('the list screens show the rows in the management layout, with the menu entry marked', async () => {
    const { res, $ } = await page(w.h.app, '/platform/config/page/list', {
      host: HOST_A,
      token: w.managerA,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect($('.panel-header h2').text()).toBe('Pages');
    expect($('.side-menu li.active a').attr('href')).toBe('/platform/config/page');
    const data = props($, 'ManagePageList');
    expect(data).toMatchObject({ type: 'PAGE', lang: 'en', mobile: false, timeZone: 'Asia/Shanghai' });
    expect(data.initial.rows.every((r: { type: string }) => r.type === 'PAGE')).toBe(true);
    expect($('[data-island="ManagePageList"] table').text()).toContain('About');
    expect($('[data-island="ManagePageList"] a[href="/platform/config/page/add"]').length).toBe(1);

    const templates = await page(w.h.app, '/platform/config/template/list', {
      host: HOST_A,
      token: w.managerA,
      lang: 'zh',
    });
    expect(templates.$('.panel-header h2').text()).toBe('模板管理');
    expect(
      props(templates.$, 'ManagePageList').initial.rows.every((r: { type: string }) => r.type === 'TEMPLATE'),
    ).toBe(true);
    expect(templates.$('.side-menu li.active a').attr('href')).toBe('/platform/config/template');
  });

  test('the editor has the page, its choices and a sandboxed preview frame', async () => {
    const { res, $ } = await page(w.h.app, `/platform/config/page/edit/${w.idsA.about}`, {
      host: HOST_A,
      token: w.managerA,
      lang: 'zh',
    });
    expect(res.status).toBe(200);
    expect($('.panel-header h2').text()).toBe('编辑页面：关于');
    const data = props($, 'ManagePageEditor');
    expect(data.page).toMatchObject({ id: w.idsA.about, name: '关于', html: '<p class="content">关于会议</p>' });
    expect(data.templates.map((t: { id: number }) => t.id)).toEqual(
      expect.arrayContaining([w.idsA.page, w.idsA.mobilePage]),
    );
    expect(data.mobilePages.every((p: { isMobile: boolean }) => p.isMobile)).toBe(true);
    const frame = $('[data-island="ManagePageEditor"] iframe');
    expect(frame.attr('sandbox')).toBe('allow-scripts');
    // The code is editable before the editor's own code has loaded.
    expect($('[data-island="ManagePageEditor"] textarea.code-area-plain').first().text()).toBe(
      '<p class="content">关于会议</p>',
    );
    expect($('.side-menu li.active a').attr('href')).toBe('/platform/config/page');
  });

  test('add screens: a new page, a new common template', async () => {
    const add = await page(w.h.app, '/platform/config/page/add', { host: HOST_A, token: w.managerA, lang: 'en' });
    expect(add.$('.panel-header h2').text()).toBe('New page');
    expect(props(add.$, 'ManagePageEditor')).toMatchObject({
      page: null,
      type: 'PAGE',
      websiteExteriorId: w.idsA.exterior,
    });
    const common = await page(w.h.app, '/platform/config/template/add?kind=common', {
      host: HOST_A,
      token: w.managerA,
      lang: 'en',
    });
    expect(props(common.$, 'ManagePageEditor')).toMatchObject({ page: null, type: 'TEMPLATE', newKind: 'common' });
    expect(common.$('textarea.code-area-plain').first().text()).toContain('common-template-content-container');
  });

  test('the section addresses lead to the lists; a bad id is not found', async () => {
    expect((await visit(w.h.app, '/platform/config/page', { host: HOST_A, token: w.managerA })).headers.location).toBe(
      '/platform/config/page/list',
    );
    expect(
      (await visit(w.h.app, '/platform/config/template', { host: HOST_A, token: w.managerA })).headers.location,
    ).toBe('/platform/config/template/list');
    expect(
      (await visit(w.h.app, '/platform/config/page/edit/abc', { host: HOST_A, token: w.managerA })).headers.location,
    ).toBe('/404');
    expect(
      (await visit(w.h.app, '/platform/config/page/edit/999999', { host: HOST_A, token: w.managerA })).headers.location,
    ).toBe('/404');
  });

  test('on a phone the list is a list, not a table', async () => {
    const { $ } = await page(w.h.app, '/platform/config/page/list', {
      host: HOST_A,
      token: w.managerA,
      lang: 'zh',
      mobile: true,
    });
    expect(props($, 'ManagePageList').mobile).toBe(true);
    expect($('[data-island="ManagePageList"] table').length).toBe(0);
    expect($('[data-island="ManagePageList"] .ant-list-item').length).toBeGreaterThan(0);
  });
});

describe.each([
  ['zh', false],
  ['en', false],
  ['zh', true],
  ['en', true],
] as const)('snapshots, %s, phone: %s', (lang, mobile) => {
  test.each(['page list', 'template list', 'page editor', 'template editor'])('%s', async (name) => {
    const path = {
      'page list': '/platform/config/page/list',
      'template list': '/platform/config/template/list',
      'page editor': `/platform/config/page/edit/${w.idsA.about}`,
      'template editor': `/platform/config/template/edit/${w.idsA.page}`,
    }[name]!;
    const { res, $ } = await page(w.h.app, path, { host: HOST_A, token: w.managerA, lang, mobile });
    expect(res.status).toBe(200);
    expect(stable($('head').html() ?? '')).toMatchSnapshot('head');
    // The screen itself; the layout's menu belongs to the whole management area and changes with it.
    expect(stable($('main.shell-main').html() ?? '')).toMatchSnapshot('screen');
  });
});
