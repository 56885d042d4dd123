/**
 * The programme editor in Chromium against the real server (issue 34): on a desktop a small
 * programme built by dragging accepted papers from the pane onto the grid (pointer events driven
 * by page.mouse), one resized by its lower edge, a room booked twice shown as it happens and fixed
 * by dragging back, a save over another manager's newer save shown with redo, and a release; on a
 * phone (in English) a paper placed with the form. Screenshots in
 * test-results/screenshots/programme-*.png; axe on the island finds nothing serious.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { haveBrowser, launch, loginWithForm, PHONE, shot, warnIfNoBrowser } from './browser';
import { startServer, type RunningServer } from './server';

warnIfNoBrowser();

const SCREEN = '/platform/manage/programme';
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ROW = 24;
const TIME_COL = 64;

async function audit(page: Page): Promise<Array<{ id: string; nodes: string[] }>> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: unknown,
            o: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const r = await axe.run({ include: [['[data-island="ManageProgramme"]']] }, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
}

describe('the programme editor in Chromium', { skip: !haveBrowser }, () => {
  let server: RunningServer;
  let browser: Browser;
  let db: Db;
  let cid: number;
  const rooms: number[] = [];
  const papers: Array<{ id: number; number: string }> = [];
  const password = 'programme-password-1';
  const url = (p: string) => `http://demo.localhost:${server.port}${p}`;
  const hydrated = (page: Page) => page.locator('[data-island="ManageProgramme"][data-hydrated="true"]').waitFor();
  const itemOf = async (submissionId: number) => {
    const row = await db('programme_items').where({ conference_id: cid, submission_id: submissionId }).first();
    assert.ok(row, `the paper ${submissionId} has an item`);
    return row;
  };

  before(async () => {
    server = await startServer();
    db = createDb({ dataDir: server.dataDir });
    cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const { id: bossId } = await ensureUser(db, {
      email: 'programme-boss@example.org',
      trueName: '日程编排老师',
      password,
    });
    await grantRole(db, cid, bossId, 'manager');
    const now = toDbInstant();
    for (const [i, [zh, en]] of [
      ['主会场', 'Main hall'],
      ['分会场A', 'Room A'],
    ].entries())
      rooms.push(
        await insertId(
          db('programme_rooms').insert({
            conference_id: cid,
            name_zh: zh,
            name_en: en,
            capacity: 200,
            position: i,
            created_at: now,
          }),
        ),
      );
    const sessionId = await insertId(
      db('submission_sessions').insert({
        conference_id: cid,
        parent_id: null,
        title_zh: '日程测试',
        title_en: 'Programme test',
        prefix: 'P',
        sort: 99,
      }),
    );
    for (const [i, title] of ['Graph learning at scale', 'Databases on phones', 'Quiet compilers'].entries()) {
      const { id: userId } = await ensureUser(db, { email: `prog-author${i}@example.org`, trueName: `Author ${i}` });
      const number = `P${900 + i}`;
      const id = await insertId(
        db('submissions').insert({
          conference_id: cid,
          user_id: userId,
          number,
          title,
          session_id: sessionId,
          abstract: 'An abstract.',
          keywords: '',
          status: 'accepted',
          active: true,
          submitted_at: now,
          updated_at: now,
        }),
      );
      await db('submission_authors').insert({
        conference_id: cid,
        submission_id: id,
        position: 0,
        name: 'Author',
        surname: String(i),
        email: `prog-author${i}@example.org`,
        company: 'Test University',
      });
      papers.push({ id, number });
    }
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** Drags from one point to another with the mouse, in steps, as a hand would. */
  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++)
      await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
    await page.mouse.up();
  }

  /** The middle of the grid's cell of a room (its index) at a minute of the day (the grid starts at 08:00, 15-minute slots). */
  async function cell(page: Page, room: number, minute: number): Promise<{ x: number; y: number }> {
    const box = (await page.getByTestId('programme-grid').boundingBox())!;
    const width = (box.width - TIME_COL) / rooms.length;
    return { x: box.x + TIME_COL + width * (room + 0.5), y: box.y + ((minute - 480) / 15) * ROW + ROW / 2 };
  }

  async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
    const el = page.locator(selector).first();
    await el.scrollIntoViewIfNeeded();
    const box = (await el.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 8) };
  }

  const saved = (page: Page) =>
    page.waitForResponse(
      (r) => r.url().includes('/api/conference/platform/manage/programme/') && r.request().method() !== 'GET',
    );

  test('desktop, Chinese: drag papers onto the grid, resize one, a clash shown and fixed, a stale save redone, a release', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'programme-boss@example.org', password, SCREEN);
    await hydrated(page);
    assert.match(await page.locator('.pg-days').innerText(), /2027-10-15/);
    await shot(page, 'programme-desktop-zh-empty');

    // the first paper to the main hall at 09:00, the second to room A at 09:00
    let answer = saved(page);
    await drag(page, await centre(page, `[data-card="p${papers[0].id}"]`), await cell(page, 0, 540));
    await answer;
    let row = await itemOf(papers[0].id);
    assert.deepEqual([row.day, Number(row.start_minute), Number(row.room_id)], ['2027-10-15', 540, rooms[0]]);
    answer = saved(page);
    await drag(page, await centre(page, `[data-card="p${papers[1].id}"]`), await cell(page, 1, 540));
    await answer;
    row = await itemOf(papers[1].id);
    assert.deepEqual([Number(row.start_minute), Number(row.room_id)], [540, rooms[1]]);
    const first = await itemOf(papers[0].id);
    const length = Number(first.end_minute) - Number(first.start_minute);

    // resize the first by its lower edge: two slots longer
    const handle = page.locator(`[data-item="${first.id}"] .pg-resize`);
    const hb = (await handle.boundingBox())!;
    answer = saved(page);
    await drag(
      page,
      { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 },
      { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 + 2 * ROW },
    );
    await answer;
    row = await itemOf(papers[0].id);
    assert.equal(Number(row.end_minute) - Number(row.start_minute), length + 30, 'thirty minutes longer');

    // the second dropped into the main hall at 09:15: the room is booked twice, shown at once
    answer = saved(page);
    await drag(page, await centre(page, `[data-item="${(await itemOf(papers[1].id)).id}"]`), await cell(page, 0, 555));
    await answer;
    await page.getByTestId('conflicts').waitFor();
    assert.match(await page.getByTestId('conflicts').innerText(), /主会场被重复占用/);
    assert.equal(await page.locator('.pg-conflict').count(), 2);
    await shot(page, 'programme-desktop-zh-conflict');

    // a release now is refused with the list
    await page.getByRole('button', { name: /发布为第 1 版/ }).click();
    await page.getByTestId('refused').waitFor();
    assert.match(await page.getByTestId('refused').innerText(), /还有 1 处冲突/);

    // fixed: back to room A at 10:00
    answer = saved(page);
    await drag(page, await centre(page, `[data-item="${(await itemOf(papers[1].id)).id}"]`), await cell(page, 1, 600));
    await answer;
    await page.getByTestId('no-conflicts').waitFor();
    row = await itemOf(papers[1].id);
    assert.deepEqual([Number(row.start_minute), Number(row.room_id)], [600, rooms[1]]);

    // another manager moved the first paper meanwhile: the drop is refused with what it now is, then redone
    await db('programme_items')
      .where({ id: first.id })
      .update({ start_minute: 720, end_minute: 720 + length + 30, revision: db.raw('revision + 1') });
    answer = saved(page);
    await drag(page, await centre(page, `[data-item="${first.id}"]`), await cell(page, 0, 600));
    assert.equal((await answer).status(), 409);
    await page.getByTestId('stale').waitFor();
    assert.match(await page.getByTestId('stale').innerText(), /12:00/);
    await shot(page, 'programme-desktop-zh-stale', false);
    answer = saved(page);
    await page.getByRole('button', { name: '重做我的修改' }).click();
    assert.equal((await answer).status(), 200);
    row = await itemOf(papers[0].id);
    assert.equal(row.id, first.id);
    assert.equal(Number(row.start_minute), 600, 'redone over theirs');

    // release
    await page.getByRole('textbox', { name: '本次发布说明' }).fill('第一版日程');
    answer = saved(page);
    await page.getByRole('button', { name: /发布为第 1 版/ }).click();
    assert.equal((await answer).status(), 200);
    await page.locator('[data-release="1"]').waitFor();
    const release = await db('programme_releases').where({ conference_id: cid, number: 1 }).first();
    assert.ok(release, 'the first release is stored');
    assert.equal(JSON.parse(release.snapshot).items.length, 2);
    await shot(page, 'programme-desktop-zh-released');
    // audited with the pointer off the button it clicked (a hovered button is lighter)
    await page.mouse.move(1, 1);
    await page.waitForTimeout(300);
    assert.deepEqual(await audit(page), []);
    await context.close();
  });

  test('phone, English: a paper placed with the form', async () => {
    const context = await browser.newContext({ ...PHONE });
    await context.addCookies([{ name: 'locale', value: 'en', url: url('/') }]);
    const page = await context.newPage();
    await loginWithForm(page, url(''), 'programme-boss@example.org', password, SCREEN);
    await hydrated(page);
    assert.equal(await page.getByTestId('programme-grid').count(), 0, 'no grid on a phone');
    await page.locator('.pg-phone-item', { hasText: 'Quiet compilers' }).getByRole('button', { name: 'Place' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByPlaceholder('09:00').fill('14:00');
    await shot(page, 'programme-phone-en-form', false);
    const answer = saved(page);
    await dialog.getByRole('button', { name: 'Save and place' }).click();
    assert.equal((await answer).status(), 200);
    await dialog.waitFor({ state: 'hidden' });
    const row = await itemOf(papers[2].id);
    assert.deepEqual([row.day, Number(row.start_minute), Number(row.room_id)], ['2027-10-15', 840, rooms[0]]);
    await page.locator('.pg-phone-item', { hasText: 'Quiet compilers' }).filter({ hasText: '14:00' }).waitFor();
    await shot(page, 'programme-phone-en-placed');
    assert.deepEqual(await audit(page), []);
    await context.close();
  });
});
