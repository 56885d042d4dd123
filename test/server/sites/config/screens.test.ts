/**
 * The screens as the server renders them: the website configuration (snapshot of the screen's
 * HTML, per language and device), the appearance list (cards on desktop, a list on phones) and
 * the appearance form. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { page } from '../../../helpers/http';
import { A, createWorld, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w?.h.stop());

/** Asset names carry build hashes; the snapshot is about the HTML, not the build. */
function stable(html: string): string {
  return html
    .replace(/\/assets\/([\w/-]+?)[.-][\w-]{8}\.js/g, '/assets/$1.[hash].js')
    .replace(/\/_styles\/antd\.[0-9a-f]{16}\.css/g, '/_styles/antd.[hash].css');
}

const props = ($: CheerioAPI, island: string) =>
  JSON.parse($(`[data-island="${island}"]`).attr('data-props') ?? 'null');

describe.each([
  ['zh', false],
  ['en', true],
] as const)('website configuration, %s, phone: %s', (lang, mobile) => {
  test('renders the form filled in, in the management layout, with its menu entry active', async () => {
    const { res, $ } = await page(w.h.app, '/platform/config/website', { host: A, token: w.managerA, lang, mobile });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect($('title').text()).toBe(
      lang === 'zh' ? '网站配置 - 契约测试会议' : 'Website configuration - Contract Test Conference',
    );
    expect($('.side-menu li.active a').attr('href')).toBe('/platform/config/website');
    expect($('.side-menu a[href="/platform/config/exterior"]').text()).toBe(lang === 'zh' ? '外观管理' : 'Appearances');
    const p = props($, 'ManageWebsiteConfig');
    expect(p).toMatchObject({
      lang,
      mobile,
      initial: {
        config: { firstTitle: { zh: '第一标题', en: 'First Title' } },
        domains: [{ domain: A, current: true }],
      },
    });
    // The form is in the HTML before any script runs.
    expect($('#websiteConfig_firstTitle_zh').val()).toBe('第一标题');
    expect($('#websiteConfig_websiteRecordNumber').val()).toBe('京ICP备00000000号');
    expect($('#template-banner, img[src="/banner/from-template.png"]').length).toBe(1);
    // Phones get the bilingual pairs stacked: full-width columns instead of halves.
    expect($('.ant-col-24').length > 0).toBe(mobile);
    expect($('.ant-col-12').length > 2).toBe(!mobile);
    expect(stable($('.shell-main').html() ?? '')).toMatchSnapshot();
  });
});

describe('appearances', () => {
  test('desktop: cards with thumbnails, the one in use marked', async () => {
    await w.h.db('exteriors').where({ conference_id: w.a }).update({ thumbnail: '/banner/classic-thumb.png' });
    const { res, $ } = await page(w.h.app, '/platform/config/exterior', { host: A, token: w.managerA, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('.side-menu li.active a').attr('href')).toBe('/platform/config/exterior');
    expect($('.ant-card').length).toBe(1);
    expect($('.ant-card img').attr('src')).toBe('/banner/classic-thumb.png');
    expect($('.ant-card').text()).toContain('In use');
    expect($('.ant-card').text()).toContain('4 templates · 20 pages');
    expect($('.exterior-list').length).toBe(0);
  });

  test('phone: a list; /list is the same screen', async () => {
    const { res, $ } = await page(w.h.app, '/platform/config/exterior/list', {
      host: A,
      token: w.managerA,
      lang: 'zh',
      mobile: true,
    });
    expect(res.status).toBe(200);
    expect($('.ant-card').length).toBe(0);
    const rows = $('.exterior-list > li');
    expect(rows.length).toBe(1);
    expect(rows.text()).toContain('使用中');
    expect(rows.find('img').attr('src')).toBe('/banner/classic-thumb.png');
  });

  test('add and edit forms', async () => {
    const add = await page(w.h.app, '/platform/config/exterior/add', { host: A, token: w.managerA, lang: 'zh' });
    expect(add.$('h2').text()).toBe('新增外观');
    expect(props(add.$, 'ManageExteriors')).toMatchObject({ view: 'form', exterior: null });
    const id = (await w.h.db('exteriors').where({ conference_id: w.a }).first())!.id;
    const edit = await page(w.h.app, `/platform/config/exterior/edit/${id}`, {
      host: A,
      token: w.managerA,
      lang: 'en',
    });
    expect(edit.res.status).toBe(200);
    expect(edit.$('h2').text()).toBe('Edit appearance');
    expect(edit.$('#exterior_name').val()).toBe('Contract');
    expect(edit.$('.ant-tag').text()).toContain('Common template');
    // The appearance screens highlight their menu entry too.
    expect(edit.$('.side-menu li.active a').attr('href')).toBe('/platform/config/exterior');
  });
});
