/**
 * A review submitted incomplete is refused with everything it lacks at once (issue 32): each score,
 * each point's answer and the opinion, each on its field, in the envelope's `fields`; the first is
 * also `message`/`field` as any refusal. Nothing changes. A draft may stay partial.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { t } from '../../../server/platform/i18n';
import {
  addReviewer,
  assign,
  authorWithPaper,
  call,
  fullReview,
  REVIEW,
  reviewSite,
  type ReviewSite,
} from './reviewingHelpers';

let h: Harness;
let site: ReviewSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'all-missing');
}, 60_000);
afterAll(() => h?.stop());

test('an empty submit names every missing score, answer and the opinion; a draft of the same is kept', async () => {
  const author = await authorWithPaper(h, site);
  const reviewer = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  await assign(h, site, author.id, reviewer);
  const before = await h.db('reviews').where({ conference_id: site.cid, submission_id: author.id }).first();

  const empty = { scores: { overall: 7 }, answers: { [site.ruleId]: ['Quite new', ''] }, opinion: null, comment: '' };
  const res = await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, { token: reviewer.token, body: empty });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 400, key: 'reviewing:scoreRequired', field: 'scores.originality' });
  expect(res.body.fields).toEqual([
    { field: 'scores.originality', message: 'reviewing:scoreRequired' },
    { field: `answers.${site.ruleId}.1`, message: 'reviewing:answerRequired' },
    { field: 'opinion', message: 'reviewing:opinionRequired' },
  ]);
  expect(await h.db('reviews').where({ conference_id: site.cid, submission_id: author.id }).first()).toEqual(before);
  for (const lang of ['zh', 'en'] as const)
    for (const key of ['scoreRequired', 'answerRequired', 'opinionRequired'])
      expect(t(lang, `reviewing:${key}`)).not.toMatch(/^reviewing:/);

  // A draft keeps what is there; the complete review then goes through.
  expect(
    (await call(h, site.host, 'put', `${REVIEW}/${author.id}`, { token: reviewer.token, body: empty })).body.code,
  ).toBe(200);
  expect(
    (
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: reviewer.token,
        body: fullReview(site),
      })
    ).body.code,
  ).toBe(200);
});
