/**
 * The managers' overview (issue 33) in Chromium: desktop (1366) and phone (390), Chinese and
 * English, with seeded figures: the server's SVG charts are there before any script, the island
 * hydrates them into live charts, a chart's numbers open in one click, the page fits the phone's
 * width, and axe finds no serious or critical violation.
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

/** axe on the overview's island. */
async function audit(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    // The island only: the management layout's side menu is the shell's (its own finding is reported apart).
    const r = await axe.run({ include: [['[data-island="ManageOverview"]']] }, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
}

describe('the managers\' overview in a browser', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;

  before(async () => {
    server = await startServer();
    browser = await launch();
    const db = createDb({ dataDir: server.dataDir });
    const conference = await db('conferences').where({ slug: 'demo' }).first();
    await seedOverview(db, conference.id, { people: 240, orders: 300, manuscripts: 90 }, 'e2e');
    const { id } = await ensureUser(db, { email: 'ov-manager@example.org', trueName: '看板经理' });
    await grantRole(db, conference.id, id, 'manager');
    const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
    ({ token } = await new Sessions(db, secret).issue({ id, trueName: '看板经理', umtId: null, cstnetId: 'ov-manager@example.org' }, conference.id));
    await db.destroy();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test(`${lang}, ${device}: charts drawn by the server, live after hydration, numbers one click away, axe clean`, async () => {
        const context = await browser.newContext(device === 'phone' ? PHONE : { viewport: { width: 1366, height: 900 } });
        await context.addCookies([{ name: 'locale', value: lang, url: url('/') }, { name: 'token', value: token, url: url('/') }]);
        // Without any script: the server's SVG is in the document.
        const bare = await browser.newContext({ javaScriptEnabled: false });
        await bare.addCookies([{ name: 'locale', value: lang, url: url('/') }, { name: 'token', value: token, url: url('/') }]);
        const plain = await bare.newPage();
        await plain.goto(url('/platform/manage/dashboard'));
        const drawn = await plain.locator('[data-island="ManageOverview"] .ov-drawing > svg').count();
        assert.ok(drawn >= 10, `the charts are drawn on the server: ${drawn} in ${(await plain.content()).slice(0, 300)}`);
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
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
        await shot(page, `overview-${lang}-${device}`);
        await shot(page, `overview-${lang}-${device}-top`, false);
        assert.deepEqual(await audit(page), []);
        await context.close();
      });
    }
  }

  test('the charts\' library loads on the overview only', async () => {
    const context = await browser.newContext();
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
    page.on('response', (r) => void (r.request().resourceType() === 'script' && onOverview.push(r.text().catch(() => ''))));
    await page.goto(url('/platform/manage/dashboard'));
    await page.locator('[data-island="ManageOverview"][data-hydrated="true"]').waitFor();
    assert.ok((await Promise.all(onOverview)).some((b) => b.includes('renderToSVGString')));
    await context.close();
  });
});
