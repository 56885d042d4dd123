/**
 * Conference mail, feedback and notices in Chromium against the real server and a real SMTP
 * server: a manager configures the conference's mailbox, sends a test message and a message to
 * selected registrants; an attendee sends feedback with the mailed code, the manager replies,
 * the attendee reads the reply (also on a phone).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { startSmtpPeer, type SmtpPeer } from '../server/mail/smtpPeer';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const LOGIN = { user: 'iccse@example.org', pass: 'mailbox-pass-2027' };

describe('conference mail, feedback and notices in Chromium', { skip: !haveBrowser }, () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let demoId: number;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();

  const login = (page: Page, email: string, password: string, redirect: string) =>
    loginWithForm(page, url(''), email, password, redirect);

  async function until<T>(read: () => T | undefined, what: string): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`waited in vain for ${what}`);
  }

  before(async () => {
    smtp = await startSmtpPeer(LOGIN);
    // The test SMTP server listens on 127.0.0.1 at a random port, which a conference may use only when allowed.
    server = await startServer({ env: { SMTP_ALLOW_PRIVATE_HOSTS: 'true', SMTP_ALLOWED_PORTS: '*' } });
    db = createDb({ dataDir: server.dataDir });
    browser = await launch();
    demoId = (await db('conferences').where({ slug: 'demo' }).first())!.id;
    const manager = await ensureUser(db, {
      email: 'chair@example.org',
      trueName: '会务组',
      password: 'chair-pass-2027',
    });
    await grantRole(db, demoId, manager.id, 'manager');
    for (const [i, email] of ['a1@example.org', 'a2@example.org', 'a3@example.org'].entries()) {
      const { id } = await ensureUser(db, { email, trueName: `Attendee ${i + 1}`, password: 'attendee-pass-1' });
      await grantRole(db, demoId, id, 'attendee');
      const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
      await db('registrants').insert({
        conference_id: demoId,
        user_id: id,
        version: 'default',
        seq: 100 + i,
        code: `DEMO-01${i}`,
        email,
        full_name: `Attendee ${i + 1}`,
        answers: '{}',
        created_at: now,
        updated_at: now,
      });
    }
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    await smtp?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('a manager sets the mailbox, sends a test message and mails two selected registrants', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await login(page, 'chair@example.org', 'chair-pass-2027', '/platform/config/email');
    await hydrated(page, 'ManageMailConfig');
    await page.locator('#mailConfig_email').fill(LOGIN.user);
    await page.locator('#mailConfig_password').fill(LOGIN.pass);
    await page.locator('#mailConfig_confirmPassword').fill(LOGIN.pass);
    await page.locator('#mailConfig_smtpHost').fill('127.0.0.1');
    await page.locator('#mailConfig_port').fill(String(smtp.port));
    await page.locator('#mailConfig_ssl').click();
    await page.locator('form#mailConfig button[type=submit]').click();
    await page.getByText('已保存').first().waitFor();
    await page.getByLabel('测试邮件收件人').fill('check@example.org');
    await page.getByRole('button', { name: '发送测试邮件' }).click();
    await page.getByText('测试邮件已发送').waitFor();
    assert.equal(smtp.received.at(-1)?.subject, '会议平台测试邮件');
    await shot(page, 'mail-config-zh');

    await page.goto(url('/platform/manage/user'));
    await hydrated(page, 'ManageRegistrants');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /发送邮件/ }).click();
    await page.locator('#registrantMail_title').fill('会前通知 Pre-conference notice');
    await page.locator('#registrantMail_content').fill('请携带证件。\nPlease bring your ID.');
    await shot(page, 'mail-to-registrants-zh', false);
    await page.getByRole('button', { name: '发 送' }).click();
    await page.getByText('邮件已发送').waitFor();
    const mail = await until(
      () => smtp.received.find((m) => m.subject === '会前通知 Pre-conference notice'),
      'the mail to registrants',
    );
    const envelope = smtp.envelopes[smtp.received.indexOf(mail)];
    assert.equal(envelope.length, 2);
    assert.equal(mail.to, undefined);
    assert.match(mail.text ?? '', /Please bring your ID/);
    await context.close();
  });

  test('an attendee sends feedback with the mailed code; the manager replies; the attendee reads it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await login(page, 'a1@example.org', 'attendee-pass-1', '/profile/feedback');
    await hydrated(page, 'ProfileFeedback');
    await page.locator('#feedback_title').fill('<b>Airport shuttle</b>');
    // The type on the browser's own select (issue 32).
    await page.locator('#feedback_type').selectOption({ label: '住宿交通' });
    await page.locator('#feedback_content').fill('Is there a shuttle from the airport?');
    // A "PDF" that is not one: the server refuses it, and the page says why (it used to say nothing).
    await page
      .locator('.profile-feedback input[type=file], form#feedback input[type=file]')
      .first()
      .setInputFiles({
        name: 'schedule.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('this is plain text, not a PDF'),
      });
    await page.locator('.ant-message-error').waitFor();
    assert.match(await page.locator('.ant-message-error').innerText(), /仅支持|文本或文档|类型/);
    await page.waitForFunction(() => document.querySelectorAll('form#feedback .lup-item').length === 0, undefined, {
      timeout: 5000,
    });
    const since = smtp.received.length;
    await page.locator('.code-button').click();
    const codeMail = await until(
      () => smtp.received.slice(since).find((m) => JSON.stringify(m.to).includes('a1@example.org')),
      'the code',
    );
    await page.locator('#feedback_verifyCode').fill(/\b(\d{6})\b/.exec(codeMail.text ?? '')![1]);
    await page.locator('form#feedback button[type=submit]').click();
    await page.getByText('感谢您的反馈').waitFor();
    await shot(page, 'feedback-sent-zh');
    await until(
      () =>
        smtp.received.find(
          (m) => (m.subject ?? '').includes('Airport shuttle') && JSON.stringify(m.to).includes('chair@example.org'),
        ),
      'the managers’ mail',
    );

    const manager = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const mpage = await manager.newPage();
    await login(mpage, 'chair@example.org', 'chair-pass-2027', '/platform/manage/userFeedBack');
    await hydrated(mpage, 'ManageFeedback');
    // The markup the attendee typed is text on the manager's screen.
    await mpage.getByText('<b>Airport shuttle</b>').waitFor();
    await mpage
      .getByRole('button', { name: /查\s?看/ })
      .first()
      .click();
    await mpage.getByLabel('回复').fill('每小时一班。Every hour.');
    await shot(mpage, 'feedback-reply-zh', false);
    await mpage.getByRole('button', { name: '发送回复' }).click();
    await mpage.getByText('已回复').first().waitFor();
    await manager.close();

    const phone = await browser.newContext({ ...PHONE });
    const ppage = await phone.newPage();
    await login(ppage, 'a1@example.org', 'attendee-pass-1', '/profile/feedback');
    // A click before the island has hydrated lands on server-rendered markup with no handler.
    await hydrated(ppage, 'ProfileFeedback');
    await ppage.getByText('查看').first().click();
    await ppage.waitForURL(/feedBackDetails/);
    await ppage.getByText('每小时一班。Every hour.').waitFor();
    await shot(ppage, 'feedback-details-phone-zh');
    await until(
      () => smtp.received.find((m) => (m.subject ?? '').includes('Reply to your feedback')),
      'the reply mail',
    );
    await phone.close();
    await context.close();
  });
});
