/**
 * Spec 8's messages where a person meets them (issue 32), in Chromium, in Chinese and English, on
 * a desktop and a phone: a template's own Exit link shows the logout-failure toast when the logout
 * fails; a conference in maintenance shows visitors 'Under Maintenance' while its manager, who
 * switched it on, keeps working; the pages of services a conference has not enabled say 'The
 * service has not been opened…'; a registration whose mail cannot be written says 'Attend failed'
 * / 'Email initial failed…'; orders show their amounts in the display currency beside the charged
 * ones and their lines' fee category. Screenshots in test-results/screenshots/spec8-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { expectNoViolations } from './axe';
import {
  expectConsoleErrors,
  haveBrowser,
  loginWithForm,
  shot,
  startStage,
  warnIfNoBrowser,
  type Stage,
} from './browser';
import { startServer } from './server';

warnIfNoBrowser();

const ADMIN = { email: 'admin@platform.localhost', password: 'e2e-admin-password-1' };
const PASSWORD = 'spec8-password-1';
const COMBOS = [
  ['zh', 'desktop'],
  ['en', 'desktop'],
  ['zh', 'phone'],
  ['en', 'phone'],
] as const;

describe('spec 8 messages in Chromium', { skip: !haveBrowser }, () => {
  let stage: Stage;
  let db: Db;
  let demo: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-e2e-spec8-'));
  const origin = (host: string) => stage.url('', host);
  const cv = path.join(os.tmpdir(), `spec8-cv-${process.pid}.pdf`);

  async function context(lang: 'zh' | 'en', device: 'desktop' | 'phone'): Promise<BrowserContext> {
    return stage.context({ lang, device, host: ['demo', 'demo2', 'platform'] });
  }

  async function person(email: string, name: string, conferenceId: number | null, seq = 0): Promise<number> {
    const { id } = await ensureUser(db, { email, trueName: name, password: PASSWORD });
    if (conferenceId && seq) {
      await grantRole(db, conferenceId, id, 'attendee');
      const now = toDbInstant();
      await db('registrants').insert({
        conference_id: conferenceId,
        user_id: id,
        version: 'default',
        seq,
        code: `S8-${seq}`,
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
    return id;
  }

  before(async () => {
    fs.writeFileSync(cv, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    // Seeded once, then set up while the server is down: the second conference's services are
    // switched off in its site record, which the running server keeps cached.
    await (await startServer({ dataDir })).stop();
    db = createDb({ dataDir });
    demo = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const demo2 = Number((await db('conferences').where({ slug: 'demo2' }).first())!.id);
    for (const module of ['register', 'hotel', 'submission']) {
      const key = { conference_id: demo2, module };
      if (!(await db('conference_modules').where(key).update({ enabled: false })))
        await db('conference_modules').insert({ ...key, enabled: false });
    }
    await db('registration_settings').where({ conference_id: demo2 }).update({ costs_set: false });
    // The demo's common templates get an Exit link of their own, as a manager writes one
    // (docs/templates.md: template-exit-container), beside the sign-in link and drawn as it is.
    const withExit = (html: string) =>
      html.replace(
        /(<a id="template-login-container"(?: class="([^"]*)")?[^>]*>.*?<\/a>)/,
        (login: string, _whole: string, classes = '') => {
          const shown = `${classes.replace('template-hide-after-login', '')} template-display-after-login`.trim();
          return `${login}<a id="template-exit-container" class="${shown}" href="#"><span lang="zh">退出</span><span lang="en">Exit</span></a>`;
        },
      );
    for (const table of ['pages', 'page_versions']) {
      for (const row of await db(table)
        .where({ conference_id: demo })
        .where('html', 'like', '%id="template-login-container"%')
        .select('id', 'html')) {
        await db(table)
          .where({ id: row.id })
          .update({ html: withExit(String(row.html)) });
      }
    }
    await db('registration_settings').where({ conference_id: demo }).update({ costs_set: true });
    for (const [i, [lang, device]] of COMBOS.entries())
      await person(`spec8-${lang}-${device}@example.org`, `Spec8 ${lang} ${device}`, demo2, 800 + i);
    await person('spec8-reader@example.org', '读者', null);
    // An order charged in yuan and shown in dollars, of a fee of the category 学生 / Students.
    const reader = await person('spec8-orders@example.org', 'Order Reader', demo, 899);
    const now = toDbInstant();
    const deadline = toDbInstant(new Date(Date.now() + 7 * 86_400_000));
    const order = await insertId(
      db('orders').insert({
        conference_id: demo,
        user_id: reader,
        order_no: 'S8ORDER0001',
        type: 'register',
        reference: 'S8REF01',
        currency: 'CNY',
        display_currency: 'USD',
        total_amount: 120_050,
        status: 'unpaid',
        open_slot: null,
        lang: 'zh',
        deadline_at: deadline,
        created_at: now,
        updated_at: now,
      }),
    );
    await db('order_items').insert({
      conference_id: demo,
      order_id: order,
      kind: 'register',
      ref_id: null,
      title_zh: '学生注册费',
      title_en: 'Student registration',
      unit_amount: 120_050,
      quantity: 1,
      price_version: 1,
      valid: true,
      category_zh: '学生',
      category_en: 'Students',
      display_unit_amount: 17_000,
    });
    await db.destroy();
    stage = await startStage(undefined, { dataDir });
    db = createDb({ dataDir });
  });

  after(async () => {
    try {
      await db?.destroy();
      await stage?.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(cv, { force: true });
    }
  });

  for (const [lang, device] of COMBOS) {
    test(`${device} ${lang}: a template's own Exit link shows the logout-failure toast; the person stays signed in`, async () => {
      const ctx = await context(lang, device);
      const page = await ctx.newPage();
      await loginWithForm(page, origin('demo'), 'spec8-reader@example.org', PASSWORD, '/');
      expectConsoleErrors(
        ctx,
        /status of 500 .*\/api\/base\/oauth\/logout$/,
        "the test's own route answers the logout 500",
      );
      await page.route('**/api/base/oauth/logout', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 500, message: 'commonMsg.serverError', data: null }),
        }),
      );
      // The template's link (not the user menu island's): outside every island.
      const marked = await page
        .locator('a[data-action="logout"]')
        .evaluateAll((links) =>
          links
            .filter((a) => !a.closest('[data-island]'))
            .map((a, i) => (a.setAttribute('data-spec8-exit', String(i)), (a as HTMLElement).offsetParent !== null)),
        );
      assert.ok(marked.length > 0, 'the template has its own Exit link');
      let visible = marked.indexOf(true);
      if (visible < 0) {
        // On a phone the template's menu is folded: open it as a person would.
        await page
          .locator('.template-menu-toggle, .menu-toggle, .navbar-toggler, [aria-label*="menu" i]')
          .first()
          .click();
        visible = (
          await page
            .locator('[data-spec8-exit]')
            .evaluateAll((as) => as.map((a) => (a as HTMLElement).offsetParent !== null))
        ).indexOf(true);
      }
      assert.ok(visible >= 0, 'a template Exit link is visible');
      await page.locator(`[data-spec8-exit="${visible}"]`).click();
      const toast = page.locator('.template-toast[role="alert"]');
      await toast.waitFor();
      assert.equal(
        await toast.innerText(),
        lang === 'zh' ? '退出失败，请稍后重试' : 'Could not sign out. Please try again.',
      );
      const box = await toast.boundingBox();
      const width = await page.evaluate(() => window.innerWidth);
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, 'the toast fits the window');
      await shot(page, `spec8-template-logout-failed-${device}-${lang}`, false);
      await expectNoViolations(page, 'the logout-failure toast');
      assert.equal(new URL(page.url()).pathname, '/', 'the browser stays');
      assert.ok(
        (await ctx.cookies()).some((c) => c.name === 'token'),
        'still signed in',
      );
      await ctx.close();
    });
  }

  test('the manager switches maintenance on: visitors see "Under Maintenance" (zh, en; desktop, phone); the manager keeps working; off again', async () => {
    const boss = await context('zh', 'desktop');
    const page = await boss.newPage();
    await loginWithForm(page, origin('demo'), ADMIN.email, ADMIN.password, '/platform');
    await page.locator('[data-island="PublicationActions"][data-hydrated="true"]').waitFor();
    await page.locator('#maintenance-switch').click();
    await page.getByText('维护模式已保存').waitFor();
    await page.locator('.maintenance-switch').scrollIntoViewIfNeeded();
    await shot(page, 'spec8-maintenance-switch-desktop-zh', false);
    await expectNoViolations(page, 'the maintenance switch');
    assert.equal(await page.locator('#maintenance-switch').getAttribute('aria-checked'), 'true');
    for (const [lang, device] of COMBOS) {
      const ctx = await context(lang, device);
      expectConsoleErrors(ctx, /status of 503/, 'the maintenance page answers 503 on purpose');
      const visitor = await ctx.newPage();
      const res = await visitor.goto(`${origin('demo')}/`);
      assert.equal(res?.status(), 503);
      assert.equal(await visitor.locator('h1').innerText(), lang === 'zh' ? '系统维护中' : 'Under Maintenance');
      assert.equal(
        await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        0,
        'no sideways scroll',
      );
      await shot(visitor, `spec8-maintenance-${device}-${lang}`, false);
      await expectNoViolations(visitor, 'the maintenance page');
      await ctx.close();
    }
    // The manager (the super admin here) still sees the site and the management area.
    assert.equal((await page.goto(`${origin('demo')}/`))?.status(), 200);
    await page.goto(`${origin('demo')}/platform`);
    await page.locator('[data-island="PublicationActions"][data-hydrated="true"]').waitFor();
    await page.locator('#maintenance-switch').click();
    await page.getByText('维护模式已保存').waitFor();
    await boss.close();
    const after = await context('en', 'desktop');
    const back = await after.newPage();
    assert.equal((await back.goto(`${origin('demo')}/`))?.status(), 200);
    await after.close();
  });

  for (const [lang, device] of COMBOS) {
    test(`${device} ${lang}: services the conference has not enabled say "not opened"`, async () => {
      const ctx = await context(lang, device);
      const page = await ctx.newPage();
      await loginWithForm(page, origin('demo2'), `spec8-${lang}-${device}@example.org`, PASSWORD, '/profile/userInfo');
      const register =
        lang === 'zh'
          ? '会议注册服务尚未开通，请联系会议主办方。'
          : 'The conference register service has not been opened, please contact the conference organizer.';
      const service =
        lang === 'zh'
          ? '该服务尚未开通，请联系管理员！'
          : 'The service has not been opened, please contact the administrator!';
      assert.equal((await page.goto(`${origin('demo2')}/conferenceRegister`))?.status(), 200);
      await page.getByText(register).waitFor();
      await shot(page, `spec8-register-not-opened-${device}-${lang}`, false);
      await expectNoViolations(page, 'the registration page, not opened');
      const pages =
        device === 'desktop' && lang === 'zh'
          ? ['/profile/conference/fee', '/profile/hotel/order', '/profile/submission']
          : device === 'phone' && lang === 'en'
            ? ['/profile/conference/fee', '/profile/hotel/order', '/profile/submission']
            : ['/profile/conference/fee'];
      for (const p of pages) {
        assert.equal((await page.goto(`${origin('demo2')}${p}`))?.status(), 200, p);
        await page.locator('.service-not-opened').getByText(service).waitFor();
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          0,
          'no sideways scroll',
        );
        await shot(page, `spec8-not-opened${p.replaceAll('/', '-')}-${device}-${lang}`, false);
        await expectNoViolations(page, `${p}, not opened`);
      }
      await ctx.close();
    });
  }

  for (const [lang, device] of [
    ['zh', 'desktop'],
    ['en', 'phone'],
  ] as const) {
    test(`${device} ${lang}: a registration whose mail cannot be written says "Attend failed"`, async () => {
      const email = `spec8-attend-${lang}@example.org`;
      await person(email, lang === 'zh' ? '参会者' : 'Attendee', null);
      // The outbox refuses the conference's mail (a trigger on the server's own database).
      await db.raw(
        `CREATE TRIGGER IF NOT EXISTS spec8_refuse_outbox BEFORE INSERT ON mail_outbox WHEN NEW.conference_id = ${demo} BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`,
      );
      const ctx = await context(lang, device);
      expectConsoleErrors(
        ctx,
        /status of 500 .*\/api\/conference\/conferenceUser$/,
        'the registration is refused with 500 on purpose',
      );
      const page = await ctx.newPage();
      try {
        await loginWithForm(page, origin('demo'), email, PASSWORD, '/conferenceRegister');
        await page.locator('[data-island="RegisterForm"][data-hydrated="true"]').waitFor();
        await page.locator('#conferenceRegister_tel').fill('13912345678');
        await page.locator('#conferenceRegister_country').selectOption({ index: 1 });
        await page.locator('#conferenceRegister_unit').fill('中国科学院计算技术研究所');
        await page.locator('#conferenceRegister_c_attendance input[type=radio]').first().check();
        await page.locator('input[type=file]').first().setInputFiles(cv);
        await page.locator('.rf-file-name', { hasText: path.basename(cv) }).waitFor();
        await page.locator('#conferenceRegister_noticeAccepted').check();
        await page.locator('form#conferenceRegister button[type=submit]').click();
        const alert = page.locator('.rf-alert-warn[role="alert"]');
        await alert
          .locator('.rf-alert-title')
          .getByText(lang === 'zh' ? '参会失败' : 'Attend failed')
          .waitFor();
        assert.match(
          await alert.innerText(),
          lang === 'zh' ? /邮件初始化失败，请联系管理员/ : /Email initial failed, please contact administrator/,
        );
        await alert.scrollIntoViewIfNeeded();
        await shot(page, `spec8-attend-failed-${device}-${lang}`, false);
        await expectNoViolations(page, 'Attend failed');
        assert.equal(new URL(page.url()).pathname, '/conferenceRegister', 'no redirect: not registered');
      } finally {
        await db.raw('DROP TRIGGER IF EXISTS spec8_refuse_outbox');
      }
      await ctx.close();
    });
  }

  for (const [lang, device] of COMBOS) {
    test(`${device} ${lang}: an order shows its display currency beside the charged amount, and its lines' category`, async () => {
      const ctx = await context(lang, device);
      const page = await ctx.newPage();
      await loginWithForm(page, origin('demo'), 'spec8-orders@example.org', PASSWORD, '/profile/order/list');
      const card = page.locator('.order-total').first();
      await card.waitFor();
      const total = await card.innerText();
      assert.match(total, /\$170\.00/);
      assert.match(total, /1,200\.50/);
      const line = await page.locator('.order-item').first().innerText();
      assert.match(line, lang === 'zh' ? /^学生 · 学生注册费 × 1/ : /^Students · Student registration × 1/);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        0,
        'no sideways scroll',
      );
      await shot(page, `spec8-order-list-${device}-${lang}`, false);
      await expectNoViolations(page, 'the order list');
      const id = Number((await db('orders').where({ order_no: 'S8ORDER0001' }).first())!.id);
      await page.goto(`${origin('demo')}/profile/order/pay/goto/${id}`);
      await page.locator('.order-total').first().waitFor();
      assert.match(await page.locator('.order-total').first().innerText(), /\$170\.00 \(.*1,200\.50\)/);
      await shot(page, `spec8-pay-${device}-${lang}`, false);
      await expectNoViolations(page, 'the pay page');
      await ctx.close();
    });
  }

  test('desktop en: the managers’ order list shows the display amount and the expanded lines their category', async () => {
    const ctx = await context('en', 'desktop');
    const page = await ctx.newPage();
    await loginWithForm(page, origin('demo'), ADMIN.email, ADMIN.password, '/platform/manage/order');
    // The table is drawn by the server: its expand button works once the island has hydrated.
    await page.locator('[data-island="ManageOrders"][data-hydrated="true"]').waitFor();
    const row = page.locator('tr', { hasText: 'S8ORDER0001' }).first();
    assert.match(await row.locator('.order-total').innerText(), /\$170\.00 \(.*1,200\.50\)/);
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('.order-details .order-item', { hasText: 'Students · Student registration' }).waitFor();
    await shot(page, 'spec8-manage-orders-desktop-en', false);
    await expectNoViolations(page, "the managers' order list");
    await ctx.close();
  });
});
