/**
 * Reviewer activation (issue 16; spec 2.9, 4 "Reviewer", 5 "Reviewer activation", 8, 10): a new
 * account made from the form (the password rules of the sign-up, every required field), an
 * existing account linked without a password, expired and reused links answering the activation
 * message, the call refused on a conference host (passwords are typed on the platform's origin
 * only), one success among simultaneous activations of one key, and the person signing in after.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally } from '../../helpers/concurrency';
import { PLATFORM_HOST, signInTo } from '../../helpers/accounts';
import { page } from '../../helpers/http';
import { callConference, type CallSite } from '../submissions/helpers';
import { t } from '../../../server/platform/i18n';
import type { ActivationView } from '../../../server/contract/reviewers';
import { addReviewer, BASE, call, count, invitation, ok } from './reviewerHelpers';

let h: Harness;
let site: CallSite;
let other: CallSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ 'reviewers:': 100_000 }) });
  site = await callConference(h, 'rv-activate');
  other = await callConference(h, 'rv-activate-other');
});
afterAll(() => h?.stop());

const GONE_ZH = '该账号已激活或激活邮件已过期。请直接登录，或联系会议重新发送激活邮件。';
const PASSWORD = 'reviewer-pass-2027';

function form(key: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key,
    lastName: 'Li',
    middleName: '',
    firstName: 'Ming',
    fullName: 'Li Ming',
    unit: 'Zhejiang University',
    phone: '13900000000',
    countryArea: 'China',
    direction: 'Databases',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...change,
  };
}

const activate = (body: object, lang: 'zh' | 'en' = 'zh', host = PLATFORM_HOST) =>
  call(h, host, 'post', `${BASE}/active`, { body, lang });

async function invited(email: string): Promise<string> {
  await addReviewer(h, site, email);
  return (await invitation(h, email)).key!;
}

const record = (email: string) => h.db('reviewers').where({ conference_id: site.cid, email }).first();

describe('a new account', () => {
  test('the record the key opens: no key hash, no password, the address has no account', async () => {
    const key = await invited('fresh@example.org');
    const view = ok<ActivationView>(await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${key}`));
    expect(view).toMatchObject({ email: 'fresh@example.org', hasAccount: false });
    expect(JSON.stringify(view)).not.toMatch(/key_hash|password/i);
    // On the conference's own host too, but not on another conference's.
    expect((await call(h, site.host, 'get', `${BASE}/key/${key}`)).status).toBe(200);
    expect((await call(h, other.host, 'get', `${BASE}/key/${key}`)).status).toBe(404);
  });

  test('POST active on a conference host: 404, nothing changed', async () => {
    const key = (await invitation(h, 'fresh@example.org')).key!;
    const res = await activate(form(key), 'zh', site.host);
    expect(res.status).toBe(404);
    expect((await record('fresh@example.org'))!.active).toBeFalsy();
  });

  const missing: Array<[string, string, string, string]> = [
    ['lastName', 'lastName', '请填写姓', 'Enter the last name'],
    ['firstName', 'firstName', '请填写名', 'Enter the first name'],
    ['fullName', 'fullName', '请填写全名', 'Enter the full name'],
    ['unit', 'unit', '请填写单位', 'Enter the organisation'],
    ['phone', 'phone', t('zh', 'phoneRequire'), t('en', 'phoneRequire')],
    ['countryArea', 'countryArea', '请选择国家或地区', 'Choose the country or region'],
    ['direction', 'direction', '请填写研究方向', 'Enter the research direction'],
    ['password', 'password', t('zh', 'passwordRequire'), t('en', 'passwordRequire')],
    ['confirmPassword', 'confirmPassword', t('zh', 'confirmPasswordRequire'), t('en', 'confirmPasswordRequire')],
  ];
  test.each(missing)('without %s: its message in both languages, nothing changed', async (name, field, zh, en) => {
    const key = (await invitation(h, 'fresh@example.org')).key!;
    for (const [lang, text] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const value of [undefined, '   ']) {
        if (name.includes('assword') && value !== undefined) continue;
        const res = await activate(form(key, { [name]: value }), lang);
        expect(res.status, `${name}=${String(value)}`).toBe(400);
        expect(res.body).toMatchObject({ message: text, field });
      }
    }
    expect((await record('fresh@example.org'))!.active).toBeFalsy();
    expect(await count(h, 'users', { email: 'fresh@example.org' })).toBe(0);
  });

  test('the password rules of the sign-up', async () => {
    const key = (await invitation(h, 'fresh@example.org')).key!;
    const weak = await activate(form(key, { password: 'short1', confirmPassword: 'short1' }), 'en');
    expect(weak.body).toMatchObject({ field: 'password', message: t('en', 'passwordCheck') });
    const noDigit = await activate(
      form(key, { password: 'onlyletters-here', confirmPassword: 'onlyletters-here' }),
      'en',
    );
    expect(noDigit.body).toMatchObject({ field: 'password', message: t('en', 'passwordCheck') });
    const mismatch = await activate(form(key, { confirmPassword: `${PASSWORD}x` }), 'en');
    expect(mismatch.body).toMatchObject({ field: 'confirmPassword', message: t('en', 'passwordError') });
    expect(await count(h, 'users', { email: 'fresh@example.org' })).toBe(0);
  });

  test('activated: the account made, verified, the record completed, the role granted; the person signs in', async () => {
    const key = (await invitation(h, 'fresh@example.org')).key!;
    const res = await activate(form(key, { middleName: 'Q' }), 'en');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Activation successful');
    const user = await h.db('users').where({ email: 'fresh@example.org' }).first();
    expect(user!.true_name).toBe('Li Ming');
    expect(user!.email_verified_at).toBeTruthy();
    const row = await record('fresh@example.org');
    expect(row).toMatchObject({
      last_name: 'Li',
      middle_name: 'Q',
      first_name: 'Ming',
      full_name: 'Li Ming',
      unit: 'Zhejiang University',
      country: 'China',
      direction: 'Databases',
      key_hash: null,
    });
    expect(Boolean(row!.active)).toBe(true);
    expect(Number(row!.user_id)).toBe(Number(user!.id));
    expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(
      1,
    );

    const { cookie } = await signInTo(h.app, site.host, 'fresh@example.org', PASSWORD);
    expect(cookie).toBeTruthy();
    const manage = await request(h.app).get('/platform/manage/reviewer').set('Host', site.host).set('Cookie', cookie!);
    expect(manage.status).toBe(302);
    expect(manage.headers.location).toBe('/platform/submissionManage/user');
    const home = await request(h.app)
      .get('/platform/submissionManage/user')
      .set('Host', site.host)
      .set('Cookie', cookie!);
    expect(home.status).toBe(200);
    const mine = await request(h.app).get(`/api${BASE}/active`).set('Host', site.host).set('Cookie', cookie!);
    expect(mine.body.data.reviewer).toMatchObject({ id: Number(row!.id), active: true });
  });

  test('the link again: the activation message, nothing changed', async () => {
    const key = (await invitation(h, 'fresh@example.org')).key!;
    const before = await record('fresh@example.org');
    const res = await activate(form(key, { fullName: 'Someone Else' }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(GONE_ZH);
    expect((await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${key}`, { lang: 'en' })).body.message).toBe(
      t('en', 'reviewers:activationGone'),
    );
    expect(await record('fresh@example.org')).toEqual(before);
  });
});

test('an existing account: no password asked, the account linked', async () => {
  const key = await invited('later.account@example.org');
  await h.login({ email: 'later.account@example.org', name: 'Signed Up', conferenceId: null });
  const view = ok<ActivationView>(await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${key}`));
  expect(view.hasAccount).toBe(true);
  const res = await activate(form(key, { password: undefined, confirmPassword: undefined }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const user = await h.db('users').where({ email: 'later.account@example.org' }).first();
  expect(user!.true_name).toBe('Signed Up');
  expect(Number((await record('later.account@example.org'))!.user_id)).toBe(Number(user!.id));
  expect(await count(h, 'users', { email: 'later.account@example.org' })).toBe(1);
});

test('an expired link: the activation message, nothing changed', async () => {
  const key = await invited('expired@example.org');
  await h
    .db('reviewers')
    .where({ conference_id: site.cid, email: 'expired@example.org' })
    .update({ key_expires_at: '2020-01-01 00:00:00.000' });
  expect((await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${key}`)).status).toBe(404);
  const res = await activate(form(key));
  expect(res.status).toBe(404);
  expect(res.body.message).toBe(GONE_ZH);
  expect(await count(h, 'users', { email: 'expired@example.org' })).toBe(0);
  const list = ok<{ rows: Array<{ email: string; expired: boolean }> }>(
    await call(h, site.host, 'get', BASE, { token: site.manager }),
  );
  expect(list.rows.find((r) => r.email === 'expired@example.org')?.expired).toBe(true);
});

test('unknown and malformed keys: the activation message', async () => {
  for (const key of ['x'.repeat(43), 'short', '../../etc']) {
    expect((await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${encodeURIComponent(key)}`)).status).toBe(404);
    expect((await activate(form(key))).status).toBe(404);
  }
});

test('20 activations of one key at once: exactly one succeeds, one account', async () => {
  const key = await invited('rush.activate@example.org');
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.post(PLATFORM_HOST, `${BASE}/active`, form(key))),
    );
    const counts = tally(answers);
    expect(counts['200 reviewers:activated'], JSON.stringify(counts)).toBe(1);
    expect(counts['404 reviewers:activationGone']).toBe(19);
  } finally {
    await server.close();
  }
  expect(await count(h, 'users', { email: 'rush.activate@example.org' })).toBe(1);
});

describe('the activation page', () => {
  test("on the conference's host: the platform's frame, inside the site template", async () => {
    const key = await invited('page@example.org');
    const { res, $ } = await page(h.app, `/review/active/${key}`, { host: site.host, lang: 'en' });
    expect(res.status).toBe(200);
    const src = $('[data-island="AccountFrame"] iframe').attr('src') ?? '';
    expect(src).toContain(`${PLATFORM_HOST}`);
    expect(src).toContain('/embed/review/active?');
    expect(new URL(src).searchParams.get('key')).toBe(key);
    expect($('input[type="password"]').length).toBe(0);
  });

  test('the frame: the form, framed only by that conference', async () => {
    const key = (await invitation(h, 'page@example.org')).key!;
    const origin = `http://${site.host}`;
    const { res, $ } = await page(
      h.app,
      `/embed/review/active?key=${key}&origin=${encodeURIComponent(origin)}&lang=en`,
      { host: PLATFORM_HOST },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${origin}`);
    expect($('[data-island="ReviewActivation"]').length).toBe(1);
    expect($('input[type="password"]').length).toBe(2);
    expect($('body').text()).toContain('Review activation');
    expect($('body').text()).toContain(t('en', 'auth.notice'));
    // Another conference's origin is not given the form.
    const wrong = await page(
      h.app,
      `/embed/review/active?key=${key}&origin=${encodeURIComponent(`http://${other.host}`)}&lang=en`,
      { host: PLATFORM_HOST },
    );
    expect(wrong.$('input[type="password"]').length).toBe(0);
    expect(wrong.$('body').text()).toContain(t('en', 'reviewers:activationGone'));
  });

  test('a used or unknown key: the activation message', async () => {
    const { res, $ } = await page(h.app, `/review/active/${'y'.repeat(43)}`, { host: site.host, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('iframe').length).toBe(0);
    expect($('body').text()).toContain(t('en', 'reviewers:activationGone'));
  });
});

test('a scanner trying keys is refused after 30 failures', async () => {
  const answers: number[] = [];
  for (let i = 0; i < 40; i++)
    answers.push(
      (await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${'s'.repeat(30)}${String(i).padStart(13, '0')}`)).status,
    );
  expect(answers).toContain(429);
  expect(answers.slice(-1)[0]).toBe(429);
});
