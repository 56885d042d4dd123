/**
 * The review configuration in Chromium (issue 16), on a desktop and on a phone: a manager turns
 * blind review off, makes the chair's opinion final, changes a weight, saves; adds a detail rule
 * of two points; the saved configuration is what the database holds. Screens in both languages.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('review configuration in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'review-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page) => page.locator('[data-island="ManageReviewConfig"][data-hydrated="true"]').waitFor();
  const pageErrors: string[] = [];

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const { id } = await ensureUser(db, { email: 'review-chair@example.org', trueName: '评审主席', password });
    await grantRole(db, cid, id, 'manager');
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('settings saved, a rule added; English and a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e).slice(0, 160)));
    await loginWithForm(page, url(''), 'review-chair@example.org', password, '/platform/config/review');
    await hydrated(page);
    await shot(page, 'review-config-defaults');
    await page.locator('#reviewSettings_blind').click();
    await page.locator('#reviewSettings_chairFinal').click();
    await page.locator('#reviewSettings_scores_0_weight').fill('50');
    await page.locator('form#reviewSettings button[type=submit]').click();
    await page.locator('.ant-message-success').first().waitFor();
    const saved = await db('review_settings').where({ conference_id: cid }).first();
    assert.equal(Boolean(saved!.blind), false);
    assert.equal(Boolean(saved!.chair_final), true);
    assert.equal(JSON.parse(saved!.scores)[0].weight, 50);

    await page.getByRole('tab', { name: '评审规则' }).click();
    await page.getByRole('button', { name: /添加规则/ }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.waitFor();
    await page.waitForTimeout(300);
    await page.locator('#reviewRule_titleZh').fill('创新性；方法可靠');
    await page.locator('#reviewRule_titleEn').fill('Novelty; sound method');
    await dialog.locator('.ant-btn-primary').last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Novelty; sound method').first().waitFor();
    assert.equal((await db('review_rules').where({ conference_id: cid })).length, 1);
    await shot(page, 'review-config-rules');

    await context.addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    await page.goto(url('/platform/config/review'));
    await hydrated(page);
    assert.match(await page.locator('.manage-review-config').innerText(), /Blind review/);
    await shot(page, 'review-config-en');
    await context.close();

    const phone = await (await browser.newContext({ ...PHONE })).newPage();
    phone.on('pageerror', (e) => pageErrors.push(String(e).slice(0, 160)));
    await loginWithForm(phone, url(''), 'review-chair@example.org', password, '/platform/config/review');
    await hydrated(phone);
    await shot(phone, 'review-config-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow} px)`);
    assert.deepEqual(pageErrors, []);
    await phone.context().close();
  });
});
