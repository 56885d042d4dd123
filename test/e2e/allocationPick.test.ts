/**
 * The managers' manual pick of reviewers in Chromium (islands/ManageAllocation/PickDialog.tsx and
 * ChangeConfirm.tsx), in Chinese on a desktop and in English on a phone: the manuscript's candidates
 * (on a phone as cards, an e-mail address on a line or two, never a letter per line), a reviewer
 * added and removed again through the confirmation that shows the server's preview, a suggested
 * conflict confirmed or dismissed, and a preview gone stale because another manager picked the same
 * reviewer meanwhile: the translated error, "preview again", and nothing written. axe finds nothing
 * serious in the dialogs; a console error fails the run (browser.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { allocationApi } from '../../server/contract/allocation';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import { auditPart } from './axe';
import { haveBrowser, shot, startStage, warnIfNoBrowser, type Device, type Lang, type Stage } from './browser';
import { REVIEWERS, reviewsOf, seedPick, wordsOf, type PickSeed, type ReviewerKey } from './allocationFixture';

warnIfNoBrowser();

const RUNS: Array<{ lang: Lang; device: Device; decision: 'confirmed' | 'dismissed' }> = [
  { lang: 'zh', device: 'desktop', decision: 'confirmed' },
  { lang: 'en', device: 'phone', decision: 'dismissed' },
];

/** A button's label as a name: antd spaces out a two-character Chinese label ("应 用"). */
const named = (label: string) =>
  new RegExp(`^${[...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

/** The open antd dialog titled `title` (the pick and its confirmation are two dialogs side by side in the body). */
const dialog = (page: Page, title: string) =>
  page
    .locator('.ant-modal-wrap:visible .ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** A candidate of the pick: a table row on a desktop, a card on a phone. */
const candidate = (pick: Locator, who: ReviewerKey) =>
  pick.locator('tr.ant-table-row, .manage-card').filter({ hasText: REVIEWERS[who].email });

/** The dialogs' zoom and fade ended, so axe and the screenshots see what a person reads. */
async function settled(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** How the secondary line (unit · e-mail) of a candidate is laid out: its width and how many lines it takes. */
function emailLine(row: Locator, email: string): Promise<{ width: number; lines: number }> {
  return row.locator('.ant-typography', { hasText: email }).evaluate((el) => ({
    width: el.getBoundingClientRect().width,
    lines: new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size,
  }));
}

describe('the manual pick of reviewers in Chromium', { skip: !haveBrowser }, () => {
  let stage: Stage;
  let seed: PickSeed;
  let db: Db;
  let demo: number;

  before(async () => {
    stage = await startStage(async (s) => {
      demo = s.demo;
      seed = await seedPick(s);
    });
    db = createDb({ dataDir: stage.server.dataDir });
  });

  after(async () => {
    await db?.destroy();
    await stage?.stop();
  });

  /** What a write would leave behind: the conference's reviews, conflict decisions, mails and the manuscript's status. */
  async function footprint(submissionId: number) {
    const count = async (table: string, where: Record<string, number>) =>
      Number((await db(table).where(where).count({ n: '*' }).first())!.n);
    return {
      reviews: await count('reviews', { conference_id: demo }),
      conflicts: await count('review_conflicts', { conference_id: demo }),
      mails: await count('mail_outbox', {}),
      paper: (await db('submissions').where({ id: submissionId }).first())!.status as string,
    };
  }

  /** Another manager, in a browser of their own, picks the reviewer through the API. */
  async function pickAsOtherManager(submissionId: number, reviewerId: number): Promise<number> {
    const context = await stage.context({ token: seed.otherManagerToken });
    const page = await context.newPage();
    await page.goto(stage.url(REVIEW_SCREENS.allocation));
    const status = await page.evaluate(
      async ({ path, reviewerIds }) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ reviewerIds }),
          })
        ).status,
      { path: `/api${allocationApi.assign.path.replace(':id', String(submissionId))}`, reviewerIds: [reviewerId] },
    );
    await context.close();
    return status;
  }

  for (const { lang, device, decision } of RUNS) {
    test(`${lang}, ${device}: candidates, add and remove through the preview, a conflict ${decision}, a stale preview`, async () => {
      const { w, fill } = wordsOf(lang);
      const paper = seed.papers[lang];
      const ids = seed.reviewerIds;
      const name = (who: ReviewerKey) => REVIEWERS[who].name;
      const context = await stage.context({ lang, device, token: seed.managerToken });
      const page = await context.newPage();
      await page.goto(stage.url(REVIEW_SCREENS.allocation));
      await page.locator('[data-island="ManageAllocation"][data-hydrated="true"]').waitFor();

      // The pick dialog of the manuscript, its three candidates.
      await page
        .locator('.manage-allocation')
        .locator('tr.ant-table-row, .ant-card')
        .filter({ hasText: paper.number })
        .getByRole('button', { name: named(w.ui.manage) })
        .click();
      const pick = dialog(page, fill(w.ui.pickTitle, { number: paper.number }));
      await pick.getByText(paper.title).waitFor();
      for (const who of Object.keys(REVIEWERS) as ReviewerKey[]) await candidate(pick, who).waitFor();
      if (device === 'phone') assert.equal(await pick.locator('.manage-card').count(), 3, 'a card per candidate');
      await settled(page);
      for (const who of Object.keys(REVIEWERS) as ReviewerKey[]) {
        // The old dialog's fixed columns left the reviewer's column a few pixels wide on a phone: a letter a line.
        const line = await emailLine(candidate(pick, who), REVIEWERS[who].email);
        assert.ok(line.width >= 150 && line.lines <= 3, `${who}'s e-mail on a line or three: ${JSON.stringify(line)}`);
      }
      const sideways = await pick.locator('.ant-modal-body').evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(sideways <= 1, `the dialog does not scroll sideways (${sideways}px)`);
      const suggested = `${w.reason.sameDomain} · ${w.state.suggested}`;
      assert.match(await candidate(pick, 'conflicted').innerText(), new RegExp(suggested));
      assert.doesNotMatch(await pick.innerText(), /allocation:|\bui\.[a-z]/, 'no raw i18n keys');
      await shot(page, `allocation-pick-${lang}-${device}`, false);
      assert.deepEqual(await auditPart(page, '.ant-modal'), [], 'axe on the pick dialog');

      const confirmation = dialog(page, w.ui.planTitle);
      /** Opens a candidate's change; the confirmation shows the server's preview. */
      const change = async (who: ReviewerKey, label: string) => {
        await candidate(pick, who)
          .getByRole('button', { name: named(label) })
          .click();
        await confirmation.locator('.ant-modal-body > div').first().waitFor();
        await settled(page);
      };
      const loadRow = (who: ReviewerKey) =>
        confirmation
          .locator('tr.ant-table-row', { hasText: name(who) })
          .locator('td')
          .allInnerTexts();
      const apply = async () => {
        await confirmation.getByRole('button', { name: named(w.ui.planApply) }).click();
        await confirmation.waitFor({ state: 'hidden' });
      };

      // Add: the preview names the reviewer and their load going from 0 to 1.
      await change('free', w.ui.add);
      assert.match(
        await confirmation.innerText(),
        new RegExp(`${w.ui.planAdded}[\\s\\S]*${name('free')} · ${paper.number}`),
      );
      assert.deepEqual(await loadRow('free'), [name('free'), '0', '1']);
      await shot(page, `allocation-pick-confirm-${lang}-${device}`, false);
      assert.deepEqual(await auditPart(page, '.ant-modal'), [], 'axe on the confirmation');
      await apply();
      await candidate(pick, 'free')
        .getByRole('button', { name: named(w.ui.remove) })
        .waitFor();
      assert.match(await candidate(pick, 'free').innerText(), new RegExp(w.state.assigned));
      assert.equal((await reviewsOf(db, demo, paper.id)).get(ids.free), 'assigned');
      assert.equal((await footprint(paper.id)).paper, 'assigned');

      // Remove it again: the preview shows the removal and the load back to 0.
      await change('free', w.ui.remove);
      assert.match(
        await confirmation.innerText(),
        new RegExp(`${w.ui.planRemoved}[\\s\\S]*${name('free')} · ${paper.number}`),
      );
      assert.deepEqual(await loadRow('free'), [name('free'), '1', '0']);
      await apply();
      await candidate(pick, 'free')
        .getByRole('button', { name: named(w.ui.add) })
        .waitFor();
      assert.equal((await reviewsOf(db, demo, paper.id)).has(ids.free), false, 'the review row is gone');
      assert.equal((await footprint(paper.id)).paper, 'waiting');

      // The suggested conflict, decided through its own confirmation.
      await change('conflicted', decision === 'confirmed' ? w.ui.confirm : w.ui.dismiss);
      assert.match(
        await confirmation.innerText(),
        new RegExp(`${name('conflicted')} · ${paper.number}: ${w.state.suggested} → ${w.state[decision]}`),
      );
      await apply();
      await candidate(pick, 'conflicted').getByText(`${w.reason.sameDomain} · ${w.state[decision]}`).waitFor();
      const stored = await db('review_conflicts')
        .where({ conference_id: demo, submission_id: paper.id, reviewer_id: ids.conflicted })
        .first();
      assert.equal(stored?.state, decision);
      assert.equal(stored?.reason, 'sameDomain');
      // Dismissed, the reviewer may be picked; confirmed, not.
      const addConflicted = candidate(pick, 'conflicted').getByRole('button', { name: named(w.ui.add) });
      assert.equal(await addConflicted.isEnabled(), decision === 'dismissed');

      // A stale preview: another manager picks the same reviewer between the preview and "apply".
      await change('late', w.ui.add);
      assert.equal(await pickAsOtherManager(paper.id, ids.late), 200);
      const before = await footprint(paper.id);
      await confirmation.getByRole('button', { name: named(w.ui.planApply) }).click();
      await confirmation.locator('.ant-alert-error', { hasText: w.stale }).waitFor();
      const again = confirmation.getByRole('button', { name: named(w.ui.previewAgain) });
      await again.waitFor();
      assert.equal(await confirmation.getByRole('button', { name: named(w.ui.planApply) }).count(), 0);
      assert.deepEqual(await footprint(paper.id), before, 'the stale apply wrote nothing');
      assert.deepEqual([...(await reviewsOf(db, demo, paper.id))], [[ids.late, 'assigned']]);
      await settled(page);
      await shot(page, `allocation-pick-stale-${lang}-${device}`, false);
      assert.deepEqual(await auditPart(page, '.ant-modal'), [], 'axe on the stale confirmation');
      // Previewed again, there is nothing left to do.
      await again.click();
      await confirmation.getByText(w.ui.nothing).waitFor();
      await confirmation.getByRole('button', { name: named(w.ui.cancel) }).click();
      await confirmation.waitFor({ state: 'hidden' });
      await context.close();
    });
  }
});
