/**
 * A rush of sign-ups (issue 10, finding 9): on MariaDB, concurrent code requests deadlocked on
 * the gap lock an UPDATE of the earlier codes took before the insert, answered 500, and still used
 * up sending quota. Now every one gets its code and its account, and a code that could not be sent
 * gives its quota back.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { mailedCode, PLATFORM_HOST } from '../../helpers/accounts';
import { RaisedLimits, serve, tally, type Served } from '../../helpers/concurrency';
import { contractSite } from '../../fixtures/contractSite';
import { isMysql } from '../../../server/db/index';

// Account calls live on the platform host (docs/accounts.md).
const host = PLATFORM_HOST;
const CODES = '/conference/conferenceRegUserConfig';
const RUSH = 200;
let h: Harness;
let s: Served;
let limiter: RaisedLimits;

// One test client is one address: the per-address limits on sending codes (20 an hour) and on
// trying them (60 an hour) are raised so that 200 people behind it get through. The production
// limits are not touched.
beforeAll(async () => {
  limiter = new RaisedLimits({ 'code:ip:': 10_000, 'code-check:ip:': 10_000 });
  h = await createHarness({ seedDemo: false, limiter });
  await h.provision(contractSite());
  s = await serve(h.app);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await h?.stop();
});

test(`${RUSH} concurrent code requests and then ${RUSH} concurrent sign-ups all succeed`, async () => {
  const emails = Array.from({ length: RUSH }, (_, i) => `rush-${i}@example.org`);
  const sent = await Promise.all(
    emails.map((email) => s.post(host, `${CODES}/sendEmailCode`, { data: { email, type: 'registerCode' } })),
  );
  expect(tally(sent)).toEqual({ [`200 success`]: RUSH });
  const codes = await Promise.all(emails.map((email) => mailedCode(h.db, email)));
  const registered = await Promise.all(
    emails.map((email, i) =>
      s.post(host, '/base/oauth/register', {
        email,
        trueName: `Rush ${i}`,
        passWord: 'password-123',
        verifyCode: codes[i],
      }),
    ),
  );
  expect(tally(registered)).toEqual({ [`200 success`]: RUSH });
  expect(Number((await h.db('users').where('email', 'like', 'rush-%').count({ n: '*' }).first())!.n)).toBe(RUSH);
  expect(
    await h.db('verification_codes').where('email', 'like', 'rush-%').whereNull('used_at').first(),
  ).toBeUndefined();
}, 180_000);

test('a code that could not be sent uses up no quota', async () => {
  const email = 'cannot-send@example.org';
  // The database refuses this one code row, as a failure after the quota was taken would.
  if (isMysql(h.db)) {
    await h.db.raw(
      "CREATE TRIGGER refuse_code BEFORE INSERT ON verification_codes FOR EACH ROW BEGIN IF NEW.email = 'cannot-send@example.org' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END",
    );
  } else {
    await h.db.raw(
      "CREATE TRIGGER refuse_code BEFORE INSERT ON verification_codes WHEN NEW.email = 'cannot-send@example.org' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
  }
  const ipKey = 'code:ip:127.0.0.1';
  const ipBefore = await limiter.count(ipKey);
  try {
    const res = await s.post(host, `${CODES}/sendEmailCode`, { data: { email, type: 'registerCode' } });
    expect(res.status).toBe(500);
    expect(await limiter.count(`code:email:${email}`)).toBe(0);
    expect(await limiter.count(ipKey)).toBe(ipBefore);
  } finally {
    await h.db.raw('DROP TRIGGER refuse_code');
  }
  expect((await s.post(host, `${CODES}/sendEmailCode`, { data: { email, type: 'registerCode' } })).status).toBe(200);
  expect(await limiter.count(`code:email:${email}`)).toBe(1);
});
