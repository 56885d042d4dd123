/**
 * Every mail a person receives is in their language (issue 32): their account's, or the page
 * they used. Read as delivered by a real SMTP server (smtp-server), in Chinese and in English:
 * the sign-up and reset codes asked from the platform's frame (which has no language cookie of its
 * own: the request carries the page's), the account that keeps the sign-up page's language, and
 * the reviewer's invitation in the reviewer's language, never the manager's.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { toDbInstant } from '../../../server/db/dialect';
import { loadConfig } from '../../../server/config';
import { platformTransports } from '../../../server/modules/mail/transport';
import { MailWorker } from '../../../server/modules/mail/worker';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { apiPost, mailedCode, PLATFORM_HOST } from '../../helpers/accounts';
import { addReviewer, BASE, call, invitation, reviewerSite } from '../review/reviewerHelpers';
import type { CallSite } from '../submissions/helpers';
import { startSmtpPeer, type SmtpPeer } from './smtpPeer';

const CODES = '/conference/conferenceRegUserConfig';
let h: Harness;
let smtp: SmtpPeer;
let site: CallSite;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  h = await createHarness({ seedDemo: false });
  site = await reviewerSite(h, 'mail-lang');
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** The outbox as the platform's worker sends it, and the one message `to` received. */
async function delivered(to: string): Promise<ParsedMail> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: h.testDb.dataDir,
    SECRET: TEST_SECRET,
    SMTP_URL: smtp.url(),
  });
  await new MailWorker(h.db, platformTransports(config, h.smtp)).drain();
  const mails = smtp.received.filter((m) => JSON.stringify(m.to).includes(to));
  expect(mails, `one mail to ${to}`).toHaveLength(1);
  return mails[0];
}

const HAN = /[\u4e00-\u9fff]/;

test.each([
  ['zh', /邮箱验证码/, /verification code/i],
  ['en', /verification code/i, HAN],
] as const)(
  'the sign-up code asked from a %s page comes in that language, and the new account keeps it',
  async (lang, says, never) => {
    const email = `signup-${lang}@example.org`;
    // The platform host's own cookie says nothing (the frame's): the request carries the page's language.
    const sent = await apiPost(h.app, PLATFORM_HOST, `${CODES}/sendEmailCode`, {
      data: { email, type: 'registerCode', lang },
    });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    const mail = await delivered(email);
    expect(`${mail.subject}\n${mail.text}`).toMatch(says);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(never);
    const code = await mailedCode(h.db, email);
    const done = await apiPost(h.app, PLATFORM_HOST, '/base/oauth/register', {
      email,
      trueName: 'New Person',
      passWord: 'new-password-12',
      verifyCode: code,
      lang,
    });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect((await h.db('users').where({ email }).first())!.lang).toBe(lang);
  },
);

test('the reset code follows the page too', async () => {
  await h.login({ email: 'forgetful@example.org', conferenceId: null });
  for (const [lang, says] of [
    ['en', /Your verification code/],
    ['zh', /您的邮箱验证码/],
  ] as const) {
    smtp.received.length = 0;
    await h.db('verification_codes').where({ email: 'forgetful@example.org' }).delete(); // past the one-a-minute rule
    const sent = await apiPost(h.app, PLATFORM_HOST, `${CODES}/sendEmailCode`, {
      data: { email: 'forgetful@example.org', type: 'resetPassCode', lang },
    });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    expect((await delivered('forgetful@example.org')).text).toMatch(says);
  }
});

