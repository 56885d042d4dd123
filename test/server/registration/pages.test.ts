/** /conferenceRegister (spec 2.8) in its order of precedence, and the management screens' guards. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
const host = 'reg.localhost';
const islands = ($: CheerioAPI) =>
  $('[data-island]')
    .map((_, el) => $(el).attr('data-island'))
    .get();
const props = ($: CheerioAPI, name: string) => JSON.parse($(`[data-island="${name}"]`).attr('data-props')!);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'reg', domains: [host] }));
  await openRegistration(h.db, cid, {
    instructionsZh: '<p class="n">请阅读须知</p>',
    instructionsEn: '<p class="n">Read the notice</p>',
  });
  await setForm(h.db, cid, 'default', testForm());
});
afterAll(() => h?.stop());

describe('/conferenceRegister', () => {
  test('anonymous, window open: the login prompt, the notice, and the platform frame to sign in or make the account — inside the site template', async () => {
    const { res, $ } = await page(h.app, '/conferenceRegister', { host, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('#template-first-title-container').length).toBe(1);
    expect($('.register-state h3').first().text()).toBe(
      'Please login first, and then continue your conference register.',
    );
    expect($('.register-notice-body .n').text()).toBe('Read the notice');
    expect(islands($)).not.toContain('RegisterForm');
    const src = new URL(props($, 'AccountFrame').src as string);
    expect(src.pathname).toBe('/embed/account/register');
    expect(src.searchParams.get('redirect')).toBe('/conferenceRegister');
    expect(src.searchParams.get('lang')).toBe('en');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  test('signed in: the form with the account pre-filled; registered: "already registered" with the code', async () => {
    const token = await h.login({ email: 'page@example.org', name: '王芳', conferenceId: cid });
    const { $ } = await page(h.app, '/conferenceRegister', { host, token });
    expect(props($, 'RegisterForm').account).toEqual({ email: 'page@example.org', name: '王芳' });
    expect($('.register-state').length).toBe(0);
    await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
    }).expect(200);
    const after = await page(h.app, '/conferenceRegister', { host, token });
    expect(islands(after.$)).not.toContain('RegisterForm');
    expect(after.$('.register-state h3').text()).toBe('您已报名本次会议');
    expect(after.$('.register-state p').first().text()).toContain('T-0001');
    // "Register now" (/register) takes a signed-in person straight there, not to a login page.
    const now = await page(h.app, '/register?version=default', { host, token });
    expect(now.res.status).toBe(302);
    expect(now.res.headers.location).toBe('/conferenceRegister?version=default');
    const anonymous = await page(h.app, '/register', { host });
    expect(anonymous.res.status).toBe(200);
  });

  test('outside the window: "registration not open", no form', async () => {
    const shut = await h.provision(contractSite({ slug: 'shut2', domains: ['shut2.localhost'] }));
    await openRegistration(h.db, shut, { start: '2020-01-01', end: '2020-01-02' });
    const { $ } = await page(h.app, '/conferenceRegister', { host: 'shut2.localhost', lang: 'en' });
    expect($('.register-state h3').text()).toBe('Registration is not open');
    expect(islands($)).not.toContain('RegisterForm');
  });

  test('a version that does not exist says so', async () => {
    const { $ } = await page(h.app, '/conferenceRegister?version=nope', { host, lang: 'en' });
    expect($('.register-state h3').text()).toBe('This form version does not exist');
  });
});

describe('what the page keeps (pageState.ts) follows every save at once', () => {
  test('a form saved, the instructions changed and the window closed show on the next view', async () => {
    const token = await h.login({ email: 'kept@example.org', name: 'Kept', conferenceId: cid });
    for (let i = 0; i < 2; i++) await page(h.app, '/conferenceRegister', { host, token, lang: 'en' });
    const form = testForm();
    form.items[0] = { ...form.items[0], titleEn: 'Changed title' };
    const manager = await h.login({ email: 'kept-manager@example.org', conferenceId: cid, roles: ['manager'] });
    await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveRules', {
      token: manager,
      body: { version: 'default', rules: form, confirmAnswered: true },
    }).expect(200);
    const saved = await page(h.app, '/conferenceRegister', { host, token, lang: 'en' });
    expect((props(saved.$, 'RegisterForm').rules as { items: Array<{ titleEn: string }> }).items[0].titleEn).toBe(
      'Changed title',
    );
    await openRegistration(h.db, cid, { instructionsEn: '<p class="n">New notice</p>' });
    expect(
      (await page(h.app, '/conferenceRegister', { host, token, lang: 'en' })).$('.register-notice-body .n').text(),
    ).toBe('New notice');
    await openRegistration(h.db, cid, { start: '2020-01-01', end: '2020-01-02' });
    const closed = await page(h.app, '/conferenceRegister', { host, token, lang: 'en' });
    expect(closed.$('.register-state h3').text()).toBe('Registration is not open');
    await openRegistration(h.db, cid, {
      instructionsZh: '<p class="n">请阅读须知</p>',
      instructionsEn: '<p class="n">Read the notice</p>',
    });
    await setForm(h.db, cid, 'default', testForm());
  });
});

describe('management screens', () => {
  test('managers get the registrant list and the configuration tabs; others are sent away', async () => {
    const manager = await h.login({ email: 'm@example.org', conferenceId: cid, roles: ['manager'] });
    for (const [path, island] of [
      ['/platform/manage/user', 'ManageRegistrants'],
      ['/platform/config/register', 'RegisterConfigBasic'],
      ['/platform/config/register/form', 'RegisterConfigForm'],
      ['/platform/manage/user/add', 'RegisterForm'],
    ]) {
      const { res, $ } = await page(h.app, path, { host, token: manager });
      expect(res.status, path).toBe(200);
      expect(islands($), path).toContain(island);
    }
    // A registrant's details are a screen of "user management", highlighted as such.
    const uid = Number(
      (await h.db('registrants').where({ conference_id: cid, email: 'page@example.org' }).first())!.id,
    );
    const details = await page(h.app, `/platform/manage/userDetails?uid=${uid}`, { host, token: manager });
    expect(islands(details.$)).toContain('ManageRegistrantDetails');
    expect(
      details.$(
        'a[href="/platform/manage/user"][aria-current="page"], a.active[href="/platform/manage/user"], .active a[href="/platform/manage/user"]',
      ).length,
    ).toBeGreaterThan(0);
    const attendee = await h.login({ email: 'page@example.org', conferenceId: cid });
    expect((await page(h.app, '/platform/manage/user', { host, token: attendee })).res.headers.location).toBe('/403');
    expect((await page(h.app, '/platform/manage/user', { host })).res.headers.location).toMatch(
      /^\/conferencelogin\?redirect=/,
    );
  });
});
