/**
 * Site management end to end in Chromium (issue 4): a user creates a conference on the platform,
 * writes a page with a template, adds it to the menu and applies to publish; a super admin
 * approves; an anonymous visitor opens the new page at the conference's own domain, on a
 * desktop and on a phone.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { ensureUser } from '../../server/modules/accounts/service';
import { accountForms, haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('site management in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let organiser: BrowserContext;
  const slug = 'e2e-conf';
  const platform = (p: string) => `http://platform.localhost:${server.port}${p}`;
  const site = (p: string) => `http://${slug}.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();

  async function logIn(page: Page, url: string, email: string, password: string) {
    await page.goto(url);
    const forms = await accountForms(page);
    await forms.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await forms.locator('#login_email').fill(email);
    await forms.locator('#login_password').fill(password);
    await forms.locator('form#login button[type="submit"]').click();
  }

  before(async () => {
    server = await startServer();
    const db = createDb({ dataDir: server.dataDir });
    await ensureUser(db, { email: 'organiser@example.org', trueName: '会议组织者', password: 'organiser-pass-1' });
    await db.destroy();
    browser = await launch();
    organiser = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('a user creates a conference and manages it on its own domain', async () => {
    const page = await organiser.newPage();
    await logIn(
      page,
      platform('/conferencelogin?redirect=%2Fconference%2Fnew'),
      'organiser@example.org',
      'organiser-pass-1',
    );
    await page.waitForURL(platform('/conference/new'));
    await hydrated(page, 'CreateConference');
    await page.locator('#createConference_nameZh').fill('端到端测试会议');
    await page.locator('#createConference_nameEn').fill('End-to-End Test Conference');
    await page.locator('#createConference_shortTitle').fill('E2E 2027');
    await page.locator('#createConference_slug').fill(slug);
    await shot(page, 'manage-create-conference', false);
    await page.locator('form#createConference button[type="submit"]').click();
    await page.getByText('会议已创建').waitFor();

    // A session belongs to one conference: log in again on the new domain.
    await logIn(page, site('/conferencelogin?redirect=%2Fplatform'), 'organiser@example.org', 'organiser-pass-1');
    await page.waitForURL(site('/platform'));
    assert.match(await page.locator('.panel').first().innerText(), /端到端测试会议/);
    await shot(page, 'manage-overview-draft', false);
  });

  test('writes a page in the editor and adds it to the menu', async () => {
    const page = await organiser.newPage();
    await page.goto(site('/platform/config/page/add'));
    await hydrated(page, 'ManagePageEditor');
    await page.locator('#page-meta_name').fill('特邀报告');
    // CodeMirror, once it has replaced the plain textarea it loads behind (typing that began in the
    // textarea carries on in it, but the check below reads CodeMirror's own text).
    const code = page.locator('.cm-content').first();
    await code.waitFor();
    await code.click();
    // Typed key by key, closing tag included: no auto-completion adds a stray "p>" (issue 18).
    await page.keyboard.type('<p class="e2e-keynote">');
    await page.keyboard.insertText('特邀报告嘉宾名单即将公布。');
    await page.keyboard.type('</p>');
    assert.equal((await code.innerText()).trim(), '<p class="e2e-keynote">特邀报告嘉宾名单即将公布。</p>');
    await page
      .getByRole('button', { name: '保 存' })
      .or(page.getByRole('button', { name: '保存' }))
      .first()
      .click();
    await page.waitForURL(/\/platform\/config\/page\/edit\/\d+$/);
    await shot(page, 'manage-page-editor', false);

    await page.goto(site('/platform/config/menu'));
    await hydrated(page, 'ManageMenus');
    await page.getByRole('button', { name: '添加菜单' }).first().click();
    await page.locator('#menu-item-zh_title').fill('特邀报告');
    await page.locator('#menu-item-zh_pageId').click();
    await page.keyboard.type('特邀报告');
    await page.locator('.ant-select-item-option', { hasText: '特邀报告' }).first().click();
    const published = page.locator('#menu-item-zh_published');
    if ((await published.getAttribute('aria-checked')) !== 'true') await published.click();
    await page.locator('form#menu-item-zh button[type="submit"]').click();
    await page.locator('.ant-tree-treenode', { hasText: '特邀报告' }).waitFor();
    await shot(page, 'manage-menus', false);
  });

  test('applies to publish; a super admin approves in the queue', async () => {
    const page = await organiser.newPage();
    await page.goto(site('/platform'));
    await hydrated(page, 'PublicationActions');
    await page.getByRole('button', { name: '申请发布' }).click();
    await page.locator('.status-tag', { hasText: '等待平台管理员审核' }).waitFor();

    const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const adminPage = await admin.newPage();
    await logIn(
      adminPage,
      platform('/conferencelogin?redirect=%2Fadmin%2Fpublications'),
      'admin@platform.localhost',
      'e2e-admin-password-1',
    );
    await adminPage.waitForURL(platform('/admin/publications'));
    await hydrated(adminPage, 'AdminPublications');
    await shot(adminPage, 'manage-publication-queue', false);
    const row = adminPage.locator('.ant-table-row', { hasText: '端到端测试会议' });
    await row.getByRole('button').first().click();
    // The confirmation: "确定发布该会议？" with its own 通过 button.
    const popconfirm = adminPage.locator('.ant-popconfirm', { hasText: '确定发布该会议' });
    await popconfirm.waitFor();
    await popconfirm.locator('.ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });
    await admin.close();

    await page.reload();
    await page.locator('.status-tag', { hasText: '已发布' }).waitFor();
  });

  test('an anonymous visitor opens the new page from the menu, on a desktop and on a phone', async () => {
    for (const [name, options] of [
      ['desktop', { viewport: { width: 1366, height: 900 } }],
      ['phone', PHONE],
    ] as const) {
      const visitor = await browser.newContext(options);
      const page = await visitor.newPage();
      await page.goto(site('/'));
      const link = page.locator('#template-menu a', { hasText: '特邀报告' }).first();
      await link.waitFor({ state: 'attached' });
      // The phone template keeps its menu behind a button; open it only when it is closed.
      if (name === 'phone' && !(await link.isVisible())) {
        await page
          .locator('[aria-controls="template-menu-container"]:visible, .m-menu-toggle:visible, .menu-toggle:visible')
          .first()
          .click();
        await link.waitFor({ state: 'visible' });
      }
      await link.click();
      await page.waitForURL(/\/page\/\d+$/);
      assert.equal(await page.locator('.e2e-keynote').innerText(), '特邀报告嘉宾名单即将公布。');
      await shot(page, `manage-visitor-${name}`, false);
      await visitor.close();
    }
  });
});