test("a reviewer's invitation is in the reviewer's language, not the manager's", async () => {
  // An account that chose English, invited by a manager working in Chinese: English only.
  await h.login({ email: 'english.reviewer@example.org', conferenceId: null });
  await h.db('users').where({ email: 'english.reviewer@example.org' }).update({ lang: 'en' });
  await addReviewer(h, site, 'english.reviewer@example.org');
  const english = await delivered('english.reviewer@example.org');
  expect(english.subject).not.toMatch(HAN);
  expect(english.text).toMatch(/review/i);
  expect(english.text).not.toMatch(HAN);

  // An account that chose Chinese, invited by a manager working in English: Chinese.
  await h.login({ email: 'chinese.reviewer@example.org', conferenceId: null });
  await h.db('users').where({ email: 'chinese.reviewer@example.org' }).update({ lang: 'zh' });
  ok(
    await call(h, site.host, 'post', BASE, {
      token: site.manager,
      lang: 'en',
      body: { email: 'chinese.reviewer@example.org' },
    }),
  );
  const chinese = await delivered('chinese.reviewer@example.org');
  expect(chinese.subject).toMatch(HAN);
  expect(chinese.text).toMatch(HAN);

  // Nobody known on a bilingual site: both languages, whatever the manager's.
  ok(
    await call(h, site.host, 'post', BASE, {
      token: site.manager,
      lang: 'en',
      body: { email: 'unknown.reviewer@example.org' },
    }),
  );
  const both = await delivered('unknown.reviewer@example.org');
  expect(both.text).toMatch(HAN);
  expect(both.text).toMatch(/[A-Za-z]{4,} [A-Za-z]{4,}/);

  // The activation page's language becomes the reviewer's: their later mail is written in it.
  const { key } = await invitation(h, 'unknown.reviewer@example.org');
  const activated = await apiPost(h.app, PLATFORM_HOST, `${BASE}/active`, {
    key,
    lang: 'en',
    lastName: 'Known',
    middleName: '',
    firstName: 'Now',
    fullName: 'Now Known',
    unit: 'Tsinghua University',
    phone: '13900000001',
    countryArea: 'China',
    direction: 'Databases',
    password: 'reviewer-pass-12',
    confirmPassword: 'reviewer-pass-12',
  });
  expect(activated.body.code, JSON.stringify(activated.body)).toBe(200);
  expect(
    (await h.db('reviewers').where({ conference_id: site.cid, email: 'unknown.reviewer@example.org' }).first())!.lang,
  ).toBe('en');
});

test("spec 8's sign-up refusals: an organisation's account, a manager's account without a password", async () => {
  // A manager added by e-mail has an account without a password: set it with a reset, no sign-up.
  await h.login({ email: 'added.manager@example.org', conferenceId: site.cid, roles: ['manager'] });
  const manager = await apiPost(h.app, PLATFORM_HOST, `${CODES}/sendEmailCode`, {
    data: { email: 'added.manager@example.org', type: 'registerCode', lang: 'en' },
  });
  expect(manager.body).toMatchObject({ code: 400, message: 'userReg.managerNotRegistered', field: 'email' });
  const asked = await request(h.app)
    .get(`/api${CODES}/checkEmail`)
    .query({ email: 'added.manager@example.org', purpose: 'registerCode' })
    .set('Host', PLATFORM_HOST);
  expect(asked.body).toMatchObject({ code: 200, data: 0, message: 'userReg.managerNotRegistered' });
  // Without the sign-up's purpose the spec's message stays.
  const plain = await request(h.app)
    .get(`/api${CODES}/checkEmail`)
    .query({ email: 'added.manager@example.org' })
    .set('Host', PLATFORM_HOST);
  expect(plain.body).toMatchObject({ code: 200, data: 0, message: 'user email exists but not registered' });

  // An account made by an organisation's login (an identity, no password).
  await h.login({ email: 'passport.person@example.org', conferenceId: null });
  const user = await h.db('users').where({ email: 'passport.person@example.org' }).first();
  await h.db('identity_providers').insert({
    kind: 'oidc',
    name_zh: '机构',
    name_en: 'Institute',
    client_id: 'c',
    client_secret: 's',
    created_at: toDbInstant(),
    updated_at: toDbInstant(),
  });
  const provider = await h.db('identity_providers').orderBy('id', 'desc').first();
  await h
    .db('user_identities')
    .insert({ user_id: user!.id, provider_id: provider!.id, subject: 'passport-1', created_at: toDbInstant() });
  const passport = await apiPost(h.app, PLATFORM_HOST, '/base/oauth/register', {
    email: 'passport.person@example.org',
    trueName: 'P',
    passWord: 'passport-pass-12',
    verifyCode: '123456',
    lang: 'en',
  });
  expect(passport.body).toMatchObject({ code: 400, message: 'userReg.passportUser', field: 'email' });
});

function ok(res: { body: { code: number } }): void {
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
}
