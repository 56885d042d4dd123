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
import { audit, type Finding } from './axe';
import { haveBrowser, shot, startStage, warnIfNoBrowser, type Stage } from './browser';
import { ATTENDEE, ManageFixture, MANAGER, REVIEWER } from './manageFixture';

warnIfNoBrowser();

describe('accessibility of the attendee pages (axe-core, WCAG 2.1 AA, phone)', { skip: !haveBrowser }, () => {
  let stage: Stage;
  let token: string;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startStage(async ({ demo, signIn }) => {
      ({ token } = await signIn({ email: 'axe-user@example.org', trueName: '测试用户' }, demo));
    });
  });

  after(() => stage?.stop());

  const PAGES: Array<[string, string, boolean, string]> = [
    ['sign-in', '/conferencelogin', false, 'LoginForm'],
    ['sign-up', '/userRegister', false, 'SignUpForm'],
    ['registration', '/conferenceRegister', true, 'RegisterForm'],
    ['personal centre', '/profile', true, ''],
  ];

  for (const lang of ['zh', 'en'] as const) {
    for (const [name, pathname, signedIn, island] of PAGES) {
      test(`${name} (${lang}): no violation`, async () => {
        const context = await stage.context({
          lang,
          device: 'phone',
          token: signedIn ? token : undefined,
          bypassCSP: true,
        });
        const page = await context.newPage();
        await page.goto(url(pathname));
        // A minute, not 30 s: the first sign-in page of a just-started server renders antd cold (seconds),
        // and at the start of the browser stage two servers and browsers start at once.
        await page.waitForLoadState('networkidle', { timeout: 60_000 });
        if (island) {
          const frame = (await page.locator('iframe.account-frame').count())
            ? page.frameLocator('iframe.account-frame')
            : page;
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
  let stage: Stage;
  let fixture: ManageFixture;
  let adminToken: string;
  const demo = (p: string) => stage.url(p);
  const platform = (p: string) => stage.url(p, 'platform');

  before(async () => {
    stage = await startStage(async ({ db, signIn }) => {
      const admin = await db('users').where({ email: 'admin@platform.localhost' }).first();
      ({ token: adminToken } = await signIn({ email: admin!.email, trueName: admin!.true_name ?? 'admin' }, null));
    });
    fixture = new ManageFixture(stage.server);
    await fixture.seed();
  });

  after(async () => {
    try {
      await fixture?.close();
    } finally {
      await stage?.stop();
    }
  });

  /** [area, who, the first screen, how to reach a screen, phone?] */
  const AREAS: Array<[string, () => string, string, (p: string) => string, boolean]> = [
    ['manage', () => fixture.tokens.get(MANAGER.email)!, '/platform/manage/order', (p) => demo(p), false],
    [
      'reviewer',
      () => fixture.tokens.get(REVIEWER.email)!,
      '/platform/submissionManage/reviewList',
      (p) => demo(p),
      false,
    ],
    ['profile', () => fixture.tokens.get(ATTENDEE.email)!, '/profile/userInfo', (p) => demo(p), true],
    ['admin', () => adminToken, '/admin/publications', (p) => platform(p), false],
  ];

  for (const [area, token, first, at, phone] of AREAS) {
    for (const lang of ['zh', 'en'] as const) {
      test(`${area} (${lang}): every screen of the menu without a violation`, async () => {
        const context = await stage.context({
          lang,
          device: phone ? 'phone' : 'desktop',
          token: token(),
          host: new URL(at('/')).hostname.replace(/\.localhost$/, ''),
          bypassCSP: true,
          ...(phone ? {} : { viewport: { width: 1366, height: 768 } }),
        });
        const page = await context.newPage();
        await page.goto(at(first));
        const screens = [
          ...new Set(
            await page
              .locator('nav.side-menu-wide a[href]')
              .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
          ),
        ];
        assert.ok(screens.length > 0, `${area}: a menu`);
        const found: Record<string, Finding[]> = {};
        for (const screen of screens) {
          await page.goto(at(screen));
          await page.waitForLoadState('networkidle');
          await page
            .locator('[data-island]:not([data-hydrated="true"])')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
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
