/**
 * Anyone can create a draft conference, so a draft may not squat the platform's free names: until
 * it is published it holds at most DRAFT_FREE_DOMAINS names under SITE_DOMAIN (its first one
 * included), however many adds arrive at once; and a person adds at most DOMAIN_ADD_LIMIT domains
 * an hour (refused adds are given back), so adding and removing cannot churn names without bound.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';
import { DRAFT_FREE_DOMAINS } from '../../../../server/modules/sites/config/websiteService';
import { DOMAIN_ADD_LIMIT } from '../../../../server/modules/sites/config/routes';
import { post, WEBSITE } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

const add = (domain: string, token: string, host: string) => post(h, `${WEBSITE}/domain/add`, { domain }, token, host);

test('a draft: 40 adds at once leave it with 3 names under SITE_DOMAIN; the rest a translated 4xx; published, it may add more', async () => {
  const host = 'draft-squat.localhost';
  const cid = await h.provision(contractSite({ slug: 'draft-squat', domains: [host], status: '1' }));
  const manager = await h.login({ email: 'squatter@example.org', conferenceId: cid, roles: ['manager'] });
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => add(`squat${i}.localhost`, manager, host)));
  expect(answers.filter((r) => r.body.code === 200)).toHaveLength(DRAFT_FREE_DOMAINS - 1);
  const refusals = answers.filter((r) => r.body.code !== 200).map((r) => r.body.message);
  expect(refusals).toContain('manageSite:domainDraftLimit');
  expect(refusals.every((m) => m === 'manageSite:domainDraftLimit' || m === 'commonMsg.tooManyRequests')).toBe(true);
  expect(answers.every((r) => r.status === 200 || (r.status >= 400 && r.status < 500))).toBe(true);
  expect(await h.db('conference_domains').where({ conference_id: cid })).toHaveLength(DRAFT_FREE_DOMAINS);
  // A name under its own name is a free name too.
  expect((await add('www.draft-squat.localhost', manager, host)).body).toMatchObject({
    code: 400,
    message: 'manageSite:domainDraftLimit',
    field: 'domain',
  });

  await h.db('conferences').where({ id: cid }).update({ status: '4' });
  await h.sites.siteChanged(cid);
  expect((await add('www.draft-squat.localhost', manager, host)).body.code).toBe(200);
});

test(`a person adds at most ${DOMAIN_ADD_LIMIT.limit} domains an hour; refused adds are not counted`, async () => {
  const host = 'busy-adder.localhost';
  const cid = await h.provision(contractSite({ slug: 'busy-adder', domains: [host] }));
  const manager = await h.login({ email: 'adder@example.org', conferenceId: cid, roles: ['manager'] });
  for (let i = 0; i < 5; i++) expect((await add('bad_name!', manager, host)).body.code).toBe(400);
  for (let i = 0; i < DOMAIN_ADD_LIMIT.limit; i++)
    expect((await add(`adder${i}.localhost`, manager, host)).body.code).toBe(200);
  expect((await add('adder-more.localhost', manager, host)).body).toMatchObject({
    code: 429,
    message: 'commonMsg.tooManyRequests',
  });
});
