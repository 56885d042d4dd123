/** The account pages, rendered on the server with their islands (spec 2.5–2.7). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import type { CheerioAPI } from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration } from '../../helpers/registration';

let h: Harness;
let conferenceId: number;
const host = 'contract.localhost';
const islands = ($: CheerioAPI) =>
  $('[data-island]')
    .map((_, el) => $(el).attr('data-island'))
    .get();
/** The platform's frame of a conference's account page (docs/accounts.md): its address, parsed. */
const frame = ($: CheerioAPI) => new URL(JSON.parse($('[data-island="AccountFrame"]').attr('data-props')!).src);
/** The frame's own page, on the platform host, as the browser loads it. */
const framePage = (src: URL) => page(h.app, src.pathname + src.search, { host: 'platform.localhost' });

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  await openRegistration(h.db, conferenceId);
  await h.provision(contractSite({ slug: 'closed', domains: ['closed.localhost'], modules: { register: false } }));
});
afterAll(() => h?.stop());

describe('/conferencelogin', () => {
  test('account login and organisation login, with the red notice, in the conference language', async () => {
    const { res, $ } = await page(h.app, '/conferencelogin?redirect=%2Fpage%2F7', { host, lang: 'en' });
    expect(res.status).toBe(200);
    expect(islands($)).toEqual(['LangSwitch', 'AccountFrame', 'OrgLogin']);
    // Spec 2.5: the login page is titled with the conference's name.
    expect($('title').text()).toBe('Contract Test Conference');
    // The form itself is the platform's frame, in the conference's language, with the redirect.
    const src = frame($);
    expect(src.pathname).toBe('/embed/account/login');
    expect(src.searchParams.get('lang')).toBe('en');
    expect(src.searchParams.get('redirect')).toBe('/page/7');
    const inner = await framePage(src);
    expect(inner.res.status).toBe(200);
    expect(JSON.parse(inner.$('[data-island="LoginForm"]').attr('data-props')!)).toMatchObject({
      lang: 'en',
      redirect: '/page/7',
      platform: false,
      handoff: { origin: `http://${host}`, redirect: '/page/7' },
    });
    expect(inner.$('.auth-notice').first().text()).toContain('non-classified internet platform');
    expect(inner.$('form#login input#login_email')).toHaveLength(1);
  });

  test('a foreign redirect is dropped', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { $ } = await page(h.app, `/conferencelogin?redirect=${encodeURIComponent(redirect)}`, { host });
      expect(frame($).searchParams.get('redirect')).toBeNull();
      const forged = frame($);
      forged.searchParams.set('redirect', redirect);
      expect(
        JSON.parse((await framePage(forged)).$('[data-island="LoginForm"]').attr('data-props')!).redirect,
      ).toBeNull();
    }
  });

  test('with a session it says "already logged in" with a link to /conferenceRegister instead of the forms', async () => {
    const token = await h.login({ email: 'in@example.org', name: '已登录', conferenceId });
    const { $ } = await page(h.app, '/conferencelogin', { host, token });
    expect(islands($)).toEqual(['LangSwitch']);
    expect($('.auth-card h2').text()).toBe('您已登录');
    expect($('.auth-card a').attr('href')).toBe('/conferenceRegister');
  });

  test('on the platform host there is no organisation login and no conference', async () => {
    const { $ } = await page(h.app, '/conferencelogin', { host: 'platform.localhost' });
    expect(islands($)).toEqual(['LangSwitch', 'LoginForm']);
    expect(JSON.parse($('[data-island="LoginForm"]').attr('data-props')!).platform).toBe(true);
  });
});

describe('/userRegister and /register', () => {
  test('/userRegister is the sign-up form, which leads to /conferenceRegister', async () => {
    const { $ } = await page(h.app, '/userRegister', { host });
    expect(islands($)).toContain('AccountFrame');
    expect(frame($).searchParams.get('redirect')).toBe('/conferenceRegister');
    const inner = await framePage(frame($));
    expect(JSON.parse(inner.$('[data-island="SignUpForm"]').attr('data-props')!).next).toBe('/conferenceRegister');
    expect(inner.$('form#signup input').length).toBeGreaterThanOrEqual(5);
  });

  test('/register inside the window: login with the sign-up next to it, the red subtitle, and the organisation login', async () => {
    const { $ } = await page(h.app, '/register', { host });
    expect(islands($)).toEqual(['LangSwitch', 'AccountFrame', 'OrgLogin']);
    // after an organisation login, the registration form (issue 18)
    expect(JSON.parse($('[data-island="OrgLogin"]').attr('data-props')!).state).toBe('/conferenceRegister');
    expect($('.auth-subtitle-red').text()).toContain('平台账号');
    expect(islands((await framePage(frame($))).$)).toEqual(['LoginForm', 'SignUpForm']);
  });

  test('/register with registration off: "register service has not been opened" and the red subtitle, no forms', async () => {
    const { $ } = await page(h.app, '/register', { host: 'closed.localhost', lang: 'en' });
    expect(islands($)).toEqual(['LangSwitch']);
    // Not enabled at all (spec 8), rather than a window that opens later.
    expect($('.auth-card h2').text()).toBe(
      'The conference register service has not been opened, please contact the conference organizer.',
    );
    expect($('.auth-subtitle-red')).toHaveLength(1);
  });
});

describe('/resetPassword', () => {
  test('is shown inside the site template, with the form island and its stylesheet', async () => {
    const { res, $ } = await page(h.app, '/resetPassword', { host });
    expect(res.status).toBe(200);
    expect($('#template-first-title-container').text()).toBe('第一标题');
    expect($('#template-content-container [data-island="AccountFrame"]')).toHaveLength(1);
    expect($('input[type=password]')).toHaveLength(0);
    expect($('link[href^="/_styles/antd."]')).toHaveLength(1);
    expect($('script[src*="/assets/"]').length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('a logged-in user finds their e-mail filled in', async () => {
    const token = await h.login({ email: 'me@example.org', name: '我', conferenceId });
    const { $ } = await page(h.app, '/resetPassword', { host, token });
    const inner = await framePage(frame($));
    expect(JSON.parse(inner.$('[data-island="ResetPasswordForm"]').attr('data-props')!)).toMatchObject({
      email: 'me@example.org',
    });
  });
});

test('a 401 clears the token cookie the request carried (spec 2.3: cleared once)', async () => {
  const res = await request(h.app)
    .get('/api/conference/platform/findConferenceStatus')
    .set('Host', host)
    .set('Cookie', 'token=stale.token.value');
  expect(res.status).toBe(401);
  expect(String(res.headers['set-cookie'])).toMatch(/^token=;/);
});
