/**
 * Chromium for the browser tests: Debian's build, the flags this machine needs, screenshots; and
 * the start every browser file shares (startStage): the real server on fresh data, Chromium,
 * sessions, contexts in a language on a desktop or a phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type FrameLocator,
  type Page,
} from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser } from '../../server/modules/accounts/service';
import { Sessions } from '../../server/platform/session';
import { startServer, type RunningServer } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
export const haveBrowser = fs.existsSync(CHROMIUM);

export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The laptop most tests use. */
export const DESKTOP = { viewport: { width: 1366, height: 900 } };

export function warnIfNoBrowser(): void {
  if (!haveBrowser)
    console.warn(`\n*** BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium) ***\n`);
}

/**
 * Console errors that are not a fault of the page, each with why. Nothing else may appear: every
 * other console error, and every uncaught error or unhandled rejection, fails the test (issue 32).
 */
export const HARMLESS_CONSOLE_ERRORS: ReadonlyArray<{
  why: string;
  matches: (text: string, url: string, pageUrl: string) => boolean;
}> = [
  {
    // The API answers a client's mistake (a wrong password, a wrong code, a rule a form breaks, no
    // access) with a 4xx in its envelope, which the island turns into a translated message: how
    // the forms are meant to work, and what many tests do on purpose. Chromium logs every fetch
    // answered 4xx, whatever the page does with it. A 5xx, or a 4xx of anything but the API (a
    // missing script, style or image), is not in this list.
    why: 'a 4xx answer of the API, shown by the island as its message',
    matches: (text, url) =>
      /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text) &&
      /^https?:\/\/[^/]+\/api\//.test(url),
  },
  {
    // A test that takes the browser offline (the check-in desk's queue) sees its requests fail so.
    why: 'a request while a test has taken the browser offline on purpose',
    matches: (text) => text.includes('net::ERR_INTERNET_DISCONNECTED'),
  },
  {
    // Chromium's notice that COOP needs HTTPS or localhost: the tests reach hosts other than
    // *.localhost over plain HTTP (--host-resolver-rules); in production the site is HTTPS.
    why: "Chromium's COOP notice for a plain-HTTP host that is not localhost",
    matches: (text) =>
      text.startsWith(
        "The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy",
      ),
  },
  {
    // The test OpenID provider's own sign-in pages (oidc-provider's development views) ask for a
    // web font and a favicon that this offline machine cannot fetch: not the platform's pages.
    why: "the test OpenID provider's own interaction pages",
    matches: (_text, _url, pageUrl) => /^https?:\/\/127\.0\.0\.1:\d+\/interaction\//.test(pageUrl),
  },
];

/** Console errors a test causes on purpose in one context (an attack refused, a failure simulated), each with why. */
const expected = new WeakMap<BrowserContext, Array<{ pattern: RegExp; why: string }>>();

/**
 * Lets one context's pages log console errors matching `pattern`, because the test makes them
 * happen: a refused cross-origin fetch is what a security test asserts; a logout answered 500 by
 * the test's own route is what the failure toast is tested with. Every other error still fails.
 */
export function expectConsoleErrors(context: BrowserContext, pattern: RegExp, why: string): void {
  expected.set(context, [...(expected.get(context) ?? []), { pattern, why }]);
}

