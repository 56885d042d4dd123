/**
 * The menu screen (/platform/config/menu): the island with the menus of the languages the site
 * uses, the entry in the management menu, and snapshots of the server HTML per language and device.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { page } from '../../../helpers/http';
import { contractSite } from '../../../fixtures/contractSite';
import type { ManageMenusProps } from '../../../../islands/ManageMenus/props';

let h: Harness;
let conferenceId: number;
let token: string;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  await h.provision(contractSite({ slug: 'neighbour', domains: ['neighbour.localhost'] }));
  token = await h.login({ email: 'menu-screen@example.org', conferenceId, roles: ['manager'] });
});
afterAll(() => h?.stop());

/**
 * Asset names carry build hashes; the management menu grows as other screens land, so its
 * entries are checked on their own (below), not in the snapshot.
 */
function stable(html: string): string {
  return html
    .replace(/\/assets\/([\w/-]+?)[.-][\w-]{8}\.js/g, '/assets/$1.[hash].js')
    .replace(/\/_styles\/antd\.[0-9a-f]{16}\.css/g, '/_styles/antd.[hash].css')
    .replace(/<nav class="side-menu[^"]*"[\s\S]*?<\/nav>/, '<nav class="side-menu">[management menu]</nav>')
    .replace(
      /<details class="side-menu-phone"[\s\S]*?<\/details>/,
      '<details class="side-menu-phone">[management menu]</details>',
    );
}

function islandProps($: Awaited<ReturnType<typeof page>>['$']): ManageMenusProps {
  return JSON.parse($('[data-island="ManageMenus"]').attr('data-props')!) as ManageMenusProps;
}

describe.each([
  ['zh', false],
  ['en', false],
  ['zh', true],
  ['en', true],
] as const)('%s, phone: %s', (lang, mobile) => {
  test('server HTML', async () => {
    const { res } = await page(h.app, '/platform/config/menu', { host, token, lang, mobile });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(stable(res.text)).toMatchSnapshot();
  });
});

test('the island gets both menus, published or not, and the pages of this conference only', async () => {
  const { $ } = await page(h.app, '/platform/config/menu', { host, token, lang: 'zh' });
  const props = islandProps($);
  expect(props.languages).toEqual(['zh', 'en']);
  expect(props.menus.zh!.map((n) => n.title)).toEqual(['首页', '会议', '外部', '草稿']);
  expect(props.menus.en!.map((n) => n.title)).toEqual(['Home', 'About']);
  const ours = await h
    .db('pages')
    .where({ conference_id: conferenceId, type: 'PAGE', is_mobile: false })
    .orderBy('id')
    .pluck('id');
  expect(props.pages.map((p) => p.id)).toEqual(ours.map(Number));
  // the server rendered the tree: titles are in the HTML before any script runs
  expect($('[data-island="ManageMenus"] .ant-tree').text()).toContain('草稿子项');
  expect($('title').text()).toBe('菜单管理 - 契约测试会议');
});

test('the management menu has the entry, marked active', async () => {
  const { $ } = await page(h.app, '/platform/config/menu', { host, token, lang: 'en' });
  const active = $('.side-menu li.active a');
  expect(active.attr('href')).toBe('/platform/config/menu');
  expect(active.text()).toBe('Menus');
});

test.each([
  ['1', ['zh']],
  ['2', ['en']],
  ['3', ['zh', 'en']],
] as const)('languageType %s shows the menus %j', async (languageType, languages) => {
  const slug = `lt${languageType}`;
  const id = await h.provision(contractSite({ slug, domains: [`${slug}.localhost`], languageType }));
  const manager = await h.login({ email: `lt-${slug}@example.org`, conferenceId: id, roles: ['manager'] });
  const { $ } = await page(h.app, '/platform/config/menu', { host: `${slug}.localhost`, token: manager });
  const props = islandProps($);
  expect(props.languages).toEqual(languages);
  expect(Object.keys(props.menus)).toEqual(languages);
  expect($('.ant-tabs-tab').length).toBe(languages.length);
});
