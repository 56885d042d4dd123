/**
 * Review mail passes the conference's mail gate (docs/mail.md "Limits"): past the day's budget
 * the assignments and the decision are saved and their mail is withheld; a conference that is not
 * published mails only reviewers who came to it themselves; nothing is taken from the budget for
 * mail that was not sent.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { insertId, toDbInstant } from '../../../server/db/dialect';
import { ensureUser } from '../../../server/modules/accounts/service';
import { MailBudget } from '../../../server/modules/mail/budget';
import type { AllocationApplied, AllocationPreview, CandidatesView } from '../../../server/contract/allocation';
import { addPaper, addReviewer, allocationSite, ALLOCATION, call, ok, reviewRows } from './reviewHelpers';

const BUDGET = 3;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    seedDemo: false,
    env: { MAIL_DAILY_BUDGET_UNPUBLISHED: String(BUDGET), MAIL_DAILY_BUDGET_PUBLISHED: String(BUDGET) },
  });
});
afterAll(() => h?.stop());

const assignMails = (cid: number) =>
  h.db('mail_outbox').where({ conference_id: cid }).where({ kind: 'assignAbstractReview' }).select('to_address');
const budgetUsed = (cid: number) => new MailBudget(h.db, { unpublished: 0, published: 0 }).used(cid);

test("past the day's budget, one-click assignments are saved and their mail withheld; the budget is not taken", async () => {
  const site = await allocationSite(h, 'gate-budget', { k: 1 });
  const reviewers = [];
  for (let i = 0; i < BUDGET + 1; i++) reviewers.push(await addReviewer(h, site, { sessions: [site.sessionA] }));
  for (let i = 0; i < BUDGET + 1; i++) await addPaper(h, site);
  const used = await budgetUsed(site.cid);
  const p = ok<AllocationPreview>(
    await call(h, site.host, 'post', `${ALLOCATION}/preview`, { token: site.manager, body: { seed: 1 } }),
  );
  const done = ok<AllocationApplied>(
    await call(h, site.host, 'post', `${ALLOCATION}/apply`, {
      token: site.manager,
      body: { seed: p.seed, keepCurrent: p.keepCurrent, token: p.token },
    }),
  );
  expect(done.added).toBe(BUDGET + 1);
  expect(done.mails).toBe(0);
  expect(await reviewRows(h, site.cid)).toHaveLength(BUDGET + 1);
  expect(await assignMails(site.cid)).toEqual([]);
  expect(await budgetUsed(site.cid)).toBe(used);
});

test('a conference that is not published mails only a reviewer who came to it themselves; the assignment stands either way', async () => {
  const site = await allocationSite(h, 'gate-draft', { k: 1 });
  const known = await addReviewer(h, site, { sessions: [site.sessionA] }); // signed in to the conference
  // A platform account a manager linked as a reviewer, who never came to this conference.
  const stranger = await ensureUser(h.db, { email: 'stranger-reviewer@example.net', trueName: 'Stranger' });
  const now = toDbInstant();
  const strangerId = await insertId(
    h.db('reviewers').insert(
      {
        conference_id: site.cid,
        email: 'stranger-reviewer@example.net',
        user_id: stranger.id,
        active: true,
        full_name: 'Stranger',
        unit: 'Elsewhere',
        lang: 'en',
        invited_at: now,
        activated_at: now,
      },
      ['id'],
    ),
  );
  await h
    .db('reviewer_roles')
    .insert({ conference_id: site.cid, reviewer_id: strangerId, session_id: site.sessionA, role: 'reviewer' });
  const [first, second] = [await addPaper(h, site), await addPaper(h, site)];
  await h.db('conferences').where({ id: site.cid }).update({ status: '1' });
  await h.sites.siteChanged(site.cid);

  ok<CandidatesView>(
    await call(h, site.host, 'post', `${ALLOCATION}/papers/${first.id}/reviewers`, {
      token: site.manager,
      body: { reviewerIds: [known.id] },
    }),
  );
  ok<CandidatesView>(
    await call(h, site.host, 'post', `${ALLOCATION}/papers/${second.id}/reviewers`, {
      token: site.manager,
      body: { reviewerIds: [strangerId] },
    }),
  );
  expect((await reviewRows(h, site.cid)).map(([paper, reviewer]) => [paper, reviewer])).toEqual([
    [first.id, known.id],
    [second.id, strangerId],
  ]);
  expect((await assignMails(site.cid)).map((m) => m.to_address)).toEqual([known.email]);
});
