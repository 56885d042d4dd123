/**
 * The overview's links open the lists filtered (issue 33), in Chromium, zh and en, desktop and
 * phone: a chart's table row and a figure land on the list with the form showing the filter and
 * as many rows as the overview counted; reload keeps the filter, back after a reset brings it
 * back; no console errors (the browser helper's rule), axe clean on the list.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grantRole } from '../../server/modules/accounts/service';
import { seedOverview } from '../helpers/overviewSeed';
import type { Page } from 'playwright-core';
import { auditPart } from './axe';
import { haveBrowser, shot, startStage, warnIfNoBrowser, type Stage } from './browser';

warnIfNoBrowser();

/** axe on one island of the page. */
const audit = (page: Page, island: string) => auditPart(page, `[data-island="${island}"]`);

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe("the overview's links open the lists filtered", { skip: !haveBrowser }, () => {
  let stage: Stage;
  let token: string;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startStage(async ({ db, demo, signIn }) => {
      await seedOverview(db, demo, { people: 60, orders: 40, manuscripts: 20 }, 'links');
      const manager = await signIn({ email: 'ovl-manager@example.org', trueName: '链接经理' }, demo);
      await grantRole(db, demo, manager.id, 'manager');
      token = manager.token;
    });
  });

  after(() => stage?.stop());

  for (const lang of ['zh', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test(`${lang}, ${device}: a table row and a figure open the filtered list; reload and back keep it`, async () => {
        const context = await stage.context({ lang, device, token });
        const page = await context.newPage();
        await page.goto(url('/platform/manage/dashboard'));
        await page.locator('[data-island="ManageOverview"][data-hydrated="true"]').waitFor();

        // registrants by country: the first row of the chart's table
        const details = page.locator('#ov-registration').locator('xpath=..').locator('details').nth(3);
        await details.locator('summary').click();
        const row = details.locator('table tbody tr').first();
        const label = (await row.locator('th').textContent())!.trim();
        const count = digits(await row.locator('td').first().textContent());
        assert.ok(count > 0, `a row with a count: ${label}`);
        await Promise.all([page.waitForURL(/\/platform\/manage\/user\?country=/), row.locator('th a').click()]);
        const registrants = page.locator('[data-island="ManageRegistrants"][data-hydrated="true"]');
        const showsFilter = async () => {
          await registrants.waitFor();
          assert.ok(
            (await page.locator('#registrantSearch').getByText(label, { exact: true }).count()) > 0,
            `the form shows ${label}`,
          );
          assert.equal(digits(await page.locator('.manage-registrants .admin-hint').textContent()), count);
          const shown =
            device === 'phone'
              ? page.locator('.manage-registrants .ant-list-item')
              : page.locator('.manage-registrants .ant-table-tbody tr.ant-table-row');
          assert.equal(await shown.count(), Math.min(count, 20));
        };
        await showsFilter();
        assert.deepEqual(await audit(page, 'ManageRegistrants'), []);
        await shot(page, `overview-link-${lang}-${device}`);
        // reload keeps it
        await page.reload();
        assert.match(page.url(), /country=/);
        await showsFilter();
        // a reset empties the address; back brings the filtered list again
        await Promise.all([
          page.waitForURL((u) => !u.search),
          page
            .locator('#registrantSearch button')
            .filter({ hasText: /^\s*(重\s?置|Reset)\s*$/ })
            .click(),
        ]);
        // back: the address of the filter again, which the list loads anew
        await Promise.all([page.waitForEvent('load'), page.goBack()]);
        assert.match(page.url(), /country=/);
        await showsFilter();

        // a figure: the unpaid orders
        await page.goto(url('/platform/manage/dashboard'));
        await page.locator('[data-island="ManageOverview"][data-hydrated="true"]').waitFor();
        const figure = page.locator('#ov-money').locator('xpath=..').locator('.ov-figure dd a').first();
        const unpaid = digits(await figure.textContent());
        await Promise.all([page.waitForURL(/\/platform\/manage\/order\?status=unpaid/), figure.click()]);
        await page.locator('[data-island="ManageOrders"][data-hydrated="true"]').waitFor();
        assert.equal(digits(await page.locator('.manage-orders-list .admin-hint').textContent()), unpaid);
        assert.ok(
          (await page
            .locator('#orderFilters')
            .getByText(lang === 'zh' ? '未支付' : 'Unpaid', { exact: false })
            .count()) > 0,
          'the form shows the status',
        );
        await context.close();
      });
    }
  }
});
