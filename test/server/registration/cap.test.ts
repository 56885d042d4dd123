/**
 * The registration cap under a rush (DESIGN.md 3): ten times the cap in concurrent requests gives
 * exactly the cap, numbered without gaps (also 200 against 20 over a listening server, through
 * the capacity helper of server/db/capacity.ts); without a configured cap the limit is 1000.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { toDbInstant } from '../../../server/db/dialect';
import { serve, tally } from '../../helpers/concurrency';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
const host = 'rush.localhost';
let cid: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'rush', domains: [host] }));
  await openRegistration(h.db, cid, { registerFlag: true, registerNum: 5, prefix: 'R-' });
  await setForm(h.db, cid, 'default', testForm());
});
afterAll(() => h?.stop());

test('50 concurrent registrations against a cap of 5: exactly 5 succeed, the rest get registerMsg', async () => {
  const tokens = await Promise.all(
    Array.from({ length: 50 }, (_, i) => h.login({ email: `rush${i}@example.org`, conferenceId: cid })),
  );
  const answers = await Promise.all(
    tokens.map((token) =>
      call(h, host, 'post', '/conference/conferenceUser', {
        token,
        body: { version: 'default', answers: goodAnswers() },
      }),
    ),
  );
  const ok = answers.filter((r) => r.body.code === 200);
  const full = answers.filter((r) => r.body.message === 'userReg.registerMsg');
  expect(ok).toHaveLength(5);
  expect(full).toHaveLength(45);
  const rows = await h.db('registrants').where({ conference_id: cid }).orderBy('seq');
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
  expect(rows.map((r) => r.code)).toEqual(['R-0001', 'R-0002', 'R-0003', 'R-0004', 'R-0005']);
  expect(
    await h.db('conference_roles').where({ conference_id: cid, role: 'attendee' }).count({ n: '*' }).first(),
  ).toMatchObject({ n: 5 });
  expect((await call(h, host, 'post', '/conference/conferenceUser/countUser')).body.data).toBe(5);
});

test('without registerFlag the cap is 1000', async () => {
  const other = await h.provision(contractSite({ slug: 'big', domains: ['big.localhost'] }));
  await openRegistration(h.db, other, { registerFlag: false, registerNum: 3 });
  await setForm(h.db, other, 'default', testForm());
  // 999 registrants already, written directly.
  const now = toDbInstant();
  const users = Array.from({ length: 999 }, (_, i) => ({
    email: `filler${i}@example.org`,
    true_name: '',
    cstnet_id: `filler${i}@example.org`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < users.length; i += 200) await h.db('users').insert(users.slice(i, i + 200));
  const ids = await h.db('users').where('email', 'like', 'filler%').orderBy('id').pluck('id');
  const rows = ids.map((userId: number, i: number) => ({
    conference_id: other,
    user_id: userId,
    version: 'default',
    seq: i + 1,
    code: `F${i}`,
    email: `filler${i}@example.org`,
    answers: '{}',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await h.db('registrants').insert(rows.slice(i, i + 200));
  await h.db('registration_settings').where({ conference_id: other }).update({ last_seq: 999 });

  const first = await h.login({ email: 'thousandth@example.org', conferenceId: other });
  expect(
    (
      await call(h, 'big.localhost', 'post', '/conference/conferenceUser', {
        token: first,
        body: { version: 'default', answers: goodAnswers() },
      })
    ).body.code,
  ).toBe(200);
  const second = await h.login({ email: 'toolate@example.org', conferenceId: other });
  const res = await call(h, 'big.localhost', 'post', '/conference/conferenceUser', {
    token: second,
    body: { version: 'default', answers: goodAnswers() },
  });
  expect(res.body).toMatchObject({ code: 400, message: 'userReg.registerMsg' });
});

test('200 concurrent registrations over one listening server against a cap of 20: exactly 20, numbered 1-20', async () => {
  const crowd = await h.provision(contractSite({ slug: 'crowd', domains: ['crowd.localhost'] }));
  await openRegistration(h.db, crowd, { registerFlag: true, registerNum: 20, prefix: 'C-' });
  await setForm(h.db, crowd, 'default', testForm());
  const tokens = await Promise.all(
    Array.from({ length: 200 }, (_, i) => h.login({ email: `crowd${i}@example.org`, conferenceId: crowd })),
  );
  const s = await serve(h.app);
  try {
    const answers = await Promise.all(
      tokens.map((token) =>
        s.post(
          'crowd.localhost',
          '/conference/conferenceUser',
          { version: 'default', answers: goodAnswers() },
          `token=${token}`,
        ),
      ),
    );
    expect(tally(answers)).toEqual({ '200 registration:success': 20, '400 userReg.registerMsg': 180 });
  } finally {
    await s.close();
  }
  const rows = await h.db('registrants').where({ conference_id: crowd }).orderBy('seq');
  expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(new Set(rows.map((r) => r.user_id)).size).toBe(20);
}, 120_000);
