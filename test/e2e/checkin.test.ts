/**
 * The check-in desk in Chromium against the real server (issue 33). The camera is Chromium's fake
 * device fed with a frame drawn from a real badge PDF (the server's badge for the person,
 * rendered by pdftoppm and written as a Y4M file): the desk reads the QR code, shows the person
 * green with their details, checks them in with one tap, says "already checked in at … by
 * Desk 1" when the badge is scanned again; offline, a typed code is queued on the device and
 * synced when the connection is back. Desktop and phone, Chinese and English; the managers'
 * screen with its counts. Screenshots in test-results/screenshots/checkin-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { badgeFrame, camera, tmp } from './checkinCamera';

warnIfNoBrowser();

const DESK = '/platform/manage/checkin/desk';

describe('the check-in desk in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  let deskId: number;
  const password = 'desk-password-1';
  const people: Record<string, { id: number; code: string }> = {};
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page, island: string) =>
    page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();

  async function registrant(key: string, seq: number, name: string, unit: string): Promise<void> {
    const email = `${key}@example.org`;
    const { id: userId } = await ensureUser(db, { email, trueName: name, password });
    await grantRole(db, cid, userId, 'attendee');
    const now = toDbInstant();
    const code = `CK-${seq}`;
    const [id] = await db('registrants').insert({
      conference_id: cid,
      user_id: userId,
      version: 'default',
      seq,
      code,
      email,
      full_name: name,
      unit,
      phone: '13800138000',
      country: 'China',
      answers: '{}',
      created_at: now,
      updated_at: now,
    });
    people[key] = { id: Number(id), code };
  }

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    [deskId] = await db('checkin_desks').insert({ conference_id: cid, name: 'Desk 1', created_at: toDbInstant() });
    await db('checkin_desks').insert({ conference_id: cid, name: 'Desk 2', created_at: toDbInstant() });
    const { id: staffId } = await ensureUser(db, { email: 'desk@example.org', trueName: '签到员小李', password });
    await grantRole(db, cid, staffId, 'checkin');
    const { id: bossId } = await ensureUser(db, { email: 'checkin-boss@example.org', trueName: '会务老师', password });
    await grantRole(db, cid, bossId, 'manager');
    await registrant('ada', 8801, 'Ada Lovelace', 'Analytical Engine Society');
    await registrant('wang', 8802, '王芳', '中国科学院计算技术研究所');
    await registrant('li', 8803, '李雷', '清华大学');
    await registrant('ning', 8804, 'Ning Detector', 'Native Barcode Lab');
    await registrant('zhao', 8805, '赵敏', '离线大学');
    browser = await launch([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ]);
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('desktop: the camera reads a real badge, one tap checks in, a second scan says already, offline scans sync', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera'], { origin: url('') });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'desk@example.org', password, DESK);
    await hydrated(page, 'CheckinDesk');

    // The badge as the server prints it, drawn into the camera's frame.
    // Fetched by the page itself (its host name is the browser's to resolve), as "Print badge" does.
    const badge = await page.evaluate(async (address) => {
      const res = await fetch(address);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return { type: res.headers.get('content-type'), base64: btoa(binary) };
    }, `/api/conference/platform/manage/checkin/desk/badge/${people.ada.id}`);
    assert.equal(badge.type, 'application/pdf');
    badgeFrame(Buffer.from(badge.base64, 'base64'));

    await page.locator('.checkin-camera').click();
    const card = page.locator('.checkin-card');
    await card.filter({ hasText: 'Ada Lovelace' }).waitFor({ timeout: 20_000 });
    assert.equal(await card.getAttribute('data-tone'), 'green');
    assert.match(await card.innerText(), /Analytical Engine Society/);
    assert.match(await card.innerText(), /CK-8801/);
    const reader = await page.locator('.checkin-reader').getAttribute('data-reader');
    const first = {
      ms: Number(await card.getAttribute('data-scan-ms')),
      parts: await card.getAttribute('data-scan-parts'),
    };
    console.log(
      `decoder: ${reader}; first scan after the server started, camera frame → person shown: ${first.ms} ms (${first.parts})`,
    );
    await shot(page, 'checkin-desk-scanned-zh');

    await card.locator('.checkin-do').click();
    await card.filter({ hasText: '已于' }).waitFor();
    assert.equal(await card.getAttribute('data-tone'), 'amber');
    const checked = await db('checkins').where({ conference_id: cid, registrant_id: people.ada.id }).first();
    assert.equal(Number(checked?.desk_id), deskId, 'the check-in records the desk');
    await shot(page, 'checkin-desk-checked-in-zh');

    // The same badge again (the camera restarted): already checked in at HH:MM by Desk 1.
    await page.getByRole('button', { name: '关闭摄像头' }).click();
    await page.reload();
    await hydrated(page, 'CheckinDesk');
    await page.locator('.checkin-camera').click();
    await card.filter({ hasText: 'Ada Lovelace' }).waitFor({ timeout: 20_000 });
    assert.match(await card.innerText(), /已于 \d{2}:\d{2} 在 Desk 1 签到/);
    const again = {
      ms: Number(await card.getAttribute('data-scan-ms')),
      parts: await card.getAttribute('data-scan-parts'),
    };
    console.log(`second scan, camera frame → person shown: ${again.ms} ms (${again.parts})`);
    // The target is 300 ms (130 ms on a quiet machine, docs/checkin.md); the browser stage runs three
    // files at once on two cores, where decoding alone took 279 ms, so this bound only catches a
    // scan that has stopped being quick (a round trip too many, a decoder loaded per scan).
    assert.ok(again.ms <= 1000, `the person is shown within a second of the scan (${again.ms} ms: ${again.parts})`);
    assert.equal(await card.getAttribute('data-tone'), 'amber');
    await shot(page, 'checkin-desk-already-zh');
    await page.getByRole('button', { name: '关闭摄像头' }).click();

    // Offline: a typed code is kept on the device, then synced.
    await context.setOffline(true);
    await page.locator('.checkin-search input').fill(people.wang.code);
    await page.locator('.checkin-search button').click();
    await page.locator('.checkin-card[data-tone="amber"]', { hasText: people.wang.code }).waitFor();
    await page.locator('.checkin-card .checkin-do').click();
    await page.locator('.checkin-desk[data-queued="1"]').waitFor();
    await shot(page, 'checkin-desk-offline-zh');
    assert.equal(
      await db('checkins').where({ conference_id: cid, registrant_id: people.wang.id }).first(),
      undefined,
      'nothing reached the server yet',
    );
    await context.setOffline(false);
    await page.locator('.checkin-desk[data-queued="0"]').waitFor({ timeout: 15_000 });
    const synced = await db('checkin_attempts').where({ conference_id: cid, registrant_id: people.wang.id });
    assert.equal(synced.length, 1);
    assert.equal(synced[0].outcome, 'checkedIn');
    assert.ok(synced[0].offline, 'recorded as an offline scan');
    assert.ok(
      await db('checkins').where({ conference_id: cid, registrant_id: people.wang.id }).first(),
      'checked in once synced',
    );
    await context.close();
  });

  test('where the browser has BarcodeDetector, the desk reads with it and never loads jsQR', async () => {
    // Headless Chromium has none: a stand-in that reads every frame as Ning's code, counting its calls.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera'], { origin: url('') });
    await context.addInitScript((code) => {
      const w = window as unknown as { BarcodeDetector: unknown; detectCalls: number; detectFormats: string[] };
      w.detectCalls = 0;
      w.BarcodeDetector = class {
        constructor(options: { formats: string[] }) {
          w.detectFormats = options.formats;
        }
        static async getSupportedFormats() {
          return ['qr_code', 'ean_13'];
        }
        async detect(source: unknown) {
          w.detectCalls++;
          return source instanceof HTMLVideoElement ? [{ rawValue: code, format: 'qr_code' }] : [];
        }
      };
    }, people.ning.code);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await loginWithForm(page, url(''), 'desk@example.org', password, DESK);
    await hydrated(page, 'CheckinDesk');
    await page.locator('.checkin-camera').click();
    const card = page.locator('.checkin-card', { hasText: 'Ning Detector' });
    await card.waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.checkin-reader').getAttribute('data-reader'), 'native');
    const used = await page.evaluate(() => {
      const w = window as unknown as { detectCalls: number; detectFormats: string[] };
      return { calls: w.detectCalls, formats: w.detectFormats };
    });
    assert.ok(used.calls >= 1, 'the stand-in read the frames');
    assert.deepEqual(used.formats, ['qr_code']);
    // No script the page loaded is jsQR's (its chunk is the one that names it).
    const jsqr = scripts.filter(
      (p) => p.startsWith('/assets/') && fs.readFileSync(path.join('dist/client', p), 'utf8').includes('jsQR'),
    );
    assert.deepEqual(jsqr, [], 'jsQR is not loaded when BarcodeDetector reads QR codes');
    await page.getByRole('button', { name: '关闭摄像头' }).click();
    await context.close();
  });

  test('offline: the desk reopened without a connection opens from its service worker, queues a typed scan, syncs it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'desk@example.org', password, DESK);
    await hydrated(page, 'CheckinDesk');
    await page.locator('.checkin-desk[data-offline-ready="yes"]').waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    const reopened = await page.reload();
    assert.ok(reopened?.fromServiceWorker(), "the page came from the desk's service worker");
    await hydrated(page, 'CheckinDesk');
    await page.locator('.checkin-desk[data-online="no"]').waitFor();
    await page.locator('.checkin-search input').fill(people.zhao.code);
    await page.locator('.checkin-search button').click();
    await page.locator('.checkin-card[data-tone="amber"]', { hasText: people.zhao.code }).waitFor();
    await page.locator('.checkin-card .checkin-do').click();
    await page.locator('.checkin-desk[data-queued="1"]').waitFor();
    await shot(page, 'checkin-desk-reopened-offline-zh');
    assert.equal(
      await db('checkins').where({ conference_id: cid, registrant_id: people.zhao.id }).first(),
      undefined,
      'nothing reached the server yet',
    );
    // What the worker keeps: the desk page and its files, no answer of the API.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    assert.ok(kept.includes(DESK), `the desk page is kept (${kept.join(', ')})`);
    assert.deepEqual(
      kept.filter(
        (p) => !(p === DESK || p.startsWith('/assets/') || p.startsWith('/locales/') || p.startsWith('/fonts/')),
      ),
      [],
      'nothing but the page and its files',
    );

    await context.setOffline(false);
    await page.locator('.checkin-desk[data-queued="0"]').waitFor({ timeout: 15_000 });
    const synced = await db('checkin_attempts').where({ conference_id: cid, registrant_id: people.zhao.id });
    assert.equal(synced.length, 1);
    assert.equal(synced[0].outcome, 'checkedIn');
    assert.ok(synced[0].offline, 'recorded as an offline scan');
    await context.close();
  });

  test("phone, English: a typed number, one tap, undo; the managers' screen with its counts", async () => {
    const context = await browser.newContext({ ...PHONE });
    await context.addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'desk@example.org', password, DESK);
    await hydrated(page, 'CheckinDesk');
    await page.locator('.checkin-search input').fill(people.li.code);
    await page.locator('.checkin-search button').click();
    const card = page.locator('.checkin-card', { hasText: '李雷' });
    await card.waitFor();
    assert.equal(await card.getAttribute('data-tone'), 'green');
    await shot(page, 'checkin-desk-phone-en-found');
    await card.locator('.checkin-do').click();
    await page.locator('.checkin-card', { hasText: 'Checked in at' }).waitFor();
    await shot(page, 'checkin-desk-phone-en-checked');
    await page.getByRole('button', { name: 'Undo check-in' }).click();
    await page.locator('.checkin-card .checkin-do').waitFor();
    assert.equal(
      await db('checkins').where({ conference_id: cid, registrant_id: people.li.id }).first(),
      undefined,
      'undone',
    );
    // Someone the desk does not know: red, with what to do.
    await page.locator('.checkin-search input').fill('NOBODY-9');
    await page.locator('.checkin-search button').click();
    await page.locator('.checkin-card[data-tone="red"]', { hasText: 'Not registered' }).waitFor();
    await shot(page, 'checkin-desk-phone-en-unknown');
    // Desk staff going elsewhere in the management area come back to the desk.
    await page.goto(url('/platform/manage/user'));
    assert.equal(new URL(page.url()).pathname, DESK);
    await context.close();

    for (const [lang, device] of [
      ['zh', 'desktop'],
      ['en', 'desktop'],
      ['en', 'phone'],
    ] as const) {
      const ctx = await browser.newContext(
        device === 'phone' ? { ...PHONE } : { viewport: { width: 1280, height: 900 } },
      );
      await ctx.addCookies([{ name: 'locale', value: lang, url: url('/') }]);
      const boss = await ctx.newPage();
      await loginWithForm(boss, url(''), 'checkin-boss@example.org', password, '/platform/manage/checkin');
      await hydrated(boss, 'ManageCheckin');
      const counts = await boss.locator('.checkin-count').innerText();
      // Ada (desktop), the phone's person, and the scan the offline test queued and synced
      assert.match(counts, /3\s*\/\s*\d+/, `three checked in of the registered (${counts})`);
      await boss.locator('.ant-table-row, .ant-list-item', { hasText: 'Ada Lovelace' }).first().waitFor();
      await shot(boss, `checkin-manage-${lang}-${device}`);
      if (device === 'desktop') {
        // The designer holds the fifth document type beside the other four.
        await boss.goto(url('/platform/config/register/template'));
        await hydrated(boss, 'DocumentDesigner');
        await boss
          .locator('.document-card', { hasText: lang === 'zh' ? '参会证明' : 'Certificate of attendance' })
          .waitFor();
        await shot(boss, `checkin-certificate-designer-${lang}`);
      }
      await ctx.close();
    }

    // Ada checked in: her downloads offer the attendance certificate; Li (undone) has none.
    for (const [who, has] of [
      ['ada', true],
      ['li', false],
    ] as const) {
      const ctx = await browser.newContext({ ...PHONE });
      const p = await ctx.newPage();
      await loginWithForm(p, url(''), `${who}@example.org`, password, '/profile/download');
      await hydrated(p, 'ProfileDownloads');
      assert.equal((await p.getByText('参会证明').count()) > 0, has, `${who} ${has ? 'has' : 'has no'} certificate`);
      if (has) await shot(p, 'checkin-certificate-download-zh-phone');
      await ctx.close();
    }
  });
});
