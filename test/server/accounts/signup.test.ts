/** Codes and account registration (spec 2.6, 5; DESIGN.md 5), through the real API. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { apiPost, mailedCode, tokenCookie, PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
// Account calls live on the platform host (docs/accounts.md).
const host = PLATFORM_HOST;
const CODES = '/conference/conferenceRegUserConfig';
const sendCode = (email: string, type = 'registerCode') =>
  apiPost(h.app, host, `${CODES}/sendEmailCode`, { data: { email, type } });
const checkCode = (email: string, code: string, type = 'registerCode') =>
  apiPost(h.app, host, `${CODES}/getEmailCode`, { data: { email, type, code } });
const register = (body: object) => apiPost(h.app, host, '/base/oauth/register', body);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
});
afterAll(() => h?.stop());

describe('verification codes', () => {
  test('a code is mailed, stored only as a hash, and never returned to the browser', async () => {
    const res = await sendCode('new1@example.org');
    expect(res.status).toBe(200);
    const code = await mailedCode(h.db, 'new1@example.org');
    expect(JSON.stringify(res.body)).not.toContain(code);
    const row = await h.db('verification_codes').where({ email: 'new1@example.org' }).first();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the mail is in the language of the page, with the name of the site that sends it (the platform)', async () => {
    await apiPost(
      h.app,
      host,
      `${CODES}/sendEmailCode`,
      { data: { email: 'lang@example.org', type: 'registerCode' } },
      'locale=en',
    );
    const mail = await h.db('mail_outbox').where({ to_address: 'lang@example.org' }).first();
    expect(mail!.subject).toMatch(/^\[[^\]]+\] Your verification code: \d{6}$/);
  });

  test('getEmailCode answers valid, wrong or expired, and a wrong try counts', async () => {
    await sendCode('check@example.org');
    const code = await mailedCode(h.db, 'check@example.org');
    expect((await checkCode('check@example.org', wrong(code))).body).toMatchObject({
      message: 'userReg.verifyCodeError',
      data: { result: 'wrong' },
    });
    expect((await checkCode('check@example.org', code)).body.data.result).toBe('valid');
    await h
      .db('verification_codes')
      .where({ email: 'check@example.org' })
      .update({ expires_at: '2020-01-01 00:00:00.000' });
    expect((await checkCode('check@example.org', code)).body).toMatchObject({
      message: 'userReg.validateTimeError',
      data: { result: 'expired' },
    });
  });

  test('a sixth try is refused even with the right code', async () => {
    await sendCode('brute@example.org');
    const code = await mailedCode(h.db, 'brute@example.org');
    for (let i = 0; i < 5; i++)
      expect((await checkCode('brute@example.org', wrong(code))).body.data.result).toBe('wrong');
    expect((await checkCode('brute@example.org', code)).body.data.result).toBe('expired');
    const res = await register({
      email: 'brute@example.org',
      trueName: 'B',
      passWord: 'password123',
      verifyCode: code,
    });
    expect(res.body).toMatchObject({ code: 400, message: 'userReg.validateTimeError', field: 'verifyCode' });
    expect(await h.db('users').where({ email: 'brute@example.org' }).first()).toBeUndefined();
  });

  test('a second code within 60 s is refused; after that it replaces the first', async () => {
    await sendCode('again@example.org');
    const first = await mailedCode(h.db, 'again@example.org');
    const soon = await sendCode('again@example.org');
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe('userReg.resendTooSoon');
    await h
      .db('verification_codes')
      .where({ email: 'again@example.org' })
      .update({ created_at: '2020-01-01 00:00:00.000' });
    expect((await sendCode('again@example.org')).status).toBe(200);
    const second = await mailedCode(h.db, 'again@example.org');
    if (second !== first) expect((await checkCode('again@example.org', first)).body.data.result).toBe('wrong');
    expect((await checkCode('again@example.org', second)).body.data.result).toBe('valid');
  });

  test('sending is limited per e-mail address', async () => {
    for (let i = 0; i < 5; i++) {
      await h
        .db('verification_codes')
        .where({ email: 'limit@example.org' })
        .update({ created_at: '2020-01-01 00:00:00.000' });
      expect((await sendCode('limit@example.org')).status).toBe(200);
    }
    await h
      .db('verification_codes')
      .where({ email: 'limit@example.org' })
      .update({ created_at: '2020-01-01 00:00:00.000' });
    const res = await sendCode('limit@example.org');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('commonMsg.tooManyRequests');
  });

  test('a sign-up code is refused for an existing account, a reset code for an unknown one', async () => {
    await h.login({ email: 'exists@example.org', conferenceId: null });
    expect((await sendCode('exists@example.org')).body).toMatchObject({ code: 400, message: 'userReg.userExist' });
    expect((await sendCode('nobody-here@example.org', 'resetPassCode')).body).toMatchObject({
      code: 400,
      message: 'userNotExist',
    });
  });

  test.each([
    [{ data: { email: 'bad', type: 'registerCode' } }, 'emailFormatError'],
    [{ data: { email: '', type: 'registerCode' } }, 'emailFormatError'],
    [{ data: { email: 'a@b.c', type: 'registerCode' } }, 'emailFormatError'],
    [{ data: { email: 42, type: 'registerCode' } }, 'emailFormatError'],
    [{ data: { email: 'ok@example.org', type: 'other' } }, 'commonMsg.invalidInput'],
  ])('bad input %j gets %s and sends nothing', async (body, message) => {
    const before = await h.db('mail_outbox').count({ n: '*' }).first();
    const res = await apiPost(h.app, host, `${CODES}/sendEmailCode`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await h.db('mail_outbox').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('account registration', () => {
  test('signs up with the mailed code, logs in with an HttpOnly cookie, and the code is used up', async () => {
    await sendCode('alice@example.org');
    const code = await mailedCode(h.db, 'alice@example.org');
    const res = await register({
      email: 'Alice@Example.org',
      trueName: '爱丽丝',
      passWord: 'correct-horse-1',
      verifyCode: code,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trueName: '爱丽丝', cstnetId: 'alice@example.org' });
    expect(String(res.headers['set-cookie'])).toMatch(/token=.+HttpOnly.+SameSite=Lax/);
    const status = await apiPost(h.app, host, '/base/admin/isAdmin', {}, tokenCookie(res));
    expect(status.status).toBe(200);
    expect((await checkCode('alice@example.org', code)).body.data.result).toBe('expired');
    expect((await h.db('users').where({ email: 'alice@example.org' }).first())!.email_verified_at).toBeTruthy();
  });

  test.each([
    [{ trueName: '', passWord: 'password123' }, 'nameRequire', 'trueName'],
    [{ trueName: 'x'.repeat(101), passWord: 'password123' }, 'nameTooLong', 'trueName'],
    [{ trueName: 'B', passWord: '' }, 'passwordRequire', 'passWord'],
    [{ trueName: 'B', passWord: 'short1' }, 'passwordCheck', 'passWord'],
    [{ trueName: 'B', passWord: 'onlyletters' }, 'passwordCheck', 'passWord'],
    [{ trueName: 'B', passWord: '12345678901' }, 'passwordCheck', 'passWord'],
    [{ trueName: 'B', passWord: 'password123', verifyCode: '' }, 'inputVerifyCode', 'verifyCode'],
    [{ trueName: 'B', passWord: 'password123', verifyCode: '000000' }, 'userReg.verifyCodeError', 'verifyCode'],
    [{ trueName: 'B', passWord: 12345678901 }, 'passwordRequire', 'passWord'],
  ])('%j is refused with %s and creates nothing', async (fields, message, field) => {
    await h
      .db('verification_codes')
      .where({ email: 'bob@example.org' })
      .update({ created_at: '2020-01-01 00:00:00.000' });
    await sendCode('bob@example.org');
    const code = await mailedCode(h.db, 'bob@example.org');
    const res = await register({ email: 'bob@example.org', verifyCode: code, ...fields });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await h.db('users').where({ email: 'bob@example.org' }).first()).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('messages are translated by the islands from the key; both catalogs have every key used here', async () => {
    const zh = (await import('../../../public/locales/zh/common.json')).default as Record<string, unknown>;
    const en = (await import('../../../public/locales/en/common.json')).default as Record<string, unknown>;
    const get = (o: Record<string, unknown>, k: string) =>
      k.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown>)?.[p], o);
    for (const key of [
      'nameRequire',
      'nameTooLong',
      'passwordRequire',
      'passwordCheck',
      'inputVerifyCode',
      'emailFormatError',
      'userReg.verifyCodeError',
      'userReg.validateTimeError',
      'userReg.userExist',
      'userNotExist',
      'userReg.userLoginError',
      'userReg.loginLocked',
      'userReg.resendTooSoon',
      'passwordError',
      'confirmPasswordRequire',
    ]) {
      expect(typeof get(zh, key), key).toBe('string');
      expect(typeof get(en, key), key).toBe('string');
    }
  });
});
