/**
 * The public website in a real browser (Chromium via playwright-core): home page, menu
 * navigation, language switch, the user dropdown island, 404, unpublished, and a phone.
 * Screenshots go to test-results/screenshots for a person to look at.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { Sessions } from '../../server/platform/session';
import { ensureUser } from '../../server/modules/accounts/service';
import { startServer, type RunningServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
const haveBrowser = fs.existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(`\n*** BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium) ***\n`);

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

describe('public website in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  const url = (host: string, p = '/') => `http://${host}:${server.port}${p}`;
  const shot = (page: Page, name: string, fullPage = true) =>
    page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

  async function desktop(): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  }

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // The README's quick start: `npm start` with no NODE_ENV. The app keeps its development mode
    // (mail shown locally); the libraries run as built, so Vike has nothing to warn about.
    const first = await startServer({ env: { NODE_ENV: undefined } });
    console.log(`first start on a fresh data directory: ${first.startMs} ms to the first page`);
    await new Promise((r) => setTimeout(r, 300));
    assert.doesNotMatch(first.log(), /\[vike\]\[Warning\]/);
    assert.match(first.log(), /mail is kept and shown at/);
    await first.stop();
    // Unpublish the second demo conference between two starts, as a manager would.
    const db = createDb({ dataDir: first.dataDir });
    await db('conferences').where({ slug: 'demo2' }).update({ status: '1' });
    await db.destroy();
    server = await startServer({ dataDir: first.dataDir });
    console.log(`later start: ${server.startMs} ms to the first page`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('the home page renders completely, with no script errors', async () => {
    const context = await desktop();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url('demo.localhost'));
    assert.equal(await page.title(), '第十二届计算科学与工程国际会议');
    assert.match(await page.locator('#template-first-title-container').innerText(), /ICCSE 2027/);
    assert.equal(await page.locator('#template-menu > li.active > a').innerText(), '首页');
    assert.equal(await page.locator('#template-banner').getAttribute('src'), '/banner/demo-banner.png');
    assert.ok(
      await page.locator('#template-banner').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    );
    assert.match(await page.locator('#template-conference-name-container').innerText(), /计算科学与工程国际会议/);
    await shot(page, 'home-zh-desktop');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('menu navigation: a submenu item opens its page and marks its parent active', async () => {
    const context = await desktop();
    const page = await context.newPage();
    await page.goto(url('demo.localhost'));
    await page.locator('#template-menu > li.has-children').first().hover();
    const about = page.locator('#template-menu .template-submenu a', { hasText: '会议简介' });
    await about.waitFor({ state: 'visible' });
    await about.click();
    await page.waitForURL(/\/page\/\d+$/);
    assert.equal(await page.locator('#template-page-name-container').innerText(), '会议简介');
    assert.equal(await page.locator('#template-menu > li.active > a').innerText(), '会议信息');
    await shot(page, 'about-zh-desktop');
    await context.close();
  });

  test("language switch: EN shows the English home and is remembered; on a /page URL it goes to the page's counterpart", async () => {
    const context = await desktop();
    const page = await context.newPage();
    await page.goto(url('demo.localhost'));
    await page.locator('#template-lang .t-lang-en').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('template-lang-en'));
    assert.equal(await page.title(), 'The 12th International Conference on Computational Science and Engineering');
    assert.equal(await page.evaluate(() => localStorage.getItem('locale')), 'en');
    assert.ok((await context.cookies()).some((c) => c.name === 'locale' && c.value === 'en'));
    await shot(page, 'home-en-desktop', false);

    await page.locator('#template-menu a', { hasText: 'Programme' }).click();
    await page.waitForURL(/\/page\/\d+$/);
    // The built-in site pairs its pages: the switch goes to the Chinese programme, not home.
    const english = page.url();
    await page.locator('#template-lang .t-lang-zh').click();
    await page.waitForURL((u) => /\/page\/\d+$/.test(u.pathname) && u.href !== english);
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('template-lang-zh')));
    assert.equal(await page.locator('#template-page-name-container').innerText(), '日程安排');
    await context.close();
  });

  test('the user dropdown island hydrates, opens, and Exit logs out', async () => {
    const db = createDb({ dataDir: server.dataDir });
    const conference = await db('conferences').where({ slug: 'demo' }).first();
    const { id } = await ensureUser(db, { email: 'e2e-user@example.org', trueName: '王五' });
    const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
    const { token } = await new Sessions(db, secret).issue(
      { id, trueName: '王五', umtId: null, cstnetId: 'e2e-user@example.org' },
      conference!.id,
    );
    await db.destroy();

    const context = await desktop();
    await context.addCookies([
      { name: 'token', value: token, domain: 'demo.localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(url('demo.localhost'));
    const trigger = page.locator('.t-dropdown-content .user-menu-trigger');
    assert.match(await trigger.innerText(), /王五/);
    assert.equal(
      await page.evaluate(() => document.cookie.includes('token=')),
      false,
      'the token cookie is not readable by scripts',
    );
    await page.locator('.t-dropdown-content [data-island][data-hydrated="true"]').waitFor();
    await trigger.click();
    const list = page.locator('.t-dropdown-content .user-menu-list');
    await list.waitFor({ state: 'visible' });
    assert.deepEqual(await list.locator('a').allInnerTexts(), ['个人中心', '修改密码', '退出']);
    await shot(page, 'user-menu-open', false);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await trigger.click();
    await list.locator('a', { hasText: '退出' }).click();
    await page.waitForURL(url('demo.localhost', '/'));
    await page.locator('#template-login-container').waitFor();
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'token'),
      false,
    );
    await context.close();
  });

  test('an unknown path shows the 404 prompt', async () => {
    const context = await desktop();
    const page = await context.newPage();
    const response = await page.goto(url('demo.localhost', '/no/such/page'));
    assert.equal(new URL(page.url()).pathname, '/404');
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('.ant-result-title').innerText(), '页面不存在');
    await shot(page, 'prompt-404');
    await context.close();
  });

  test('an unpublished conference shows the unpublished prompt', async () => {
    const context = await desktop();
    const page = await context.newPage();
    await page.goto(url('demo2.localhost'));
    assert.equal(new URL(page.url()).pathname, '/unpublished');
    assert.equal(await page.locator('.ant-result-title').innerText(), '会议网站尚未发布');
    await shot(page, 'prompt-unpublished');
    await context.close();
  });

  test('a phone gets the mobile variant; the menu opens from its button', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(url('demo.localhost'));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scroll on a phone (scrollWidth ${width})`);
    await shot(page, 'home-zh-phone');
    const toggle = page.locator('[aria-controls="template-menu-container"], .m-menu-toggle, .menu-toggle').first();
    if (await toggle.count()) {
      await toggle.click();
      await page.locator('#template-menu a', { hasText: '日程安排' }).waitFor({ state: 'visible' });
      await shot(page, 'home-zh-phone-menu', false);
    }
    await context.close();
  });
});
