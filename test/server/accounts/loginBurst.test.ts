/**
 * The five-failure login lock under concurrency (issue 10, finding 8): each attempt is reserved
 * on the account before its password is checked, so a burst checks at most five passwords. An
 * attempt whose password was checked answers userLoginError (wrong) or 200 (right); one refused
 * before the check answers 429 loginLocked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally, type Served } from '../../helpers/concurrency';
import { contractSite } from '../../fixtures/contractSite';
import { ensureUser } from '../../../server/modules/accounts/service';
import { LOGIN_LIMITS } from '../../../server/modules/accounts/auth';

// Account calls live on the platform host (docs/accounts.md).
const host = PLATFORM_HOST;
let h: Harness;
let s: Served;

const login = (email: string, password: string) => s.post(host, '/base/oauth/localLogin', { email, password });
const checked = (t: Record<string, number>) => (t['400 userReg.userLoginError'] ?? 0) + (t['200 success'] ?? 0);

// The per-address limit is raised: every request here comes from one address, and what is tested
// is the per-account lock, which must hold even against many addresses.
beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ 'login:ip:': 1_000_000 }) });
  await h.provision(contractSite());
  s = await serve(h.app);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await h?.stop();
});

describe.each([40, 200])('a burst of %i concurrent logins, one of them with the right password', (n) => {
  test('checks at most five passwords; the others are refused before any check', async () => {
    const email = `burst-${n}@example.org`;
    await ensureUser(h.db, { email, trueName: 'Burst', password: 'right-password-1' });
    // The right password last, where a brute force would find it.
    const passwords = [...Array.from({ length: n - 1 }, (_, i) => `wrong-password-${i}`), 'right-password-1'];
    const t = tally(await Promise.all(passwords.map((p) => login(email, p))));
    expect(checked(t)).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.limit);
    expect(t['429 userReg.loginLocked']).toBeGreaterThanOrEqual(n - LOGIN_LIMITS.perAccount.limit);
    expect(checked(t) + t['429 userReg.loginLocked']).toBe(n);
  }, 120_000);
});

test('a successful login gives the account its allowance back', async () => {
  const email = 'reset@example.org';
  await ensureUser(h.db, { email, trueName: 'Reset', password: 'right-password-1' });
  for (let i = 0; i < LOGIN_LIMITS.perAccount.limit - 1; i++)
    expect((await login(email, `wrong-${i}-xxxxxx`)).status).toBe(400);
  expect((await login(email, 'right-password-1')).status).toBe(200);
  for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i++)
    expect((await login(email, `wrong-again-${i}-xx`)).status).toBe(400);
  expect((await login(email, 'right-password-1')).body).toMatchObject({ code: 429, message: 'userReg.loginLocked' });
}, 60_000);

test('an unknown e-mail is locked the same way (no oracle from the lock)', async () => {
  const t = tally(
    await Promise.all(Array.from({ length: 40 }, (_, i) => login('nobody@example.org', `guess-${i}-xxxxx`))),
  );
  expect(t).toEqual({
    '400 userReg.userLoginError': LOGIN_LIMITS.perAccount.limit,
    '429 userReg.loginLocked': 40 - LOGIN_LIMITS.perAccount.limit,
  });
}, 60_000);
