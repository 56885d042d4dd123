/**
 * The peer-review journey's fixture (reviewJourney.test.ts): its people, the reviewer import sheet
 * as the template lays it out, and picking an option in a dialog's selector.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { IMPORT_COLUMNS } from '../../server/contract/reviewers';

/** The template's words for the sheet and its header row (the import reads the rows after it, in IMPORT_COLUMNS order). */
export const zhReviewers = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../public/locales/zh/reviewers.json'), 'utf8'),
) as { import: { sheet: string; column: Record<string, string> } };

export const ADMIN = { email: 'admin@platform.localhost', password: 'e2e-admin-password-1' };
// Three institutions: a shared mail domain would be a suggested conflict of interest and block the allocation.
export const REVIEWER = {
  email: 'journey.reviewer@review-univ.edu',
  fullName: '李明',
  unit: '浙江大学',
  password: 'Reviewer-pass-2027',
};
export const CHAIR = {
  email: 'journey.chair@chair-inst.org',
  fullName: '王芳',
  unit: '复旦大学',
  password: 'Chair-pass-2027',
};
export const AUTHOR = { email: 'journey.author@author-lab.org', password: 'author-password-1' };
export const TITLE = '面向边缘计算的自适应联邦学习调度';
export const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** The sheet as the template lays it out: the header row, then one reviewer a row in IMPORT_COLUMNS order. */
export async function importSheet(rows: Array<Record<(typeof IMPORT_COLUMNS)[number], string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(zhReviewers.import.sheet);
  sheet.addRow(IMPORT_COLUMNS.map((c) => zhReviewers.import.column[c]));
  for (const r of rows) sheet.addRow(IMPORT_COLUMNS.map((c) => r[c]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Picks `option` in the dialog's `select`-th selector: retried, since a click during the modal's zoom may miss (reviewJourney's roles dialog). */
export async function pickOption(page: Page, dialog: Locator, select: number, option: string): Promise<void> {
  const box = dialog.locator('.ant-select').nth(select);
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`),
    })
    .first();
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await item.isVisible())) await box.click();
      await item.waitFor({ timeout: 3000 });
      await item.click({ timeout: 3000 });
      await page.waitForFunction(
        ([el, text]) => (el as HTMLElement).innerText.includes(text as string),
        [await box.elementHandle(), option] as const,
        { timeout: 3000 },
      );
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  // A list still open would lie over the next control: a click on the dialog's title closes it.
  if (await page.locator('.ant-select-dropdown:visible').count()) await dialog.locator('.ant-modal-title').click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}
