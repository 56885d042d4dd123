/**
 * The overview's links open the lists filtered (issue 33), in Chromium, zh and en, desktop and
 * phone: a chart's table row and a figure land on the list with the form showing the filter and
 * as many rows as the overview counted; reload keeps the filter, back after a reset brings it
 * back; no console errors (the browser helper's rule), axe clean on the list.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { Sessions } from '../../server/platform/session';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { seedOverview } from '../helpers/overviewSeed';
import { haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function audit(page: Page, island: string): Promise<Array<{ id: string; nodes: string[] }>> {
  await page.evaluate(AXE);
  return page.evaluate(async (name) => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const r = await axe.run({ include: [[`[data-island="${name}"]`]] }, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  }, island);
}

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe('the overview\'s links open the lists filtered', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;

  before(async () => {
    server = await startServer();
    browser = await launch();
    const db = createDb({ dataDir: server.dataDir });
    const conference = await db('conferences').where({ slug: 'demo' }).first();
    await seedOverview(db, conference.id, { people: 60, orders: 40, manuscripts: 20 }, 'links');
    const { id } = await ensureUser(db, { email: 'ovl-manager@example.org', trueName: '链接经理' });
    await grantRole(db, conference.id, id, 'manager');
    const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
    ({ token } = await new Sessions(db, secret).issue({ id, trueName: '链接经理', umtId: null, cstnetId: 'ovl-manager@example.org' }, conference.id));
    await db.destroy();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test(`${lang}, ${device}: a table row and a figure open the filtered list; reload and back keep it`, async () => {
        const context = await browser.newContext(device === 'phone' ? PHONE : { viewport: { width: 1366, height: 900 } });
        await context.addCookies([{ name: 'locale', value: lang, url: url('/') }, { name: 'token', value: token, url: url('/') }]);
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
          assert.ok(await page.locator('#registrantSearch').getByText(label, { exact: true }).count() > 0, `the form shows ${label}`);
          assert.equal(digits(await page.locator('.manage-registrants .admin-hint').textContent()), count);
          const shown = device === 'phone' ? page.locator('.manage-registrants .ant-list-item') : page.locator('.manage-registrants .ant-table-tbody tr.ant-table-row');
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
        await Promise.all([page.waitForURL((u) => !u.search), page.locator('#registrantSearch button').filter({ hasText: /^\s*(重\s?置|Reset)\s*$/ }).click()]);
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
        assert.ok(await page.locator('#orderFilters').getByText(lang === 'zh' ? '未支付' : 'Unpaid', { exact: false }).count() > 0, 'the form shows the status');
        await context.close();
      });
    }
  }
});
