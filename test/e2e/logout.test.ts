/**
 * Exit from every layout in Chromium (issue 18): the personal centre, the management area and the
 * platform host carry the user menu; exit ends the session (the cookie is gone) and lands on the
 * site; a failed exit shows the error toast and leaves the person signed in (spec 2.3). On a
 * desktop and on a phone (390 px: the menu is reachable, nothing scrolls sideways).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { ensureUser } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser, expectConsoleErrors } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const DESKTOP = { viewport: { width: 1366, height: 900 } };
const ADMIN = { email: 'admin@platform.localhost', password: 'e2e-admin-password-1' };
const READER = { email: 'reader@example.org', password: 'reader-password-1' };

describe('exit from every layout in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  const demo = () => `http://demo.localhost:${server.port}`;
  const platform = () => `http://platform.localhost:${server.port}`;

  before(async () => {
    server = await startServer();
    const db = createDb({ dataDir: server.dataDir });
    await ensureUser(db, { email: READER.email, trueName: '读者', password: READER.password });
    await db.destroy();
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function context(device: 'desktop' | 'phone', lang: 'zh' | 'en'): Promise<BrowserContext> {
    const ctx = await browser.newContext(device === 'phone' ? PHONE : DESKTOP);
    await ctx.addCookies(
      ['demo.localhost', 'platform.localhost'].map((domain) => ({ name: 'locale', value: lang, domain, path: '/' })),
    );
    return ctx;
  }

  const signedIn = async (ctx: BrowserContext) => (await ctx.cookies()).some((c) => c.name === 'token');

  /** Opens the header's user menu; every entry must be inside the window, and nothing may scroll sideways. */
  async function openMenu(page: Page, name: string): Promise<void> {
    await page.locator('.shell-header [data-island="UserMenu"][data-hydrated="true"]').waitFor();
    await page.locator('.shell-header .user-menu-trigger').click();
    const list = page.locator('.shell-header .user-menu-list');
    await list.waitFor();
    const width = await page.evaluate(() => window.innerWidth);
    for (const box of await list
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect))) {
      assert.ok(
        box.left >= 0 && box.right <= width,
        `menu entry inside the window (${box.left}–${box.right} of ${width})`,
      );
    }
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      0,
      'no sideways scroll',
    );
    await shot(page, name, false);
  }

  async function exit(page: Page, ctx: BrowserContext, label: string, landing: string): Promise<void> {
    await page.locator('.shell-header .user-menu-list a[data-action="logout"]', { hasText: label }).click();
    await page.waitForURL((u) => u.origin === landing && u.pathname === '/');
    assert.equal(await signedIn(ctx), false, 'the session cookie is gone');
  }

  for (const device of ['desktop', 'phone'] as const) {
    test(`${device}: exit from the personal centre (Chinese) lands on the site, signed out`, async () => {
      const ctx = await context(device, 'zh');
      const page = await ctx.newPage();
      await loginWithForm(page, demo(), READER.email, READER.password, '/profile/userInfo');
      assert.equal(
        await page.locator('.shell-header .t-lang-zh.active').count(),
        1,
        'the language switch, Chinese chosen',
      );
      await openMenu(page, `logout-profile-${device}-zh`);
      await exit(page, ctx, '退出', demo());
      await page.locator('#template-login-container').first().waitFor({ state: 'attached' });
      await ctx.close();
    });

    test(`${device}: exit from the management area (English) lands on the site, signed out`, async () => {
      const ctx = await context(device, 'en');
      const page = await ctx.newPage();
      await loginWithForm(page, demo(), ADMIN.email, ADMIN.password, '/platform');
      await openMenu(page, `logout-manage-${device}-en`);
      assert.deepEqual(await page.locator('.shell-header .user-menu-list a').allInnerTexts(), [
        'Personal Center',
        'Conference Management',
        'Change Password',
        'Exit',
      ]);
      await exit(page, ctx, 'Exit', demo());
      await ctx.close();
    });
  }

  test('phone: the platform host’s menu (Chinese), and exit', async () => {
    const ctx = await context('phone', 'zh');
    const page = await ctx.newPage();
    await loginWithForm(page, platform(), ADMIN.email, ADMIN.password, '/admin/superAdmins');
    await openMenu(page, 'logout-platform-phone-zh');
    await exit(page, ctx, '退出', platform());
    await ctx.close();
  });

  test('the language chosen on the platform host is where a conference starts for the same person', async () => {
    // No locale cookie anywhere: each host starts in its default (Chinese).
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await loginWithForm(page, platform(), READER.email, READER.password, '/');
    await page.locator('.shell-header [data-island="LangSwitch"][data-hydrated="true"]').waitFor();
    await page.locator('.shell-header .t-lang-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    // The conference's host has no cookie of its own yet: after signing in there, English.
    await loginWithForm(page, demo(), READER.email, READER.password, '/profile/userInfo');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.ok(
      (await ctx.cookies(demo())).some((c) => c.name === 'locale' && c.value === 'en'),
      'remembered on the conference host',
    );
    await ctx.close();
  });

  test('a failed exit shows the error toast and leaves the person signed in', async () => {
    const ctx = await context('desktop', 'en');
    const page = await ctx.newPage();
    await loginWithForm(page, demo(), ADMIN.email, ADMIN.password, '/platform');
    expectConsoleErrors(
      ctx,
      /status of 500 .*\/api\/base\/oauth\/logout$/,
      "the test's own route answers the logout 500",
    );
    await page.route('**/api/base/oauth/logout', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, message: 'commonMsg.serverError', data: null }),
      }),
    );
    await openMenu(page, 'logout-manage-desktop-en-open');
    await page.locator('.shell-header .user-menu-list a[data-action="logout"]').click();
    const toast = page.locator('.user-menu-toast[role="alert"]');
    await toast.waitFor();
    assert.equal(await toast.innerText(), 'Could not sign out. Please try again.');
    await shot(page, 'logout-failed-toast-en', false);
    assert.equal(new URL(page.url()).pathname, '/platform', 'the browser stays');
    assert.equal(await signedIn(ctx), true, 'still signed in');
    await ctx.close();
  });
});
