/**
 * The programme as an attendee reads it (issue 34), in Chromium: Chinese and English, desktop
 * (1366) and phone (390). The page in the demo site's template, search (live and submitted), the
 * JSON-LD read back from the page; signed in: two talks marked, the clash shown, the agenda page,
 * its .ics downloaded and parsed back with ical.js, the private calendar address made and read.
 * axe finds no serious or critical violation on the programme's part of each page; no console error.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import ICAL from 'ical.js';
import { release, smallProgramme } from '../server/programme/releaseFixture';
import { EventBus } from '../../server/platform/events';
import { auditPart } from './axe';
import { haveBrowser, shot, startStage, warnIfNoBrowser, type Stage } from './browser';

warnIfNoBrowser();

/** axe on the programme's own part: the demo template around it is the site's managers'. */
const audit = (page: Page) => auditPart(page, '.programme');

function events(ics: string): Array<{ uid: string; summary: string; start: string }> {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, summary: e.summary, start: e.startDate.toJSDate().toISOString() };
  });
}

describe('the programme in a browser', { skip: !haveBrowser }, () => {
  let stage: Stage;
  let token: string;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startStage(async ({ db, demo, signIn }) => {
      // Released as the editor does (its event has no listener in this process: nothing was kept yet).
      await release({ db, events: new EventBus() }, demo, smallProgramme(1));
      ({ token } = await signIn({ email: 'prog-attendee@example.org', trueName: '日程读者' }, demo));
    });
  });

  after(() => stage?.stop());

  for (const lang of ['zh', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test(`${lang}, ${device}: read, search, JSON-LD, a talk's page, axe clean`, async () => {
        const context = await stage.context({ lang, device });
        const page = await context.newPage();
        await page.goto(url('/programme?day=2030-05-20'));
        assert.equal(await page.locator('.programme h1').textContent(), lang === 'zh' ? '会议日程' : 'Programme');
        const keynote = lang === 'zh' ? 'Opening Keynote（中）' : 'Opening Keynote';
        await page.getByRole('link', { name: keynote }).waitFor();
        // nothing wider than the phone
        if (device === 'phone')
          assert.ok(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
            'no sideways scrolling on the phone',
          );
        await shot(page, `programme-${lang}-${device}`);
        assert.deepEqual(await audit(page), []);
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
        assert.equal(ld['@type'], 'Event');
        assert.ok(
          ld.subEvent.some(
            (e: { name: string; location: { '@type': string }; performer: Array<{ name: string }> }) =>
              e.name === keynote && e.location['@type'] === 'Place' && e.performer[0].name === 'Ada Keynote',
          ),
        );
        // live filtering as one types, then the search over every day
        const search = page.locator('.pg-filter input[type=search]');
        await search.fill('tsinghua');
        await page.locator('#item-1').waitFor({ state: 'hidden' });
        await search.press('Enter');
        await page.waitForURL(/q=tsinghua/);
        assert.equal(await page.locator('.programme article.pg-item').count(), 1);
        await page
          .getByRole('link', {
            name: lang === 'zh' ? 'Graphene; Commas, and Slashes（中）' : 'Graphene; Commas, and Slashes',
          })
          .click();
        await page.waitForURL(/\/programme\/item-4$/);
        assert.match((await page.locator('.pg-talk').textContent())!, /Tsinghua University/);
        const talkLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
        assert.equal(talkLd['@type'], 'Event');
        assert.equal(await page.locator('meta[property="og:type"]').getAttribute('content'), 'article');
        await shot(page, `programme-talk-${lang}-${device}`);
        assert.deepEqual(await audit(page), []);
        await context.close();
      });
    }
  }

  for (const [lang, device] of [
    ['en', 'desktop'],
    ['zh', 'phone'],
  ] as const) {
    test(`${lang}, ${device}, signed in: mark two talks, see the clash, the agenda and its calendars`, async () => {
      const context = await stage.context({ lang, device, token, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(url('/programme?day=2030-05-20'));
      for (const uid of ['item-3', 'item-5']) {
        const star = page.locator(`button.pg-mark[data-uid="${uid}"]`);
        if ((await star.getAttribute('aria-pressed')) !== 'true') {
          await star.click();
          await page.locator(`button.pg-mark[data-uid="${uid}"][aria-pressed="true"]`).waitFor();
        }
      }
      await page.locator('#item-5 .pg-clash-note').waitFor();
      await shot(page, `programme-marked-${lang}-${device}`);
      assert.deepEqual(await audit(page), []);
      // the same marks on a fresh load (kept on the account, not in the page)
      await page.reload();
      await page.locator('button.pg-mark[data-uid="item-3"][aria-pressed="true"]').waitFor();
      await page.goto(url('/programme/agenda'));
      await page.locator('.pg-notice').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('a[href="/programme/agenda.ics"]').click(),
      ]);
      const ics = fs.readFileSync((await download.path())!, 'utf8');
      assert.deepEqual(
        events(ics)
          .map((e) => e.uid)
          .sort(),
        ['item-3@demo.localhost', 'item-5@demo.localhost'],
      );
      await page.locator('button[data-feed="POST"]').click();
      const address = page.locator('.pg-feed-url input');
      await address.waitFor();
      const feedUrl = await address.inputValue();
      assert.match(feedUrl, /\/programme\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      // read from the page's own origin by the browser (Node's resolver knows no *.localhost)
      const fetchText = (address: string) =>
        page.evaluate(async (u) => {
          const r = await fetch(u, { credentials: 'omit' });
          return { status: r.status, text: await r.text() };
        }, address);
      const feed = await fetchText(new URL(feedUrl).pathname);
      assert.equal(feed.status, 200);
      assert.equal(events(feed.text).length, 2);
      await shot(page, `programme-agenda-${lang}-${device}`);
      assert.deepEqual(await audit(page), []);
      // the whole programme's calendar, as a visitor downloads it
      const whole = await fetchText(`/programme.ics?lang=${lang}`);
      assert.equal(events(whole.text).length, 7);
      await context.close();
    });
  }
});
