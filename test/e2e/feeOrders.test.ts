/**
 * Issue 32's fee and order fixes in Chromium, in English and Chinese, on a desktop and a phone:
 * the fee page of a person not registered leads to the registration (not /403); the English fee
 * page shows the English category; a person who holds their registration fee sees it and cannot
 * choose another; an order waiting for a bank transfer says it waits (not that it expires); the
 * cancel dialog says what it does, warns of the transfer and offers "Keep the order" / "Cancel
 * the order"; the transfer reference stays on one line on a phone; after an invoice request the
 * summary has no blank rows and the order list shows the request's state. Screenshots in
 * test-results/screenshots/fee-orders-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

describe('issue 32: fees and orders in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'fee-orders-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
  const errors: string[] = [];

  async function person(email: string, name: string, registered: boolean, seq: number): Promise<void> {
    const { id } = await ensureUser(db, { email, trueName: name, password });
    if (!registered) return;
    await grantRole(db, cid, id, 'attendee');
    const now = toDbInstant();
    await db('registrants').insert({
      conference_id: cid,
      user_id: id,
      version: 'default',
      seq,
      code: `E2E32-${seq}`,
      email,
      full_name: name,
      phone: '13900139000',
      unit: '中国科学院物理研究所',
      country: 'China',
      answers: '{}',
      created_at: now,
      updated_at: now,
    });
  }

  async function page(lang: 'zh' | 'en', mobile: boolean, email: string, to: string): Promise<Page> {
    const context = await browser.newContext(mobile ? { ...PHONE } : { viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'locale', value: lang, url: url('/') }]);
    const p = await context.newPage();
    p.on('pageerror', (e) => errors.push(`${p.url()}: ${String(e).slice(0, 160)}`));
    p.on('console', (m) => void (m.type() === 'error' && errors.push(`${p.url()}: ${m.text().slice(0, 160)}`)));
    await loginWithForm(p, url(''), email, password, to);
    return p;
  }

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    await db('registration_settings').where({ conference_id: cid }).update({ costs_set: true });
    const now = toDbInstant();
    const category = await insertId(
      db('fee_categories').insert({
        conference_id: cid,
        kind: 'register',
        name_zh: '学生',
        name_en: 'Students',
        max_total: 100,
        created_at: now,
        updated_at: now,
      }),
    );
    const fee = (zh: string, en: string, price: number) => ({
      conference_id: cid,
      kind: 'register',
      category: '学生',
      category_id: category,
      title_zh: zh,
      title_en: en,
      description_zh: `${zh}说明`,
      description_en: `About the ${en.toLowerCase()}`,
      price_amount: price,
      currency: 'CNY',
      display_currency: 'CNY',
      display_price_amount: price,
      open_date: '2020-01-01',
      deadline: '2099-12-31',
      open: true,
      user_scope: 'all',
      lang_scope: 'all',
      invitation_code: '',
      max_total: 100,
      max_per_account: 1,
      price_version: 0,
      sort: 0,
      created_at: now,
      updated_at: now,
    });
    await db('fee_items').insert([
      fee('学生早鸟注册费', 'Student early bird', 80_000),
      fee('学生注册费', 'Student registration', 100_000),
    ]);
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
        accountName: 'Conference Org Ltd',
        account: '6222 0000 1111 2222',
        bankName: 'Bank of China',
      }),
      secrets: null,
      updated_at: now,
    });
    await person('stranger32@example.org', 'Stranger', false, 0);
    await person('en32@example.org', 'Alice Wang', true, 9321);
    await person('zh32@example.org', '王小明', true, 9322);
    const boss = await ensureUser(db, { email: 'boss32@example.org', trueName: 'Boss', password });
    await grantRole(db, cid, boss.id, 'manager');
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('not registered: the fee page leads to the registration with a countdown (en desktop, zh phone)', async () => {
    for (const [lang, mobile] of [
      ['en', false],
      ['zh', true],
    ] as const) {
      const p = await page(lang, mobile, 'stranger32@example.org', '/profile/conference/fee');
      await hydrated(p, 'ProfileFees');
      assert.equal(new URL(p.url()).pathname, '/profile/conference/fee', 'not sent to /403');
      const text = await p.locator('.profile-fees').innerText();
      assert.match(text, lang === 'en' ? /register for the conference/ : /请先报名参会/);
      assert.match(text, lang === 'en' ? /Going to the registration in \d+ s/ : /\d+/);
      assert.equal(await p.locator('.profile-fees a[href="/register"]').count(), 1);
      await shot(p, `fee-orders-unregistered-${lang}${mobile ? '-phone' : ''}`);
      await p.locator('.go-on-after button').click(); // stay: the countdown stops
      await p.context().close();
    }
  });

  async function orderAndPay(p: Page, lang: 'zh' | 'en', name: string): Promise<void> {
    await hydrated(p, 'ProfileFees');
    const text = await p.locator('.profile-fees').innerText();
    if (lang === 'en') {
      assert.match(text, /Students/, 'the English category');
      assert.doesNotMatch(text, /学生/, 'no Chinese on the English fee page');
    }
    await shot(p, `${name}-fees`);
    await p.locator('.profile-fees .ant-radio-wrapper').first().click();
    await p.locator('.profile-fees .ant-btn-primary').last().click();
    await p.waitForURL(/\/profile\/order\/pay\/goto\/\d+$/);
    await hydrated(p, 'ProfilePay');
    await p.locator('.profile-pay .pay-method').first().click();
    await p.locator('.profile-pay .ant-btn-primary').first().click();
    const reference = p.locator('.transfer-reference span').first();
    await reference.waitFor();
    const box = await reference.boundingBox();
    const lineHeight = await reference.evaluate(
      (el) =>
        parseFloat(getComputedStyle(el.parentElement!).lineHeight) ||
        parseFloat(getComputedStyle(el.parentElement!).fontSize) * 1.6,
    );
    assert.ok(
      box && box.height < lineHeight * 1.5,
      `the reference is on one line (${box?.height} px for a line of ${lineHeight} px)`,
    );
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow} px)`);
    await shot(p, `${name}-pay`);
  }

  for (const [lang, mobile] of [
    ['en', false],
    ['zh', true],
  ] as const) {
    const name = `fee-orders-${lang}${mobile ? '-phone' : ''}`;
    const email = `${lang}32@example.org`;
    test(`${lang}${mobile ? ' on a phone' : ''}: order, transfer announced, the list waits (no expiry), the cancel dialog, one registration fee, invoice`, async () => {
      const p = await page(lang, mobile, email, '/profile/conference/fee');
      await orderAndPay(p, lang, name);

      await p.goto(url('/profile/order/list'));
      await hydrated(p, 'ProfileOrders');
      const card = await p.locator('.profile-orders').innerText();
      assert.match(card, lang === 'en' ? /waits for the organisers/ : /等待会务组确认/);
      assert.doesNotMatch(card, lang === 'en' ? /expires at/ : /将于.*过期/);
      await shot(p, `${name}-list-waiting`);
      await p
        .locator('.profile-orders .lc-card button', { hasText: lang === 'en' ? 'Cancel order' : '取消订单' })
        .first()
        .click();
      const dialog = p.locator('.ant-modal-confirm');
      await dialog.waitFor();
      const words = await dialog.innerText();
      assert.match(words, lang === 'en' ? /Keep the order/ : /保留订单/);
      assert.match(words, lang === 'en' ? /Cancel the order/ : /取消订单/);
      assert.match(words, lang === 'en' ? /announced a payment/ : /已为此订单提交付款信息/);
      assert.doesNotMatch(words, /^OK$/m);
      await dialog.locator('.ant-btn-dangerous').waitFor();
      await p.waitForTimeout(500); // the dialog's zoom-in, so the picture shows it
      await shot(p, `${name}-cancel-dialog`, false);
      await dialog.locator('button', { hasText: lang === 'en' ? 'Keep the order' : '保留订单' }).click();

      // Back on the fee page: what the person has, and no second registration fee.
      await p.goto(url('/profile/conference/fee'));
      await hydrated(p, 'ProfileFees');
      const fees = await p.locator('.profile-fees').innerText();
      assert.match(fees, lang === 'en' ? /What you already have/ : /您已有的费用/);
      assert.match(fees, lang === 'en' ? /You already have your registration fee/ : /您已有注册费/);
      assert.equal(await p.locator('.profile-fees .ant-radio-wrapper-disabled').count(), 2);
      await shot(p, `${name}-fees-held`);

      // Paid (as a manager's deal would), the invoice: prefilled, no blank rows after the request, its state in the list.
      const user = await db('users').where({ email }).first();
      const order = (await db('orders').where({ conference_id: cid, user_id: user!.id }).first())!;
      await db('orders').where({ id: order.id }).update({
        status: 'paid',
        paid_amount: order.total_amount,
        paid_at: toDbInstant(),
        closed_at: toDbInstant(),
        open_slot: null,
      });
      await p.goto(url(`/profile/order/receipt/${order.id}`));
      await hydrated(p, 'ProfileReceiptRequest');
      assert.equal(await p.locator('#invoice_titleName').inputValue(), lang === 'en' ? 'Alice Wang' : '王小明');
      assert.equal(await p.locator('#invoice_phone').inputValue(), '13900139000');
      await p.locator('#invoice_address').fill('北京市海淀区中关村南三街8号');
      await shot(p, `${name}-invoice-form`);
      await p.locator('form#invoice button[type=submit]').click();
      await p.locator('.ant-descriptions').waitFor();
      const blank = await p
        .locator('.ant-descriptions-row')
        .evaluateAll((rows) => rows.filter((r) => !(r as HTMLElement).innerText.trim()).length);
      assert.equal(blank, 0, 'no blank rows in the summary');
      await shot(p, `${name}-invoice-sent`);
      await p.goto(url('/profile/order/list'));
      await hydrated(p, 'ProfileOrders');
      const list = await p.locator('.profile-orders').innerText();
      assert.match(list, lang === 'en' ? /Invoice: / : /发票：/);
      assert.doesNotMatch(list, lang === 'en' ? /Request receipt/ : /申请发票/);
      await shot(p, `${name}-list-invoiced`);
      await p.context().close();
    });
  }

  test('the manager: bilingual categories with their shared maximum, and the rule of registration fees per person (zh desktop, en phone)', async () => {
    for (const [lang, mobile] of [
      ['zh', false],
      ['en', true],
    ] as const) {
      const p = await page(lang, mobile, 'boss32@example.org', '/platform/config/register/fee');
      await hydrated(p, 'RegisterConfigFees');
      const text = await p.locator('.register-config-fees').innerText();
      assert.match(text, lang === 'zh' ? /每人可订注册费数/ : /Registration fees per person/);
      assert.match(text, lang === 'zh' ? /学生/ : /Students/);
      await p.locator('#register-per-person').fill('2');
      await p.locator('.fee-rule button').click();
      await p.locator('.ant-message-success').waitFor();
      assert.equal(Number((await db('fee_settings').where({ conference_id: cid }).first())?.register_per_person), 2);
      await p.locator('.fee-rule button').waitFor({ state: 'attached' });
      await p.locator('#register-per-person').fill('1');
      await p.locator('.fee-rule button').click();
      await shot(p, `fee-orders-config-${lang}${mobile ? '-phone' : ''}`);
      await p.locator('.register-config-fees a[role=button]').first().click();
      await p.locator('.ant-modal').waitFor();
      await p.waitForTimeout(500);
      assert.equal(await p.locator('#fee-register_categoryEn').inputValue(), 'Students');
      await shot(p, `fee-orders-config-edit-${lang}${mobile ? '-phone' : ''}`, false);
      await p.context().close();
    }
  });

  test('the submission fee: the manager charges it (zh desktop); the author is asked to pay it before submitting and lands on its payment (en phone)', async () => {
    const boss = await page('zh', false, 'boss32@example.org', '/platform/config/contribute');
    await hydrated(boss, 'ManageContributeConfig');
    await boss.getByRole('tab', { name: '投稿费' }).click();
    // On a loaded machine a click during the tab's slide can be lost: click until the switch says it is on.
    const enabled = boss.locator('#submissionFee_enabled');
    for (let i = 0; i < 5 && (await enabled.getAttribute('aria-checked')) !== 'true'; i++) {
      await enabled.click();
      await boss.waitForTimeout(300);
    }
    assert.equal(await enabled.getAttribute('aria-checked'), 'true', 'the submission-fee switch never turned on');
    await boss.locator('#submissionFee_price').fill('200');
    await boss.locator('form#submissionFee button[type=submit]').click();
    await boss.locator('.ant-message-success').waitFor();
    const saved = await db('submission_fee_settings').where({ conference_id: cid }).first();
    assert.equal(Boolean(saved!.enabled), true);
    assert.equal(Number(saved!.amount), 20_000);
    await shot(boss, 'fee-orders-submission-fee-config-zh');
    await boss.context().close();

    const author = await page('en', true, 'en32@example.org', '/profile/submission');
    await hydrated(author, 'ProfileSubmission');
    const bar = author.locator('.ant-alert', { hasText: 'submission fee' });
    if (!(await bar.count())) {
      // The demo's submission window may be closed: say so rather than pass silently.
      assert.fail(
        `no submission-fee bar: ${(await author.locator('[data-island="ProfileSubmission"]').innerText()).slice(0, 200)}`,
      );
    }
    await shot(author, 'fee-orders-submission-fee-bar-en-phone');
    await bar.locator('button').click();
    const dialog = author.locator('.ant-modal-confirm');
    await dialog.waitFor();
    await author.waitForTimeout(400);
    await dialog.locator('.ant-btn-primary').click();
    await author.waitForURL(/\/profile\/order\/pay\/goto\/\d+$/);
    await hydrated(author, 'ProfilePay');
    assert.match(await author.locator('.profile-pay').innerText(), /Submission fee/);
    await shot(author, 'fee-orders-submission-fee-pay-en-phone');
    await author.context().close();
  });

  test('no error in any console', () => {
    assert.deepEqual(errors, []);
  });
});
