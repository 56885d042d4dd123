/**
 * The whole peer-review journey of issue 16 in Chromium, through the real screens, on a desktop and
 * on a phone: the manager imports two reviewers from an .xlsx sheet and gives one the role
 * 'reviewer' and the other 'chair' in the manuscript's session; both activate from the mailed link
 * (the reviewer on a phone); the manager runs the one-click random allocation (preview, then save);
 * the reviewer scores, answers and submits on a phone; the chair's opinion, final by configuration,
 * accepts the manuscript; the author reads the result, with no reviewer named (blind review).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser } from '../../server/modules/accounts/service';
import { newActivationKey } from '../../server/modules/review/reviewers/mails';
import { DEFAULT_SCORES } from '../../server/contract/review';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { ADMIN, AUTHOR, CHAIR, DESKTOP, importSheet, pickOption, REVIEWER, TITLE } from './reviewJourneyFixture';

warnIfNoBrowser();

describe('the peer-review journey in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  let session: { id: number; title_zh: string };
  let paperId: number;
  let ruleId: number;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const pageErrors: string[] = [];
  const contexts: BrowserContext[] = [];

  async function open(options: Parameters<Browser['newContext']>[0]): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${String(e).slice(0, 200)}`));
    return page;
  }
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
  const visibleModal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();

  /** The key of the invitation's link as mailed; when the mail was kept back (an unpublished conference), a fresh one, as a resend would make it. */
  async function activationKey(email: string): Promise<{ key: string; mailed: boolean }> {
    const mail = await db('mail_outbox')
      .where({ to_address: email, kind: 'inviteReviewer' })
      .orderBy('id', 'desc')
      .first();
    const key = /\/review\/active\/([A-Za-z0-9_-]+)/.exec(String(mail?.text_body ?? ''))?.[1];
    if (key) return { key, mailed: true };
    const fresh = newActivationKey();
    await db('reviewers')
      .where({ conference_id: cid, email })
      .update({ key_hash: fresh.hash, key_expires_at: fresh.expiresAt });
    return { key: fresh.key, mailed: false };
  }

  /** Opens the link of the invitation and completes the form in the platform's frame. */
  async function activate(
    page: Page,
    key: string,
    who: { password: string; fullName: string; unit: string },
    name: string,
  ): Promise<void> {
    await page.goto(url(`/review/active/${key}`));
    const frame = page.frameLocator('iframe.account-frame');
    await frame.locator('[data-island="ReviewActivation"][data-hydrated="true"]').waitFor();
    await frame.locator('#reviewActivation_password').fill(who.password);
    await frame.locator('#reviewActivation_confirmPassword').fill(who.password);
    await frame.locator('#reviewActivation_lastName').fill(who.fullName.slice(0, 1));
    await frame.locator('#reviewActivation_firstName').fill(who.fullName.slice(1));
    await frame.locator('#reviewActivation_fullName').fill(who.fullName);
    await frame.locator('#reviewActivation_unit').fill(who.unit);
    await frame.locator('#reviewActivation_phone').fill('13900000000');
    // The country on the browser's own select (issue 32), labelled in the page's language.
    await frame.locator('#reviewActivation_countryArea').selectOption({ label: '中国' });
    await frame.locator('#reviewActivation_direction').fill('分布式机器学习');
    await shot(page, `journey-${name}-activation-form`);
    // On a tall phone page the conference's sticky menu may lie over the frame: the clicks go to the buttons themselves.
    await frame.locator('form#reviewActivation button[type=submit]').dispatchEvent('click');
    await frame.locator('[role=alertdialog] .activation-confirm-ok').waitFor();
    await frame.locator('[role=alertdialog] .activation-confirm-ok').dispatchEvent('click');
    await frame.locator('.lr-result-success').waitFor();
    assert.match(await frame.locator('.lr-result-success').innerText(), /激活成功/);
    await shot(page, `journey-${name}-activation-done`);
  }

  /** Gives the reviewer of the row with `email` the role `role` in the manuscript's session, through the roles dialog. */
  async function giveRole(page: Page, email: string, role: '审稿人' | '主席'): Promise<void> {
    await page
      .locator('.manage-reviewers tr', { hasText: email })
      .getByRole('button', { name: '角色', exact: true })
      .click();
    const dialog = visibleModal(page);
    await dialog.locator('.ant-modal-title', { hasText: '各专题角色' }).waitFor();
    // The modal zooms in: a click that lands meanwhile may miss the selector, or leave its list open.
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
    const pick = (select: number, option: string) => pickOption(page, dialog, select, option);
    await pick(0, session.title_zh);
    await pick(1, role);
    await dialog.getByRole('button', { name: /设置角色/ }).click();
    await dialog
      .locator('.ant-list-item', { hasText: session.title_zh })
      .locator('.ant-tag', { hasText: role })
      .waitFor();
    await shot(page, `journey-roles-${role === '主席' ? 'chair' : 'reviewer'}`, false);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const now = toDbInstant();
    session = (await db('submission_sessions').where({ conference_id: cid, parent_id: null }).orderBy('sort').first())!;
    // The author's manuscript, submitted and waiting for reviewers.
    const { id: authorId } = await ensureUser(db, {
      email: AUTHOR.email,
      trueName: '作者丙',
      password: AUTHOR.password,
    });
    await db('submissions').insert({
      conference_id: cid,
      user_id: authorId,
      number: 'J-001',
      title: TITLE,
      session_id: session.id,
      sub_session_id: null,
      report_type_id: null,
      category_id: null,
      abstract: '本文提出一种面向边缘设备的自适应联邦学习调度方法。',
      keywords: '联邦学习；边缘计算',
      abstract_file: '',
      full_text_file: '',
      status: 'waiting',
      active: true,
      lang: 'zh',
      submitted_at: now,
      updated_at: now,
    });
    paperId = Number((await db('submissions').where({ conference_id: cid, number: 'J-001' }).first())!.id);
    await db('submission_authors').insert({
      conference_id: cid,
      submission_id: paperId,
      position: 1,
      name: '丙',
      surname: '作者',
      email: AUTHOR.email,
      phone: '1',
      country: 'China',
      company: '作者实验室',
      corresponding: true,
    });
    // One reviewer per manuscript, the chair's opinion final, blind review (the default).
    await db('review_settings').insert({
      conference_id: cid,
      blind: true,
      chair_final: true,
      scores: JSON.stringify(DEFAULT_SCORES),
      reviewers_per_paper: 1,
      max_per_reviewer: 0,
      updated_at: now,
    });
    await db('review_rules').insert({
      conference_id: cid,
      title_zh: '创新点；实验是否充分',
      title_en: 'Novelty; experiments',
      display: true,
      enabled: true,
      sort: 1,
      created_at: now,
    });
    ruleId = Number((await db('review_rules').where({ conference_id: cid }).first())!.id);
    browser = await launch();
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test(
    'import, roles, activation, allocation, review, chair decision, the author reads it',
    { timeout: 240_000 },
    async (t) => {
      // 1. The manager imports the reviewers from a sheet and gives them their roles.
      const manager = await open(DESKTOP);
      await loginWithForm(manager, url(''), ADMIN.email, ADMIN.password, '/platform/manage/reviewer');
      await hydrated(manager, 'ManageReviewers');
      await manager.getByRole('button', { name: /^导\s*入$/ }).click();
      const importDialog = visibleModal(manager);
      await importDialog.locator('.ant-modal-title', { hasText: '导入审稿人' }).waitFor();
      const sheet = await importSheet([
        {
          email: REVIEWER.email,
          fullName: REVIEWER.fullName,
          unit: REVIEWER.unit,
          phone: '13900000001',
          country: 'China',
          direction: '联邦学习',
        },
        {
          email: CHAIR.email,
          fullName: CHAIR.fullName,
          unit: CHAIR.unit,
          phone: '13900000002',
          country: 'China',
          direction: '边缘计算',
        },
      ]);
      await shot(manager, 'journey-import-dialog', false);
      await importDialog.locator('input[type=file]').setInputFiles({
        name: 'reviewers.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: sheet,
      });
      await manager.locator('.ant-message-success', { hasText: '已导入 2 位审稿人' }).waitFor();
      await importDialog.waitFor({ state: 'hidden' });
      for (const who of [REVIEWER, CHAIR])
        await manager.locator('.manage-reviewers td', { hasText: who.email }).waitFor();
      const imported = await db('reviewers')
        .where({ conference_id: cid })
        .whereIn('email', [REVIEWER.email, CHAIR.email]);
      assert.equal(imported.length, 2);
      assert.ok(
        imported.every((r) => !r.active && r.user_id === null),
        'imported reviewers have no account yet',
      );
      await giveRole(manager, REVIEWER.email, '审稿人');
      await giveRole(manager, CHAIR.email, '主席');
      await manager
        .locator('.manage-reviewers tr', { hasText: CHAIR.email })
        .locator('.ant-tag', { hasText: '主席' })
        .waitFor();
      await shot(manager, 'journey-reviewers-imported');
      const roles = await db('reviewer_roles')
        .join('reviewers', 'reviewers.id', 'reviewer_roles.reviewer_id')
        .where('reviewer_roles.conference_id', cid)
        .select('reviewers.email', 'reviewer_roles.role', 'reviewer_roles.session_id');
      assert.deepEqual(
        roles.map((r) => [r.email, r.role, Number(r.session_id)]).sort(),
        [
          [CHAIR.email, 'chair', Number(session.id)],
          [REVIEWER.email, 'reviewer', Number(session.id)],
        ].sort(),
      );

      // 2. The reviewer activates from the mailed link on a phone; the chair on a desktop.
      const reviewerKey = await activationKey(REVIEWER.email);
      const reviewerPhone = await open(PHONE);
      await activate(reviewerPhone, reviewerKey.key, REVIEWER, 'reviewer');
      const chairKey = await activationKey(CHAIR.email);
      const chair = await open(DESKTOP);
      await activate(chair, chairKey.key, CHAIR, 'chair');
      const reviewerRow = await db('reviewers').where({ conference_id: cid, email: REVIEWER.email }).first();
      const chairRow = await db('reviewers').where({ conference_id: cid, email: CHAIR.email }).first();
      for (const row of [reviewerRow, chairRow]) {
        assert.equal(Boolean(row!.active), true);
        assert.notEqual(row!.user_id, null);
      }

      // 3. The manager runs the one-click random allocation: the preview, then save.
      await manager.goto(url('/platform/submissionManage/index'));
      await hydrated(manager, 'ManageAllocation');
      await manager.locator('.manage-allocation tr', { hasText: TITLE }).waitFor();
      await manager.getByRole('button', { name: /一键随机分配/ }).click();
      const preview = visibleModal(manager);
      await preview.locator('.ant-modal-title', { hasText: '分配预览' }).waitFor();
      await preview.getByText(/新增 1 个审稿任务/).waitFor();
      assert.match(await preview.innerText(), new RegExp(`${TITLE}[\\s\\S]*${REVIEWER.fullName}`));
      await shot(manager, 'journey-allocation-preview', false);
      await preview.getByRole('button', { name: /保存此分配/ }).click();
      await manager.locator('.ant-message-success', { hasText: '分配已保存' }).waitFor();
      await preview.waitFor({ state: 'hidden' });
      await manager
        .locator('.manage-allocation tr', { hasText: TITLE })
        .locator('.ant-tag', { hasText: REVIEWER.fullName })
        .waitFor();
      await shot(manager, 'journey-allocation-saved');
      const assigned = await db('reviews').where({ conference_id: cid, submission_id: paperId });
      assert.deepEqual(
        assigned.map((r) => [Number(r.reviewer_id), r.state]),
        [[Number(reviewerRow!.id), 'assigned']],
      );
      assert.equal((await db('submissions').where({ id: paperId }).first())!.status, 'assigned');

      // 4. The reviewer signs in on the phone, opens the task, scores, answers, accepts and submits.
      await loginWithForm(reviewerPhone, url(''), REVIEWER.email, REVIEWER.password, '/platform/submissionManage/user');
      await hydrated(reviewerPhone, 'ReviewerTasks');
      await shot(reviewerPhone, 'journey-reviewer-tasks-phone');
      await reviewerPhone.locator('.reviewer-tasks a', { hasText: TITLE }).click();
      await hydrated(reviewerPhone, 'ReviewForm');
      assert.doesNotMatch(
        await reviewerPhone.locator('.review-form').innerText(),
        /作者丙|作者实验室|author-lab/,
        'blind review shows no author',
      );
      const enabled = DEFAULT_SCORES.filter((s) => s.enabled);
      for (const [i, s] of enabled.entries())
        await reviewerPhone.locator(`#review_scores_${s.key}`).fill(String(Math.min(s.max, 6 + i)));
      await reviewerPhone.locator(`#review_answers_${ruleId}_0`).fill('调度策略新颖');
      await reviewerPhone.locator(`#review_answers_${ruleId}_1`).fill('实验覆盖三种设备');
      await reviewerPhone.locator('form#review').getByText('录用', { exact: true }).click();
      await reviewerPhone.locator('#review_comment').fill('建议录用。');
      await shot(reviewerPhone, 'journey-reviewer-form-phone');
      await reviewerPhone
        .locator('form#review')
        .getByRole('button', { name: /^提\s*交$/ })
        .click();
      const confirm = reviewerPhone.locator('.ant-modal-confirm:visible').last();
      await confirm.waitFor();
      await confirm.locator('.ant-btn-primary').click();
      await reviewerPhone.locator('.review-form .ant-alert').filter({ hasText: '只读' }).waitFor();
      await shot(reviewerPhone, 'journey-reviewer-submitted-phone');
      const review = await db('reviews').where({ conference_id: cid, submission_id: paperId }).first();
      assert.equal(review!.state, 'submitted');
      assert.equal(review!.opinion, 'accept');
      assert.deepEqual(Object.keys(JSON.parse(review!.scores)).sort(), enabled.map((s) => s.key).sort());
      assert.deepEqual(JSON.parse(review!.answers), { [ruleId]: ['调度策略新颖', '实验覆盖三种设备'] });
      const phoneWidth = await reviewerPhone.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(phoneWidth <= PHONE.viewport.width + 10, `the review screen fits the phone (${phoneWidth}px)`);

      // 5. The chair (opinion final by configuration) accepts: the manuscript is accepted.
      await loginWithForm(chair, url(''), CHAIR.email, CHAIR.password, '/platform/submissionManage/user');
      await hydrated(chair, 'ReviewerTasks');
      await chair.locator('.reviewer-tasks a', { hasText: TITLE }).click();
      await hydrated(chair, 'ReviewForm');
      await chair.getByText('本会议以主席意见为最终意见。').waitFor();
      const chairForm = chair.locator('form#chairOpinion');
      await chairForm.getByText('录用', { exact: true }).click();
      await chair.locator('#chairOpinion_comment').fill('同意审稿人意见，录用。');
      // The chair's opinion is final, so the chair chooses what the authors' mail carries of the reviews.
      await chairForm.getByText('评审意见（审稿人的及本结论说明）').click();
      await shot(chair, 'journey-chair-form');
      await chairForm.getByRole('button', { name: /主席意见/ }).click();
      await chair.locator('.ant-message-success', { hasText: '主席意见已保存' }).waitFor();
      await chairForm.waitFor({ state: 'detached' });
      await shot(chair, 'journey-chair-decided');
      const decided = await db('submissions').where({ id: paperId }).first();
      assert.equal(decided!.status, 'accepted');
      const resultMail = await db('mail_outbox')
        .where({ kind: 'finalReviewResult', to_address: AUTHOR.email })
        .orderBy('id', 'desc')
        .first();
      assert.ok(resultMail, 'the authors are mailed the result');
      assert.match(
        resultMail.text_body,
        /审稿人 1[\s\S]*建议录用。/,
        "the reviewer's comment, numbered, as the chair chose",
      );
      assert.match(resultMail.text_body, /同意审稿人意见，录用。/);
      assert.ok(!resultMail.text_body.includes(REVIEWER.fullName), 'no reviewer named in the mail');

      // 6. The author reads the result: accepted, and no reviewer named (blind review).
      const author = await open(PHONE);
      await loginWithForm(author, url(''), AUTHOR.email, AUTHOR.password, '/profile/submission');
      await author.goto(url(`/profile/submission/details?id=${paperId}`));
      await hydrated(author, 'ProfileSubmissionDetails');
      const result = author.locator('.review-result');
      await result.waitFor();
      const text = await author.locator('body').innerText();
      assert.match(await result.innerText(), /结果\s*录用/);
      assert.match(text, /已录用/);
      assert.match(await result.innerText(), /审稿人 1/);
      assert.match(await result.innerText(), /调度策略新颖/);
      for (const secret of [REVIEWER.fullName, REVIEWER.email, CHAIR.fullName, CHAIR.email, REVIEWER.unit])
        assert.ok(!text.includes(secret), `blind review: the author does not read ${secret}`);
      await shot(author, 'journey-author-result-phone');

      assert.deepEqual(pageErrors, []);
      t.diagnostic(
        reviewerKey.mailed && chairKey.mailed
          ? 'the activation links were read from the mailed invitations'
          : 'the invitations were kept back (the demo conference is not published): the links were made as a resend makes them',
      );
    },
  );
});
