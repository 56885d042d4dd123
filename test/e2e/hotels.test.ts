/**
 * Hotels in Chromium against the real server (issue 14), on a desktop and on a phone: an attendee
 * books two rooms for three nights (nights and total shown before confirming) and pays by bank
 * transfer; the manager records the payment, which confirms the reservation (issue 32), changes its dates,
 * and the occupancy grid shows the nights where they are now. The hotel, its room type and the
 * payment configuration are written to the database first (their screens have their own tests).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { todayIn } from '../../server/platform/localTime';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const day = (n: number) => todayIn('Asia/Shanghai', new Date(Date.now() + n * 86_400_000));

describe('hotels in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  let roomId: number;
  const password = 'hotel-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();

  async function person(email: string, roles: Array<'attendee' | 'manager'>, seq: number): Promise<void> {
    const { id } = await ensureUser(db, {
      email,
      trueName: roles.includes('manager') ? '会务老师' : '参会者',
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
        code: `H-${seq}`,
        email,
        full_name: '王芳',
        unit: '中国科学院',
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
    const now = toDbInstant();
    // The demo's own hotels and payment (seeded) are replaced by this test's.
    for (const table of [
      'hotel_bookings',
      'hotel_nights',
      'hotel_rooms',
      'hotels',
      'hotel_settings',
      'payment_methods',
      'payment_settings',
    ])
      await db(table).where({ conference_id: cid }).delete();
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
    await db('hotel_settings').insert({
      conference_id: cid,
      start_date: day(-5),
      end_date: day(30),
      open: true,
      currency: 'CNY',
      display_currency: 'CNY',
      description_zh: '<p>会议推荐酒店，步行 5 分钟到会场。</p>',
      description_en: '<p>Recommended hotel, five minutes on foot from the venue.</p>',
      condition: 'none',
      condition_note_zh: '',
      condition_note_en: '',
      updated_at: now,
    });
    const [hotelId] = await db('hotels').insert({
      conference_id: cid,
      name_zh: '西湖国宾馆',
      name_en: 'West Lake State Guesthouse',
      stars: 5,
      link: 'https://hotel.example.org',
      address_zh: '杭州市西湖区杨公堤18号',
      address_en: '18 Yanggong Causeway, Hangzhou',
      photo: '',
      map_link: 'https://maps.example.org',
      sort: 1,
      created_at: now,
      updated_at: now,
    });
    [roomId] = await db('hotel_rooms').insert({
      conference_id: cid,
      hotel_id: hotelId,
      type_zh: '大床房',
      type_en: 'King room',
      price_amount: 48_000,
      display_price_amount: 48_000,
      total: 8,
      check_in_start: day(20),
      check_in_end: day(27),
      min_per_person: 1,
      max_per_person: 2,
      created_at: now,
      updated_at: now,
    });
    await db('hotel_nights').insert(
      Array.from({ length: 7 }, (_, i) => ({
        conference_id: cid,
        room_id: roomId,
        night: day(20 + i),
        held: 0,
        sold: 0,
      })),
    );
    await person('guest@example.org', ['attendee'], 9101);
    await person('phone-guest@example.org', ['attendee'], 9102);
    await person('hotel-boss@example.org', ['manager'], 0);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** Types a day into an antd DatePicker and takes it with Enter. */
  async function pickDate(page: Page, input: string, value: string): Promise<void> {
    const field = page.locator(input);
    await field.click();
    await field.fill(value);
    await field.press('Enter');
  }

  /** The booking page → the room's form → two rooms for three nights → the pay page by bank transfer: the reference. */
  async function bookAndPay(page: Page, name: string, from: number): Promise<string> {
    await page.goto(url('/profile/hotel/order'));
    await hydrated(page, 'ProfileHotel');
    await shot(page, `${name}-hotels`);
    await page.locator('.hotel-room', { hasText: '大床房' }).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(
      await dialog.locator('#hotel-booking_name').inputValue(),
      '王芳',
      'the name comes from the registration',
    );
    for (const [field, value] of [
      ['checkIn', day(from)],
      ['checkOut', day(from + 3)],
    ] as const)
      await pickDate(page, `#hotel-booking_${field}`, value);
    await dialog.locator('#hotel-booking_quantity').fill('2');
    await dialog.getByText('¥2,880.00').waitFor();
    const summary = await dialog.innerText();
    assert.match(summary, /晚数\s*3/, 'three nights shown before confirming');
    await shot(page, `${name}-booking-form`);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForURL(/\/profile\/order\/pay\/goto\/\d+$/);
    await hydrated(page, 'ProfilePay');
    await page.locator('.profile-pay .pay-method', { hasText: '银行汇款' }).click();
    await page.locator('.profile-pay .ant-btn-primary').first().click();
    const reference = page
      .locator('.profile-pay')
      .getByText(/CP[0-9A-Z]{8}/)
      .first();
    await reference.waitFor();
    await shot(page, `${name}-pay`);
    return (await page.locator('.profile-pay').innerText()).match(/CP[0-9A-Z]{8}/)![0];
  }

  test('book two rooms for three nights, pay by transfer; the manager records it, confirms, moves the dates; the grid follows', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'guest@example.org', password, '/profile/hotel/order');
    const reference = await bookAndPay(page, 'hotels-desktop', 20);
    const booking = (await db('hotel_bookings').where({ conference_id: cid }).first())!;
    assert.equal(booking.quantity, 2);
    assert.equal(booking.nights, 3);
    const night = async (n: number) =>
      (await db('hotel_nights')
        .where({ room_id: roomId, night: day(n) })
        .first())!;
    assert.equal((await night(21)).held, 2);

    const boss = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
    ).newPage();
    // Hydration must match the server's HTML: React reports a mismatch (#418) as a page error.
    const pageErrors: string[] = [];
    for (const p of [page, boss]) p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${String(e).slice(0, 160)}`));
    await loginWithForm(boss, url(''), 'hotel-boss@example.org', password, '/platform/manage/hotel');
    await hydrated(boss, 'ManageHotel');
    const row = boss.locator('.ant-table-row', { hasText: '王芳' });
    await row.waitFor();
    await shot(boss, 'hotels-manage-list');

    // The transfer arrived: record it as paid with the amount.
    await row.getByRole('button', { name: /支付状态/ }).click();
    const pay = boss.getByRole('dialog');
    await pay.waitFor();
    await pay.getByText('已支付', { exact: true }).click();
    await pay.locator('.ant-modal-footer .ant-btn-primary').click();
    await row.locator('.ant-tag', { hasText: '已支付' }).waitFor();
    assert.equal((await db('orders').where({ id: booking.order_id! }).first())!.status, 'paid', `paid (${reference})`);
    assert.equal((await night(21)).sold, 2);

    // Paid is confirmed by itself (issue 32): nothing left to confirm.
    await row.locator('.ant-tag', { hasText: '已确认' }).waitFor();
    assert.equal((await db('hotel_bookings').where({ id: booking.id }).first())!.status, 'confirmed');
    await shot(boss, 'hotels-manage-paid-confirmed');

    // Move the stay by two days (a paid stay keeps its three nights).
    await row.getByRole('button', { name: /修改日期/ }).click();
    const dates = boss.getByRole('dialog');
    await dates.waitFor();
    for (const [field, value] of [
      ['checkIn', day(22)],
      ['checkOut', day(25)],
    ] as const) {
      const input = dates.locator(`[id$="_${field}"]`);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    await shot(boss, 'hotels-manage-dates');
    await dates.locator('.ant-modal-footer .ant-btn-primary').click();
    await row.getByText(day(22)).first().waitFor();
    assert.equal((await night(20)).sold, 0);
    assert.equal((await night(24)).sold, 2);

    // The occupancy grid shows the nights where they are now.
    await boss.getByRole('tab', { name: /占用/ }).click();
    const grid = boss.locator('.hotel-occupancy');
    await grid
      .getByText(/2\s*\/\s*8/)
      .first()
      .waitFor();
    await shot(boss, 'hotels-manage-occupancy');
    const text = await grid.innerText();
    assert.match(text, /大床房/);

    // The configuration screen; then the screens in English.
    await boss.goto(url('/platform/config/hotel'));
    await hydrated(boss, 'ManageHotelConfig');
    await shot(boss, 'hotels-config-settings');
    await boss.getByRole('tab', { name: '酒店与房型' }).click();
    await boss.locator('.hotel-list .ant-card').first().waitFor();
    await shot(boss, 'hotels-config-hotels');
    for (const p of [boss, page]) await p.context().addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    await boss.goto(url('/platform/manage/hotel'));
    await hydrated(boss, 'ManageHotel');
    assert.match(await boss.locator('.manage-hotel').innerText(), /Change dates/);
    await shot(boss, 'hotels-manage-list-en');
    await page.goto(url('/profile/hotel/order'));
    await hydrated(page, 'ProfileHotel');
    assert.match(await page.locator('.profile-hotel').innerText(), /My reservations/);
    await shot(page, 'hotels-desktop-hotels-en');
    // The screens with dialogs rendered in advance (the cause of #418 before): none may report one.
    for (const path of [
      '/platform/manage/notice',
      '/platform/manage/order',
      '/platform/manage/receipt',
      '/platform/config/register/fee',
    ]) {
      await boss.goto(url(path));
      await boss.locator('[data-island][data-hydrated="true"]').first().waitFor();
    }
    assert.deepEqual(pageErrors, []);
    await boss.context().close();
    await context.close();
  });

  test('a link to a room (?room=) opens its booking form once the page has loaded the form (issue 32: the form loads on demand)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'guest@example.org', password, '/profile/hotel/order');
    await page.goto(url(`/profile/hotel/order?room=${roomId}`));
    await hydrated(page, 'ProfileHotel');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /西湖国宾馆 · 大床房/);
    assert.equal(
      await dialog.locator('#hotel-booking_name').inputValue(),
      '王芳',
      'the name comes from the registration',
    );
    // Closed and opened again from the list: the same form, at once.
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.hotel-room', { hasText: '大床房' }).getByRole('button').click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  test('on a phone: the booking page and the form fit and work', async () => {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'phone-guest@example.org', password, '/profile/hotel/order');
    await bookAndPay(page, 'hotels-phone', 23);
    await page.goto(url('/profile/hotel/order'));
    await hydrated(page, 'ProfileHotel');
    await page.locator('.my-booking').first().waitFor();
    await shot(page, 'hotels-phone-mine');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling on the booking page (${overflow} px)`);
    await context.close();
  });
});
