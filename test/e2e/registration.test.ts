/**
 * Conference registration in Chromium against the real server: a new user signs up, registers on
 * the demo conference with an upload, sees the countdown and lands where spec 2.8 says; a person
 * without an account registers on a phone; a manager finds them and exports.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { accountForms, haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('registration in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
  const cv = path.join(os.tmpdir(), `cv-${process.pid}.pdf`);

  /** The newest code kept in the outbox for `to` (no SMTP: development keeps mail). */
  async function codeFor(to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const row = await db('mail_outbox').where('to_address', 'like', `%${to}%`).orderBy('id', 'desc').first();
      const code = /\b(\d{6})\b/.exec(row?.text_body ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code for ${to}`);
  }

  /** The registration form's lists are the browser's own selects. */
  async function pick(page: Page, field: string, option: string) {
    await page.locator(`#conferenceRegister_${field}`).selectOption({ label: option });
  }

  /** Logs in on the demo site with the account form. */
  const login = (page: Page, email: string, password: string, redirect: string) =>
    loginWithForm(page, url(''), email, password, redirect);

  before(async () => {
    fs.writeFileSync(cv, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(cv, { force: true });
  });

  test('sign up, register with an upload, count down from 3, land in the personal centre', async () => {
    const email = 'attendee@example.org';
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/userRegister'));
    // The sign-up form is the platform's frame (docs/accounts.md).
    const f = await accountForms(page);
    await f.locator('[data-island="SignUpForm"][data-hydrated="true"]').waitFor();
    await f.locator('#signup_email').fill(email);
    await f.locator('#signup_email').blur();
    await f.locator('.code-button:not([disabled])').click();
    await f.locator('#signup_verifyCode').fill(await codeFor(email));
    await f.locator('#signup_trueName').fill('李雷');
    await f.locator('#signup_password').fill('attendee-pass-1');
    await f.locator('#signup_confirmPassword').fill('attendee-pass-1');
    await f.locator('form#signup button[type=submit]').click();
    await page.waitForURL(/\/conferenceRegister$/);

    await hydrated(page, 'RegisterForm');
    await shot(page, 'register-desktop-zh');
    assert.equal(await page.locator('#conferenceRegister_email').inputValue(), email);
    assert.equal(await page.locator('#conferenceRegister_email').isDisabled(), true);
    await page.locator('#conferenceRegister_tel').fill('13912345678');
    await pick(page, 'country', '中国');
    await page.locator('#conferenceRegister_unit').fill('中国科学院计算技术研究所');
    await page.locator('#conferenceRegister_c_attendance').getByText('现场参会').click();
    await page.locator('input[type=file]').first().setInputFiles(cv);
    await page.locator('.rf-file-name', { hasText: path.basename(cv) }).waitFor();
    // Submitting without the notice tick: the spec's message.
    await page.locator('form#conferenceRegister button[type=submit]').click();
    await page
      .getByText('Please read and confirm notes for participants')
      .or(page.getByText('请阅读并确认参会须知'))
      .first()
      .waitFor();
    await page.locator('#conferenceRegister_noticeAccepted').check();
    await page.locator('form#conferenceRegister button[type=submit]').click();
    await page.getByText(/页面将在 3 秒后跳转/).waitFor();
    await shot(page, 'register-countdown-zh', false);
    await page.getByText(/页面将在 1 秒后跳转/).waitFor();
    await page.waitForURL(/\/profile\/userInfo$/);
    await page.getByText('DEMO-0001').waitFor();
    await shot(page, 'profile-registration-zh');

    // Changing it later: the same form, filled, the e-mail fixed, the uploaded file listed.
    await page.goto(url('/profile/registration/edit'));
    await hydrated(page, 'RegisterForm');
    assert.equal(await page.locator('#conferenceRegister_tel').inputValue(), '13912345678');
    assert.equal(await page.locator('#conferenceRegister_email').isDisabled(), true);
    await page.locator('.rf-file-name', { hasText: path.basename(cv) }).waitFor();
    await shot(page, 'register-edit-zh');
    await page.goto(url('/profile/userInfo'));

    const row = await db('registrants').where({ email }).first();
    assert.equal(row!.code, 'DEMO-0001');
    assert.equal(
      Number((await db('registrant_files').where({ registrant_id: row!.id }).count({ n: '*' }).first())!.n),
      1,
    );
    // The attendee's own badge, from the personal centre.
    await page.goto(url('/profile/download'));
    await hydrated(page, 'ProfileDownloads');
    await shot(page, 'profile-download-zh');
    const [badge] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-island="ProfileDownloads"] a').first().click(),
    ]);
    assert.equal(badge.suggestedFilename(), 'badge.pdf');
    assert.equal(
      fs
        .readFileSync((await badge.path())!)
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    await context.close();
  });

  test('a manager finds the registrant, opens the details, exports users and badges', async () => {
    const manager = 'manager@example.org';
    const { ensureUser, grantRole } = await import('../../server/modules/accounts/service');
    const { id } = await ensureUser(db, { email: manager, trueName: '王经理', password: 'manager-pass-1' });
    await grantRole(db, (await db('conferences').where({ slug: 'demo' }).first())!.id, id, 'manager');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await login(page, manager, 'manager-pass-1', '/platform/manage/user');
    await hydrated(page, 'ManageRegistrants');
    await page.locator('#registrantSearch_name').fill('李雷');
    await page.locator('form#registrantSearch button[type=submit]').click();
    await page.locator('.ant-table-row', { hasText: 'DEMO-0001' }).waitFor();
    assert.equal(await page.locator('.ant-table-row').count(), 1);
    await shot(page, 'manage-users-zh');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出用户', exact: true }).click(),
    ]);
    assert.equal(xlsx.suggestedFilename(), 'user.xlsx');
    await page.locator('.ant-table-row .ant-checkbox-input').first().check();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出胸卡' }).click(),
    ]);
    assert.equal(pdf.suggestedFilename(), 'badge.pdf');
    const [details] = await Promise.all([context.waitForEvent('page'), page.getByText('查看').first().click()]);
    await details.waitForURL(/\/platform\/manage\/userDetails\?uid=/);
    await details.getByText('中国科学院计算技术研究所').waitFor();
    await shot(details, 'manage-user-details-zh');
    for (const [path, island, name] of [
      ['/platform/config/register', 'RegisterConfigBasic', 'config-basic-zh'],
      ['/platform/config/register/form', 'RegisterConfigForm', 'config-form-zh'],
      ['/platform/config/register/template', 'DocumentDesigner', 'config-template-zh'],
    ]) {
      await page.goto(url(path));
      await hydrated(page, island);
      await shot(page, name);
    }
    // A custom badge: a background image, the fields placed on it, saved.
    const badgeCard = page.locator('.document-card').first();
    await badgeCard.getByText('自定义模板').click();
    await badgeCard
      .locator('input[type=file]')
      .setInputFiles(path.resolve(import.meta.dirname, '../../public/banner/classic-thumb.png'));
    await badgeCard.getByText('更换背景').waitFor();
    await badgeCard.locator('.layout-text').first().waitFor();
    await badgeCard.getByRole('button', { name: '保 存' }).click();
    await page.getByText('已保存').waitFor();
    await shot(page, 'config-template-custom-zh');
    const saved = await db('document_templates').where({ type: 'BADGE' }).first();
    assert.equal(saved?.enabled_type, 'CUSTOM');
    await context.close();
    const phone = await browser.newContext({ ...PHONE });
    const mobile = await phone.newPage();
    await login(mobile, manager, 'manager-pass-1', '/platform/manage/user');
    await hydrated(mobile, 'ManageRegistrants');
    await mobile.getByText('DEMO-0001').first().waitFor();
    await shot(mobile, 'manage-users-phone-zh');
    await phone.close();
  });

  test("a form that asks a date shows the browser's date field, and a day entered is the answer", async () => {
    const { saveRules } = await import('../../server/modules/registration/forms');
    const { defaultRules } = await import('../../server/contract/registrationRules');
    const conferenceId = (await db('conferences').where({ slug: 'demo' }).first())!.id;
    const rules = defaultRules();
    rules.items = rules.items.map((item) =>
      item.field === 'birthDay' ? { ...item, mode: 'required' as const } : item,
    );
    await saveRules(db, conferenceId, 'dated', rules);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    await login(page, 'manager@example.org', 'manager-pass-1', '/platform/manage/user/add?version=dated');
    await hydrated(page, 'RegisterForm');
    assert.equal(await page.locator('#conferenceRegister_birthDay').getAttribute('type'), 'date');
    // Sent without the date: the required item's message next to it.
    await page.locator('form#conferenceRegister button[type=submit]').click();
    await page.locator('[data-field="birthDay"] .rf-error').waitFor();
    await page.locator('#conferenceRegister_birthDay').fill('1990-05-15');
    assert.equal(await page.locator('#conferenceRegister_birthDay').inputValue(), '1990-05-15');
    assert.equal(await page.locator('[data-field="birthDay"] .rf-error').count(), 0);
    assert.deepEqual(
      errors.filter((e) => /hydrat/i.test(e)),
      [],
    );
    await shot(page, 'register-date-item-zh');
    await context.close();
  });

  test('on a phone, in English, without an account: the account is made in the platform frame on the page, then the form', async () => {
    const email = 'phone.person@example.org';
    const context = await browser.newContext({ ...PHONE });
    await context.addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    const page = await context.newPage();
    await page.goto(url('/conferenceRegister'));
    await page.getByText('Please login first, and then continue your conference register.').waitFor();
    // No password field on the conference's page: the sign-up is the platform's frame.
    assert.equal(await page.locator('input[type=password]').count(), 0);
    const f = await accountForms(page);
    await f.locator('[data-island="SignUpForm"][data-hydrated="true"]').waitFor();
    await shot(page, 'register-phone-en');
    await f.locator('#signup_email').fill(email);
    await f.locator('#signup_email').blur();
    await f.locator('.code-button:not([disabled])').click();
    await f.locator('#signup_verifyCode').fill(await codeFor(email));
    await f.locator('#signup_trueName').fill('Alex Morgan');
    await f.locator('#signup_password').fill('phone-person-1');
    await f.locator('#signup_confirmPassword').fill('phone-person-1');
    await f.locator('form#signup button[type=submit]').click();
    await page.waitForURL(/\/conferenceRegister$/);
    await hydrated(page, 'RegisterForm');
    assert.equal(await page.locator('#conferenceRegister_email').inputValue(), email);
    // Submitted with the phone missing: the first wrong field and its message are in sight, below the
    // site's sticky menu, not hidden under it (issue 18).
    await page.locator('form#conferenceRegister button[type=submit]').click();
    const error = page.locator('.rf-error').first();
    await error.waitFor();
    await page.waitForTimeout(600);
    const box = (await error.boundingBox())!;
    const menuBottom = await page.evaluate(() =>
      Math.max(
        0,
        ...[...document.querySelectorAll('body *')]
          .filter(
            (e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position) && e.getBoundingClientRect().top <= 0,
          )
          .map((e) => e.getBoundingClientRect().bottom),
      ),
    );
    assert.ok(
      box.y >= menuBottom && box.y + box.height <= PHONE.viewport.height,
      `the message is in sight (at ${Math.round(box.y)} px, the fixed top ends at ${Math.round(menuBottom)} px)`,
    );
    await shot(page, 'register-phone-error-en');
    await page.locator('#conferenceRegister_tel').fill('+44 20 7946 0958');
    await pick(page, 'country', 'United Kingdom');
    await page.locator('#conferenceRegister_unit').fill('University of Cambridge');
    await page.locator('#conferenceRegister_c_attendance').getByText('Online').click();
    await page.locator('#conferenceRegister_noticeAccepted').check();
    await page.locator('form#conferenceRegister button[type=submit]').click();
    await page.getByText(/page jumps in 3 seconds/).waitFor();
    await page.waitForURL(/\/profile\/userInfo$/);
    await shot(page, 'register-phone-after-en');
    assert.ok(await db('users').where({ email }).whereNotNull('password_hash').first());
    assert.ok(await db('registrants').where({ email }).first());
    await context.close();
  });
});
