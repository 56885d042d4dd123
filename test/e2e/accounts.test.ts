/**
 * Accounts in a real browser against the real server, with a real SMTP server receiving the
 * codes: sign up with the mailed code, log out, log in, reset the password; and a phone.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { mailedCodeFrom, startSmtpPeer, type SmtpPeer } from '../server/mail/smtpPeer';
import { accountForms, haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('accounts in Chromium', { skip: !haveBrowser }, () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  const email = 'newcomer@example.org';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;

  const codeFor = (to: string, since: number) => mailedCodeFrom(smtp, to, since);

  /** The account forms of the page (on a conference: the platform's frame), once `island` is hydrated. */
  async function forms(page: Page, island: string): Promise<Page | FrameLocator> {
    const where = await accountForms(page);
    await where.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
    return where;
  }

  async function sendCodeAndRead(where: Page | FrameLocator, to: string): Promise<string> {
    const since = smtp.received.length;
    const button = where.locator('.code-button:not([disabled])');
    await assert.doesNotReject(button.waitFor());
    await button.click();
    await where.locator('.code-button', { hasText: /秒后重发|Resend in/ }).waitFor();
    return codeFor(to, since);
  }

  async function logout(context: BrowserContext, page: Page) {
    await page.goto(url('/'));
    await page.locator('.t-dropdown-content .user-menu-trigger').click();
    await page.locator('.t-dropdown-content .user-menu-list a', { hasText: '退出' }).click();
    await page.locator('#template-login-container').waitFor();
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'token'),
      false,
    );
  }

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

  test('sign up with the mailed code, log out, log in, reset the password', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();

    // Sign up: the code comes by e-mail, the account is created and logged in.
    await page.goto(url('/userRegister'));
    let f = await forms(page, 'SignUpForm');
    await f.locator('#signup_email').fill(email);
    await f.locator('#signup_email').blur();
    const code = await sendCodeAndRead(f, email);
    await f.locator('#signup_verifyCode').fill(code);
    await f.locator('#signup_trueName').fill('新用户');
    await f.locator('#signup_password').fill('first-password-1');
    await f.locator('#signup_confirmPassword').fill('first-password-1');
    await shot(page, 'signup-filled', false);
    await f.locator('form#signup button[type="submit"]').click();
    // The landing page loaded, not only asked for: a navigation still under way would interrupt the next goto.
    await page.waitForURL(url('/conferenceRegister'));
    const token = (await context.cookies()).find((c) => c.name === 'token');
    assert.ok(token, 'logged in after sign-up');
    assert.equal(token.httpOnly, true);

    await logout(context, page);

    // Log in with redirect.
    await page.goto(url('/conferencelogin?redirect=%2Fprofile%2FuserInfo'));
    f = await forms(page, 'LoginForm');
    await f.locator('#login_email').fill(email);
    await f.locator('#login_password').fill('first-password-1');
    await f.locator('form#login button[type="submit"]').click();
    await page.waitForURL(url('/profile/userInfo'));
    assert.match(await page.locator('.info-list').innerText(), /新用户/);
    await shot(page, 'profile-after-login', false);

    // A wrong password says so and stays.
    await logout(context, page);
    await page.goto(url('/conferencelogin'));
    f = await forms(page, 'LoginForm');
    await f.locator('#login_email').fill(email);
    await f.locator('#login_password').fill('wrong-password-9');
    await f.locator('form#login button[type="submit"]').click();
    await f.locator('.rf-status', { hasText: '邮箱或密码错误' }).waitFor();

    // Reset the password from inside the site template.
    // The new password signs the person in on the conference (handed over from the platform's frame).
    await page.goto(url('/resetPassword'));
    f = await forms(page, 'ResetPasswordForm');
    assert.match(await page.locator('#template-first-title-container').innerText(), /ICCSE 2027/);
    await f.locator('#reset_email').fill(email);
    await f.locator('#reset_email').blur();
    const resetCode = await sendCodeAndRead(f, email);
    await f.locator('#reset_verifyCode').fill(resetCode);
    await f.locator('#reset_password').fill('second-password-2');
    await f.locator('#reset_confirmPassword').fill('second-password-2');
    await shot(page, 'reset-filled', false);
    await f.locator('form#reset button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/profile/userInfo' || u.pathname === '/conferenceRegister');
    assert.ok((await context.cookies()).some((c) => c.name === 'token'));
    await logout(context, page);
    await page.goto(url('/conferencelogin'));
    f = await forms(page, 'LoginForm');
    await f.locator('#login_email').fill(email);
    await f.locator('#login_password').fill('second-password-2');
    await f.locator('form#login button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname !== '/conferencelogin' && u.pathname !== '/auth/handoff');
    assert.ok((await context.cookies()).some((c) => c.name === 'token'));
    await context.close();
  });

  test('the code field reports a wrong code from the server', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    await context.addCookies([{ name: 'locale', value: 'en', domain: 'demo.localhost', path: '/' }]);
    const page = await context.newPage();
    await page.goto(url('/userRegister'));
    const f = await forms(page, 'SignUpForm');
    await f.locator('#signup_email').fill('second@example.org');
    await f.locator('#signup_email').blur();
    const code = await sendCodeAndRead(f, 'second@example.org');
    await f.locator('#signup_verifyCode').fill(code === '000000' ? '111111' : '000000');
    await f.locator('#signup_verifyCode').blur();
    await f.locator('.rf-error', { hasText: 'Verify code is wrong' }).waitFor();
    await context.close();
  });

  test('text typed before the form finished loading is kept', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // Hold the island chunks back so the typing certainly comes first.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/conferencelogin'), { waitUntil: 'domcontentloaded' });
    const f = await accountForms(page);
    await f.locator('#login_email').fill('early@example.org');
    release();
    await f.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await f.locator('form#login button[type="submit"]').click();
    // The form submitted the early text: the server answered about that account, not "required".
    await f
      .locator('.rf-status', { hasText: '请输入密码' })
      .or(f.locator('.rf-error', { hasText: '请输入密码' }))
      .waitFor();
    assert.equal(await f.locator('.rf-error', { hasText: '请输入正确的邮箱地址' }).count(), 0);
    await context.close();
  });

  test('an expired session: one "Sign In Error" alert, then the login page', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/conferencelogin?redirect=%2Fprofile%2FuserInfo%2FEdit'));
    const f = await forms(page, 'LoginForm');
    await f.locator('#login_email').fill(email);
    await f.locator('#login_password').fill('second-password-2');
    await f.locator('form#login button[type="submit"]').click();
    await page.waitForURL(url('/profile/userInfo/Edit'));
    await page.locator('[data-island="ProfileEditForm"][data-hydrated="true"]').waitFor();
    // The session ends elsewhere (a password change on another device, say).
    const db = createDb({ dataDir: server.dataDir });
    await db('sessions').update({ revoked_at: '2020-01-01 00:00:00.000' });
    await db.destroy();
    await page.locator('#profile_trueName').fill('改名');
    await page.locator('form#profile button[type="submit"]').click();
    const alert = page.locator('.ant-modal-confirm', { hasText: '身份验证失败，请重新登录' });
    await alert.waitFor();
    assert.equal(await page.locator('.ant-modal-confirm').count(), 1);
    await shot(page, 'sign-in-error', false);
    await alert.locator('button').click();
    await page.waitForURL(/\/conferencelogin\?redirect=%2Fprofile%2FuserInfo%2FEdit$/);
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'token'),
      false,
      'the server cleared the token',
    );
    await context.close();
  });

  test('on a phone the login page fits the screen and shows both ways to log in', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(url('/conferencelogin'));
    const f = await forms(page, 'LoginForm');
    await f.locator('#login_email').waitFor();
    await page.locator('.org-login').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scroll (scrollWidth ${width})`);
    assert.match(await f.locator('.auth-notice').first().innerText(), /非涉密/);
    await shot(page, 'login-phone');
    await context.close();
  });
});
