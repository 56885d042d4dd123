/**
 * Pages for signed-in people are rendered once per visibility state and reused, with each
 * person's own values put in (issue 17). With the caches warm, nobody sees another's name,
 * e-mail or registration, menus follow the person's roles, and edits still show at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { InvalidationBus } from '../../../server/platform/cache';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';
import { cutAtSlots, fillSlots, SLOTS } from '../../../server/platform/pageCache';
import { updateName } from '../../../server/modules/accounts/service';

let h: Harness;
let conferenceId: number;
const host = 'contract.localhost';
// Characters that must arrive escaped, and names that differ from the e-mails.
const alice = { email: 'alice@example.org', name: 'Alice <b>&"Liddell\'' };
const bob = { email: 'bob@example.org', name: 'Bob 布朗' };
let aliceToken: string;
let bobToken: string;
let managerToken: string;
let aliceCode: string;

const PAGES = ['/', '/conferenceRegister', '/resetPassword', '/profile/userInfo'];

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  await openRegistration(h.db, conferenceId, { registerFlag: true, registerNum: 100 });
  await setForm(h.db, conferenceId, 'default', testForm());
  aliceToken = await h.login({ email: alice.email, name: alice.name, conferenceId });
  bobToken = await h.login({ email: bob.email, name: bob.name, conferenceId });
  managerToken = await h.login({
    email: 'manager@example.org',
    name: 'Manager Person',
    conferenceId,
    roles: ['manager'],
  });
  // The names the sessions were issued with are the accounts' names too.
  await h.db('users').where({ email: alice.email }).update({ true_name: alice.name });
  await h.db('users').where({ email: bob.email }).update({ true_name: bob.name });
  const registered = await call(h, host, 'post', '/conference/conferenceUser', {
    token: aliceToken,
    body: { version: 'default', answers: goodAnswers({ fullName: 'Alice' }) },
  });
  expect(registered.status).toBe(200);
  aliceCode = (await h.db('registrants').where({ conference_id: conferenceId, email: alice.email }).first())!.code;
  // Warm every cache in every order: each person's pages twice, interleaved.
  for (let round = 0; round < 2; round++) {
    for (const path of PAGES)
      for (const token of [aliceToken, bobToken, managerToken, undefined]) await visit(h.app, path, { host, token });
  }
});
afterAll(() => h?.stop());

function hasNoSlot(text: string): void {
  for (const token of Object.values(SLOTS)) expect(text).not.toContain(token);
}

describe('two people, warm caches', () => {
  test.each(PAGES)('%s shows Alice only her own name and e-mail, and Bob only his', async (path) => {
    const fastBefore = h.pageCache.fastHits;
    const a = await visit(h.app, path, { host, token: aliceToken });
    const b = await visit(h.app, path, { host, token: bobToken });
    // The home and registration pages are answered before the app for both (the signed-in fast path).
    if (path === '/' || path === '/conferenceRegister') expect(h.pageCache.fastHits).toBe(fastBefore + 2);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    hasNoSlot(a.text);
    hasNoSlot(b.text);
    expect(a.text).not.toContain('Bob');
    expect(a.text).not.toContain(bob.email);
    expect(b.text).not.toContain('Alice');
    expect(b.text).not.toContain(alice.email);
    expect(b.text).not.toContain(aliceCode);
    // The name is escaped wherever it appears: never as raw markup.
    expect(a.text).not.toContain('<b>&"Liddell');
  });

  test('the home page carries each name in the template, the menu and the data for scripts', async () => {
    for (const [token, person] of [
      [aliceToken, alice],
      [bobToken, bob],
    ] as const) {
      const { $ } = await page(h.app, '/', { host, token });
      expect($('#template-user-name-container').text()).toBe(person.name);
      const menu = JSON.parse($('.t-dropdown-content [data-island="UserMenu"]').attr('data-props')!) as {
        name: string;
      };
      expect(menu.name).toBe(person.name);
      expect($('.t-dropdown-content [data-island="UserMenu"]').text()).toContain(person.name);
      const data = JSON.parse($('#conference-site-data').text()) as {
        config: { userInfo: { trueName: string; cstnetId: string } };
      };
      expect(data.config.userInfo.trueName).toBe(person.name);
      expect(data.config.userInfo.cstnetId).toBe(person.email);
    }
  });

  test('the registration page shows Alice her code and Bob the form with his account', async () => {
    const a = await page(h.app, '/conferenceRegister', { host, token: aliceToken });
    const b = await page(h.app, '/conferenceRegister', { host, token: bobToken });
    expect(a.res.text).toContain(aliceCode);
    expect(a.$('[data-island="RegisterForm"]').length).toBe(0);
    const form = JSON.parse(b.$('[data-island="RegisterForm"]').attr('data-props')!) as {
      account: { email: string; name: string };
    };
    expect(form.account).toEqual({ email: bob.email, name: bob.name });
  });

  test('an attendee and a manager each see their own menu', async () => {
    const attendee = await page(h.app, '/', { host, token: aliceToken });
    const manager = await page(h.app, '/', { host, token: managerToken });
    const items = ($: typeof attendee.$) =>
      (
        JSON.parse($('.t-dropdown-content [data-island="UserMenu"]').attr('data-props')!) as {
          items: Array<{ href?: string }>;
        }
      ).items.map((i) => i.href);
    expect(items(manager.$)).toContain('/platform/manage/user');
    expect(items(attendee.$)).not.toContain('/platform/manage/user');
    expect(manager.res.text).not.toContain('Alice');
  });

  test('the anonymous page names nobody', async () => {
    const anonymous = await visit(h.app, '/', { host });
    hasNoSlot(anonymous.text);
    for (const word of ['Alice', 'Bob', 'Manager Person', alice.email, bob.email])
      expect(anonymous.text).not.toContain(word);
  });
});

describe('changes show at once', () => {
  test('a renamed person sees the new name on the cached page', async () => {
    const bobId = Number((await h.db('users').where({ email: bob.email }).first('id'))!.id);
    // The name is changed the way the personal centre changes it (the account's service), which
    // also drops the identity the session cache remembered for Bob's warm session.
    await updateName(h.db, bobId, 'Robert');
    const { $ } = await page(h.app, '/', { host, token: bobToken });
    expect($('#template-user-name-container').text()).toBe('Robert');
    await updateName(h.db, bobId, bob.name);
  });

  test("an edit of the site drops the signed-in people's pages too", async () => {
    await h.db('website_configs').where({ conference_id: conferenceId }).update({ first_title_zh: '新的第一标题' });
    await h.sites.siteChanged(conferenceId);
    const { $ } = await page(h.app, '/', { host, token: aliceToken });
    expect($('#template-first-title-container').text()).toBe('新的第一标题');
    const reset = await visit(h.app, '/resetPassword', { host, token: aliceToken });
    expect(reset.text).toContain('新的第一标题');
  });
});

describe('the account frame', () => {
  test("each browser's frame carries the state of its own cookie", async () => {
    for (const path of ['/resetPassword', '/conferenceRegister']) {
      const states = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await visit(h.app, path, { host });
        hasNoSlot(res.text);
        const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => /=[A-Za-z0-9_-]{43};/.test(c))!;
        const state = /=([A-Za-z0-9_-]{43});/.exec(cookie)![1];
        expect(res.text).toContain(`state=${state}`);
        states.add(state);
      }
      expect(states.size).toBe(3);
    }
  });
});

describe('slots', () => {
  test('a page cut at its slots is filled with the values given, the others kept', () => {
    const cut = cutAtSlots(
      `<p>${SLOTS.userName}</p><script>{"userInfo":"${SLOTS.userInfo}"}</script><i>${SLOTS.handoffState}</i>`,
    );
    expect(fillSlots(cut, { userName: 'A &amp; B', userInfo: '{"id":1}' })).toBe(
      `<p>A &amp; B</p><script>{"userInfo":{"id":1}}</script><i>${SLOTS.handoffState}</i>`,
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(Boolean(redisUrl))('on two instances (Redis)', () => {
  test("an edit through one instance drops the other's signed-in pages", async () => {
    const first = await createHarness({ seedDemo: false, redisUrl });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: first.testDb.dataDir,
      SECRET: TEST_SECRET,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'silent',
    });
    const second = await createApp({
      config,
      db: first.db,
      production: true,
      bus: await InvalidationBus.create(redisUrl),
    });
    try {
      const id = await first.provision(contractSite());
      const token = await first.login({ email: 'carol@example.org', name: 'Carol', conferenceId: id });
      const before = await page(second.app, '/', { host, token });
      expect(before.$('#template-user-name-container').text()).toBe('Carol');
      expect(second.pageCache.size()).toBeGreaterThan(0);
      await first.db('website_configs').where({ conference_id: id }).update({ first_title_zh: '另一个实例改的标题' });
      await first.sites.siteChanged(id);
      for (let i = 0; i < 100 && second.pageCache.size() > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(second.pageCache.size()).toBe(0);
      const after = await page(second.app, '/', { host, token });
      expect(after.$('#template-first-title-container').text()).toBe('另一个实例改的标题');
      expect(after.$('#template-user-name-container').text()).toBe('Carol');
    } finally {
      await second.bus.close();
      await second.close();
      await first.stop();
    }
  });
});
