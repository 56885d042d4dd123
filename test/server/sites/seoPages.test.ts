/**
 * Search engines (issue 18): the tags in <head> of public pages, and that nothing a manager types
 * can break out of the JSON-LD script. /robots.txt, /sitemap.xml and caching: seoCrawlers.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { page } from '../../helpers/http';
import { clip, describePage } from '../../../server/modules/sites/seo';
import { useSeoSites, h, demoId, contractId, DEMO, ORIGIN, CONTRACT_ORIGIN, EVIL, desktopPage, head } from './seoWorld';

useSeoSites();

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
    expect(tags.description).toMatch(
      /^The 12th International Conference on Computational Science and Engineering \(ICCSE 2027\) will take place/,
    );
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

  test.each(['zh', 'en'] as const)(
    'JSON-LD is a schema.org Event with dates, venue and organiser (%s)',
    async (lang) => {
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
        organizer: {
          '@type': 'Organization',
          name:
            lang === 'zh'
              ? '国际计算科学与工程学会'
              : 'International Society for Computational Science and Engineering',
        },
      });
      expect(event.name).toBe(
        lang === 'zh'
          ? '第十二届计算科学与工程国际会议'
          : 'The 12th International Conference on Computational Science and Engineering',
      );
      expect(event.url).toBe(head($).canonical);
    },
  );

  test('a phone gets a description from its own page, not a date line', async () => {
    const tags = head((await page(h.app, '/', { host: DEMO, lang: 'en', mobile: true })).$);
    expect(tags.description).toMatch(
      /^The 12th International Conference on Computational Science and Engineering comes to Hangzhou/,
    );
  });
});

describe('an inner page', () => {
  test.each([
    ['会议简介', 'zh', 'zh-CN', 'zh_CN'],
    ['About', 'en', 'en', 'en_US'],
  ] as const)(
    '%s: its own address, its own language, alternates to its counterpart',
    async (name, lang, htmlLang, ogLocale) => {
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
        expect(
          tags.description!.startsWith(
            lang === 'zh'
              ? '计算科学与工程国际会议'
              : 'The International Conference on Computational Science and Engineering (ICCSE)',
          ),
        ).toBe(true);
        expect(tags.jsonLd[0]).toMatchObject({ '@type': 'Event', startDate: '2027-10-15', inLanguage: htmlLang });
      }
    },
  );

  test('a page without a counterpart: no alternates, and the language switch goes home', async () => {
    const zhHome = await desktopPage(demoId, '首页');
    const lone = Number(
      (await h
        .db('pages')
        .where({ conference_id: demoId, type: 'PAGE', is_mobile: false, lang: 'zh' })
        .whereNot({ id: zhHome.id })
        .first())!.id,
    );
    const partner = await h.db('pages').where({ id: lone }).first('counterpart_page_id');
    await h.db('pages').whereIn('id', [lone, partner!.counterpart_page_id]).update({ counterpart_page_id: null });
    await h.sites.siteChanged(demoId);
    try {
      const { $ } = await page(h.app, `/page/${lone}`, { host: DEMO });
      expect(head($).alternates).toEqual({});
      expect(JSON.parse($('[data-island="LangSwitch"]').first().attr('data-props') ?? '{}').targets).toBeUndefined();
    } finally {
      await h.db('pages').where({ id: lone }).update({ counterpart_page_id: partner!.counterpart_page_id });
      await h.db('pages').where({ id: partner!.counterpart_page_id! }).update({ counterpart_page_id: lone });
      await h.sites.siteChanged(demoId);
    }
  });

  test('a login-required page is not indexed and its text is not described', async () => {
    const members = await desktopPage(demoId, 'Attendee Area');
    const tags = head((await page(h.app, `/page/${members.id}`, { host: DEMO })).$);
    expect(tags.robots).toBe('noindex');
    expect(tags.description).toBe(
      'The 12th International Conference on Computational Science and Engineering (ICCSE 2027)',
    );
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
      expect(
        $('script')
          .toArray()
          .filter((s) => $(s).text().startsWith('window.__pwned')),
      ).toHaveLength(0);
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
    expect(describePage(`<p>15–18 October 2027<br>Hangzhou International Expo Center, China</p><p>${long}</p>`)).toBe(
      long,
    );
    expect(
      describePage(
        '<p>欢迎辞</p><p>本届会议以“计算驱动科学发现，智能赋能工程创新”为主题，设置特邀报告、专题分会、青年学者论坛和墙报交流等环节。</p>',
      ),
    ).toBe(
      '本届会议以“计算驱动科学发现，智能赋能工程创新”为主题，设置特邀报告、专题分会、青年学者论坛和墙报交流等环节。',
    );
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
