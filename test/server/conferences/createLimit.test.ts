/**
 * Conference creation is limited per account (issue 10 #5: 30 conferences in 0.4 s, each a site
 * and a mail sender): a few an hour and a day, refused with a translated 429 that says when to
 * come back; mistakes (a name already taken) do not use the allowance.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost } from '../../helpers/accounts';

let h: Harness;
const platform = 'platform.localhost:3000';
const body = (slug: string) => ({ nameZh: '限流测试会议', nameEn: 'Rate Limit Conference', shortTitle: 'RL', slug });
const create = (token: string, slug: string) =>
  apiPost(h.app, platform, '/conference/create', body(slug), `token=${token}`);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

test('30 creations at once by one account: 3 conferences (the hourly allowance), 27 refused with 429', async () => {
  const token = await h.login({ email: 'rusher@example.org', conferenceId: null });
  const results = await Promise.all(Array.from({ length: 30 }, (_, i) => create(token, `rush-${i}`)));
  const ok = results.filter((r) => r.body.code === 200);
  expect(ok).toHaveLength(3);
  const refused = results.filter((r) => r.body.code !== 200);
  expect(refused.every((r) => r.status === 429 && r.body.message === 'manageConference:createTooMany')).toBe(true);
  expect(Number(refused[0].body.params.minutes)).toBeGreaterThan(0);
  const user = await h.db('users').where({ email: 'rusher@example.org' }).first();
  expect(await h.db('conferences').where({ created_by: user!.id }).count({ n: '*' }).first()).toMatchObject({ n: 3 });

  // Another account is not held back by this one.
  const other = await h.login({ email: 'calm@example.org', conferenceId: null });
  expect((await create(other, 'calm-1')).body.code).toBe(200);
});

test('a name already taken does not use the allowance', async () => {
  const token = await h.login({ email: 'typo@example.org', conferenceId: null });
  // calm-1 certainly exists (which of the rush-* names won the race varies).
  for (let i = 0; i < 5; i++) expect((await create(token, 'calm-1')).body.message).toBe('manageConference:slugTaken');
  for (let i = 0; i < 3; i++) expect((await create(token, `typo-${i}`)).body.code).toBe(200);
  expect((await create(token, 'typo-3')).status).toBe(429);
});

test('the daily allowance holds across hours', async () => {
  const daily = await createHarness({
    seedDemo: false,
    env: { CONFERENCE_CREATE_PER_HOUR: '50', CONFERENCE_CREATE_PER_DAY: '4' },
  });
  try {
    const token = await daily.login({ email: 'daily@example.org', conferenceId: null });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await apiPost(daily.app, platform, '/conference/create', body(`day-${i}`), `token=${token}`)).body.code,
      );
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  } finally {
    await daily.stop();
  }
});
