/** A person registers for the conference (spec 2.8, 5 "Conference registration form"), from the server. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { exchange, mailedCode, newState, PLATFORM_HOST } from '../../helpers/accounts';
import { page } from '../../helpers/http';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
const host = 'contract.localhost';

const counts = async () => ({
  registrants: Number((await h.db('registrants').where({ conference_id: cid }).count({ n: '*' }).first())!.n),
  users: Number((await h.db('users').count({ n: '*' }).first())!.n),
  attendees: Number(
    (await h.db('conference_roles').where({ conference_id: cid, role: 'attendee' }).count({ n: '*' }).first())!.n,
  ),
});

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite());
  await openRegistration(h.db, cid, { instructionsZh: '<p>须知</p>', instructionsEn: '<p>Notice</p>', prefix: 'CT-' });
  await setForm(h.db, cid, 'default', testForm());
  const other = testForm();
  other.items.push({
    field: 'c_visa',
    custom: true,
    type: 'input',
    titleZh: '签证',
    titleEn: 'Visa',
    mode: 'optional',
    options: [],
  });
  await setForm(h.db, cid, 'foreign', other);
});
afterAll(() => h?.stop());

describe('a signed-in person', () => {
  test('registers: a registrant with a code, the attendee role, and the way to the personal centre', async () => {
    const token = await h.login({ email: 'wei@example.org', name: '张伟', conferenceId: cid });
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ email: 'someone.else@example.org' }), noticeAccepted: true },
    });
    expect(res.body).toMatchObject({
      code: 200,
      message: 'registration:success',
      data: { code: 'CT-0001', redirect: '/profile/userInfo' },
    });
    const row = await h.db('registrants').where({ conference_id: cid, code: 'CT-0001' }).first();
    // The e-mail is the account's, whatever the form sent.
    expect(row).toMatchObject({
      email: 'wei@example.org',
      full_name: '张伟',
      phone: '13800138000',
      country: 'China',
      version: 'default',
    });
    const user = await h.db('users').where({ email: 'wei@example.org' }).first();
    expect(await h.db('conference_roles').where({ conference_id: cid, user_id: user!.id }).pluck('role')).toEqual([
      'attendee',
    ]);
    const again = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
    });
    expect(again.body).toMatchObject({ code: 400, message: 'authentication.hasAttendConference' });
  });

  test('the notice must be ticked (userReg.selectedNotice); nothing is written', async () => {
    const token = await h.login({ email: 'notick@example.org', conferenceId: cid });
    const before = await counts();
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers() },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'userReg.selectedNotice', field: 'noticeAccepted' });
    expect(await counts()).toEqual(before);
  });

  test.each([
    ['zh', '手机号码'],
    ['en', 'Phone'],
  ] as const)('a required input left empty: "please input" + its title (%s)', async (lang, title) => {
    const token = await h.login({ email: `empty-${lang}@example.org`, conferenceId: cid });
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      lang,
      body: { version: 'default', answers: goodAnswers({ tel: ' ' }), noticeAccepted: true },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'registration:pleaseInput', field: 'tel', params: { title } });
  });

  test.each([
    ['zh', '餐食'],
    ['en', 'Meal'],
  ] as const)('a required select left empty: "please select" + its title (%s)', async (lang, title) => {
    const token = await h.login({ email: `select-${lang}@example.org`, conferenceId: cid });
    const { c_meal: _meal, ...answers } = goodAnswers();
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      lang,
      body: { version: 'default', answers, noticeAccepted: true },
    });
    expect(res.body).toMatchObject({
      code: 400,
      message: 'registration:pleaseSelect',
      field: 'c_meal',
      params: { title },
    });
  });

  test.each([
    ['the phone is not 11 digits (phoneRequire)', { tel: '12345' }, 'phoneRequire', 'tel'],
    ['an option that is not offered', { c_meal: 'steak' }, 'registration:answerInvalid', 'c_meal'],
    ['a list answer for a single choice', { c_meal: ['veg'] }, 'registration:answerInvalid', 'c_meal'],
    ['an unknown country', { country: 'Atlantis' }, 'registration:answerInvalid', 'country'],
    ['a date that is not a date', { c_arrival: '2027-13-45' }, 'registration:answerInvalid', 'c_arrival'],
    ['a province that is not one', { c_province: 'Gotham' }, 'registration:answerInvalid', 'c_province'],
    ['a field of another version', { c_visa: 'yes' }, 'registration:unknownField', 'c_visa'],
    ['an unknown field', { c_nope: 'x' }, 'registration:unknownField', 'c_nope'],
    ['a hidden item', { fax: '010-1234' }, 'registration:unknownField', 'fax'],
    ['a text past its length', { c_note: 'x'.repeat(2001) }, 'registration:tooLong', 'c_note'],
  ])('refused: %s; nothing is written', async (_name, change, message, field) => {
    const token = await h.login({ email: `bad-${field}@example.org`, conferenceId: cid });
    const before = await counts();
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers(change as Record<string, string>), noticeAccepted: true },
    });
    expect(res.body).toMatchObject({ code: 400, message, field });
    expect(await counts()).toEqual(before);
  });

  test('an international number, choices and a date are accepted; another version has its own items', async () => {
    const token = await h.login({ email: 'intl@example.org', conferenceId: cid });
    const answers = goodAnswers({
      tel: '+49 30 1234567',
      c_topics: ['ai', 'db'],
      c_arrival: '2027-05-20',
      c_province: '北京',
      c_visa: 'needed',
    });
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'foreign', answers, noticeAccepted: true },
    });
    expect(res.body.code).toBe(200);
    const row = await h.db('registrants').where({ conference_id: cid, email: 'intl@example.org' }).first();
    expect(row!.version).toBe('foreign');
    expect(JSON.parse(row!.answers)).toMatchObject({
      c_topics: ['ai', 'db'],
      c_visa: 'needed',
      email: 'intl@example.org',
    });
  });

  test('an unknown version is refused', async () => {
    const token = await h.login({ email: 'nover@example.org', conferenceId: cid });
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'nope', answers: goodAnswers(), noticeAccepted: true },
    });
    expect(res.body).toMatchObject({ code: 404, message: 'registration:versionNotFound' });
  });
});

describe('a person without an account', () => {
  const email = 'newcomer@example.org';
  const body = (extra: object) => ({
    version: 'default',
    answers: goodAnswers({ email, fullName: 'Newcomer Li' }),
    noticeAccepted: true,
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    ...extra,
  });

  test('cannot register without a session, whatever the body carries (no password is taken on a conference origin); nothing is written', async () => {
    const before = await counts();
    for (const extra of [{}, { verifyCode: '123456' }]) {
      const res = await call(h, host, 'post', '/conference/conferenceUser', { body: body(extra) });
      expect(res.status).toBe(401);
    }
    expect(await counts()).toEqual(before);
    expect(await h.db('users').where({ email }).first()).toBeUndefined();
  });

  test('the page shows the platform frame for signing in or up, and no form or password field', async () => {
    const { $ } = await page(h.app, '/conferenceRegister', { host });
    expect($('[data-island="RegisterForm"]')).toHaveLength(0);
    expect($('input[type=password]')).toHaveLength(0);
    const src = new URL(JSON.parse($('[data-island="AccountFrame"]').attr('data-props')!).src);
    expect(src.pathname).toBe('/embed/account/register');
    expect(src.searchParams.get('redirect')).toBe('/conferenceRegister');
  });

  test('after signing up in the frame, the person registers with the account they made', async () => {
    await call(h, PLATFORM_HOST, 'post', '/conference/conferenceRegUserConfig/sendEmailCode', {
      body: { data: { email, type: 'registerCode' } },
    }).expect(200);
    const code = await mailedCode(h.db, email);
    const state = newState();
    const signUp = await call(h, PLATFORM_HOST, 'post', '/base/oauth/register', {
      body: {
        email,
        trueName: 'Newcomer Li',
        passWord: 'correct-horse-42',
        verifyCode: code,
        handoff: { origin: `http://${host}`, state, redirect: '/conferenceRegister' },
      },
    });
    expect(signUp.body.code).toBe(200);
    const token = (await exchange(h.app, host, signUp.body.data.handoffUrl, state)).replace(/^token=/, '');
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: {
        version: 'default',
        answers: goodAnswers({ email: 'someone-else@example.org', fullName: 'Newcomer Li' }),
        noticeAccepted: true,
      },
    });
    expect(res.body).toMatchObject({ code: 200, data: { redirect: '/profile/userInfo' } });
    // The registrant's e-mail is the account's, whatever the form said.
    expect((await h.db('registrants').where({ code: res.body.data.code }).first())!.email).toBe(email);
  });
});

describe('the window and the module', () => {
  test('a closed window and a switched-off module say "registration not open"; nothing is written', async () => {
    const closed = await h.provision(contractSite({ slug: 'shut', domains: ['shut.localhost'] }));
    await openRegistration(h.db, closed, { start: '2020-01-01', end: '2020-01-31' });
    const token = await h.login({ email: 'late@example.org', conferenceId: closed });
    const res = await call(h, 'shut.localhost', 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers() },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'commonMsg.dataMsgConfReg' });

    const off = await h.provision(
      contractSite({ slug: 'off', domains: ['off.localhost'], modules: { register: false } }),
    );
    await openRegistration(h.db, off);
    const token2 = await h.login({ email: 'late@example.org', conferenceId: off });
    const res2 = await call(h, 'off.localhost', 'post', '/conference/conferenceUser', {
      token: token2,
      body: { version: 'default', answers: goodAnswers() },
    });
    expect(res2.body).toMatchObject({ code: 400, message: 'commonMsg.dataMsgConfReg' });
    expect(await h.db('registrants').whereIn('conference_id', [closed, off]).count({ n: '*' }).first()).toMatchObject({
      n: 0,
    });
  });
});
