/**
 * Fees, orders and receipts in Chromium against the real server (issue 12), on a desktop and on a
 * phone: a registered attendee chooses a registration fee and an optional fee, pays both together
 * by bank transfer and reads the transfer reference; the manager imports the bank's CSV statement,
 * which confirms the orders; the attendee requests an invoice; the manager marks it invoiced; the
 * attendee downloads the receipt PDF. The fees and the payment configuration are written to the
 * database first (their screens have their own tests); everything after is the browser.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { chooseOption, haveBrowser, launch, loginWithForm, PHONE, shot, SHOTS, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('fees, orders and receipts in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'order-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
  const statement = path.join(os.tmpdir(), `statement-${process.pid}.csv`);

  async function person(email: string, roles: Array<'attendee' | 'manager'>, seq: number): Promise<void> {
    const { id } = await ensureUser(db, {
      email,
      trueName: roles.includes('manager') ? '财务老师' : '参会者',
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
        code: `E2E-${seq}`,
        email,
        full_name: '参会者',
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
    await db('registration_settings').where({ conference_id: cid }).update({ costs_set: true });
    const now = toDbInstant();
    const fee = (kind: string, zh: string, en: string, price: number, display: [string, number]) => ({
      conference_id: cid,
      kind,
      category: en,
      title_zh: zh,
      title_en: en,
      description_zh: `${zh}说明`,
      description_en: `About the ${en.toLowerCase()}`,
      price_amount: price,
      currency: 'CNY',
      display_currency: display[0],
      display_price_amount: display[1],
      open_date: '2020-01-01',
      deadline: '2099-12-31',
      open: true,
      user_scope: 'all',
      lang_scope: 'all',
      invitation_code: '',
      max_total: 500,
      max_per_account: 2,
      price_version: 0,
      sort: 0,
      created_at: now,
      updated_at: now,
    });
    await db('fee_items').insert([
      fee('register', '正式代表注册费', 'Full registration', 150_000, ['USD', 21_000]),
      fee('optional', '欢迎晚宴', 'Welcome banquet', 30_000, ['USD', 4_200]),
    ]);
    // The demo's own payment configuration (bank transfer, seeded) is replaced by this test's.
    for (const table of ['payment_methods', 'payment_settings']) await db(table).where({ conference_id: cid }).delete();
    await db('payment_settings').insert({
      conference_id: cid,
      general_methods: JSON.stringify(['bankRemit']),
      hotel_separate: false,
      hotel_methods: '[]',
      combined_allowed: true,
      updated_at: now,
    });
    await db('payment_methods').insert({
      conference_id: cid,
      method: 'bankRemit',
      title_zh: '银行汇款',
      title_en: 'Bank transfer',
      note_zh: '请在汇款附言中写明识别码',
      note_en: 'Write the reference on the transfer',
      fields: JSON.stringify({
        accountName: '会议组织有限公司',
        account: '6222 0000 1111 2222',
        bankName: '中国银行北京中关村支行',
      }),
      secrets: null,
      updated_at: now,
    });
    await db('statement_mappings').insert({
      conference_id: cid,
      mapping: JSON.stringify({ date: '交易日期', amount: '贷方金额', text: '摘要', payer: '对方户名' }),
      updated_at: now,
    });
    await person('payer@example.org', ['attendee'], 9001);
    await person('phone-payer@example.org', ['attendee'], 9002);
    await person('finance@example.org', ['manager'], 0);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(statement, { force: true });
  });

  /** Fee page → both fees → pay together by bank transfer: the references on the transfer. */
  async function chooseAndPay(page: Page, name: string): Promise<string[]> {
    await page.goto(url('/profile/conference/fee'));
    await hydrated(page, 'ProfileFees');
    await page.locator('.profile-fees .ant-radio-wrapper', { hasText: '正式代表注册费' }).click();
    await page.locator('.profile-fees .ant-checkbox-wrapper', { hasText: '欢迎晚宴' }).click();
    assert.match(
      await page.locator('.profile-fees').innerText(),
      /USD 210\.00/,
      'the display price as "currency price"',
    );
    await shot(page, `${name}-fees`);
    await page.locator('.profile-fees .ant-btn-primary').click();
    await page.waitForURL(/\/profile\/order\/pay\/goto\/\d+,\d+$/);
    await hydrated(page, 'ProfilePay');
    await page.locator('.profile-pay .pay-method', { hasText: '银行汇款' }).click();
    await page.locator('.profile-pay .ant-btn-primary').first().click();
    const shown = page
      .locator('.profile-pay')
      .getByText(/CP[0-9A-Z]{8}/)
      .first();
    await shown.waitFor();
    const text = await page.locator('.profile-pay').innerText();
    assert.match(text, /6222 0000 1111 2222/, 'the payee account is shown');
    await shot(page, `${name}-pay`);
    return [...new Set(text.match(/CP[0-9A-Z]{8}/g) ?? [])];
  }

  async function manager(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'finance@example.org', password, '/platform/manage/order');
    return page;
  }

  test('choose fees, pay by transfer, statement confirms, invoice requested and invoiced, receipt downloaded', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'payer@example.org', password, '/profile/conference/fee');
    const references = await chooseAndPay(page, 'orders-desktop');
    assert.equal(references.length, 2, `two orders, two references: ${references}`);

    // The manager imports the bank's statement: one transfer naming both references.
    fs.writeFileSync(
      statement,
      `交易日期,贷方金额,摘要,对方户名\r\n2026-11-20,"1,800.00",会议注册 ${references.join(' ')},参会者\r\n2026-11-20,-15.00,手续费,\r\n`,
    );
    const managerContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const boss = await manager(managerContext);
    await hydrated(boss, 'ManageOrders');
    await boss.getByRole('tab', { name: '导入对账单' }).click();
    await boss.locator('input[type=file]').setInputFiles(statement);
    await boss.locator('form#statementImport button[type=submit]').click();
    await boss.locator('.ant-table-row', { hasText: '已匹配' }).waitFor();
    await shot(boss, 'orders-statement-imported');
    const paid = await db('orders').where({ conference_id: cid, status: 'paid' }).pluck('reference');
    assert.deepEqual([...paid].sort(), [...references].sort());

    // The attendee sees both paid and requests the invoice of the registration fee.
    await page.goto(url('/profile/order/list'));
    await hydrated(page, 'ProfileOrders');
    await shot(page, 'orders-list-paid');
    await page.locator('a[href^="/profile/order/receipt/"]').first().click();
    await hydrated(page, 'ProfileReceiptRequest');
    await page.locator('#invoice_titleName').fill('中国科学院计算技术研究所');
    await page.locator('#invoice_recipientName').fill('张伟');
    await page.locator('#invoice_phone').fill('13800138000');
    await page.locator('#invoice_address').fill('北京市海淀区科学院南路6号');
    await page.locator('#invoice_email').fill('payer@example.org');
    await page.locator('#invoice_attendees').fill('张伟');
    await page.locator('#invoice_attendees').press('Enter');
    await shot(page, 'orders-invoice-request');
    await page.locator('form#invoice button[type=submit]').click();
    await page.waitForFunction(
      () => !location.pathname.startsWith('/profile/order/receipt/') || document.querySelector('.ant-message-success'),
    );
    assert.equal((await db('invoice_requests').where({ conference_id: cid })).length, 1);

    // The manager marks it invoiced, with the tracking and bill numbers.
    await boss.goto(url('/platform/manage/receipt'));
    await hydrated(boss, 'ManageReceipts');
    await boss.locator('.manage-receipts a[role=button]', { hasText: '编辑' }).first().click();
    await boss.getByRole('dialog').waitFor();
    await chooseOption(boss, 'receipt_status', '已开票');
    await boss.locator('#receipt_expressNo').fill('SF1234567890');
    await boss.locator('#receipt_billNo').fill('No.00012345');
    await boss.locator('.ant-modal-footer .ant-btn-primary').click();
    await boss.locator('.ant-table-row', { hasText: 'SF1234567890' }).waitFor();
    await shot(boss, 'orders-receipts-invoiced');
    assert.equal((await db('invoice_requests').where({ conference_id: cid }).first())?.status, 'invoiced');

    // The attendee downloads the receipt PDF, drawn for pdftoppm to look at.
    await page.goto(url('/profile/download'));
    await hydrated(page, 'ProfileDownloads');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a[href*="/receipt/"]').first().click(),
    ]);
    const pdf = path.join(SHOTS, 'orders-receipt.pdf');
    await download.saveAs(pdf);
    assert.equal(fs.readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
    await managerContext.close();
    await context.close();
  });

  test('on a phone: the fee page and the payment page fit and work', async () => {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'phone-payer@example.org', password, '/profile/conference/fee');
    const references = await chooseAndPay(page, 'orders-phone');
    assert.equal(references.length, 2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling on the payment page (${overflow} px)`);
    await context.close();
  });
});
