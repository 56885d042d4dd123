/**
 * The platform's account frame inside a conference's sign-up page (issue 32), in Chromium, Chinese
 * and English, desktop and phone: its "Already have an account? Log in" opens the conference's own
 * login page at the top (the platform's page refuses to be framed: it showed a broken page); the
 * code button waits until the e-mail passed its checks (spec 5); and the code asked from the
 * English page comes in English, read from a real SMTP server.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, ConsoleMessage, FrameLocator, Page } from 'playwright-core';
import { startSmtpPeer, type SmtpPeer } from '../server/mail/smtpPeer';
import { accountForms, haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('links and mail of the account frame', { skip: !haveBrowser }, () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;

  before(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({ env: { SMTP_URL: smtp.url() } });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function signUpFrame(page: Page): Promise<FrameLocator> {
    await page.goto(url('/userRegister'));
    const frame = (await accountForms(page)) as FrameLocator;
    await frame.locator('[data-island="SignUpForm"][data-hydrated="true"]').waitFor();
    return frame;
  }

  for (const [lang, device] of [
    ['zh', 'desktop'],
    ['en', 'desktop'],
    ['zh', 'phone'],
    ['en', 'phone'],
  ] as const) {
    test(`${lang}, ${device}: "log in" opens the conference's login page at the top`, async () => {
      const context = await browser.newContext(device === 'phone' ? PHONE : { viewport: { width: 1366, height: 900 } });
      await context.addCookies([{ name: 'locale', value: lang, domain: 'demo.localhost', path: '/' }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && errors.push(m.text())));
      const frame = await signUpFrame(page);
      const link = frame.locator('.auth-links a', { hasText: lang === 'zh' ? '登录' : 'Log in' });
      assert.equal(await link.getAttribute('target'), '_top');
      await link.scrollIntoViewIfNeeded();
      await shot(page, `frame-signup-${lang}-${device}`, device === 'phone');
      await link.click();
      await page.waitForURL((u) => u.host === `demo.localhost:${server.port}` && u.pathname === '/conferencelogin');
      const login = (await accountForms(page)) as FrameLocator;
      await login.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
      await shot(page, `frame-login-after-link-${lang}-${device}`, device === 'phone');
      assert.deepEqual(
        errors.filter((e) => !/favicon/.test(e)),
        [],
      );
      await context.close();
    });
  }

  test('en: the code button waits for the e-mail check; the code mail is in English', async () => {
    const context = await browser.newContext(PHONE);
    await context.addCookies([{ name: 'locale', value: 'en', domain: 'demo.localhost', path: '/' }]);
    const page = await context.newPage();
    const frame = await signUpFrame(page);
    const button = frame.locator('.code-button');
    assert.equal(await button.isDisabled(), true, 'disabled before an e-mail');
    await frame.locator('#signup_email').fill('english.newcomer@example.org');
    // Enabled once the address passed its format and "not already existing" checks.
    await frame.locator('.code-button:not([disabled])').waitFor();
    await shot(page, 'frame-signup-code-enabled-en-phone');
    const since = smtp.received.length;
    // A click that lands while the e-mail check runs again (the button briefly disabled) is not a
    // send: click until the countdown shows (seen once in CI, three browser files at a time).
    const counting = frame.locator('.code-button', { hasText: /Resend in/ });
    for (let i = 0; i < 5 && !(await counting.isVisible()); i++) {
      await frame
        .locator('.code-button:not([disabled])')
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await counting.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    // If it never counts, say what the form said (a refusal, the e-mail check) rather than only "timeout".
    await counting.waitFor().catch(async (err: Error) => {
      const said = await frame.locator('.rf-status, .rf-error').allTextContents();
      const button = await frame.locator('.code-button').textContent();
      throw new Error(`${err.message}\nthe form says: ${JSON.stringify(said)}; the button: ${button}`);
    });
    let mail;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = smtp.received.slice(since).find((m) => JSON.stringify(m.to).includes('english.newcomer@example.org'));
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(mail, 'the code mail arrived');
    assert.match(mail.subject ?? '', /verification code/i);
    assert.doesNotMatch(`${mail.subject}\n${mail.text}`, /[\u4e00-\u9fff]/);

    // An address that already has an account: refused on the field, the button stays off.
    await frame.locator('#signup_email').fill('admin@platform.localhost');
    await frame.locator('#signup_email').blur();
    await frame
      .locator('.rf-error', { hasText: /already|passport|manager/i })
      .first()
      .waitFor();
    assert.equal(await frame.locator('.code-button').isDisabled(), true);
    await shot(page, 'frame-signup-exists-en-phone');
    await context.close();
  });
});
