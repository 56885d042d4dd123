/**
 * The demo data does not contradict itself (issue 18): the instructions ask for passport details,
 * so the form asks for the passport number; each demo conference offers its own topics; the demo
 * conferences have a manager (the super admin who "made" them), so the manager list is not empty.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { conferenceIdForDomain } from '../../../server/modules/sites/repo';
import type { FormRules } from '../../../server/contract/registration';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.stop());

async function form(domain: string): Promise<FormRules> {
  const cid = (await conferenceIdForDomain(h.db, domain))!;
  const row = await h.db('registration_forms').where({ conference_id: cid }).first();
  return JSON.parse(row!.rules);
}

test('the passport number is asked for where the instructions ask for it', async () => {
  const rules = await form('demo.localhost');
  expect(rules.items.find((i) => i.field === 'passport')?.mode).toBe('optional');
});

test('each demo conference has its own topics', async () => {
  const topics = async (domain: string) =>
    (await form(domain)).items.find((i) => i.field === 'c_topics')!.options!.map((o) => o.value);
  expect(await topics('demo.localhost')).toEqual(['ai', 'hpc', 'data']);
  expect(await topics('demo2.localhost')).toEqual(['climate', 'ecosystems', 'policy']);
});

test('the demo conferences are managed by the super admin who made them', async () => {
  for (const domain of ['demo.localhost', 'demo2.localhost']) {
    const cid = (await conferenceIdForDomain(h.db, domain))!;
    const roles = await h
      .db('conference_roles as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.conference_id', cid)
      .pluck('r.role');
    expect(roles.sort()).toEqual(['creator', 'manager']);
  }
});
