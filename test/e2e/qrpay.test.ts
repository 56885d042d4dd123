/**
 * Paying by QR code in Chromium (issue 13): the attendee opens the pay page, chooses mobile wallet
 * A (WeChat Pay, here its protocol fake), and the dialog shows the code with its countdown; the
 * test plays the payer (the fake marks the payment paid and sends its signed notification to the
 * server), and the dialog turns to paid by itself, without a reload. Desktop and phone.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { PaymentService } from '../../server/modules/payments/service';
import { providerRegistry } from '../../server/modules/payments/registry';
import { deliver, type FakeGateway } from '../fakes/gateway';
import { startWechatPayFake } from '../fakes/wechatPay';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const SECRET = 'e2e-qr-secret-0123456789abcdefghijklmnop';

describe('paying by QR code in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let fake: FakeGateway;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const password = 'qr-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();

  before(async () => {
    fake = await startWechatPayFake();
    server = await startServer({ env: { SECRET, PAYMENT_GATEWAY_URLS: JSON.stringify({ walletA: fake.url }) } });
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    await db('registration_settings').where({ conference_id: cid }).update({ costs_set: true });
    const now = toDbInstant();
    await db('fee_items').insert({
      conference_id: cid,
      kind: 'register',
      category: 'Regular',
      title_zh: '正式代表注册费',
      title_en: 'Full registration',
      description_zh: '说明',
      description_en: 'About',
      price_amount: 150_000,
      currency: 'CNY',
      display_currency: 'CNY',
      display_price_amount: 150_000,
      open_date: '2020-01-01',
      deadline: '2099-12-31',
      open: true,
      user_scope: 'all',
      lang_scope: 'all',
      invitation_code: '',
      max_total: 500,
      max_per_account: 1,
      price_version: 0,
      sort: 0,
      created_at: now,
      updated_at: now,
    });
    await new PaymentService(db, SECRET, providerRegistry({ walletA: fake.url })).save(cid, {
      generalMethods: ['walletA'],
      hotelSeparate: false,
      hotelMethods: [],
      combinedAllowed: false,
      methods: [
        {
          method: 'walletA',
          titleZh: '微信支付',
          titleEn: 'WeChat Pay',
          noteZh: '',
          noteEn: '',
          fields: fake.config(),
        },
      ],
    });
    for (const [i, email] of ['qr-desk@example.org', 'qr-phone@example.org'].entries()) {
      const { id } = await ensureUser(db, { email, trueName: '参会者', password });
      await grantRole(db, cid, id, 'attendee');
      await db('registrants').insert({
        conference_id: cid,
        user_id: id,
        version: 'default',
        seq: 9100 + i,
        code: `QR-${i}`,
        email,
        full_name: '参会者',
        country: 'China',
        answers: '{}',
        created_at: now,
        updated_at: now,
      });
    }
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    await fake?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function payByQr(page: Page, name: string): Promise<void> {
    await page.goto(url('/profile/conference/fee'));
    await hydrated(page, 'ProfileFees');
    await page.locator('.profile-fees .ant-radio-wrapper', { hasText: '正式代表注册费' }).click();
    await page.locator('.profile-fees .ant-btn-primary').click();
    await page.waitForURL(/\/profile\/order\/pay\/goto\/\d+$/);
    await hydrated(page, 'ProfilePay');
    await page.locator('.profile-pay .pay-method', { hasText: '微信支付' }).click();
    await page.locator('.profile-pay .ant-btn-primary').first().click();
    const dialog = page.locator('.qr-dialog');
    await dialog.locator('img').waitFor();
    assert.match(await dialog.locator('[data-testid="qr-countdown"]').innerText(), /二维码 (\d+:)?\d+:\d\d 后失效/);
    await shot(page, `${name}-qr`);
    const attemptNo = String(
      (await db('payment_attempts').where({ conference_id: cid, method: 'walletA' }).orderBy('id', 'desc').first())!
        .attempt_no,
    );
    const answer = await deliver(fake.pay(attemptNo));
    assert.ok(answer.status < 300, `the server took the notification (${answer.status} ${answer.body})`);
    await dialog.locator('[data-testid="qr-state"][data-state="succeeded"]').waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), /支付成功/);
    await shot(page, `${name}-qr-paid`);
  }

  test('desktop: the QR dialog turns to paid by itself', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'qr-desk@example.org', password, '/profile/conference/fee');
    await payByQr(page, 'qrpay-desktop');
    await context.close();
  });

  test('phone: the QR dialog fits and turns to paid by itself', async () => {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'qr-phone@example.org', password, '/profile/conference/fee');
    await payByQr(page, 'qrpay-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow} px)`);
    await context.close();
  });
});
