/** One-call login, its limits, password reset and the check calls (spec 2.5, 2.7; DESIGN.md 5). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, mailedCode, tokenCookie, PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';
import { MemoryRateLimiter } from '../../../server/platform/rateLimit';
import { CHECK_EMAIL_LIMIT, LOGIN_LIMITS } from '../../../server/modules/accounts/auth';
import { ensureUser } from '../../../server/modules/accounts/service';

let h: Harness;
let clock = Date.now();
// Account calls live on the platform host (docs/accounts.md).
const host = PLATFORM_HOST;
const CODES = '/conference/conferenceRegUserConfig';
const login = (email: string, password: string) => apiPost(h.app, host, '/base/oauth/localLogin', { email, password });
const status = (cookie: string) => apiPost(h.app, host, '/base/admin/isAdmin', {}, cookie);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new MemoryRateLimiter(() => clock) });
  await h.provision(contractSite());
  await ensureUser(h.db, { email: 'carol@example.org', trueName: 'Carol', password: 'carol-password-1' });
  await ensureUser(h.db, { email: 'manager-only@example.org', trueName: '' });
});
afterAll(() => h?.stop());

describe('login', () => {
  test('right password: the token object as body and the HttpOnly cookie', async () => {
    const res = await login('carol@example.org', 'carol-password-1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['cstnetId', 'id', 'trueName', 'umtId']);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    expect((await status(tokenCookie(res))).status).toBe(200);
  });

  test('unknown e-mail and wrong password give the same answer', async () => {
    const unknown = await login('nobody@example.org', 'whatever-1');
    const wrongPassword = await login('carol@example.org', 'wrong-password-1');
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(unknown.body).toMatchObject({ code: 400, message: 'userReg.userLoginError' });
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  test('an account without a password cannot log in', async () => {
    expect((await login('manager-only@example.org', 'anything-123')).body.message).toBe('userReg.userLoginError');
  });

  test('repeated wrong passwords lock the account for the window, even for the right password; it reopens after', async () => {
    await ensureUser(h.db, { email: 'dave@example.org', trueName: 'Dave', password: 'dave-password-1' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i++)
      expect((await login('dave@example.org', `nope-${i}-aaaaaa`)).status).toBe(400);
    const locked = await login('dave@example.org', 'dave-password-1');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('userReg.loginLocked');
    clock += LOGIN_LIMITS.perAccount.windowMs + 1000;
    expect((await login('dave@example.org', 'dave-password-1')).status).toBe(200);
  });

  test.each([
    [{ email: 'not-an-email', password: 'x' }, 'emailFormatError'],
    [{ email: 'carol@example.org', password: '' }, 'passwordRequire'],
    [{ email: 'carol@example.org' }, 'passwordRequire'],
    [{ email: ['carol@example.org'], password: 'carol-password-1' }, 'emailFormatError'],
  ])('%j is refused with %s', async (body, message) => {
    const res = await apiPost(h.app, host, '/base/oauth/localLogin', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('password reset', () => {
  test('with the mailed code: new password works, old one does not, every session ends', async () => {
    await ensureUser(h.db, { email: 'erin@example.org', trueName: 'Erin', password: 'erin-password-1' });
    const before = tokenCookie(await login('erin@example.org', 'erin-password-1'));
    await apiPost(h.app, host, `${CODES}/sendEmailCode`, {
      data: { email: 'erin@example.org', type: 'resetPassCode' },
    });
    const code = await mailedCode(h.db, 'erin@example.org');
    const res = await apiPost(h.app, host, `${CODES}/updatePassword`, {
      data: {
        email: 'erin@example.org',
        verifyCode: code,
        name: 'Erin E.',
        password: 'erin-new-pass-2',
        confirmPassword: 'erin-new-pass-2',
      },
    });
    expect(res.body).toMatchObject({ code: 200, data: { data: true } });
    expect((await status(before)).status).toBe(401);
    expect((await login('erin@example.org', 'erin-password-1')).status).toBe(400);
    expect((await login('erin@example.org', 'erin-new-pass-2')).body.data.trueName).toBe('Erin E.');
  });

  test('an account added without a password ("exists but not registered") can set one', async () => {
    await apiPost(h.app, host, `${CODES}/sendEmailCode`, {
      data: { email: 'manager-only@example.org', type: 'resetPassCode' },
    });
    const code = await mailedCode(h.db, 'manager-only@example.org');
    await apiPost(h.app, host, `${CODES}/updatePassword`, {
      data: {
        email: 'manager-only@example.org',
        verifyCode: code,
        name: '管理员',
        password: 'manager-pass-1',
        confirmPassword: 'manager-pass-1',
      },
    });
    expect((await login('manager-only@example.org', 'manager-pass-1')).status).toBe(200);
  });

  test.each([
    [{ password: 'abc123abc1x', confirmPassword: 'different1x' }, 'passwordError'],
    [{ password: 'short1', confirmPassword: 'short1' }, 'passwordCheck'],
    [{ password: 'good-pass-12', confirmPassword: '' }, 'confirmPasswordRequire'],
    [{ password: 'good-pass-12', confirmPassword: 'good-pass-12', verifyCode: '' }, 'inputVerifyCode'],
  ])('%j is refused with %s and changes nothing', async (fields, message) => {
    const before = await h.db('users').where({ email: 'carol@example.org' }).first();
    const res = await apiPost(h.app, host, `${CODES}/updatePassword`, {
      data: { email: 'carol@example.org', verifyCode: '123456', ...fields },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await h.db('users').where({ email: 'carol@example.org' }).first())!.password_hash).toBe(
      before!.password_hash,
    );
  });
});

describe('checks', () => {
  test('checkEmail: 1 with a password, 0 with the spec message without one, 0 when unknown', async () => {
    const check = (email: string) => request(h.app).get(`/api${CODES}/checkEmail`).query({ email }).set('Host', host);
    expect((await check('carol@example.org')).body).toMatchObject({ data: 1 });
    await ensureUser(h.db, { email: 'nopass@example.org', trueName: '' });
    expect((await check('nopass@example.org')).body).toMatchObject({
      data: 0,
      message: 'user email exists but not registered',
    });
    expect((await check('unknown@example.org')).body).toMatchObject({ data: 0, message: '' });
    expect((await check('bad')).status).toBe(400);
  });

  test('checkEmail is limited per address: past 30 a minute, 429 commonMsg.tooManyRequests', async () => {
    const check = (email: string) => request(h.app).get(`/api${CODES}/checkEmail`).query({ email }).set('Host', host);
    clock += CHECK_EMAIL_LIMIT.windowMs + 1000;
    const answers = await Promise.all(
      Array.from({ length: CHECK_EMAIL_LIMIT.limit + 10 }, (_, i) => check(`probe-${i}@example.org`)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(CHECK_EMAIL_LIMIT.limit);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].body).toMatchObject({ code: 429, message: 'commonMsg.tooManyRequests' });
    clock += CHECK_EMAIL_LIMIT.windowMs + 1000;
    expect((await check('carol@example.org')).body).toMatchObject({ data: 1 });
  });

  test('checkPasswordContent: 1 for 10+ characters with letters and digits', async () => {
    const check = (data: string) => apiPost(h.app, host, `${CODES}/checkPasswordContent`, { data });
    expect((await check('abcdefghi1')).body.data).toBe(1);
    expect((await check('abcdefghij')).body.data).toBe(0);
    expect((await check('abc1')).body.data).toBe(0);
  });

  test('checkPassword answers only about the caller and needs a session', async () => {
    expect((await apiPost(h.app, host, `${CODES}/checkPassword`, { password: 'carol-password-1' })).status).toBe(401);
    const cookie = tokenCookie(await login('carol@example.org', 'carol-password-1'));
    expect(
      (await apiPost(h.app, host, `${CODES}/checkPassword`, { password: 'carol-password-1' }, cookie)).body.data,
    ).toBe(1);
    expect((await apiPost(h.app, host, `${CODES}/checkPassword`, { password: 'nope' }, cookie)).body.data).toBe(0);
  });

  test('isAdmin is true only for a super admin asking about themself', async () => {
    const admin = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
    const platform = 'platform.localhost';
    expect(
      (await apiPost(h.app, platform, '/base/admin/isAdmin', { cstnetId: 'root@example.org' }, admin)).body.data,
    ).toBe(true);
    expect(
      (await apiPost(h.app, platform, '/base/admin/isAdmin', { cstnetId: 'someone@example.org' }, admin)).body.data,
    ).toBe(false);
    const user = tokenCookie(await login('carol@example.org', 'carol-password-1'));
    expect((await apiPost(h.app, host, '/base/admin/isAdmin', { cstnetId: 'carol@example.org' }, user)).body.data).toBe(
      false,
    );
  });
});
