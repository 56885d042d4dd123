/** The small pure pieces: host parsing, user agents, locale rules, menu trees, configuration. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { normaliseHost } from '../../../server/platform/tenant';
import { isMobileUserAgent } from '../../../server/platform/device';
import { resolveLang } from '../../../server/platform/locale';
import { jsonForHtml, escapeHtml } from '../../../server/platform/html';
import { buildMenuTree, isSafeHref } from '../../../server/modules/sites/menu';
import { loadConfig } from '../../../server/config';
import { PHONE_UA, DESKTOP_UA } from '../../helpers/http';

describe('normaliseHost', () => {
  test.each([
    ['Demo.LocalHost:3000', 'demo.localhost'],
    ['example.org.', 'example.org'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['', ''],
  ])('%s → %s', (raw, host) => expect(normaliseHost(raw)).toBe(host));
});

test('phones are mobile, desktops and tablets in desktop mode are not', () => {
  expect(isMobileUserAgent(PHONE_UA)).toBe(true);
  expect(
    isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'),
  ).toBe(true);
  expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
  expect(isMobileUserAgent(undefined)).toBe(false);
});

test('languageType forces the language; otherwise the cookie, zh by default', () => {
  expect(resolveLang('en', '1')).toBe('zh');
  expect(resolveLang('zh', '2')).toBe('en');
  expect(resolveLang('en', '3')).toBe('en');
  expect(resolveLang(undefined, '3')).toBe('zh');
  expect(resolveLang('de', '3')).toBe('zh');
});

test('inline JSON cannot close its script element', () => {
  expect(jsonForHtml({ a: '</script><!--' })).not.toMatch(/[<>]/);
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

describe('menu', () => {
  test.each([
    ['/page/3', true],
    ['https://example.org', true],
    ['mailto:a@b.org', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['data:text/html,x', false],
  ])('href %s is safe: %s', (href, safe) => expect(isSafeHref(href)).toBe(safe));

  test('tree: order kept, children nested, orphans of missing parents dropped, unsafe links neutralised', () => {
    const row = (id: number, parent: number | null, extra: object = {}) => ({
      id,
      parent_id: parent,
      title: `m${id}`,
      icon: '',
      sort: id,
      new_window: 0,
      page_id: null,
      href: '/x',
      published: 1,
      ...extra,
    });
    const tree = buildMenuTree([
      row(1, null),
      row(2, 1, { page_id: 9 }),
      row(3, 42),
      row(4, null, { href: 'javascript:x' }),
    ]);
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0].children[0]).toMatchObject({ id: 2, href: '/page/9' });
    expect(tree[1].href).toBe('#');
  });
});

describe('configuration', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cp-config-'));

  test('defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', PLATFORM_HOST: 'platform.localhost', SEED_DEMO: true });
  });

  test('without SECRET one is generated into DATA_DIR once and reused', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secretGenerated).toBe(true);
    expect(second.secretGenerated).toBe(false);
    expect(second.secret).toBe(first.secret);
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o077).toBe(0);
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL must start with mysql://'],
    [{ SECRET: 'short' }, 'SECRET must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
  ])('a bad value stops the start with a message naming it: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
