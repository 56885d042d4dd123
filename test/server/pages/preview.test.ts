/** The preview is composed like a public page (template chain, titles, menu); the image library. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import * as cheerio from 'cheerio';
import { HOST_A, HOST_B, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
});
afterAll(() => w?.stop());

const preview = (body: Record<string, unknown>) => w.call('post', '/conference/page/preview', { body });

describe('preview', () => {
  test('a page is shown in its page template inside the common template, with the titles and the menu', async () => {
    const res = await preview({
      type: 'PAGE',
      name: 'Draft',
      lang: 'en',
      html: '<p class="draft">unsaved text</p>',
      css: '.draft{color:teal}',
      templateId: w.idsA.page,
      id: w.idsA.about,
    });
    expect(res.status).toBe(200);
    const $ = cheerio.load(res.body.data.html);
    expect($('#common-template-content-container #template-content-container .draft').text()).toBe('unsaved text');
    expect($('#template-page-name-container').text()).toBe('Draft');
    expect($('#template-first-title-container').text()).toBe('First Title');
    expect($('#template-menu > li').first().text()).toBe('Home');
    expect($('#template-menu a[href^="/page/"]').length).toBeGreaterThan(0);
    expect($('html').attr('lang')).toBe('en');
    const styles = $('head style')
      .map((_, el) => $(el).text())
      .get();
    expect(styles).toEqual(['.common-css{}', '.page-css{}', '.draft{color:teal}']);
    // Nothing was saved.
    expect((await w.h.db('pages').where({ id: w.idsA.about }).first())!.html).not.toContain('unsaved');
  });

  test('a page template is shown around a placeholder, inside the chosen common template', async () => {
    const res = await preview({
      type: 'TEMPLATE',
      templateKind: 'page',
      lang: 'zh',
      html: '<article class="frame"><div class="template-content-container"></div></article>',
      templateId: w.idsA.common,
    });
    const $ = cheerio.load(res.body.data.html);
    expect($('#common-template-content-container .frame .template-content-container').text()).toBe(
      '使用此模板的页面内容将显示在这里',
    );
    expect($('#template-first-title-container').text()).toBe('第一标题');
  });

  test('a common template is shown with the placeholder in its content container', async () => {
    const res = await preview({
      type: 'TEMPLATE',
      templateKind: 'common',
      lang: 'en',
      html: '<div class="shell"><h1 class="template-first-title-container"></h1><main class="common-template-content-container"></main></div>',
    });
    const $ = cheerio.load(res.body.data.html);
    expect($('.shell h1').text()).toBe('First Title');
    expect($('.shell main').text()).toBe('The content of the pages that use this template appears here');
  });

  test("another conference's template cannot be used, nor a page as a template", async () => {
    expect((await preview({ type: 'PAGE', lang: 'en', html: '<p>x</p>', templateId: w.idsB.page })).body.message).toBe(
      'managePages:templateInvalid',
    );
    expect((await preview({ type: 'PAGE', lang: 'en', html: '<p>x</p>', templateId: w.idsA.home })).body.message).toBe(
      'managePages:templateInvalid',
    );
    expect(
      (await preview({ type: 'TEMPLATE', templateKind: 'page', html: '<p>x</p>', templateId: w.idsA.page })).body
        .message,
    ).toBe('managePages:commonTemplateInvalid');
  });

  test("public files may be embedded by the preview's opaque origin (CORP cross-origin); pages and the API are not files", async () => {
    const banner = await request(w.h.app).get('/banner/default_banner.png').set('Host', HOST_A);
    expect(banner.status).toBe(200);
    expect(banner.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 1)]);
    const uploaded = await request(w.h.app)
      .post('/api/conference/file/upload?kind=image')
      .set('Host', HOST_A)
      .set('Origin', `http://${HOST_A}`)
      .set('Cookie', `token=${w.managerA}`)
      .attach('file', PNG, 'x.png');
    expect(
      (await request(w.h.app).get(uploaded.body.data.url).set('Host', HOST_A)).headers['cross-origin-resource-policy'],
    ).toBe('cross-origin');
    expect((await request(w.h.app).get('/').set('Host', HOST_A)).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
    expect((await w.call('get', '/conference/page/list')).headers['cross-origin-resource-policy']).toBe('same-origin');
    await w.h.db('files').where({ conference_id: w.a }).delete();
  });

  test('the answer is JSON for the iframe, never a page of the management origin', async () => {
    const res = await preview({ type: 'PAGE', lang: 'en', html: '<script>alert(1)</script>' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.data.html).toContain('<script>alert(1)</script>');
  });
});

describe('image library', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
  const upload = (host: string, token: string, kind: string, name: string) =>
    request(w.h.app)
      .post(`/api/conference/file/upload?kind=${kind}`)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .attach('file', PNG, name);

  test("lists this conference's uploaded images only, newest first", async () => {
    expect((await w.call('get', '/conference/page/image/path/all')).body.data).toEqual([]);
    const one = (await upload(HOST_A, w.managerA, 'image', 'one.png')).body.data;
    const two = (await upload(HOST_A, w.managerA, 'image', '二.png')).body.data;
    await upload(HOST_A, w.managerA, 'banner', 'banner.png');
    await upload(HOST_B, w.managerB, 'image', 'theirs.png');
    const res = await w.call('get', '/conference/page/image/path/all');
    expect(res.body.data.map((i: { url: string; originalName: string }) => [i.url, i.originalName])).toEqual([
      [two.url, '二.png'],
      [one.url, 'one.png'],
    ]);
    expect(res.body.data[0]).toMatchObject({ id: two.id, size: PNG.length });
    expect(
      (await w.call('get', '/conference/page/image/path/all', { host: HOST_B, token: w.managerB })).body.data.map(
        (i: { originalName: string }) => i.originalName,
      ),
    ).toEqual(['theirs.png']);
  });
});
