/**
 * Every layout carries the user menu with its exit, and the language switch where two languages
 * exist (issue 18): the platform host, the personal centre and the management area.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let bilingualId: number;
let chineseId: number;
const bilingual = 'contract.localhost';
const chinese = 'zh-only.localhost';
const platform = 'platform.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  bilingualId = await h.provision(contractSite());
  chineseId = await h.provision(contractSite({ slug: 'zh-only', domains: [chinese], languageType: '1' }));
});
afterAll(() => h?.stop());

type MenuItem = { label: string; href?: string; action?: string };

/** The header's user menu island: its props as the browser hydrates them, and its rendered entries. */
function userMenu($: CheerioAPI) {
  const island = $('.shell-header [data-island="UserMenu"]');
  expect(island).toHaveLength(1);
  const props = JSON.parse(island.attr('data-props')!) as { name: string; items: MenuItem[] };
  const rendered = island
    .find('.user-menu-list a')
    .map((_, a) => $(a).text())
    .get();
  expect(rendered).toEqual(props.items.map((i) => i.label));
  return props;
}

const langSwitch = ($: CheerioAPI) =>
  $('.shell-header [data-island="LangSwitch"] .t-lang-zh, .shell-header [data-island="LangSwitch"] .t-lang-en');

describe('conference layouts', () => {
  test('the personal centre: personal centre, change password and exit; the switch on a bilingual site', async () => {
    const token = await h.login({
      email: 'attendee@example.org',
      name: '参会者',
      conferenceId: bilingualId,
      roles: ['attendee'],
    });
    const { $ } = await page(h.app, '/profile/userInfo', { host: bilingual, token });
    const menu = userMenu($);
    expect(menu.name).toBe('参会者');
    expect(menu.items).toEqual([
      { label: '个人中心', href: '/profile/userInfo' },
      { label: '修改密码', href: '/resetPassword' },
      { label: '退出', action: 'logout' },
    ]);
    expect(langSwitch($)).toHaveLength(2);
    expect($('.shell-header .t-lang-zh').hasClass('active')).toBe(true);
  });

  test('the management area, in English: the management entry too, and the switch', async () => {
    const token = await h.login({
      email: 'manager@example.org',
      name: 'Manager',
      conferenceId: bilingualId,
      roles: ['manager'],
    });
    for (const path of ['/platform', '/platform/manage/managers']) {
      const { res, $ } = await page(h.app, path, { host: bilingual, token, lang: 'en' });
      expect(res.status).toBe(200);
      expect(userMenu($).items.map((i) => i.label)).toEqual([
        'Personal Center',
        'Conference Management',
        'Change Password',
        'Exit',
      ]);
      expect(userMenu($).items.at(-1)).toEqual({ label: 'Exit', action: 'logout' });
      expect($('.shell-header .t-lang-en').hasClass('active')).toBe(true);
    }
  });

  test('a manager’s personal centre has the way into management; an attendee’s has not', async () => {
    const manager = await h.login({ email: 'manager2@example.org', conferenceId: bilingualId, roles: ['manager'] });
    expect(
      userMenu((await page(h.app, '/profile/userInfo', { host: bilingual, token: manager })).$).items.map(
        (i) => i.href,
      ),
    ).toContain('/platform/manage/user');
    const attendee = await h.login({ email: 'attendee2@example.org', conferenceId: bilingualId, roles: ['attendee'] });
    expect(
      userMenu((await page(h.app, '/profile/userInfo', { host: bilingual, token: attendee })).$).items.map(
        (i) => i.href,
      ),
    ).not.toContain('/platform/manage/user');
  });

  test('a Chinese-only site has the user menu but no language switch', async () => {
    const token = await h.login({ email: 'manager@example.org', conferenceId: chineseId, roles: ['manager'] });
    for (const path of ['/profile/userInfo', '/platform']) {
      const { $ } = await page(h.app, path, { host: chinese, token });
      expect(userMenu($).items.at(-1)).toEqual({ label: '退出', action: 'logout' });
      expect($('.shell-header [data-island="LangSwitch"]')).toHaveLength(0);
    }
  });
});

describe('platform host', () => {
  test('home, a feature’s screen and the administration carry the menu (my data, change password, exit) and the switch', async () => {
    const token = await h.login({
      email: 'host-admin@example.org',
      name: '平台管理员',
      conferenceId: null,
      superAdmin: true,
    });
    for (const path of [
      '/',
      '/conference/new',
      '/admin/identityProviders',
      '/admin/superAdmins',
      '/admin/publications',
      '/admin/erasure',
      '/account/data',
    ]) {
      const { res, $ } = await page(h.app, path, { host: platform, token });
      expect(res.status, path).toBe(200);
      const menu = userMenu($);
      expect(menu.name).toBe('平台管理员');
      expect(menu.items).toEqual([
        { label: '我的数据', href: '/account/data' },
        { label: '修改密码', href: '/resetPassword' },
        { label: '退出', action: 'logout' },
      ]);
      expect(langSwitch($)).toHaveLength(2);
    }
  });

  test('a visitor not signed in has the sign-in link and the switch, no user menu', async () => {
    const { $ } = await page(h.app, '/', { host: platform, lang: 'en' });
    expect($('.shell-header [data-island="UserMenu"]')).toHaveLength(0);
    expect($('.shell-header a[href="/conferencelogin"]')).toHaveLength(1);
    expect($('.shell-header .t-lang-en').hasClass('active')).toBe(true);
  });
});
