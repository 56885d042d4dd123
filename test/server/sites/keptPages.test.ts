/**
 * App pages kept whole and answered before Express (issue 17): for anonymous visitors
 * /conferencelogin, /userRegister, /resetPassword and /conferenceRegister, with a slot for the
 * account frame's hand-over state, filled with each browser's own state (or a new one, with its
 * cookie) — never another visitor's; for signed-in people /conferenceRegister, with the form's
 * e-mail and name or the registration number filled per person. Dropped the moment what they
 * show changes: the site, the registration settings or form, the organisations list, the
 * person's registration.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { DESKTOP_UA } from '../../helpers/http';
import { apiPost, PLATFORM_HOST } from '../../helpers/accounts';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';
import { contractSite } from '../../fixtures/contractSite';
import { InvalidationBus } from '../../../server/platform/cache';
import { PageCache, SLOTS } from '../../../server/platform/pageCache';
import * as registrationSettingsRepo from '../../../server/modules/registration/settingsRepo';
import { todayIn } from '../../../server/platform/localTime';

let h: Harness;
let conferenceId: number;
let server: http.Server;
let port: number;
const host = 'contract.localhost';
const STATE_COOKIE =
  /^handoff_state_[0-9a-f]{8}=([A-Za-z0-9_-]{43}); Max-Age=3600; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  await openRegistration(h.db, conferenceId);
  await setForm(h.db, conferenceId, 'default', testForm());
  server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.stop();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host, 'user-agent': DESKTOP_UA, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const stateInFrame = (body: string) => /state=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
const newState = (a: Answer) => STATE_COOKIE.exec(String(a.headers['set-cookie'] ?? ''))?.[1];

describe.each(['/conferencelogin', '/userRegister', '/resetPassword', '/conferenceRegister'])('%s', (path) => {
  test('is served before the app the second time, each visitor with their own state', async () => {
    const first = await get(path);
    expect(first.status).toBe(200);
    const hits = h.pageCache.fastHits;
    const [a, b] = [await get(path), await get(path, { 'accept-encoding': 'gzip' })];
    expect(h.pageCache.fastHits).toBe(hits + 2);
    for (const answer of [first, a, b]) {
      // A new browser: a state of its own, in its cookie and in the frame's address.
      const state = newState(answer);
      expect(state).toBeDefined();
      expect(stateInFrame(answer.body)).toBe(state);
      for (const slot of Object.values(SLOTS)) expect(answer.body).not.toContain(slot);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(new Set([first, a, b].map(newState)).size).toBe(3);
    // Apart from the state, the page is the app's own.
    expect(a.body.replaceAll(newState(a)!, 'S')).toBe(first.body.replaceAll(newState(first)!, 'S'));
    expect(b.headers['content-encoding']).toBe('gzip');
  });

  test('a browser that has a state keeps it and gets no new cookie', async () => {
    const mine = 'x'.repeat(10) + 'A'.repeat(33);
    await get(path);
    const hits = h.pageCache.fastHits;
    const answer = await get(path, { cookie: `lang=zh; handoff_state_0a1b2c3d=${mine}` });
    expect(h.pageCache.fastHits).toBe(hits + 1);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(stateInFrame(answer.body)).toBe(mine);
  });
});

describe('what the kept pages show changes at once', () => {
  test('a new common organisation shows on the sign-in page', async () => {
    await get('/conferencelogin?redirect=%2Forgs');
    expect((await get('/conferencelogin?redirect=%2Forgs')).body).not.toContain('缓存测试大学');
    const admin = `token=${await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true })}`;
    const created = await apiPost(
      h.app,
      PLATFORM_HOST,
      '/platform/admin/identityProviders',
      {
        kind: 'oidc',
        nameZh: '缓存测试大学',
        nameEn: 'Cache Test University',
        issuer: 'https://idp.cache.example',
        clientId: 'c',
        clientSecret: 's',
        isCommon: true,
      },
      admin,
    );
    expect(created.status).toBe(200);
    expect((await get('/conferencelogin?redirect=%2Forgs')).body).toContain('缓存测试大学');
  });

  test('closing the registration window shows on the registration page', async () => {
    await get('/conferenceRegister?from=window');
    expect((await get('/conferenceRegister?from=window')).body).toContain('account-frame-island');
    const yesterday = todayIn('Asia/Shanghai', new Date(Date.now() - 86_400_000));
    await registrationSettingsRepo.updateSettings(h.db, conferenceId, { end_date: yesterday });
    const closed = await get('/conferenceRegister?from=window');
    expect(closed.body).not.toContain('account-frame-island');
    await openRegistration(h.db, conferenceId);
    expect((await get('/conferenceRegister?from=window')).body).toContain('account-frame-island');
  });

  test("the route's path in another case or with a trailing slash is answered, not remembered", async () => {
    for (const path of ['/USERREGISTER', '/userRegister/', '/UserRegister']) {
      for (let i = 0; i < 2; i++) expect((await get(path)).status).toBe(200);
      expect(h.pageCache.keptPaths.has(path)).toBe(false);
    }
    expect(h.pageCache.keptPaths.has('/userRegister')).toBe(true);
  });

  test('a page whose protocol the app and the raw request see differently is not kept', async () => {
    // No proxy is trusted here: Express ignores the header, the raw request would not.
    await get('/userRegister?from=proxy', { 'x-forwarded-proto': 'https' });
    const hits = h.pageCache.fastHits;
    const again = await get('/userRegister?from=proxy', { 'x-forwarded-proto': 'https' });
    expect(h.pageCache.fastHits).toBe(hits);
    expect(again.body).toContain('origin=http%3A%2F%2Fcontract.localhost');
  });
});

describe('the registration page of signed-in people', () => {
  const formAccount = (body: string) => {
    const props = /data-island="RegisterForm"[^>]*data-props="([^"]*)"/.exec(body)?.[1];
    if (props === undefined) return null;
    const json = props
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#x27;', "'")
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    return (JSON.parse(json) as { account: unknown }).account;
  };

  test('each person gets the form with their own account, the second time before the app', async () => {
    const people = [
      { email: 'kept-a@example.org', name: 'Ann <i>&"O\'Hara' },
      { email: 'kept-b@example.org', name: '白 冰' },
    ];
    for (const p of people) await h.db('users').where({ email: p.email }).update({ true_name: p.name });
    const tokens = await Promise.all(people.map((p) => h.login({ email: p.email, name: p.name, conferenceId })));
    for (const p of people) await h.db('users').where({ email: p.email }).update({ true_name: p.name });
    const first = await Promise.all(tokens.map((token) => get('/conferenceRegister', { cookie: `token=${token}` })));
    for (let round = 0; round < 2; round++) {
      for (const [i, token] of tokens.entries()) {
        const hits = h.pageCache.fastHits;
        const again = await get('/conferenceRegister', {
          cookie: `token=${token}`,
          ...(round ? { 'accept-encoding': 'gzip' } : {}),
        });
        expect(h.pageCache.fastHits).toBe(hits + 1);
        expect(again.body).toBe(first[i].body);
        expect(formAccount(again.body)).toEqual({ email: people[i].email, name: people[i].name });
        expect(again.body).not.toContain(people[1 - i].email);
        expect(again.body).not.toContain('<i>&"O');
        for (const slot of Object.values(SLOTS)) expect(again.body).not.toContain(slot);
      }
    }
  });

  test("the reset page of two people in the same state carries each person's own e-mail", async () => {
    // The frame is addressed with the signed-in person's e-mail: such a page is never kept.
    const emails = ['reset-a@example.org', 'reset-b@example.org'];
    const tokens = await Promise.all(emails.map((email, i) => h.login({ email, name: `Reset ${i}`, conferenceId })));
    for (let round = 0; round < 3; round++) {
      for (const [i, token] of tokens.entries()) {
        const page = await get('/resetPassword', { cookie: `token=${token}` });
        expect(page.body).toContain(encodeURIComponent(emails[i]));
        expect(page.body).not.toContain(encodeURIComponent(emails[1 - i]));
      }
    }
  });

  test('a person who registers sees their own number at once, and another theirs', async () => {
    const emails = ['kept-c@example.org', 'kept-d@example.org'];
    const tokens = await Promise.all(emails.map((email, i) => h.login({ email, name: `Kept ${i}`, conferenceId })));
    for (const token of tokens) {
      expect(formAccount((await get('/conferenceRegister', { cookie: `token=${token}` })).body)).not.toBeNull();
      await get('/conferenceRegister', { cookie: `token=${token}` });
      const done = await call(h, host, 'post', '/conference/conferenceUser', {
        token,
        body: { version: 'default', answers: goodAnswers({ fullName: 'Kept' }) },
      });
      expect(done.status).toBe(200);
    }
    const codes = await Promise.all(
      emails.map(async (email) =>
        String((await h.db('registrants').where({ conference_id: conferenceId, email }).first())!.code),
      ),
    );
    expect(codes[0]).not.toBe(codes[1]);
    for (let round = 0; round < 2; round++) {
      for (const [i, token] of tokens.entries()) {
        const hits = h.pageCache.fastHits;
        const page = await get('/conferenceRegister', { cookie: `token=${token}` });
        if (round === 1) expect(h.pageCache.fastHits).toBe(hits + 1);
        expect(formAccount(page.body)).toBeNull();
        expect(page.body).toContain(codes[i]);
        expect(page.body).not.toContain(codes[1 - i]);
      }
    }
  });
});

describe('the page cache', () => {
  test('a page past its day, or rendered across a drop, is not served', async () => {
    const bus = await InvalidationBus.create();
    const cache = new PageCache(bus);
    const use = { fill: () => ({}) };
    let fresh = true;
    cache.keepPage(1, 'k', '/p', '<p>a</p>', { ...use, fresh: () => fresh }, cache.epoch());
    expect(cache.getKept(1, 'k')).toBeDefined();
    fresh = false;
    expect(cache.getKept(1, 'k')).toBeUndefined();
    const since = cache.epoch();
    await bus.conferenceChanged(2);
    cache.keepPage(1, 'late', '/p', '<p>b</p>', use, since);
    expect(cache.getKept(1, 'late')).toBeUndefined();
    cache.keepPage(1, 'k2', '/p', '<p>c</p>', use, cache.epoch());
    await bus.everyConferenceChanged();
    expect(cache.getKept(1, 'k2')).toBeUndefined();
    await bus.close();
  });
});
