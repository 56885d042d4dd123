/**
 * Submissions in Chromium against the real server (issue 15), on a desktop and on a phone: an
 * author submits with two authors and a full-text file (a missing field is shown below the fixed
 * header), withdraws, submits again (the number is not reused); the manager finds the manuscripts
 * with a filter, accepts one, downloads the Excel list and the book of abstracts and reads both
 * back. The demo's call for papers (seeded) is used as it is; the registrants are written first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { chooseOption, haveBrowser, launch, loginWithForm, PHONE, shot, SHOTS, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { confirmIn, fillForm } from './submissionsForm';

warnIfNoBrowser();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('submissions in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'paper-password-1';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-submissions-'));
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
  const pageErrors: string[] = [];
  const watch = (page: Page) =>
    page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${String(e).slice(0, 160)}`));

  async function person(email: string, roles: Array<'attendee' | 'manager'>, seq: number): Promise<void> {
    const { id } = await ensureUser(db, {
      email,
      trueName: roles.includes('manager') ? '程序委员会' : '李雷',
      password,
    });
    for (const role of roles) await grantRole(db, cid, id, role);
    if (roles.includes('attendee')) {
      const now = toDbInstant();
      await db('registrants').insert({
        conference_id: cid,
        user_id: id,
        version: 'default',
        seq,
        code: `P-${seq}`,
        email,
        full_name: '李雷',
        first_name: '雷',
        last_name: '李',
        unit: '清华大学',
        phone: '13800138000',
        country: 'China',
        answers: '{}',
        created_at: now,
        updated_at: now,
      });
    }
  }

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    // Submit-then-pay with fees set: the fee page comes after submitting (spec 3).
    await db('registration_settings')
      .where({ conference_id: cid })
      .update({ costs_set: true, register_rule: 'SUBMIT_FIRST_AND_PAY_LATER' });
    await person('author@example.org', ['attendee'], 9201);
    await person('phone-author@example.org', ['attendee'], 9202);
    await person('pc-chair@example.org', ['manager'], 0);
    fs.writeFileSync(path.join(dir, 'paper.pdf'), PDF);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an author submits with two authors and a file, withdraws, submits again; the manager filters, accepts and downloads', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    watch(page);
    await loginWithForm(page, url(''), 'author@example.org', password, '/profile/submission');
    await hydrated(page, 'ProfileSubmission');
    await shot(page, 'submissions-author-empty');
    await fillForm(page, '异构硬件上的可扩展图学习');
    await page.locator('#submission_fullTextFile input[type=file]').setInputFiles(path.join(dir, 'paper.pdf'));
    // the uploading item and the stored one overlap for a moment while the list animates
    await page.locator('#submission_fullTextFile .ant-upload-list-item-done').getByText('paper.pdf').first().waitFor();

    // A second author without an e-mail (required by the demo's call): the message shows below the fixed header.
    await page.getByRole('button', { name: /添加作者/ }).click();
    await page.locator('#submission_authors_1_name').fill('Alice');
    await page.locator('#submission_authors_1_surname').fill('Smith');
    await page.locator('#submission_authors_1_phone').fill('+44 20 7946 0000');
    await page.locator('#submission_authors_1_company').fill('University of Oxford');
    await page.locator('.submission-form button[type=submit]').click();
    const problem = page.locator('#submission_authors_1_email_help');
    await problem.waitFor();
    await page.waitForTimeout(600); // the smooth scroll
    const box = await problem.boundingBox();
    assert.ok(
      box && box.y > 52 && box.y + box.height < 900,
      `the message is in view below the header (${JSON.stringify(box)})`,
    );
    await shot(page, 'submissions-author-form-error', false);
    await page.locator('#submission_authors_1_email').fill('alice@ox.example');
    // A declared conflict of interest: a bad address is refused under its field, then corrected.
    await page.getByRole('button', { name: /添加利益冲突/ }).click();
    await page.locator('#submission_conflicts_0_email').fill('rival@');
    await page.locator('#submission_conflicts_0_organisation').fill('竞争实验室');
    await page.locator('.submission-form button[type=submit]').click();
    await page.locator('#submission_conflicts_0_email_help').getByText('利益冲突人员的邮箱格式不正确').waitFor();
    await page.locator('#submission_conflicts_0_email').fill('rival@lab.example');
    await shot(page, 'submissions-author-conflicts', false);
    await page.locator('.submission-form button[type=submit]').click();

    // Submit-then-pay: the fee page comes next.
    await page.waitForURL(/\/profile\/conference\/fee/);
    const first = await db('submissions').where({ conference_id: cid }).orderBy('id').first();
    assert.equal(first!.number, 'AI-001');
    assert.ok(first!.full_text_file, 'the file is kept');
    assert.deepEqual(
      (await db('submission_authors').where({ submission_id: first!.id }).orderBy('position')).map((a) => a.surname),
      ['李', 'Smith'],
    );
    assert.deepEqual(
      (await db('submission_conflicts').where({ submission_id: first!.id })).map((c) => [c.email, c.organisation]),
      [['rival@lab.example', '竞争实验室']],
    );

    // Withdraw it from the list, then submit again: a new number.
    await page.goto(url('/profile/submission'));
    await hydrated(page, 'ProfileSubmission');
    // The author's list is the light table (islands/shared/lightTable.tsx, issue 32).
    const row = page.locator('.lt-row', { hasText: 'AI-001' });
    await row.getByRole('button', { name: /撤\s*稿/ }).click();
    await confirmIn(page, '.ant-modal-confirm');
    await row.locator('.ant-tag', { hasText: '已撤稿' }).waitFor();
    await fillForm(page, '分布式图学习的通信压缩');
    await page.locator('#submission_authors_0_email').fill('author@example.org');
    await page.locator('.submission-form button[type=submit]').click();
    await page.waitForURL(/\/profile\/conference\/fee/);
    await page.goto(url('/profile/submission'));
    await hydrated(page, 'ProfileSubmission');
    await page.locator('.lt-row', { hasText: 'AI-002' }).waitFor();
    await shot(page, 'submissions-author-list');
    await page
      .locator('.lt-row', { hasText: 'AI-002' })
      .getByRole('link', { name: /详\s*情/ })
      .or(page.locator('.lt-row', { hasText: 'AI-002' }).getByRole('button', { name: /详\s*情/ }))
      .first()
      .click();
    await hydrated(page, 'ProfileSubmissionDetails');
    assert.match(await page.locator('.profile-submission-details').innerText(), /分布式图学习的通信压缩/);
    await shot(page, 'submissions-author-details');

    // The manager: the list with a filter, a decision, the Excel list and the book.
    const boss = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
    ).newPage();
    watch(boss);
    await loginWithForm(boss, url(''), 'pc-chair@example.org', password, '/platform/manage/contribute');
    await hydrated(boss, 'ManageSubmissions');
    await boss.locator('.ant-table-row', { hasText: 'AI-002' }).waitFor();
    await shot(boss, 'submissions-manage-list');
    await chooseOption(boss, 'submissionFilters_status', '已撤稿');
    await boss.locator('form#submissionFilters button[type=submit]').click();
    await boss.locator('.ant-table-row', { hasText: 'AI-002' }).waitFor({ state: 'detached' });
    assert.equal(await boss.locator('.ant-table-row').count(), 1, 'only the withdrawn manuscript');

    // A decision is peer review's final opinion (issue 16): a reviewer assigned as the allocation
    // does it, then the final opinion on the detail screen's review panel.
    const second = await db('submissions').where({ number: 'AI-002', conference_id: cid }).first();
    const { id: reviewerUser } = await ensureUser(db, {
      email: 'e2e-reviewer@example.org',
      trueName: '韩梅梅',
      password,
    });
    const assignedAt = toDbInstant();
    await db('reviewers').insert({
      conference_id: cid,
      email: 'e2e-reviewer@example.org',
      user_id: reviewerUser,
      active: true,
      full_name: '韩梅梅',
      lang: 'zh',
      invited_at: assignedAt,
      activated_at: assignedAt,
    });
    const reviewer = await db('reviewers').where({ conference_id: cid, email: 'e2e-reviewer@example.org' }).first();
    await db('reviews').insert({
      conference_id: cid,
      submission_id: second!.id,
      reviewer_id: reviewer!.id,
      state: 'assigned',
      scores: '{}',
      answers: '{}',
      opinion: null,
      comment: '',
      assigned_at: assignedAt,
      updated_at: assignedAt,
    });
    await boss.goto(url(`/platform/submissionManage/submission/detail?id=${Number(first!.id) + 1}`));
    await hydrated(boss, 'ManageSubmissionDetail');
    await boss.locator('.review-panel').getByText('录用', { exact: true }).click();
    await boss
      .locator('.review-panel')
      .getByRole('button', { name: /给出最终意见/ })
      .click();
    await confirmIn(boss, '.ant-modal');
    await boss.locator('.ant-tag', { hasText: '已录用' }).first().waitFor();
    await shot(boss, 'submissions-manage-detail');
    assert.equal((await db('submissions').where({ number: 'AI-002', conference_id: cid }).first())!.status, 'accepted');

    await boss.goto(url('/platform/manage/contribute'));
    await hydrated(boss, 'ManageSubmissions');
    // One download from the menu: the menu item is clicked once the menu is open (a click while it
    // opens or closes can be lost), and a refusal shown as a toast fails the test with its text.
    const take = async (label: RegExp): Promise<Buffer> => {
      const menu = boss.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      await menu.waitFor({ state: 'hidden' });
      await boss.locator('.manage-submissions .ant-dropdown-trigger').click();
      const item = menu.locator('.ant-dropdown-menu-item', { hasText: label });
      await item.waitFor();
      await boss.waitForTimeout(300);
      const waiting = boss.waitForEvent('download', { timeout: 60_000 });
      await item.click();
      const refused = boss
        .locator('.ant-message-error')
        .first()
        .waitFor({ timeout: 60_000 })
        .then(
          async (): Promise<never> => {
            throw new Error(
              `the download was refused: ${await boss.locator('.ant-message-error').first().innerText()}`,
            );
          },
          // no toast (or the page closed): leave the race to the download
          () => new Promise<never>(() => {}),
        );
      const download = await Promise.race([waiting, refused]);
      return fs.readFileSync((await download.path())!);
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await take(/^Excel（全部）$/)) as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    assert.deepEqual(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
      ['AI-001', 'AI-002'],
    );
    const pdf = path.join(dir, 'book.pdf');
    fs.writeFileSync(pdf, await take(/^PDF 摘要集（全部）$/));
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    assert.match(text, /分布式图学习的通信压缩/);
    assert.doesNotMatch(text, /异构硬件上的可扩展图学习/, 'a withdrawn manuscript is not in the book');
    // its first pages, to be looked at beside the screenshots
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '3', pdf, path.join(SHOTS, 'submissions-book')]);

    // The configuration, then the screens in English.
    await boss.goto(url('/platform/config/contribute'));
    await hydrated(boss, 'ManageContributeConfig');
    await shot(boss, 'submissions-config');
    for (const p of [boss, page]) await p.context().addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    await boss.goto(url('/platform/manage/contribute'));
    await hydrated(boss, 'ManageSubmissions');
    assert.match(await boss.locator('.manage-submissions').innerText(), /Accepted/);
    await shot(boss, 'submissions-manage-list-en');
    await page.goto(url('/profile/submission'));
    await hydrated(page, 'ProfileSubmission');
    assert.match(await page.locator('.profile-submission').innerText(), /Withdrawn/);
    await shot(page, 'submissions-author-list-en');
    assert.deepEqual(pageErrors, []);
    await boss.context().close();
    await context.close();
  });

  test('a large export runs as work: the dialog shows its progress, then the file downloads (zh desktop, en phone)', async () => {
    // 40 more manuscripts, copies of the first with long abstracts: past the 20 a download builds within the request.
    // Accepted, as the book of "(All)" prints the accepted manuscripts by default.
    const first = await db('submissions').where({ conference_id: cid, number: 'AI-001' }).first();
    const authors = await db('submission_authors').where({ submission_id: first!.id });
    const now = toDbInstant();
    for (let i = 0; i < 40; i++) {
      const { id: _id, ...copy } = first!;
      const [inserted] = await db('submissions').insert(
        {
          ...copy,
          number: `BULK-${String(i).padStart(3, '0')}`,
          title: `批量稿件 ${i}`,
          abstract: '图学习的通信压缩与异构硬件上的扩展。'.repeat(80),
          status: 'accepted',
          submitted_at: now,
          updated_at: now,
        },
        ['id'],
      );
      const sid = typeof inserted === 'object' ? inserted.id : inserted;
      await db('submission_authors').insert(
        authors.map(({ id: _a, ...a }: { id: number }) => ({ ...a, submission_id: sid })),
      );
    }
    for (const [lang, device, label] of [
      ['zh', { viewport: { width: 1366, height: 900 } }, /^Word（全部）$/],
      ['en', PHONE, /^Word \(All\)$/],
    ] as const) {
      const context = await browser.newContext({ ...device, acceptDownloads: true });
      await context.addCookies([{ name: 'locale', value: lang, url: url('/') }]);
      const boss = await context.newPage();
      watch(boss);
      await loginWithForm(boss, url(''), 'pc-chair@example.org', password, '/platform/manage/contribute');
      await hydrated(boss, 'ManageSubmissions');
      await boss.locator('.manage-submissions .ant-dropdown-trigger').click();
      const item = boss.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: label });
      await item.waitFor();
      await boss.waitForTimeout(300);
      const downloaded = boss.waitForEvent('download', { timeout: 90_000 });
      await item.click();
      // The request answered at once with the work: its dialog, its bar, what it is doing.
      const dialog = boss.locator('.ant-modal', { has: boss.locator('.work-progress') });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), lang === 'zh' ? /正在生成文件/ : /Preparing the file/);
      await shot(boss, `submissions-work-dialog-${lang}${lang === 'en' ? '-phone' : ''}`, false);
      const download = await downloaded;
      assert.equal(download.suggestedFilename(), 'abstracts.docx');
      const bytes = fs.readFileSync((await download.path())!);
      assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'a Word file (a zip)');
      await dialog.locator('.ant-btn', { hasText: lang === 'zh' ? /下载/ : /Download/ }).waitFor();
      await boss.waitForTimeout(500); // the bar's own transition to 100 %, for the screenshot
      await shot(boss, `submissions-work-done-${lang}${lang === 'en' ? '-phone' : ''}`, false);
      if (lang === 'en')
        assert.ok(
          (await boss.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1,
          'the dialog fits the phone',
        );
      await context.close();
    }
    assert.deepEqual(pageErrors, []);
  });

  test('on a phone: the author page and the form fit and work', async () => {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    watch(page);
    await loginWithForm(page, url(''), 'phone-author@example.org', password, '/profile/submission');
    await hydrated(page, 'ProfileSubmission');
    await fillForm(page, '手机上提交的稿件');
    await page.locator('#submission_authors_0_email').fill('phone-author@example.org');
    await shot(page, 'submissions-phone-form');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling on the form (${overflow} px)`);
    await page.locator('.submission-form button[type=submit]').click();
    await page.waitForURL(/\/profile\/conference\/fee/);
    await page.goto(url('/profile/submission'));
    await hydrated(page, 'ProfileSubmission');
    await page.locator('.my-submission', { hasText: '手机上提交的稿件' }).waitFor();
    await shot(page, 'submissions-phone-mine');
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1,
      'no sideways scrolling on the list',
    );
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
