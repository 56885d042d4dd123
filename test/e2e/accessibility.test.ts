/**
 * axe-core, WCAG 2.1 A and AA (issues 18 and 32): the attendee pages (sign-in, sign-up, the
 * registration form, the personal centre) at phone size, on the page itself and inside the
 * platform's account frame the conference pages embed; then every screen of the management area,
 * the reviewer's screens, every screen of the personal centre and of the platform's administration,
 * as their menus list them, with rows in their tables (test/e2e/manageFixture.ts), in Chinese and
 * in English. No violation of any impact.
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
import { ATTENDEE, ManageFixture, MANAGER, REVIEWER } from './manageFixture';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { frame: string; id: string; impact: string; help: string; nodes: string[] };

const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe in every frame of the page (each on its own: frames of another origin do not talk to axe's messaging). */
async function audit(page: Page): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank') continue;
    await frame.evaluate(AXE);
    const violations = await frame.evaluate(async (tags) => {
      const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
      const r = await axe.run(document, { iframes: false, resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
    }, WCAG21_AA);
    for (const v of violations) found.push({ frame: new URL(frame.url()).pathname, ...v });
  }
  return found;
}

describe('accessibility of the attendee pages (axe-core, WCAG 2.1 AA, phone)', { skip: !haveBrowser }, () => {
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
      test(`${name} (${lang}): no violation`, async () => {
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

/**
 * Every screen of the four areas, as their side menus list them (so a new screen is audited
 * without being added here), at a laptop's width (the personal centre at phone size, where
 * attendees use it), in both languages.
 */
describe('accessibility of every screen (axe-core, WCAG 2.1 AA)', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let fixture: ManageFixture;
  let adminToken: string;
  const demo = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const platform = (p: string) => `http://platform.localhost:${server.port}${p}`;

  before(async () => {
    server = await startServer();
    fixture = new ManageFixture(server);
    await fixture.seed();
    const admin = await fixture.db('users').where({ email: 'admin@platform.localhost' }).first();
    const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
    ({ token: adminToken } = await new Sessions(fixture.db, secret).issue({ id: admin.id, trueName: admin.true_name ?? 'admin', umtId: null, cstnetId: admin.email }, null));
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await fixture?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** [area, who, the first screen, how to reach a screen, phone?] */
  const AREAS: Array<[string, () => string, string, (p: string) => string, boolean]> = [
    ['manage', () => fixture.tokens.get(MANAGER.email)!, '/platform/manage/order', (p) => demo(p), false],
    ['reviewer', () => fixture.tokens.get(REVIEWER.email)!, '/platform/submissionManage/reviewList', (p) => demo(p), false],
    ['profile', () => fixture.tokens.get(ATTENDEE.email)!, '/profile/userInfo', (p) => demo(p), true],
    ['admin', () => adminToken, '/admin/publications', (p) => platform(p), false],
  ];

  for (const [area, token, first, at, phone] of AREAS) {
    for (const lang of ['zh', 'en'] as const) {
      test(`${area} (${lang}): every screen of the menu without a violation`, async () => {
        const context = await browser.newContext(phone ? { ...PHONE, bypassCSP: true } : { viewport: { width: 1366, height: 768 }, bypassCSP: true });
        await context.addCookies([{ name: 'locale', value: lang, url: at('/') }, { name: 'token', value: token(), url: at('/') }]);
        const page = await context.newPage();
        await page.goto(at(first));
        const screens = [...new Set(await page.locator('nav.side-menu-wide a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))];
        assert.ok(screens.length > 0, `${area}: a menu`);
        const found: Record<string, Finding[]> = {};
        for (const screen of screens) {
          await page.goto(at(screen));
          await page.waitForLoadState('networkidle');
          await page.locator('[data-island]:not([data-hydrated="true"])').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
          await shot(page, `axe-${area}${screen.replace(/\//g, '-')}-${lang}`, false);
          const violations = await audit(page);
          if (violations.length) found[screen] = violations;
        }
        await context.close();
        assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
      });
    }
  }
});
