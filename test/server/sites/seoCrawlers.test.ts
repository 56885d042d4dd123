/**
 * Search engines (issue 18): /robots.txt and /sitemap.xml, and their caching. The tags in <head>:
 * seoPages.test.ts.
 */
import { describe, expect, test } from 'vitest';
import * as cheerio from 'cheerio';
import { page, visit } from '../../helpers/http';
import { sitemapXml } from '../../../server/modules/sites/seoRoutes';
import { useSeoSites, h, demoId, contractId, DEMO, ORIGIN, CONTRACT_ORIGIN, desktopPage, head } from './seoWorld';

useSeoSites();

describe('/robots.txt', () => {
  test('a published site lets crawlers in, not into private areas, and names its sitemap', async () => {
    const res = await visit(h.app, '/robots.txt', { host: DEMO });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/platform', '/profile', '/api/', '/auth/', '/conferencelogin'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  test.each(['draft.localhost', 'closed.localhost'])('an unpublished site (%s) shuts everything', async (host) => {
    const res = await visit(h.app, '/robots.txt', { host });
    expect(res.status).toBe(200);
    expect(res.text).toBe('User-agent: *\nDisallow: /\n');
  });

  test('the platform host lets crawlers read its home page only', async () => {
    const res = await visit(h.app, '/robots.txt', { host: 'platform.localhost' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('User-agent: *\nAllow: /$\nDisallow: /\n');
  });

  test('an unknown host still gets its 404, a query string changes nothing', async () => {
    expect((await visit(h.app, '/robots.txt', { host: 'nobody.localhost' })).status).toBe(404);
    const res = await visit(h.app, '/robots.txt?<script>=%00', { host: DEMO });
    expect(res.status).toBe(200);
  });
});

describe('/sitemap.xml', () => {
  async function locs(host: string) {
    const res = await visit(h.app, '/sitemap.xml', { host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const $ = cheerio.load(res.text, { xml: true });
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    return $('url')
      .toArray()
      .map((u) => ({ loc: $(u).find('loc').text(), lastmod: $(u).find('lastmod').text() }));
  }

  test("lists both languages' published pages of the demo, with their update times", async () => {
    const urls = await locs(DEMO);
    const loc = urls.map((u) => u.loc);
    const enHome = await desktopPage(demoId, 'Home');
    expect(loc.slice(0, 2)).toEqual([`${ORIGIN}/`, `${ORIGIN}/page/${enHome.id}`]);
    for (const name of ['会议简介', 'About', '日程安排', 'Programme', '联系我们', 'Contact']) {
      expect(loc).toContain(`${ORIGIN}/page/${(await desktopPage(demoId, name)).id}`);
    }
    // Login-required pages show crawlers only the prompt; the Chinese home is not listed twice.
    expect(loc).not.toContain(`${ORIGIN}/page/${(await desktopPage(demoId, '参会者专区')).id}`);
    expect(loc).not.toContain(`${ORIGIN}/page/${(await desktopPage(demoId, '首页')).id}`);
    expect(new Set(loc).size).toBe(loc.length);
    const mobileIds = (await h.db('pages').where({ conference_id: demoId, is_mobile: true }).select('id')).map(
      (r) => r.id,
    );
    for (const id of mobileIds) expect(loc).not.toContain(`${ORIGIN}/page/${id}`);
    for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('pages only unpublished menu items reach are not listed', async () => {
    const loc = (await locs('contract.localhost')).map((u) => u.loc);
    const id = async (name: string) => (await desktopPage(contractId, name)).id;
    expect(loc).toEqual([
      `${CONTRACT_ORIGIN}/`,
      `${CONTRACT_ORIGIN}/page/${await id('Home')}`,
      `${CONTRACT_ORIGIN}/page/${await id('关于')}`,
      `${CONTRACT_ORIGIN}/page/${await id('About')}`,
    ]);
  });

  test.each(['draft.localhost', 'closed.localhost', 'platform.localhost'])('none on %s', async (host) => {
    expect((await visit(h.app, '/sitemap.xml', { host })).status).toBe(404);
  });

  test('an unpublished site has none even for its managers', async () => {
    const draft = Number((await h.db('conferences').where({ slug: 'draft' }).first())!.id);
    const token = await h.login({ email: 'seo-manager@example.org', conferenceId: draft, roles: ['manager'] });
    expect((await visit(h.app, '/sitemap.xml', { host: 'draft.localhost', token })).status).toBe(404);
    // Its pages, which the manager sees, tell crawlers to stay away.
    const { $ } = await page(h.app, '/', { host: 'draft.localhost', token });
    expect(head($).robots).toBe('noindex');
  });

  test('escapes what XML needs escaped', () => {
    const out = sitemapXml([{ loc: 'https://a.example/page/1?x=1&y=<2>', lastmod: null }]);
    expect(out).toContain('<loc>https://a.example/page/1?x=1&amp;y=&lt;2&gt;</loc>');
    expect(cheerio.load(out, { xml: true })('loc').text()).toBe('https://a.example/page/1?x=1&y=<2>');
  });
});

describe('caching', () => {
  test('robots.txt and sitemap.xml answer 304 to their ETag and change with the site', async () => {
    const first = await visit(h.app, '/sitemap.xml', { host: 'contract.localhost' });
    expect(first.headers.etag).toBeTruthy();
    expect(
      (await visit(h.app, '/sitemap.xml', { host: 'contract.localhost' }).set('If-None-Match', first.headers.etag))
        .status,
    ).toBe(304);
    const robots = await visit(h.app, '/robots.txt', { host: 'contract.localhost' });
    expect(
      (await visit(h.app, '/robots.txt', { host: 'contract.localhost' }).set('If-None-Match', robots.headers.etag))
        .status,
    ).toBe(304);

    // Unpublish the menu item of "关于": the next sitemap no longer lists it.
    const about = await desktopPage(contractId, '关于');
    await h
      .db('menus')
      .where({ conference_id: contractId, lang: 'zh', page_id: about.id })
      .update({ published: false });
    await h.sites.siteChanged(contractId);
    const after = await visit(h.app, '/sitemap.xml', { host: 'contract.localhost' });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.text).not.toContain(`/page/${about.id}<`);
    await h.db('menus').where({ conference_id: contractId, lang: 'zh', page_id: about.id }).update({ published: true });
    await h.sites.siteChanged(contractId);
  });

  test('the tags come from the page cache like the page, and follow an edit of the site', async () => {
    const one = await page(h.app, '/', { host: 'zhonly.localhost' });
    const two = await page(h.app, '/', { host: 'zhonly.localhost' });
    expect(two.res.headers.etag).toBe(one.res.headers.etag);
    expect(head(two.$)).toEqual(head(one.$));

    const zhonly = Number((await h.db('conferences').where({ slug: 'zhonly' }).first())!.id);
    await h
      .db('website_configs')
      .where({ conference_id: zhonly })
      .update({ conference_name_zh: '改名后的会议', start_date: '2028-01-02' });
    await h.sites.siteChanged(zhonly);
    const three = head((await page(h.app, '/', { host: 'zhonly.localhost' })).$);
    expect(three.og['og:site_name']).toBe('改名后的会议');
    expect(three.jsonLd[0].startDate).toBe('2028-01-02');
  });

  test('a published site becomes closed: robots shut, sitemap gone', async () => {
    const zhonly = Number((await h.db('conferences').where({ slug: 'zhonly' }).first())!.id);
    expect((await visit(h.app, '/robots.txt', { host: 'zhonly.localhost' })).text).toContain('Sitemap:');
    expect((await visit(h.app, '/sitemap.xml', { host: 'zhonly.localhost' })).status).toBe(200);
    await h.db('conferences').where({ id: zhonly }).update({ status: '5' });
    await h.sites.siteChanged(zhonly);
    expect((await visit(h.app, '/robots.txt', { host: 'zhonly.localhost' })).text).toBe('User-agent: *\nDisallow: /\n');
    expect((await visit(h.app, '/sitemap.xml', { host: 'zhonly.localhost' })).status).toBe(404);
  });
});
