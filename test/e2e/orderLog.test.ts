/**
 * The order log on the manager's order screen (issue 35): an order's expanded row (desktop) or
 * its card's details (phone) shows its history — ordered by the person, paid by the manager who
 * dealt it, with the manager's name — in both languages, with no accessibility violation. The
 * screenshots are for a person to look at.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit } from './axe';
import { haveBrowser, shot, warnIfNoBrowser } from './browser';
import { MANAGER, startManageStage, type ManageStage } from './manageFixture';

warnIfNoBrowser();

const WORDS = {
  zh: { title: '操作记录', created: '下单', paid: '已支付', person: '本人' },
  en: { title: 'History', created: 'Ordered', paid: 'Paid', person: 'The person' },
};

describe("an order's history on the manager's order screen", { skip: !haveBrowser }, () => {
  let stage: ManageStage;
  let token: string;

  before(async () => {
    stage = await startManageStage();
    token = stage.fixture.tokens.get(MANAGER.email)!;
  });

  after(() => stage?.stop());

  async function open(device: 'desktop' | 'phone', lang: 'zh' | 'en'): Promise<Page> {
    const context = await stage.context({
      lang,
      device,
      token,
      ...(device === 'desktop' ? { viewport: { width: 1366, height: 900 } } : {}),
    });
    const page = await context.newPage();
    // the paid orders only: each was made by its person and dealt by the manager
    await page.goto(stage.url('/platform/manage/order?status=paid'));
    await page.locator('[data-island="ManageOrders"][data-hydrated="true"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    return page;
  }

  for (const device of ['desktop', 'phone'] as const) {
    for (const lang of ['zh', 'en'] as const) {
      test(`${device}, ${lang}: the first paid order's history says who ordered and who marked it paid`, async () => {
        const w = WORDS[lang];
        const page = await open(device, lang);
        const root = page.locator('[data-island="ManageOrders"]');
        if (device === 'desktop') await root.locator('.ant-table-row-expand-icon').first().click();
        else await root.locator('.manage-card details > summary').first().click();
        const history = root.locator('.order-details').first();
        await history.getByText(w.title, { exact: true }).waitFor();
        const text = (await history.innerText()).replace(/\s+/g, ' ');
        await history.scrollIntoViewIfNeeded();
        await shot(page, `order-log-${device}-${lang}`, false);
        const findings = await audit(page);
        await page.context().close();
        for (const word of [w.created, w.paid, w.person, MANAGER.name])
          assert.ok(text.includes(word), `"${word}" in the history: ${text}`);
        assert.ok(text.indexOf(w.created) < text.lastIndexOf(w.paid), 'oldest line first');
        assert.deepEqual(findings, [], 'no accessibility violation');
      });
    }
  }
});
