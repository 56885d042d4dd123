/**
 * Organisation login in a real browser: a super admin configures an institution's OpenID
 * provider in the platform administration, then a visitor logs in through the provider's own
 * login page, on a desktop with the common-organisation button and on a phone with the search.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startOidcProvider, type OidcPeer } from '../helpers/oidcProvider';
import { haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { freePort, startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('organisation login in Chromium', { skip: !haveBrowser }, () => {
  let idp: OidcPeer;
  let server: RunningServer;
  let browser: Browser;
  const site = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const platform = (p: string) => `http://platform.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();

  /** The provider's own pages: its login form, then its consent form. */
  async function signInAtProvider(page: Page, login: string) {
    await page.waitForURL((u) => u.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await shot(page, `idp-login-${login}`, false);
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: /continue|authorize/i }).click();
  }

  before(async () => {
    const port = await freePort();
    idp = await startOidcProvider({
      clients: [
        {
          client_id: 'conference-platform',
          client_secret: 'e2e-client-secret-0123456789',
          redirect_uris: [`http://demo.localhost:${port}/oidcLogin`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      people: [
        { sub: 'alice-001', email: 'alice@university.example', emailVerified: true, name: 'Alice Wang' },
        { sub: 'bob-002', email: 'bob@university.example', emailVerified: true, name: '李博' },
      ],
    });
    // NODE_ENV=test: the built assets as in production, but a plain-http issuer is allowed (the test provider).
    server = await startServer({ port, env: { NODE_ENV: 'test' } });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('a super admin adds the institution in the platform administration', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(platform('/admin/identityProviders'));
    await page.waitForURL(/\/conferencelogin\?redirect=/);
    await hydrated(page, 'LoginForm');
    await page.locator('#login_email').fill('admin@platform.localhost');
    await page.locator('#login_password').fill('e2e-admin-password-1');
    await page.locator('form#login button[type="submit"]').click();
    await page.waitForURL(platform('/admin/identityProviders'));
    await hydrated(page, 'AdminProviders');
    await page.getByRole('button', { name: '添加身份提供方' }).click();
    await page.locator('#provider_nameZh').fill('示例大学');
    await page.locator('#provider_nameEn').fill('Example University');
    await page.locator('#provider_issuer').fill(idp.issuer);
    await page.locator('#provider_clientId').fill('conference-platform');
    await page.locator('#provider_clientSecret').fill('e2e-client-secret-0123456789');
    const common = page.locator('#provider_isCommon');
    await common.click();
    assert.equal(await common.getAttribute('aria-checked'), 'true');
    await shot(page, 'admin-provider-form', false);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row', { hasText: '示例大学' }).waitFor();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await shot(page, 'admin-providers', false);
    await context.close();
  });

  test('a visitor logs in with the common-organisation button, through the provider’s login page', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(site('/conferencelogin'));
    const button = page.locator('.org-login-button', { hasText: '示例大学' });
    await button.click();
    await signInAtProvider(page, 'alice-001');
    await page.waitForURL(site('/profile/userInfo'));
    assert.match(await page.locator('.info-list').innerText(), /Alice Wang/);
    assert.match(await page.locator('.info-list').innerText(), /alice@university\.example/);
    await shot(page, 'org-login-done', false);
    await context.close();
  });

  test('on a phone: search the organisation, go, log in', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(site('/conferencelogin'));
    await hydrated(page, 'OrgLogin');
    await page.locator('.org-login .ant-select').click();
    await page.keyboard.type('Example');
    await page.locator('.ant-select-item-option', { hasText: '示例大学' }).click();
    await shot(page, 'org-login-phone', false);
    await page.getByRole('button', { name: '前往机构登录' }).click();
    await signInAtProvider(page, 'bob-002');
    await page.waitForURL(site('/profile/userInfo'));
    assert.match(await page.locator('.info-list').innerText(), /李博/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scroll (scrollWidth ${width})`);
    await context.close();
  });
});
