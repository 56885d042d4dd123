/**
 * The sibling-cookie attack of the security report, in Chromium (docs/security.md, "Sibling
 * conferences and cookies"): conferences live at <slug>.SITE_DOMAIN (here confs.test, resolved to
 * this machine by Chromium's --host-resolver-rules). A page on evil.confs.test plants the
 * attacker's own session for victim.confs.test with `Domain=confs.test` and the registration API's
 * path, which the browser sends before the victim's own cookie. The victim then signs in and
 * registers on victim.confs.test: the registration must be the victim's own, or refused — never
 * stored in the attacker's account. The server runs over http, so this is the development path
 * (two `token` cookies = signed out); the https path (`__Host-token`) is proven by
 * test/server/platform/siblingCookies.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { haveBrowser, launch, loginWithForm, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const SITE_DOMAIN = 'confs.test';
const REGISTER_PATH = '/api/conference/conferenceUser';

describe('a sibling conference plants its session cookie, in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  const victimSite = (p: string) => `http://victim.${SITE_DOMAIN}:${server.port}${p}`;
  const evilSite = (p: string) => `http://evil.${SITE_DOMAIN}:${server.port}${p}`;
  const people = { victim: 'victim@example.org', attacker: 'attacker@example.org' };
  const password = 'sibling-pass-12';

  before(async () => {
    const env = { SITE_DOMAIN };
    const first = await startServer({ env });
    await first.stop();
    // The two demo conferences answer at victim.confs.test and evil.confs.test.
    const db = createDb({ dataDir: first.dataDir });
    for (const [slug, domain] of [
      ['demo', `victim.${SITE_DOMAIN}`],
      ['demo2', `evil.${SITE_DOMAIN}`],
    ]) {
      const conference = await db('conferences').where({ slug }).first();
      await db('conference_domains').insert({ conference_id: conference!.id, domain, is_primary: false });
    }
    const { ensureUser } = await import('../../server/modules/accounts/service');
    await ensureUser(db, { email: people.victim, trueName: 'Victim', password });
    await ensureUser(db, { email: people.attacker, trueName: 'Attacker', password });
    await db.destroy();
    server = await startServer({ dataDir: first.dataDir, env });
    browser = await launch([`--host-resolver-rules=MAP *.${SITE_DOMAIN} 127.0.0.1`]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The registration API's answers to POSTs made by this page, as they come. */
  function registrationAnswers(page: Page): number[] {
    const statuses: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith(REGISTER_PATH))
        statuses.push(res.status());
    });
    return statuses;
  }

  /** The victim, signed in, fills in the registration form and sends it; waits for where the page goes. */
  async function registerAsVictim(page: Page): Promise<void> {
    await page.goto(victimSite('/conferenceRegister'));
    try {
      await page.locator('[data-island="RegisterForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
      await page.locator('#conferenceRegister_tel').fill('13900000001', { timeout: 5000 });
      await page.locator('#conferenceRegister_country').selectOption({ label: '中国' }, { timeout: 5000 });
      await page.locator('#conferenceRegister_unit').fill('Victim Institute', { timeout: 5000 });
      await page.locator('#conferenceRegister_c_attendance').getByText('现场参会').click({ timeout: 5000 });
      await page.locator('#conferenceRegister_noticeAccepted').check({ timeout: 5000 });
      await page.locator('form#conferenceRegister button[type=submit]').click({ timeout: 5000 });
    } catch {
      // Refused before the form could be sent: a call of the page was refused and it went to sign in.
    }
    await page
      .waitForURL((u) => u.pathname === '/conferencelogin' || u.pathname === '/profile/userInfo', { timeout: 15_000 })
      .catch(() => undefined);
  }

  test("the victim's registration is never stored in the attacker's account", async () => {
    // The attacker signs in on the victim's conference in their own browser and keeps the token.
    const attackerContext = await browser.newContext();
    const attackerPage = await attackerContext.newPage();
    await loginWithForm(attackerPage, victimSite(''), people.attacker, password, '/conferenceRegister');
    const attackerToken = (await attackerContext.cookies(victimSite('/'))).find((c) => c.name === 'token')?.value;
    assert.ok(attackerToken, "the attacker has a session on the victim's conference");
    await attackerContext.close();

    // The victim visits the attacker's conference, whose page plants that token for every sibling.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(evilSite('/'));
    await page.evaluate(
      ({ token, domain, path }) => {
        document.cookie = `token=${token}; domain=${domain}; path=${path}`;
      },
      { token: attackerToken, domain: SITE_DOMAIN, path: REGISTER_PATH },
    );
    // A page's `document.cookie` write reaches Chromium's cookie store by a message that is not
    // waited for, so the store (what `cookies()` reads) may not have it yet on a loaded machine.
    const plantedCookies = async () =>
      (await context.cookies(victimSite(REGISTER_PATH))).filter((c) => c.name === 'token');
    let planted = await plantedCookies();
    for (let wait = 0; planted.length === 0 && wait < 50; wait++) {
      await page.waitForTimeout(100);
      planted = await plantedCookies();
    }
    assert.equal(planted.length, 1, 'Chromium took the planted cookie for the parent domain');
    assert.equal(planted[0].domain, `.${SITE_DOMAIN}`);

    const statuses = registrationAnswers(page);
    await loginWithForm(page, victimSite(''), people.victim, password, '/conferenceRegister');
    await registerAsVictim(page);
    await shot(page, 'sibling-cookie-first-try', false);
    const db = createDb({ dataDir: server.dataDir });
    try {
      const ids = Object.fromEntries(
        await Promise.all(
          Object.entries(people).map(async ([who, email]) => [
            who,
            Number((await db('users').where({ email }).first())!.id),
          ]),
        ),
      );
      const registrants = async () =>
        (await db('registrants').select('user_id', 'email')) as Array<{ user_id: number; email: string }>;
      const attackers = async () =>
        (await registrants()).filter((r) => Number(r.user_id) === ids.attacker || r.email === people.attacker);
      const victims = async () =>
        (await registrants()).filter((r) => Number(r.user_id) === ids.victim).map((r) => r.email);
      assert.deepEqual(await attackers(), [], "a registration was stored in the attacker's account");
      if ((await victims()).length === 0) {
        // Refused (the request was signed out), and the answer deleted the planted cookie while
        // keeping the victim's own: the next try is the victim's.
        assert.ok(statuses.includes(401), `no refusal seen: ${JSON.stringify(statuses)}`);
        assert.deepEqual(
          (await context.cookies(victimSite(REGISTER_PATH))).filter((c) => c.name === 'token').map((c) => c.domain),
          [`victim.${SITE_DOMAIN}`],
        );
        await registerAsVictim(page);
        await shot(page, 'sibling-cookie-second-try', false);
        assert.deepEqual(await attackers(), []);
      }
      assert.deepEqual(await victims(), [people.victim], "the victim's registration is the victim's own");
    } finally {
      await db.destroy();
      await context.close();
    }
  });
});
