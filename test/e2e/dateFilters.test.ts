/**
 * The day ranges of the order and reservation filter bars (issue 32: the browser's own date fields
 * instead of antd's picker, islands/shared/lightDateRange.tsx), in Chromium, zh and en, desktop and
 * phone: the address's `from`/`to` show in the fields and filter the list; days typed in either
 * order search with the earlier first and go to the address; the clear button empties both ends;
 * reload keeps the filter. No axe violation with a range set.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit } from './axe';
import { haveBrowser, PHONE, shot, warnIfNoBrowser } from './browser';
import { type ManageFixture, MANAGER, startManageStage, type ManageStage } from './manageFixture';

warnIfNoBrowser();

const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe("the filter bars' day ranges", { skip: !haveBrowser }, () => {
  let stage: ManageStage;
  let fixture: ManageFixture;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startManageStage();
    fixture = stage.fixture;
  });

  after(() => stage?.stop());

  for (const [lang, device] of [
    ['en', 'desktop'],
    ['zh', 'phone'],
  ] as const) {
    test(`orders (${lang}, ${device}): the address's days, days typed, cleared, reloaded`, async () => {
      const context = await stage.context({
        lang: lang,
        token: fixture.tokens.get(MANAGER.email)!,
        ...(device === 'phone' ? PHONE : { viewport: { width: 1366, height: 900 } }),
      });
      const page = await context.newPage();
      const all = Number(
        await fixture
          .db('orders')
          .where({ conference_id: fixture.cid })
          .count({ n: '*' })
          .first()
          .then((r) => r?.n),
      );
      assert.ok(all > 0, 'the fixture has orders');
      const total = async () => digits(await page.locator('.manage-orders-list .admin-hint').textContent());
      const from = page.locator('#orderFilters_dates');
      const to = page.locator('#orderFilters_dates_end');

      // A range in the past from the address: shown in the fields, no order in it.
      await page.goto(url('/platform/manage/order?from=2020-01-01&to=2020-12-31'));
      await page.locator('[data-island="ManageOrders"][data-hydrated="true"]').waitFor();
      assert.equal(await from.inputValue(), '2020-01-01');
      assert.equal(await to.inputValue(), '2020-12-31');
      assert.equal(await total(), 0);
      // Each field says what it is, with the filter's label.
      assert.match(
        (await from.getAttribute('aria-label'))!,
        lang === 'zh' ? /下单日期.*开始日期/ : /Ordered between.*Start date/,
      );
      assert.match(
        (await to.getAttribute('aria-label'))!,
        lang === 'zh' ? /下单日期.*结束日期/ : /Ordered between.*End date/,
      );
      assert.deepEqual(await audit(page), []);
      await shot(page, `date-filter-orders-${lang}-${device}`, false);

      // Days typed the later first: the search sends (and the address keeps) the earlier as `from`.
      await from.fill('2099-12-31');
      await to.fill('2020-01-01');
      await Promise.all([page.waitForURL(/to=2099-12-31/), page.locator('#orderFilters button[type=submit]').click()]);
      assert.deepEqual({ from: query(page).from, to: query(page).to }, { from: '2020-01-01', to: '2099-12-31' });
      await page.locator('.manage-orders-list .admin-hint', { hasText: String(all) }).waitFor();
      assert.equal(await total(), all);

      // Reload keeps the filter and shows it.
      await page.reload();
      await page.locator('[data-island="ManageOrders"][data-hydrated="true"]').waitFor();
      assert.equal(await from.inputValue(), '2020-01-01');
      assert.equal(await to.inputValue(), '2099-12-31');

      // The clear button empties both ends; the search then has no days.
      await page.locator('#orderFilters .ldr-clear').first().click();
      assert.equal(await from.inputValue(), '');
      assert.equal(await to.inputValue(), '');
      assert.equal(
        (await page.locator('#orderFilters .ldr-clear').count()) < 2,
        true,
        'the cleared range has no clear button left',
      );
      await Promise.all([
        page.waitForURL((u) => !u.searchParams.has('from')),
        page.locator('#orderFilters button[type=submit]').click(),
      ]);
      assert.equal(query(page).to, undefined);

      // One end alone: the orders paid from a day on.
      await page.locator('#orderFilters_paidDates').fill('2020-01-01');
      await Promise.all([
        page.waitForURL(/paidFrom=2020-01-01/),
        page.locator('#orderFilters button[type=submit]').click(),
      ]);
      assert.equal(query(page).paidTo, undefined);
      await context.close();
    });
  }

  test("reservations (en, desktop): the address's nights in the fields, cleared, searched", async () => {
    const context = await stage.context({
      lang: 'en',
      token: fixture.tokens.get(MANAGER.email)!,
      ...{ viewport: { width: 1366, height: 900 } },
    });
    const page = await context.newPage();
    const rows = page.locator('.manage-hotel-reservations .ant-table-tbody tr.ant-table-row');
    await page.goto(url('/platform/manage/hotel?from=2020-01-01&to=2020-01-31'));
    await page.locator('[data-island="ManageHotel"][data-hydrated="true"]').waitFor();
    assert.equal(await page.locator('#hotelFilters_dates').inputValue(), '2020-01-01');
    assert.equal(await page.locator('#hotelFilters_dates_end').inputValue(), '2020-01-31');
    assert.equal(await rows.count(), 0, 'no night of a reservation in January 2020');
    assert.deepEqual(await audit(page), []);
    await page.locator('#hotelFilters .ldr-clear').click();
    await Promise.all([
      page.waitForURL((u) => !u.searchParams.has('from')),
      page.locator('#hotelFilters button[type=submit]').click(),
    ]);
    await rows.first().waitFor();
    assert.ok((await rows.count()) > 0, 'every reservation once the range is cleared');
    await context.close();
  });
});
