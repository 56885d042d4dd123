/**
 * Blind review from the author's side: after one reviewer declared a conflict, another reviewed and
 * the chair gave the (final) opinion, nothing the author can read — the manuscript with its status
 * history, the author's page, the details screen with the result — carries a reviewer's or the
 * chair's name or e-mail. The history used to name the reviewer who declared the conflict
 * (a 'system' entry) and the chair who decided (a 'chair' entry) in its JSON, though the island
 * hides the names.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import type { HistoryEntry } from '../../../server/contract/submissions';
import {
  addReviewer,
  assign,
  authorWithPaper,
  call,
  fullReview,
  ok,
  REVIEW,
  reviewSite,
  status,
} from './reviewingHelpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

test('no answer the author can read names a reviewer or the chair', async () => {
  const site = await reviewSite(h, 'blindness', { blind: true, chairFinal: true });
  const author = await authorWithPaper(h, site);
  const declaring = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  const reviewer = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  const chair = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
  // The only reviewer declares: the manuscript goes back to waiting, a 'system' entry in the history.
  await assign(h, site, author.id, declaring);
  ok(
    await call(h, site.host, 'post', '/conference/platform/review/allocation/declare', {
      token: declaring.token,
      body: { submissionId: author.id, note: 'I supervised the first author' },
    }),
  );
  await assign(h, site, author.id, reviewer);
  ok(
    await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
      token: reviewer.token,
      body: fullReview(site),
    }),
  );
  ok(
    await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
      token: chair.token,
      body: { opinion: 'accept', comment: 'Welcome to the conference' },
    }),
  );
  expect(await status(h, site.cid, author.id)).toBe('accepted');

  const mine = await call(h, site.host, 'get', `/conference/submission/${author.id}`, { token: author.token });
  const authorPage = await call(h, site.host, 'get', '/conference/submission/page', { token: author.token });
  const details = await page(h.app, `/profile/submission/details?id=${author.id}`, {
    host: site.host,
    token: author.token,
    lang: 'en',
  });
  expect([mine.status, authorPage.status, details.res.status]).toEqual([200, 200, 200]);
  // The history is all there, with its kinds and notes, and the result with the review's comment.
  const history = ok<{ history: HistoryEntry[] }>(mine).history;
  expect(history.map((e) => e.by)).toEqual(['author', 'manager', 'system', 'manager', 'chair']);
  expect(history[4]).toMatchObject({ to: 'accepted', note: 'Welcome to the conference', actor: '' });
  expect(details.res.text).toContain('A good paper.');

  const secrets = [declaring, reviewer, chair].flatMap((p) => [p.name, p.email]);
  for (const [what, text] of [
    ['the manuscript', JSON.stringify(mine.body)],
    ['the page', JSON.stringify(authorPage.body)],
    ['the details screen', details.res.text],
  ] as const) {
    for (const secret of secrets) expect(text, `${what}: ${secret}`).not.toContain(secret);
  }
  // The manager's copy of the history still says who.
  const manager = await call(h, site.host, 'get', `/conference/platform/manage/contribute/${author.id}`, {
    token: site.manager,
  });
  expect(JSON.stringify(manager.body)).toContain(chair.name);
});
