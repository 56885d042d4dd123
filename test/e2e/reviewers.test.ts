/**
 * Reviewers in Chromium (issue 16): a manager adds a reviewer on /platform/manage/reviewer; the
 * invited person opens the link of the mail on the conference's site, completes the form in the
 * platform's frame (the password typed on the platform's origin), confirms, sees 'activation
 * successful', and the database holds the activated reviewer with a new account.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { newActivationKey } from '../../server/modules/review/reviewers/mails';

warnIfNoBrowser();

describe('reviewers in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'reviewer-admin-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const pageErrors: string[] = [];

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const { id } = await ensureUser(db, { email: 'reviewer-admin@example.org', trueName: '审稿管理员', password });
    await grantRole(db, cid, id, 'manager');
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('added by a manager, activated from the mail in the platform frame', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e).slice(0, 160)));
    await loginWithForm(page, url(''), 'reviewer-admin@example.org', password, '/platform/manage/reviewer');
    await page.locator('[data-island="ManageReviewers"][data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: '添加审稿人' }).first().click();
    await page.locator('#addReviewer_email').fill('invited.reviewer@example.org');
    await page.locator('#addReviewer_fullName').fill('Invited Reviewer');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.manage-reviewers td', { hasText: 'invited.reviewer@example.org' }).waitFor();
    await shot(page, 'reviewers-list');

    // The demo conference may be unpublished, when the invitation is kept back (mail/gate.ts): the link is made here as the mail would carry it.
    const mail = await db('mail_outbox')
      .where({ to_address: 'invited.reviewer@example.org', kind: 'inviteReviewer' })
      .first();
    let key = /\/review\/active\/([A-Za-z0-9_-]+)/.exec(String(mail?.text_body ?? ''))?.[1];
    if (!key) {
      const fresh = newActivationKey();
      await db('reviewers')
        .where({ conference_id: cid, email: 'invited.reviewer@example.org' })
        .update({ key_hash: fresh.hash, key_expires_at: fresh.expiresAt });
      key = fresh.key;
    }

    const person = await browser.newContext(PHONE);
    const p = await person.newPage();
    p.on('pageerror', (e) => pageErrors.push(String(e).slice(0, 160)));
    await p.goto(url(`/review/active/${key}`));
    const frame = p.frameLocator('iframe.account-frame');
    await frame.locator('[data-island="ReviewActivation"][data-hydrated="true"]').waitFor();
    await frame.locator('#reviewActivation_password').fill('Reviewer-pass-2027');
    await frame.locator('#reviewActivation_confirmPassword').fill('Reviewer-pass-2027');
    await frame.locator('#reviewActivation_lastName').fill('Li');
    await frame.locator('#reviewActivation_firstName').fill('Ming');
    await frame.locator('#reviewActivation_fullName').fill('Li Ming');
    await frame.locator('#reviewActivation_unit').fill('Zhejiang University');
    await frame.locator('#reviewActivation_phone').fill('13900000000');
    // The country on the browser's own select (issue 32), labelled in the page's language.
    await frame.locator('#reviewActivation_countryArea').selectOption({ label: '中国' });
    await frame.locator('#reviewActivation_direction').fill('Databases');
    await shot(p, 'reviewer-activation-form');
    // The conference's sticky menu lies over the frame in this tall phone page: the clicks go to the buttons themselves.
    await frame.locator('form#reviewActivation button[type=submit]').dispatchEvent('click');
    await frame.locator('[role=alertdialog] .activation-confirm-ok').dispatchEvent('click');
    await frame.locator('.lr-result-success').waitFor();
    await shot(p, 'reviewer-activation-done');

    const row = await db('reviewers').where({ conference_id: cid, email: 'invited.reviewer@example.org' }).first();
    assert.equal(Boolean(row!.active), true);
    assert.equal(row!.full_name, 'Li Ming');
    assert.equal(row!.country, 'China');
    assert.ok(await db('users').where({ email: 'invited.reviewer@example.org' }).first());
    assert.deepEqual(pageErrors, []);
  });
});
