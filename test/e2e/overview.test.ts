/**
 * The managers' overview (issue 33) in Chromium: desktop (1366) and phone (390), Chinese and
 * English, with seeded figures: the server's SVG charts are there before any script, the island
 * hydrates them into live charts, a chart's numbers open in one click, the page fits the phone's
 * width, and axe finds no serious or critical violation.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grantRole } from '../../server/modules/accounts/service';
import { seedOverview } from '../helpers/overviewSeed';
import type { Page } from 'playwright-core';
import { auditPart } from './axe';
import { haveBrowser, shot, startStage, warnIfNoBrowser, type Stage } from './browser';

warnIfNoBrowser();

/** axe on the overview's island: the management layout's side menu is the shell's (its own finding is reported apart). */
const audit = (page: Page) => auditPart(page, '[data-island="ManageOverview"]');

describe("the managers' overview in a browser", { skip: !haveBrowser }, () => {
  let stage: Stage;
  let token: string;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startStage(async ({ db, demo, signIn }) => {
      await seedOverview(db, demo, { people: 240, orders: 300, manuscripts: 90 }, 'e2e');
      const manager = await signIn({ email: 'ov-manager@example.org', trueName: '看板经理' }, demo);
      await grantRole(db, demo, manager.id, 'manager');
      token = manager.token;
    });
  });

  after(() => stage?.stop());

  for (const lang of ['zh', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test(`${lang}, ${device}: charts drawn by the server, live after hydration, numbers one click away, axe clean`, async () => {
        const context = await stage.context({ lang, device, token });
        // Without any script: the server's SVG is in the document.
        const bare = await stage.browser.newContext({ javaScriptEnabled: false });
        await bare.addCookies([
          { name: 'locale', value: lang, url: url('/') },
          { name: 'token', value: token, url: url('/') },
        ]);
        const plain = await bare.newPage();
        await plain.goto(url('/platform/manage/dashboard'));
        const drawn = await plain.locator('[data-island="ManageOverview"] .ov-drawing > svg').count();
        assert.ok(
          drawn >= 10,
          `the charts are drawn on the server: ${drawn} in ${(await plain.content()).slice(0, 300)}`,
        );
        await bare.close();
        const page = await context.newPage();
        await page.goto(url('/platform/manage/dashboard'));
        await page.locator('[data-island="ManageOverview"][data-hydrated="true"]').waitFor();
        await page.waitForLoadState('networkidle');
        const title = lang === 'zh' ? '注册' : 'Registration';
        assert.equal(await page.locator('.ov-panel h2').first().textContent(), title);
        // live charts: ECharts' own container replaced the server's SVG
        await page.locator('.ov-drawing div svg').first().waitFor();
        const label = await page.locator('.ov-drawing[role="img"]').first().getAttribute('aria-label');
        assert.ok(label && label.length > 20, `a text alternative: ${label}`);
        // the numbers, one click away
        const details = page.locator('#ov-registration').locator('xpath=..').locator('details').nth(3);
        await details.locator('summary').click();
        const rows = await details.locator('table tbody tr').count();
        assert.ok(rows >= 3, `the numbers of a chart: ${rows} rows`);
        // the page fits the screen's width
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
        await shot(page, `overview-${lang}-${device}`);
        await shot(page, `overview-${lang}-${device}-top`, false);
        assert.deepEqual(await audit(page), []);
        await context.close();
      });
    }
  }

  test("the charts' library loads on the overview only", async () => {
    const context = await stage.browser.newContext();
    await context.addCookies([{ name: 'token', value: token, url: url('/') }]);
    const page = await context.newPage();
    const bodies: Array<Promise<string>> = [];
    page.on('response', (r) => void (r.request().resourceType() === 'script' && bodies.push(r.text().catch(() => ''))));
    await page.goto(url('/platform/manage/user'));
    await page.locator('[data-island="ManageRegistrants"][data-hydrated="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all(bodies);
    assert.ok(texts.length > 0);
    assert.ok(!texts.some((b) => b.includes('renderToSVGString')), 'no ECharts on the registrant list');
    // and on the overview it is there
    const onOverview: Array<Promise<string>> = [];
    page.on(
      'response',
      (r) => void (r.request().resourceType() === 'script' && onOverview.push(r.text().catch(() => ''))),
    );
    await page.goto(url('/platform/manage/dashboard'));
    await page.locator('[data-island="ManageOverview"][data-hydrated="true"]').waitFor();
    assert.ok((await Promise.all(onOverview)).some((b) => b.includes('renderToSVGString')));
    await context.close();
  });
});
