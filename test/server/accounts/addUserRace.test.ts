/**
 * Adding the same new person twice at once (issue 10, low): the account is created by one
 * request and found by the others (ensureUser reads again after the unique index refused its
 * row), so no request answers 500.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { serve, tally, type Served } from '../../helpers/concurrency';
import { contractSite } from '../../fixtures/contractSite';
import { addSuperAdminByEmail } from '../../../server/modules/accounts/superAdmins';
import { ensureUser } from '../../../server/modules/accounts/service';

const host = 'contract.localhost';
let h: Harness;
let s: Served;
let creator: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const conferenceId = await h.provision(contractSite({ status: '1' }));
  creator = await h.login({ email: 'creator@example.org', conferenceId, roles: ['creator', 'manager'] });
  s = await serve(h.app);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await h?.stop();
});

test('20 concurrent "add manager" calls for one new e-mail: one adds, the others say so, none fails', async () => {
  const email = 'new.manager@example.org';
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      s.post(host, '/conference/platform/manage/managers', { email }, `token=${creator}`),
    ),
  );
  expect(tally(answers)).toEqual({ '200 manageConference:addedNoMail': 1, '400 manageConference:alreadyManager': 19 });
  expect(await h.db('users').where({ email })).toHaveLength(1);
}, 60_000);

test('ensureUser called at once for one new e-mail answers one account to all', async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () => ensureUser(h.db, { email: 'same@example.org', trueName: '' })),
  );
  expect(new Set(results.map((r) => r.id)).size).toBe(1);
  expect(results.filter((r) => r.created)).toHaveLength(1);
});

test('20 concurrent additions of one new super admin: one adds, the others are told it is done', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () => addSuperAdminByEmail(h.db, 'new.root@example.org')),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  for (const r of results)
    if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 400, messageKey: 'admin.alreadySuperAdmin' });
});
