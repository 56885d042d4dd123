/** Chromium for the browser tests: Debian's build, the flags this machine needs, screenshots. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
export const haveBrowser = fs.existsSync(CHROMIUM);

export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

export function warnIfNoBrowser(): void {
  if (!haveBrowser) console.warn(`\n*** BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium) ***\n`);
}

/** `extraArgs`: more Chromium flags for one test (e.g. `--host-resolver-rules` for hosts other than *.localhost). */
export function launch(extraArgs: string[] = []): Promise<Browser> {
  fs.mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

export function shot(page: Page, name: string, fullPage = true): Promise<Buffer> {
  return page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/**
 * Where the account forms are: on a conference's page, inside the platform's frame
 * (docs/accounts.md); on the platform host, the page itself.
 */
export async function accountForms(page: Page): Promise<Page | FrameLocator> {
  await page.locator('iframe.account-frame, [data-island="LoginForm"], [data-island="SignUpForm"], [data-island="ResetPasswordForm"]').first().waitFor();
  return (await page.locator('iframe.account-frame').count()) ? page.frameLocator('iframe.account-frame') : page;
}

/** Signs in with the account form of a login page (a conference's or the platform's) and waits for `redirect`. */
export async function loginWithForm(page: Page, origin: string, email: string, password: string, redirect: string): Promise<void> {
  await page.goto(`${origin}/conferencelogin?redirect=${encodeURIComponent(redirect)}`);
  const forms = await accountForms(page);
  await forms.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
  await forms.locator('#login_email').fill(email);
  await forms.locator('#login_password').fill(password);
  await forms.locator('form#login button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === redirect.split('?')[0]);
}

/**
 * Picks `option` in the antd Select whose search input has the id `inputId`. A click that lands while
 * a modal is still zooming in can miss the selector (seen on CI's slower machine), so the dropdown
 * is opened until its option shows, a few times over, before the option is clicked.
 */
export async function chooseOption(page: Page, inputId: string, option: string): Promise<void> {
  const select = page.locator('.ant-select', { has: page.locator(`#${inputId}`) });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  for (let attempt = 0; ; attempt++) {
    await select.click();
    try {
      await item.first().waitFor({ timeout: 3000 });
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  await item.first().click();
}