function watch(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url ?? '';
    if (HARMLESS_CONSOLE_ERRORS.some((h) => h.matches(message.text(), url, page.url()))) return;
    if ((expected.get(page.context()) ?? []).some((e) => e.pattern.test(`${message.text()} ${url}`))) return;
    problems.push(`console error on ${page.url()}: ${message.text().slice(0, 400)}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) =>
    problems.push(`uncaught on ${page.url()}: ${String(error.stack ?? error).slice(0, 400)}`),
  );
}

function failOn(problems: string[], where: string): void {
  if (!problems.length) return;
  const found = problems.splice(0);
  throw new Error(`${found.length} console error(s) or uncaught error(s) ${where}:\n${found.join('\n')}`);
}

/**
 * `extraArgs`: more Chromium flags for one test (e.g. `--host-resolver-rules` for hosts other than *.localhost).
 * Every page of the browser is watched: closing its context throws when one of its pages logged a
 * console error (other than those above) or had an uncaught error, so the test that closes it
 * fails; closing the browser throws for the contexts left open.
 */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const open = new Set<string[]>();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context: BrowserContext = await newContext(options);
    const problems: string[] = [];
    open.add(problems);
    context.on('page', (page) => watch(page, problems));
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await close(closeOptions);
      open.delete(problems);
      failOn(problems, 'in this browser context');
    };
    return context;
  };
  // A page of its own context, as Playwright's newPage, watched like the others.
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (options) => {
    await closeBrowser(options);
    const left = [...open].flatMap((p) => p.splice(0));
    open.clear();
    failOn(left, 'in this browser');
  };
  return browser;
}

export function shot(page: Page, name: string, fullPage = true): Promise<Buffer> {
  return page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/**
 * Where the account forms are: on a conference's page, inside the platform's frame
 * (docs/accounts.md); on the platform host, the page itself.
 */
export async function accountForms(page: Page): Promise<Page | FrameLocator> {
  await page
    .locator(
      'iframe.account-frame, [data-island="LoginForm"], [data-island="SignUpForm"], [data-island="ResetPasswordForm"]',
    )
    .first()
    .waitFor();
  return (await page.locator('iframe.account-frame').count()) ? page.frameLocator('iframe.account-frame') : page;
}

/** Signs in with the account form of a login page (a conference's or the platform's) and waits for `redirect`. */
export async function loginWithForm(
  page: Page,
  origin: string,
  email: string,
  password: string,
  redirect: string,
): Promise<void> {
  await page.goto(`${origin}/conferencelogin?redirect=${encodeURIComponent(redirect)}`);
  const forms = await accountForms(page);
  await forms.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
  await forms.locator('#login_email').fill(email);
  await forms.locator('#login_password').fill(password);
  await forms.locator('form#login button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === redirect.split('?')[0]);
}

/**
 * Picks `option` in the antd Select whose search input has the id `inputId`. A click that lands while
 * a modal is still zooming in can miss the selector (seen on CI's slower machine), so the dropdown
 * is opened until its option shows, a few times over, before the option is clicked.
 */
export async function chooseOption(page: Page, inputId: string, option: string): Promise<void> {
  const select = page.locator('.ant-select', { has: page.locator(`#${inputId}`) });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  for (let attempt = 0; ; attempt++) {
    await select.click();
    try {
      await item.first().waitFor({ timeout: 3000 });
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  await item.first().click();
}

export type Lang = 'zh' | 'en';
export type Device = 'desktop' | 'phone';

/** What a browser file's seeding gets: the server's database, the demo conference, sessions. */
export type Seeding = {
  db: Db;
  /** the demo conference's id */
  demo: number;
  server: RunningServer;
  /** A session for the person (made when new), as signing in gives it: its token is the `token` cookie. */
  signIn(
    person: { email: string; trueName: string },
    conferenceId: number | null,
  ): Promise<{ id: number; token: string }>;
};

/** The server and Chromium of one browser file, with the ways to reach the server's sites. */
export type Stage = {
  server: RunningServer;
  browser: Browser;
  /** An address on a conference's host (the demo's unless given), or the platform's (`'platform'`). */
  url(pathname: string, host?: string): string;
  /** A context of a person reading in `lang` on `device` (a desktop unless given), signed in when `token` is given, on `host`'s site (or each of several). */
  context(
    who: { lang?: Lang; device?: Device; token?: string; host?: string | string[] } & BrowserContextOptions,
  ): Promise<BrowserContext>;
  /** Closes Chromium (failing on console errors, see launch) and stops the server, its data removed, whatever happens. */
  stop(): Promise<void>;
};

/** A session for a person, signed with the server's secret (DATA_DIR/secret). */
async function signIn(
  server: RunningServer,
  db: Db,
  person: { email: string; trueName: string },
  conferenceId: number | null,
): Promise<{ id: number; token: string }> {
  const { id } = await ensureUser(db, person);
  const secret = fs.readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
  const { token } = await new Sessions(db, secret).issue(
    { id, trueName: person.trueName, umtId: null, cstnetId: person.email },
    conferenceId,
  );
  return { id, token };
}

/**
 * The start of a browser file: the real server (`npm start`'s, on `dataDir` or fresh data), then
 * `seed` with its database (closed after), then Chromium. A start that fails stops what it started.
 */
export async function startStage(
  seed?: (s: Seeding) => Promise<void>,
  opts: { dataDir?: string } = {},
): Promise<Stage> {
  const server = await startServer({ dataDir: opts.dataDir });
  const removeData = () => fs.rmSync(server.dataDir, { recursive: true, force: true });
  try {
    if (seed) {
      const db = createDb({ dataDir: server.dataDir });
      try {
        const demo = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
        await seed({ db, demo, server, signIn: (person, conferenceId) => signIn(server, db, person, conferenceId) });
      } finally {
        await db.destroy();
      }
    }
    const browser = await launch();
    const url = (pathname: string, host = 'demo') => `http://${host}.localhost:${server.port}${pathname}`;
    return {
      server,
      browser,
      url,
      async context({ lang, device = 'desktop', token, host, ...options }) {
        const context = await browser.newContext({ ...(device === 'phone' ? PHONE : DESKTOP), ...options });
        for (const site of [host ?? 'demo'].flat().map((h) => url('/', h))) {
          await context.addCookies([
            ...(lang ? [{ name: 'locale', value: lang, url: site }] : []),
            ...(token ? [{ name: 'token', value: token, url: site }] : []),
          ]);
        }
        return context;
      },
      async stop() {
        try {
          await browser.close();
        } finally {
          await server.stop();
          removeData();
        }
      },
    };
  } catch (error) {
    await server.stop();
    removeData();
    throw error;
  }
}
