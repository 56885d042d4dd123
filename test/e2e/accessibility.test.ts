/**
 * axe-core on the attendee pages (issue 18): sign-in, sign-up, the registration form and the
 * personal centre, in Chinese and in English, at phone size. No serious or critical violation, on
 * the page itself and inside the platform's account frame the conference pages embed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { Sessions } from '../../server/platform/session';
import { ensureUser } from '../../server/modules/accounts/service';
import { haveBrowser, launch, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { frame: string; id: string; impact: string; help: string; nodes: string[] };

/** axe in every frame of the page (each on its own: frames of another origin do not talk to axe's messaging). */
async function audit(page: Page): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank') continue;
    await frame.evaluate(AXE);
    const violations = await frame.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
      const r = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
    });
    for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push({ frame: new URL(frame.url()).pathname, ...v });
  }
  return found;
}

describe('accessibility of the attendee pages (axe-core, phone)', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;

  before(async () => {
    server = await startServer();
    browser = await launch();
    const db = createDb({ dataDir: server.dataDir });
    const conference = await db('conferences').where({ slug: 'demo' }).first();
    const { id } = await ensureUser(db, { email: 'axe-user@example.org', trueName: '测试用户' });
    const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
    ({ token } = await new Sessions(db, secret).issue({ id, trueName: '测试用户', umtId: null, cstnetId: 'axe-user@example.org' }, conference.id));
    await db.destroy();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const PAGES: Array<[string, string, boolean, string]> = [
    ['sign-in', '/conferencelogin', false, 'LoginForm'],
    ['sign-up', '/userRegister', false, 'SignUpForm'],
    ['registration', '/conferenceRegister', true, 'RegisterForm'],
    ['personal centre', '/profile', true, ''],
  ];

  for (const lang of ['zh', 'en'] as const) {
    for (const [name, pathname, signedIn, island] of PAGES) {
      test(`${name} (${lang}): no serious or critical violation`, async () => {
        const context = await browser.newContext({ ...PHONE, bypassCSP: true });
        const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'locale', value: lang, url: url('/') }];
        if (signedIn) cookies.push({ name: 'token', value: token, url: url('/') });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(url(pathname));
        await page.waitForLoadState('networkidle');
        if (island) {
          const frame = (await page.locator('iframe.account-frame').count()) ? page.frameLocator('iframe.account-frame') : page;
          await frame.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();
        }
        await shot(page, `axe-${name.replace(' ', '-')}-${lang}-phone`, false);
        const found = await audit(page);
        await context.close();
        assert.deepEqual(found, [], JSON.stringify(found, null, 2));
      });
    }
  }
});
