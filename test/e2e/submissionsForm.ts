/**
 * The submissions browser test's form steps (submissions.test.ts): confirming a dialog and filling
 * the submission form, each on a page already open.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { chooseOption } from './browser';

/**
 * Clicks a dialog's primary button once the dialog has opened, and waits for it to close: a
 * click during the opening zoom can be lost on a slow machine (seen once in five runs).
 */
export async function confirmIn(page: Page, dialog: string): Promise<void> {
  const box = page.locator(`${dialog}:visible`).last();
  await box.waitFor();
  await page.waitForTimeout(300);
  await box.locator('.ant-btn-primary').last().click();
  await box.waitFor({ state: 'hidden' });
}

/** The form with its title, session, sub-session, report type and abstract; the first author comes from the registration. */
export async function fillForm(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /我要投稿/ }).click();
  await page.locator('.submission-form').waitFor();
  assert.equal(
    await page.locator('#submission_authors_0_surname').inputValue(),
    '李',
    'the first author comes from the registration',
  );
  await page.locator('#submission_title').fill(title);
  await chooseOption(page, 'submission_sessionId', '人工智能与机器学习');
  await chooseOption(page, 'submission_subSessionId', '图学习');
  await chooseOption(page, 'submission_reportTypeId', '口头报告');
  await page.locator('#submission_keywords').fill('图神经网络；分布式训练');
  await page
    .locator('#submission_abstract')
    .fill('本文提出一种在异构硬件上扩展图神经网络训练的方法，并在三个大规模数据集上评估。');
}
