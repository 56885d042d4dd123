/**
 * Snapshots of the rendered demo pages, per language and device (DESIGN.md 8). Build hashes and
 * the countdown-free server output make them stable; a change shows up as a readable diff.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: true });
});
afterAll(() => h?.stop());

/** Asset names carry build hashes; the snapshot is about the HTML, not the build. */
function stable(html: string): string {
  return html
    .replace(/\/assets\/([\w/-]+?)[.-][\w-]{8}\.js/g, '/assets/$1.[hash].js')
    .replace(/\/_styles\/antd\.[0-9a-f]{16}\.css/g, '/_styles/antd.[hash].css');
}

describe.each([
  ['zh', false],
  ['zh', true],
  ['en', false],
  ['en', true],
] as const)('demo site, %s, phone: %s', (lang, mobile) => {
  test.each(['home', 'about', '404'])('%s', async (name) => {
    const about = await h
      .db('pages')
      .where({ name: lang === 'zh' ? '会议简介' : 'About', is_mobile: false })
      .first();
    const path = { home: '/', about: `/page/${about!.id}`, 404: '/404' }[name]!;
    const { res } = await page(h.app, path, { host: 'demo.localhost', lang, mobile });
    expect(res.status).toBe(name === '404' ? 404 : 200);
    expect(stable(res.text)).toMatchSnapshot();
  });
});

test('the second demo conference has its own site', async () => {
  const demo = await page(h.app, '/', { host: 'demo.localhost' });
  const demo2 = await page(h.app, '/', { host: 'demo2.localhost' });
  expect(demo2.$('title').text()).toBe('2027 全球变化与可持续发展国际研讨会');
  expect(demo2.$('title').text()).not.toBe(demo.$('title').text());
  expect(stable(demo2.res.text)).toMatchSnapshot();
});
