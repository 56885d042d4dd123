/**
 * Search engines (issue 18): the tags in <head> of public pages, /robots.txt and /sitemap.xml,
 * their caching, and that nothing a manager types can break out of the JSON-LD script.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { clip, describePage } from '../../../server/modules/sites/seo';
import { sitemapXml } from '../../../server/modules/sites/seoRoutes';

let h: Harness;
let demoId: number;
let contractId: number;
const DEMO = 'demo.localhost';
// The deployment's public address (PUBLIC_SCHEME, PUBLIC_PORT), not the request's, is written.
const ORIGIN = 'https://demo.localhost:8443';
const CONTRACT_ORIGIN = 'https://contract.localhost:8443';
const EVIL = '</script><script>window.__pwned=1</script><!--';

type PageRef = { id: number; name: string };
async function desktopPage(conferenceId: number, name: string): Promise<PageRef> {
  const row = await h.db('pages').where({ conference_id: conferenceId, name, type: 'PAGE', is_mobile: false }).first();
  return { id: row.id, name };
}

function head($: CheerioAPI) {
  const meta = (attr: string, value: string) => $(`head meta[${attr}="${value}"]`).attr('content');
  return {
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: $('head link[rel="canonical"]').attr('href'),
    alternates: Object.fromEntries($('head link[rel="alternate"][hreflang]').toArray().map((el) => [$(el).attr('hreflang'), $(el).attr('href')])),
    og: Object.fromEntries($('head meta[property^="og:"]').toArray().map((el) => [$(el).attr('property'), $(el).attr('content')])),
    jsonLd: $('head script[type="application/ld+json"]').toArray().map((el) => JSON.parse($(el).text())),
  };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: true, env: { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' } });
  demoId = Number((await h.db('conferences').where({ slug: 'demo' }).first()).id);
  const site = contractSite();
  site.config = { ...site.config, startDate: '2027-05-06', endDate: '2027-05-08', venue: { zh: EVIL, en: EVIL }, department: { zh: '"><img src=x onerror=alert(1)>', en: 'Org & Co' } };
  site.config.conferenceName = { zh: EVIL, en: `Conf ${EVIL}` };
  site.menu.zh.push({ title: '未发布', page: 'bare', published: false }, { title: '未发布父项', published: false, children: [{ title: '子项', page: 'framed' }] });
  contractId = await h.provision(site);
  await h.provision(contractSite({ slug: 'closed', domains: ['closed.localhost'], status: '5' }));
  await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '1' }));
  await h.provision(contractSite({ slug: 'zhonly', domains: ['zhonly.localhost'], languageType: '1' }));
});
afterAll(() => h?.stop());

describe('the demo home page', () => {
  test('in Chinese (no cookie, as a crawler sees it): description, canonical, alternates, Open Graph', async () => {
    const enHome = await desktopPage(demoId, 'Home');
    const { $ } = await page(h.app, '/', { host: DEMO });
    const tags = head($);
    expect(tags.description).toMatch(/^第十二届计算科学与工程国际会议（ICCSE 2027）将于 2027 年 10 月 15 日/);
    expect(Array.from(tags.description!).length).toBeLessThanOrEqual(160);
    expect(tags.robots).toBeUndefined();
    expect(tags.canonical).toBe(`${ORIGIN}/`);
    expect(tags.alternates).toEqual({ zh: `${ORIGIN}/`, en: `${ORIGIN}/page/${enHome.id}`, 'x-default': `${ORIGIN}/` });
    expect(tags.og).toMatchObject({
      'og:type': 'website',
      'og:title': '第十二届计算科学与工程国际会议',
      'og:description': tags.description,
      'og:url': `${ORIGIN}/`,
      'og:locale': 'zh_CN',
      'og:locale:alternate': 'en_US',
      'og:image': `${ORIGIN}/banner/demo-banner.png`,
    });
    expect($('meta[name="description"]')).toHaveLength(1);
    expect($('link[rel="canonical"]')).toHaveLength(1);
  });

  test('in English (locale cookie): the English home page is its /page address', async () => {
    const enHome = await desktopPage(demoId, 'Home');
    const { $ } = await page(h.app, '/', { host: DEMO, lang: 'en' });
    const tags = head($);
    expect($('html').attr('lang')).toBe('en');
    expect(tags.description).toMatch(/^The 12th International Conference on Computational Science and Engineering \(ICCSE 2027\) will take place/);
    expect(tags.canonical).toBe(`${ORIGIN}/page/${enHome.id}`);
    expect(tags.alternates).toEqual({ zh: `${ORIGIN}/`, en: `${ORIGIN}/page/${enHome.id}`, 'x-default': `${ORIGIN}/` });
    expect(tags.og['og:locale']).toBe('en_US');
    expect(tags.og['og:title']).toBe('The 12th International Conference on Computational Science and Engineering');
    expect($('title').text()).toBe('The 12th International Conference on Computational Science and Engineering');
  });

  test('the Chinese home page under its /page address names / as canonical', async () => {
    const zhHome = await desktopPage(demoId, '首页');
    const tags = head((await page(h.app, `/page/${zhHome.id}`, { host: DEMO })).$);
    expect(tags.canonical).toBe(`${ORIGIN}/`);
  });

  test.each(['zh', 'en'] as const)('JSON-LD is a schema.org Event with dates, venue and organiser (%s)', async (lang) => {
    const { $ } = await page(h.app, '/', { host: DEMO, lang });
    const [event, ...more] = head($).jsonLd;
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      startDate: '2027-10-15',
      endDate: '2027-10-18',
      inLanguage: lang === 'zh' ? 'zh-CN' : 'en',
      location: { '@type': 'Place', name: lang === 'zh' ? '杭州国际博览中心' : 'Hangzhou International Expo Center' },
      organizer: { '@type': 'Organization', name: lang === 'zh' ? '国际计算科学与工程学会' : 'International Society for Computational Science and Engineering' },
    });
    expect(event.name).toBe(lang === 'zh' ? '第十二届计算科学与工程国际会议' : 'The 12th International Conference on Computational Science and Engineering');
    expect(event.url).toBe(head($).canonical);
  });

  test('a phone gets a description from its own page, not a date line', async () => {
    const tags = head((await page(h.app, '/', { host: DEMO, lang: 'en', mobile: true })).$);
    expect(tags.description).toMatch(/^The 12th International Conference on Computational Science and Engineering comes to Hangzhou/);
  });
});

describe('an inner page', () => {
  test.each([
    ['会议简介', 'zh', 'zh-CN', 'zh_CN'],
    ['About', 'en', 'en', 'en_US'],
  ] as const)('%s: its own address, its own language, alternates to its counterpart', async (name, lang, htmlLang, ogLocale) => {
    const about = await desktopPage(demoId, name);
    const other = await desktopPage(demoId, name === 'About' ? '会议简介' : 'About');
    const versions = lang === 'zh' ? { zh: about.id, en: other.id } : { zh: other.id, en: about.id };
    // Whatever frame the cookie puts it in, the tags are the page's, in the language it is written in.
    for (const cookie of ['zh', 'en'] as const) {
      const { res, $ } = await page(h.app, `/page/${about.id}`, { host: DEMO, lang: cookie });
      expect(res.status).toBe(200);
      const tags = head($);
      expect($('html').attr('lang')).toBe(cookie === 'zh' ? 'zh-CN' : 'en');
      expect(tags.canonical).toBe(`${ORIGIN}/page/${about.id}`);
      expect(tags.alternates).toEqual({ zh: `${ORIGIN}/page/${versions.zh}`, en: `${ORIGIN}/page/${versions.en}` });
      // The language switch goes to the counterpart, not to the home page.
      const props = JSON.parse($('[data-island="LangSwitch"]').first().attr('data-props') ?? '{}');
      expect(props.targets).toEqual({ zh: `/page/${versions.zh}`, en: `/page/${versions.en}` });
      expect(tags.og['og:url']).toBe(`${ORIGIN}/page/${about.id}`);
      expect(tags.og['og:locale']).toBe(ogLocale);
      expect(tags.og['og:title']).toMatch(new RegExp(`^${name} - `));
      // The page's own <title>, the same as its Open Graph title.
      expect($('title').text()).toBe(tags.og['og:title']);
      expect(tags.description!.startsWith(lang === 'zh' ? '计算科学与工程国际会议' : 'The International Conference on Computational Science and Engineering (ICCSE)')).toBe(true);
      expect(tags.jsonLd[0]).toMatchObject({ '@type': 'Event', startDate: '2027-10-15', inLanguage: htmlLang });
    }
  });

  test('a page without a counterpart: no alternates, and the language switch goes home', async () => {
    const zhHome = await desktopPage(demoId, '首页');
    const lone = Number((await h.db('pages').where({ conference_id: demoId, type: 'PAGE', is_mobile: false, lang: 'zh' }).whereNot({ id: zhHome.id }).first()).id);
    const partner = await h.db('pages').where({ id: lone }).first('counterpart_page_id');
    await h.db('pages').whereIn('id', [lone, partner.counterpart_page_id]).update({ counterpart_page_id: null });
    await h.sites.siteChanged(demoId);
    try {
      const { $ } = await page(h.app, `/page/${lone}`, { host: DEMO });
      expect(head($).alternates).toEqual({});
      expect(JSON.parse($('[data-island="LangSwitch"]').first().attr('data-props') ?? '{}').targets).toBeUndefined();
    } finally {
      await h.db('pages').where({ id: lone }).update({ counterpart_page_id: partner.counterpart_page_id });
      await h.db('pages').where({ id: partner.counterpart_page_id }).update({ counterpart_page_id: lone });
      await h.sites.siteChanged(demoId);
    }
  });

  test('a login-required page is not indexed and its text is not described', async () => {
    const members = await desktopPage(demoId, 'Attendee Area');
    const tags = head((await page(h.app, `/page/${members.id}`, { host: DEMO })).$);
    expect(tags.robots).toBe('noindex');
    expect(tags.description).toBe('The 12th International Conference on Computational Science and Engineering (ICCSE 2027)');
  });

  test('a page without a real paragraph is described by the conference title', async () => {
    const about = await desktopPage(contractId, 'About');
    const tags = head((await page(h.app, `/page/${about.id}`, { host: 'contract.localhost' })).$);
    expect(tags.description).toBe('First Title');
    expect(tags.canonical).toBe(`${CONTRACT_ORIGIN}/page/${about.id}`);
  });
});

describe('what managers type', () => {
  test('a </script> in the conference name or venue cannot leave the JSON-LD script', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { res, $ } = await page(h.app, '/', { host: 'contract.localhost', lang });
      expect(res.status).toBe(200);
      // Parsed as a browser parses it (parse5): no element the values made, no script they wrote.
      expect($('script').toArray().filter((s) => $(s).text().startsWith('window.__pwned'))).toHaveLength(0);
      expect($('img[src="x"]')).toHaveLength(0);
      // Anywhere but in a quoted attribute (where `<` is inert and quotes are escaped), no raw value.
      expect(res.text.replace(/ content="[^"]*"/g, ' content=""')).not.toContain('<script>window.__pwned');
      const [event] = head($).jsonLd;
      expect(event.name).toBe(lang === 'zh' ? EVIL : `Conf ${EVIL}`);
      expect(event.location.name).toBe(EVIL);
      expect(event.organizer.name).toBe(lang === 'zh' ? '"><img src=x onerror=alert(1)>' : 'Org & Co');
      expect(head($).og['og:site_name']).toBe(lang === 'zh' ? EVIL : `Conf ${EVIL}`);
    }
  });

  test("a page's own <meta name=description> wins; else its first paragraph of some length", () => {
    const long = 'A paragraph long enough to describe this page: what it is about, for whom, and when it happens.';
    expect(describePage(`<meta name="description" content="  Our   own words "><p>${long}</p>`)).toBe('Our own words');
    expect(describePage(`<p>15–18 October 2027<br>Hangzhou International Expo Center, China</p><p>${long}</p>`)).toBe(long);
    expect(describePage('<p>欢迎辞</p><p>本届会议以“计算驱动科学发现，智能赋能工程创新”为主题，设置特邀报告、专题分会、青年学者论坛和墙报交流等环节。</p>')).toBe('本届会议以“计算驱动科学发现，智能赋能工程创新”为主题，设置特邀报告、专题分会、青年学者论坛和墙报交流等环节。');
    expect(describePage('<p>too short</p>')).toBe('');
    expect(Array.from(clip('字'.repeat(400))).length).toBe(160);
    expect(clip('word '.repeat(100)).endsWith('word…')).toBe(true);
  });
});

describe('language settings', () => {
  test('a Chinese-only site has no alternates and / as canonical home', async () => {
    const tags = head((await page(h.app, '/', { host: 'zhonly.localhost', lang: 'en' })).$);
    expect(tags.canonical).toBe('https://zhonly.localhost:8443/');
    expect(tags.alternates).toEqual({});
    expect(tags.og['og:locale']).toBe('zh_CN');
  });
});

describe('/robots.txt', () => {
  test('a published site lets crawlers in, not into private areas, and names its sitemap', async () => {
    const res = await visit(h.app, '/robots.txt', { host: DEMO });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/platform', '/profile', '/api/', '/auth/', '/conferencelogin']) expect(lines).toContain(`Disallow: ${path}`);
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
    return $('url').toArray().map((u) => ({ loc: $(u).find('loc').text(), lastmod: $(u).find('lastmod').text() }));
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
    const mobileIds = (await h.db('pages').where({ conference_id: demoId, is_mobile: true }).select('id')).map((r) => r.id);
    for (const id of mobileIds) expect(loc).not.toContain(`${ORIGIN}/page/${id}`);
    for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('pages only unpublished menu items reach are not listed', async () => {
    const loc = (await locs('contract.localhost')).map((u) => u.loc);
    const id = async (name: string) => (await desktopPage(contractId, name)).id;
    expect(loc).toEqual([`${CONTRACT_ORIGIN}/`, `${CONTRACT_ORIGIN}/page/${await id('Home')}`, `${CONTRACT_ORIGIN}/page/${await id('关于')}`, `${CONTRACT_ORIGIN}/page/${await id('About')}`]);
  });

  test.each(['draft.localhost', 'closed.localhost', 'platform.localhost'])('none on %s', async (host) => {
    expect((await visit(h.app, '/sitemap.xml', { host })).status).toBe(404);
  });

  test('an unpublished site has none even for its managers', async () => {
    const draft = Number((await h.db('conferences').where({ slug: 'draft' }).first()).id);
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
    expect((await visit(h.app, '/sitemap.xml', { host: 'contract.localhost' }).set('If-None-Match', first.headers.etag)).status).toBe(304);
    const robots = await visit(h.app, '/robots.txt', { host: 'contract.localhost' });
    expect((await visit(h.app, '/robots.txt', { host: 'contract.localhost' }).set('If-None-Match', robots.headers.etag)).status).toBe(304);

    // Unpublish the menu item of "关于": the next sitemap no longer lists it.
    const about = await desktopPage(contractId, '关于');
    await h.db('menus').where({ conference_id: contractId, lang: 'zh', page_id: about.id }).update({ published: false });
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

    const zhonly = Number((await h.db('conferences').where({ slug: 'zhonly' }).first()).id);
    await h.db('website_configs').where({ conference_id: zhonly }).update({ conference_name_zh: '改名后的会议', start_date: '2028-01-02' });
    await h.sites.siteChanged(zhonly);
    const three = head((await page(h.app, '/', { host: 'zhonly.localhost' })).$);
    expect(three.og['og:site_name']).toBe('改名后的会议');
    expect(three.jsonLd[0].startDate).toBe('2028-01-02');
  });

  test('a published site becomes closed: robots shut, sitemap gone', async () => {
    const zhonly = Number((await h.db('conferences').where({ slug: 'zhonly' }).first()).id);
    expect((await visit(h.app, '/robots.txt', { host: 'zhonly.localhost' })).text).toContain('Sitemap:');
    expect((await visit(h.app, '/sitemap.xml', { host: 'zhonly.localhost' })).status).toBe(200);
    await h.db('conferences').where({ id: zhonly }).update({ status: '5' });
    await h.sites.siteChanged(zhonly);
    expect((await visit(h.app, '/robots.txt', { host: 'zhonly.localhost' })).text).toBe('User-agent: *\nDisallow: /\n');
    expect((await visit(h.app, '/sitemap.xml', { host: 'zhonly.localhost' })).status).toBe(404);
  });
});
