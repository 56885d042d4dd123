/** The template contract of spec 2.4, one rule per test, through real requests. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { loadExterior } from '../../../server/modules/sites/exteriorFiles';
import { ROOT_DIR } from '../../../server/paths';

let h: Harness;
let conferenceId: number;
let single: number;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  single = await h.provision(contractSite({ slug: 'zh-only', domains: ['zhonly.localhost'], languageType: '1' }));
  await h.provision(contractSite({ slug: 'en-only', domains: ['enonly.localhost'], languageType: '2' }));
  await h.provision(contractSite({ slug: 'no-register', domains: ['noreg.localhost'], modules: { register: false } }));
  const banner = contractSite({ slug: 'banner', domains: ['banner.localhost'] });
  banner.config.banner = '/files/banner-site.png';
  await h.provision(banner);
  const noFallback = contractSite({ slug: 'nofallback', domains: ['nofallback.localhost'] });
  noFallback.exterior.templates.common.html = noFallback.exterior.templates.common.html.replace(
    ' data-default-url="/banner/from-template.png"',
    '',
  );
  noFallback.config.websiteRecordNumber = '';
  await h.provision(noFallback);
  for (const exterior of ['classic', 'horizon']) {
    const dated = contractSite({
      slug: `dated-${exterior}`,
      domains: [`${exterior}.localhost`],
      exterior: loadExterior(path.join(ROOT_DIR, 'templates'), exterior),
    });
    dated.config.startDate = '2031-09-20';
    await h.provision(dated);
  }
  const undated = contractSite({
    slug: 'undated',
    domains: ['undated.localhost'],
    exterior: loadExterior(path.join(ROOT_DIR, 'templates'), 'classic'),
  });
  await h.provision(undated);
});
afterAll(() => h?.stop());

const login = (roles: Array<'attendee' | 'manager' | 'reviewer'> = [], superAdmin = false) =>
  h.login({
    email: `u${roles.join('-')}${superAdmin ? '-sa' : ''}@example.org`,
    name: '张三',
    conferenceId,
    roles,
    superAdmin,
  });

describe('nesting', () => {
  test('common template → template → page, styles in nesting order, UTF-8 not entities', async () => {
    const { $, res } = await page(h.app, '/', { host });
    expect($('#common-template-content-container section #template-content-container .content').text()).toBe(
      '中文首页内容',
    );
    expect(
      $('head style')
        .map((_, s) => $(s).text())
        .get(),
    ).toEqual(['.common-css{}', '.page-css{}']);
    expect(res.text).toContain('中文首页内容');
    expect(res.text).not.toContain('&#x');
  });

  test('scripts of the three levels stay in document order: common, template, page', async () => {
    const { $ } = await page(h.app, '/', { host });
    const scripts = $('body script')
      .map((_, s) => $(s).text())
      .get();
    expect(scripts.findIndex((s) => s.includes("['common']"))).toBeLessThan(
      scripts.findIndex((s) => s.includes('"template"')),
    );
    expect(scripts.findIndex((s) => s.includes('"template"'))).toBeLessThan(
      scripts.findIndex((s) => s.includes('"page"')),
    );
  });

  test('a page without a template renders its own HTML alone', async () => {
    const bare = await h.db('pages').where({ conference_id: conferenceId, name: '无模板', is_mobile: false }).first();
    const { res, $ } = await page(h.app, `/page/${bare!.id}`, { host });
    expect(res.status).toBe(200);
    expect($('body > p.content').text()).toBe('no template');
  });
});

test('a page directly in a common template goes into the common content container', async () => {
  const framed = await h.db('pages').where({ conference_id: conferenceId, name: '仅外框', is_mobile: false }).first();
  const { $ } = await page(h.app, `/page/${framed!.id}`, { host });
  expect($('#common-template-content-container > p.content').text()).toBe('directly in the common template');
  expect($('#template-first-title-container').text()).toBe('第一标题');
});

describe('filled elements', () => {
  test('first, second and third titles and the page name', async () => {
    const { $ } = await page(h.app, '/', { host, lang: 'en' });
    expect($('#template-first-title-container').text()).toBe('First Title');
    expect($('#template-second-title-container').text()).toBe('Second Title');
    expect($('#template-third-title-container').text()).toBe('Third Title');
    expect($('#template-page-name-container').text()).toBe('Home');
  });

  test('banner: the container data-default-url when the site has none', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('#template-banner').attr('src')).toBe('/banner/from-template.png');
  });

  test('banner: the website banner comes first', async () => {
    const { $ } = await page(h.app, '/', { host: 'banner.localhost' });
    expect($('#template-banner').attr('src')).toBe('/files/banner-site.png');
  });

  test('banner: the platform default when neither exists', async () => {
    const { $ } = await page(h.app, '/', { host: 'nofallback.localhost' });
    expect($('#template-banner').attr('src')).toBe('/banner/default_banner.png');
  });

  test('menu: nested list, _blank for new windows, icon classes, unpublished items and their children left out', async () => {
    const { $ } = await page(h.app, '/', { host });
    const top = $('#template-menu > li');
    expect(top.map((_, li) => $(li).children('a').text()).get()).toEqual(['首页', '会议', '外部']);
    expect($('#template-menu > li:nth-child(2) > ul.template-submenu > li > a').text()).toBe('关于');
    expect($('#template-menu a:contains("外部")').attr('target')).toBe('_blank');
    expect($('#template-menu a:contains("首页") i').attr('class')).toBe('template-menu-icon icon-home fa');
    expect($('#template-menu').text()).not.toContain('草稿');
    expect($('#template-menu').text()).not.toContain('隐藏');
  });

  test('menu: the item of the page shown is marked active', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('#template-menu > li.active > a').text()).toBe('首页');
  });

  test('footer: conference name and record number', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('#template-conference-name-container').text()).toBe('契约测试会议');
    expect($('#template-website-record-number-container').text()).toBe('京ICP备00000000号');
  });

  test.each([
    ['classic', false],
    ['classic', true],
    ['horizon', false],
    ['horizon', true],
  ])(
    "footer: the built-in %s exterior (phone: %s) shows the year of the conference's start date",
    async (exterior, mobile) => {
      const { $ } = await page(h.app, '/', { host: `${exterior}.localhost`, mobile });
      expect($('.template-copyright-year-container').length).toBeGreaterThan(0);
      $('.template-copyright-year-container').each((_, el) => expect($(el).text()).toBe('2031'));
      expect($('footer').text()).toContain('© 2031');
    },
  );

  test('footer: without a start date the copyright year is the current year', async () => {
    const { $ } = await page(h.app, '/', { host: 'undated.localhost' });
    expect($('.template-copyright-year-container').first().text()).toBe(String(new Date().getFullYear()));
  });

  test('footer: an element whose value is empty is removed', async () => {
    const { $ } = await page(h.app, '/', { host: 'nofallback.localhost' });
    expect($('#template-website-record-number-container')).toHaveLength(0);
  });

  test('logo text is the short title, desktop and mobile', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('.t-logo').text()).toBe('CTC 2027');
    expect($('.t-m-logo').text()).toBe('CTC 2027');
  });

  test('document title is the conference name', async () => {
    const { $ } = await page(h.app, '/', { host, lang: 'en' });
    expect($('title').text()).toBe('Contract Test Conference');
  });

  test('the root gets template-lang-{lang}', async () => {
    expect((await page(h.app, '/', { host })).$('#template-html-root').hasClass('template-lang-zh')).toBe(true);
    expect((await page(h.app, '/', { host, lang: 'en' })).$('#template-html-root').hasClass('template-lang-en')).toBe(
      true,
    );
  });
});

describe('language switch', () => {
  test('bilingual sites render the switch island with the current language active', async () => {
    const { $ } = await page(h.app, '/', { host, lang: 'en' });
    expect($('#template-lang [data-island="LangSwitch"]')).toHaveLength(1);
    expect($('#template-lang .t-lang-en').hasClass('active')).toBe(true);
  });

  test('single-language sites have no switch and force their language', async () => {
    const zhOnly = await page(h.app, '/', { host: 'zhonly.localhost', lang: 'en' });
    expect(zhOnly.$('#template-lang')).toHaveLength(0);
    expect(zhOnly.$('html').hasClass('template-lang-zh')).toBe(true);
    const enOnly = await page(h.app, '/', { host: 'enonly.localhost' });
    expect(enOnly.$('#template-lang')).toHaveLength(0);
    expect(enOnly.$('#template-page-name-container').text()).toBe('Home');
    expect(single).toBeGreaterThan(0);
  });
});

describe('account entries', () => {
  test('login links go to /conferencelogin with the current URL as redirect', async () => {
    const { $ } = await page(h.app, '/?utm=x', { host });
    expect($('#template-login-container').attr('href')).toBe('/conferencelogin?redirect=%2F%3Futm%3Dx');
  });

  test('register button: 报名参会 / Register, to /register when anonymous', async () => {
    expect((await page(h.app, '/', { host })).$('#template-register-container').text()).toBe('报名参会');
    const en = await page(h.app, '/', { host, lang: 'en' });
    expect(en.$('#template-register-container').text()).toBe('Register');
    expect(en.$('#template-register-container').attr('href')).toBe('/register');
  });

  test('register button goes to /conferenceRegister when logged in, and is gone for attendees', async () => {
    expect(
      (await page(h.app, '/', { host, token: await login() })).$('#template-register-container').attr('href'),
    ).toBe('/conferenceRegister');
    expect(
      (await page(h.app, '/', { host, token: await login(['attendee']) })).$('#template-register-container'),
    ).toHaveLength(0);
  });

  test('register module off hides the register and login entries', async () => {
    const { $ } = await page(h.app, '/', { host: 'noreg.localhost' });
    expect($('#template-register-container')).toHaveLength(0);
    expect($('#template-login-container')).toHaveLength(0);
  });

  test('user name, user dropdown island and exit link for a logged-in user', async () => {
    const { $ } = await page(h.app, '/', { host, token: await login() });
    expect($('#template-user-name-container').text()).toBe('张三');
    const island = $('.t-dropdown-content [data-island="UserMenu"]');
    expect(island).toHaveLength(1);
    expect(
      island
        .find('a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/profile/userInfo', '/resetPassword', '#logout']);
    expect($('.t-m-dropdown-content [data-island="UserMenu"]')).toHaveLength(1);
    expect($('#template-exit-container').attr('data-action')).toBe('logout');
  });

  test('the dropdown offers Conference Management to managers', async () => {
    const { $ } = await page(h.app, '/', { host, token: await login(['manager']) });
    expect($('.t-dropdown-content a[href="/platform/manage/user"]').text()).toBe('会议管理');
  });
});

describe('visibility marks', () => {
  test('anonymous: display-after-* and display-is-admin removed, hide-* kept', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('.template-display-after-login')).toHaveLength(0);
    expect($('.template-display-after-attend')).toHaveLength(0);
    expect($('.template-display-is-admin')).toHaveLength(0);
    expect($('.template-hide-after-login')).toHaveLength(1);
    expect($('.template-hide-is-admin')).toHaveLength(1);
  });

  test('after login: hide-after-login removed, display-after-login kept', async () => {
    const { $ } = await page(h.app, '/', { host, token: await login() });
    expect($('.template-hide-after-login')).toHaveLength(0);
    expect($('.template-display-after-login')).toHaveLength(1);
    expect($('.template-display-after-attend')).toHaveLength(0);
  });

  test('after registration: hide-after-attend removed, display-after-attend kept', async () => {
    const { $ } = await page(h.app, '/', { host, token: await login(['attendee']) });
    expect($('.template-hide-after-attend')).toHaveLength(0);
    expect($('.template-display-after-attend').text()).toBe('attendee-mark');
  });

  test.each([
    ['manager', ['manager'], false],
    ['reviewer', ['reviewer'], false],
    ['super admin', [], true],
  ] as const)('%s: is-admin marks show Conference Management', async (_name, roles, superAdmin) => {
    const { $ } = await page(h.app, '/', { host, token: await login([...roles], superAdmin) });
    expect($('.template-display-is-admin').attr('href')).toBe('/platform/manage/user');
    expect($('.template-hide-is-admin')).toHaveLength(0);
  });
});

describe('script hooks', () => {
  test('runtime and its data come first in <head>, before any template script', async () => {
    const { $ } = await page(h.app, '/', { host });
    expect($('head').children().eq(0).is('meta[charset]')).toBe(true);
    expect($('head').children().eq(1).attr('id')).toBe('conference-site-data');
    expect($('head').children().eq(2).text()).toContain('onTemplateReady');
  });

  test('template ready config: absolute banner, no registerConfigBasic, no userInfo when anonymous; menu tree', async () => {
    const { $ } = await page(h.app, '/', { host: 'banner.localhost' });
    const data = JSON.parse($('#conference-site-data').text());
    expect(data.config.banner).toBe('http://banner.localhost/files/banner-site.png');
    expect(data.config).not.toHaveProperty('registerConfigBasic');
    expect(data.config).not.toHaveProperty('userInfo');
    expect(data.menu[0]).toMatchObject({ title: '首页', newWindow: false, icon: 'icon-home fa', children: [] });
  });

  test('template ready config carries userInfo {id, trueName, umtId, cstnetId} when logged in', async () => {
    const { $ } = await page(h.app, '/', { host, token: await login() });
    const { userInfo } = JSON.parse($('#conference-site-data').text()).config;
    expect(Object.keys(userInfo).sort()).toEqual(['cstnetId', 'id', 'trueName', 'umtId']);
    expect(userInfo.trueName).toBe('张三');
  });

  test('data is safe inside <script>: a title with </script> cannot break out', async () => {
    const spec = contractSite({ slug: 'xss', domains: ['xss.localhost'] });
    spec.config.shortTitle = { zh: '</script><script>alert(1)</script>', en: 'x' };
    await h.provision(spec);
    const { res, $ } = await page(h.app, '/', { host: 'xss.localhost' });
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(JSON.parse($('#conference-site-data').text()).config.shortTitle).toBe('</script><script>alert(1)</script>');
    expect($('.t-logo').text()).toBe('</script><script>alert(1)</script>');
  });
});
