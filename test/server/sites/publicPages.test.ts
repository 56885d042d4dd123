/** Routes, the publish guard, prompt pages, devices, the page cache and bad input (issue 2). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let conferenceId: number;
let draftId: number;
const host = 'contract.localhost';

async function pageId(conference: number, name: string, mobile = false): Promise<number> {
  const row = await h.db('pages').where({ conference_id: conference, name, is_mobile: mobile, type: 'PAGE' }).first();
  return row!.id;
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  draftId = await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '1' }));
  const broken = contractSite({ slug: 'broken', domains: ['broken.localhost'] });
  broken.pages[0].html = '<div><p>unclosed <b>bold <table><tr><td>cell</div></span></i>';
  broken.exterior.templates.page.html =
    '<section><h2 id="template-page-name-container"></h3><div id="template-content-container"><p>unclosed';
  await h.provision(broken);
});
afterAll(() => h?.stop());

describe('routes', () => {
  test('/page/:pageId shows that page', async () => {
    const { res, $ } = await page(h.app, `/page/${await pageId(conferenceId, 'About')}`, { host, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('#template-content-container .content').text()).toBe('About us');
  });

  test.each(['/page/abc', '/page/0', '/page/1.5', '/page/99999999', '/page/-1'])('%s goes to /404', async (path) => {
    const res = await visit(h.app, path, { host });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/404');
  });

  test("another conference's page id is not found here", async () => {
    const foreign = await pageId(draftId, 'About');
    const res = await visit(h.app, `/page/${foreign}`, { host });
    expect(res.headers.location).toBe('/404');
  });

  test('a template id is not a page', async () => {
    const template = await h.db('pages').where({ conference_id: conferenceId, type: 'TEMPLATE' }).first();
    expect((await visit(h.app, `/page/${template!.id}`, { host })).headers.location).toBe('/404');
  });

  test.each(['/nothing', '/page/1/extra', '/profile-x', '/index.php'])(
    'unknown path %s redirects to /404',
    async (path) => {
      const res = await visit(h.app, path, { host });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/404');
    },
  );

  test.each([
    ['/404', 404, '页面不存在'],
    ['/403', 403, '无权访问'],
    ['/401', 401, '请先登录'],
    ['/unpublished', 200, '会议网站尚未发布'],
  ])('prompt page %s answers %i with its text and no JavaScript', async (path, status, text) => {
    const { res, $ } = await page(h.app, path, { host });
    expect(res.status).toBe(status);
    expect($('.ant-result-title').text()).toBe(text);
    expect($('script[src]')).toHaveLength(0);
    expect($('link[href^="/_styles/antd."]')).toHaveLength(1);
  });

  test('prompt pages speak English with the locale cookie', async () => {
    const { $ } = await page(h.app, '/404', { host, lang: 'en' });
    expect($('.ant-result-title').text()).toBe('Page not found');
    expect($('html').attr('lang')).toBe('en');
  });

  test('the antd stylesheet of a prompt page is served, immutable', async () => {
    const { $ } = await page(h.app, '/404', { host });
    const res = await visit(h.app, $('link[href^="/_styles/antd."]').attr('href')!, { host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.text).toContain('.ant-result');
  });
});

describe('login-required pages', () => {
  test('anonymous visitors see the need-login text instead of the content', async () => {
    const { $ } = await page(h.app, `/page/${await pageId(conferenceId, 'Members')}`, { host, lang: 'en' });
    expect($('#template-content-container').text()).toContain('You need to log in to view the content of the page.');
    expect($('#template-content-container').text()).not.toContain('Members only');
  });

  test('logged-in users see the content', async () => {
    const token = await h.login({ email: 'reader@example.org', conferenceId });
    const { $ } = await page(h.app, `/page/${await pageId(conferenceId, 'Members')}`, { host, lang: 'en', token });
    expect($('#template-content-container .content').text()).toBe('Members only');
  });
});

describe('publish guard', () => {
  test('anonymous visitors of an unpublished site go to /unpublished', async () => {
    const res = await visit(h.app, '/', { host: 'draft.localhost' });
    expect(res.headers.location).toBe('/unpublished');
  });

  test('a logged-in user without a role goes to /unpublished too', async () => {
    const token = await h.login({ email: 'nobody@example.org', conferenceId: draftId });
    expect((await visit(h.app, '/', { host: 'draft.localhost', token })).headers.location).toBe('/unpublished');
  });

  test.each([
    ['manager', ['manager'], false],
    ['reviewer', ['reviewer'], false],
    ['super admin', [], true],
  ] as const)('a %s sees the unpublished site', async (name, roles, superAdmin) => {
    const token = await h.login({
      email: `${name.replace(' ', '')}@draft.org`,
      conferenceId: draftId,
      roles: [...roles],
      superAdmin,
    });
    const res = await visit(h.app, '/', { host: 'draft.localhost', token });
    expect(res.status).toBe(200);
    expect(res.text).toContain('中文首页内容');
  });

  test('prompt pages stay reachable on an unpublished site', async () => {
    expect((await visit(h.app, '/unpublished', { host: 'draft.localhost' })).status).toBe(200);
  });

  test('a closed conference shows the unpublished prompt to visitors', async () => {
    await h.db('conferences').where({ id: draftId }).update({ status: '5' });
    await h.sites.siteChanged(draftId);
    expect((await visit(h.app, '/', { host: 'draft.localhost' })).headers.location).toBe('/unpublished');
  });
});

describe('language and device', () => {
  test('zh is the default; the locale cookie chooses en and the en home page', async () => {
    expect((await page(h.app, '/', { host })).$('#template-page-name-container').text()).toBe('首页');
    expect((await page(h.app, '/', { host, lang: 'en' })).$('#template-page-name-container').text()).toBe('Home');
  });

  test('an invalid locale cookie falls back to zh', async () => {
    const { $ } = await page(h.app, '/', { host, cookie: 'locale=fr' });
    expect($('html').hasClass('template-lang-zh')).toBe(true);
  });

  test('a phone gets the mobile variant in the mobile template', async () => {
    const { $ } = await page(h.app, '/', { host, mobile: true });
    expect($('#template-html-root').hasClass('mobile-frame')).toBe(true);
    expect($('.mobile-page .content').text()).toBe('中文首页内容');
    expect($('#template-menu > li').length).toBeGreaterThan(0);
  });

  test('desktop and phone are cached apart', async () => {
    const desktop = await page(h.app, '/', { host });
    const phone = await page(h.app, '/', { host, mobile: true });
    expect(desktop.$('.mobile-frame')).toHaveLength(0);
    expect(phone.$('.mobile-frame')).toHaveLength(1);
  });
});

describe('page cache', () => {
  test('anonymous pages carry a strong ETag and answer 304 to If-None-Match', async () => {
    const first = await visit(h.app, '/', { host });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await visit(h.app, '/', { host }).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
  });

  test('gzip is served when accepted, from the same entry', async () => {
    const res = await request(h.app).get('/').set('Host', host).set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toContain('中文首页内容');
  });

  test('an edit of the site drops the cached pages of that conference only', async () => {
    const before = await visit(h.app, '/', { host });
    await h.db('website_configs').where({ conference_id: conferenceId }).update({ first_title_zh: '新的第一标题' });
    expect((await visit(h.app, '/', { host })).headers.etag).toBe(before.headers.etag);
    await h.sites.siteChanged(conferenceId);
    const after = await page(h.app, '/', { host });
    expect(after.res.headers.etag).not.toBe(before.headers.etag);
    expect(after.$('#template-first-title-container').text()).toBe('新的第一标题');
  });

  test('a repeat anonymous visit is answered before the app, with the same headers', async () => {
    const first = await visit(h.app, '/?fast=1', { host });
    const hits = h.pageCache.fastHits;
    const again = await visit(h.app, '/?fast=1', { host });
    expect(h.pageCache.fastHits).toBe(hits + 1);
    expect(again.text).toBe(first.text);
    // The request id is each answer's own (platform/requestScope.ts).
    const varying = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);
    const headers = (res: { headers: Record<string, string> }) =>
      Object.entries(res.headers).filter(([k]) => !varying.has(k));
    expect(headers(again)).toEqual(headers(first));
    expect(again.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('a visitor with a token cookie or an Authorization header never gets the fast path', async () => {
    await visit(h.app, '/', { host });
    const hits = h.pageCache.fastHits;
    await visit(h.app, '/', { host, cookie: 'token=garbage' });
    await visit(h.app, '/', { host }).set('Authorization', 'Bearer garbage');
    expect(h.pageCache.fastHits).toBe(hits);
  });

  test('?autologon never gets the fast path: the app decides about a silent sign-in first', async () => {
    await visit(h.app, '/?autologon=1', { host });
    const hits = h.pageCache.fastHits;
    await visit(h.app, '/?autologon=1', { host });
    expect(h.pageCache.fastHits).toBe(hits);
  });

  test('pages of logged-in users are private and not shared', async () => {
    const token = await h.login({ email: 'private@example.org', name: '李四', conferenceId });
    const mine = await page(h.app, '/', { host, token });
    expect(mine.res.headers['cache-control']).toBe('private, no-cache');
    expect(mine.$('#template-user-name-container').text()).toBe('李四');
    const anonymous = await page(h.app, '/', { host });
    expect(anonymous.res.text).not.toContain('李四');
  });
});

test('after a failed single sign-on the home page says "登录失败"', async () => {
  const { $ } = await page(h.app, '/?loginError=1', { host });
  expect($('body > [role="alert"]').text()).toBe('登录失败');
  expect((await page(h.app, '/', { host })).$('[role="alert"]')).toHaveLength(0);
});

test('static files are served by name, with no page work: the favicon', async () => {
  const res = await visit(h.app, '/favicon.ico', { host });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/icon/);
});

describe('bad input never gives a 500', () => {
  test('a malformed token cookie is anonymous', async () => {
    const { res, $ } = await page(h.app, '/', { host, cookie: 'token=not.a.jwt' });
    expect(res.status).toBe(200);
    expect($('#template-login-container')).toHaveLength(1);
  });

  test('a Host with no conference gets the platform 404 page', async () => {
    const res = await visit(h.app, '/', { host: 'nowhere.example.com' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('nowhere.example.com');
    expect(res.text).toContain('platform.localhost');
  });

  test('a hostile Host header is escaped on the platform 404 page', async () => {
    const res = await request(h.app).get('/').set('Host', '<script>x</script>');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<script>x</script>');
  });

  test('the API on an unknown host answers JSON 404', async () => {
    const res = await request(h.app)
      .get('/api/conference/platform/config/website/findConferenceWebsiteConfig')
      .set('Host', 'nowhere.localhost');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: 'commonMsg.unknownConference' });
  });

  test('a template with broken HTML still renders', async () => {
    const { res, $ } = await page(h.app, '/', { host: 'broken.localhost' });
    expect(res.status).toBe(200);
    expect($('body').text()).toContain('cell');
    expect($('#template-first-title-container').text()).toBe('第一标题');
  });
});
