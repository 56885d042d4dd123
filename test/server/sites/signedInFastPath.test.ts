/**
 * Signed-in public pages answered before Express (issue 17): once the app has verified a session
 * and composed the page for the person's state, "/" and "/page/:id" are served from the caches,
 * byte for byte as the app sends them, gzipped from parts compressed once; and the moment the
 * person or session changes (logout, a role, a name, a language), the next page shows it — also
 * when the change commits after a read raced it, and on another instance (Redis).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { page, visit, DESKTOP_UA } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { createApp, type App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { InvalidationBus } from '../../../server/platform/cache';
import { isMysql } from '../../../server/db/index';
import { inTransaction } from '../../../server/db/transaction';
import { grantRole, rememberLanguage, revokeRole } from '../../../server/modules/accounts/service';
import { cutAtSlots, fillSlots, SLOTS } from '../../../server/platform/pageCache';
import { gzipSpliced } from '../../../server/platform/gzipSplice';

let h: Harness;
let conferenceId: number;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
});
afterAll(() => h?.stop());

const userIdOf = async (email: string) => Number((await h.db('users').where({ email }).first('id'))!.id);
const menuHrefs = ($: Awaited<ReturnType<typeof page>>['$']) =>
  (
    JSON.parse($('.t-dropdown-content [data-island="UserMenu"]').attr('data-props')!) as {
      items: Array<{ href?: string }>;
    }
  ).items.map((i) => i.href);

/** A raw GET over a socket: the bytes as sent, not decoded. */
function rawGet(
  app: App,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = http.createServer(app.app);
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path, headers: { host, 'user-agent': DESKTOP_UA, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            server.close(() =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            ),
          );
        })
        .on('error', reject);
    });
  });
}

describe('the fast path', () => {
  test('a signed-in page is served before the app the second time, the same bytes and headers', async () => {
    const token = await h.login({ email: 'fast@example.org', name: 'Fast Reader', conferenceId });
    const first = await rawGet(h, '/', { cookie: `token=${token}` });
    const hits = h.pageCache.fastHits;
    const second = await rawGet(h, '/', { cookie: `token=${token}` });
    expect(h.pageCache.fastHits).toBe(hits + 1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    // The request id is each answer's own (platform/requestScope.ts).
    const { date: _a, 'x-request-id': _c, ...firstHeaders } = first.headers;
    const { date: _b, 'x-request-id': _d, ...secondHeaders } = second.headers;
    expect(secondHeaders).toEqual(firstHeaders);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.body.toString()).toContain('Fast Reader');
    for (const slot of Object.values(SLOTS)) expect(second.body.toString()).not.toContain(slot);
  });

  test('a browser taking gzip gets the page gzipped, the same page once decoded', async () => {
    const token = await h.login({ email: 'gzip@example.org', name: '压缩 读者', conferenceId });
    const plain = await rawGet(h, '/?from=gzip', { cookie: `token=${token}` });
    expect(plain.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const hits = h.pageCache.fastHits;
      const gz = await rawGet(h, '/?from=gzip', { cookie: `token=${token}`, 'accept-encoding': 'gzip, deflate, br' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      // The parts are compressed apart (each without the others' context), which costs some size.
      expect(gz.body.length).toBeLessThan(plain.body.length / 2);
      expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(h.pageCache.fastHits).toBe(hits + 1);
    }
  });

  test('an unknown, forged or foreign token is left to the app, which shows the anonymous page', async () => {
    const token = await h.login({ email: 'forged@example.org', name: 'Forger', conferenceId });
    await visit(h.app, '/', { host, token });
    const forged = `${token.slice(0, -2)}xx`;
    const hits = h.pageCache.fastHits;
    const res = await visit(h.app, '/', { host, token: forged });
    expect(h.pageCache.fastHits).toBe(hits);
    expect(res.text).not.toContain('Forger');
    const platformToken = await h.login({ email: 'forged@example.org', conferenceId: null });
    await visit(h.app, '/', { host: 'localhost', token: platformToken });
    expect((await visit(h.app, '/', { host, token: platformToken })).text).not.toContain('Forger');
  });
});

describe('changes show on the next page', () => {
  test('after logout the token shows the anonymous page, before the app or not', async () => {
    const token = await h.login({ email: 'leaving@example.org', name: 'Leaving Person', conferenceId });
    for (let i = 0; i < 2; i++) expect((await visit(h.app, '/', { host, token })).text).toContain('Leaving Person');
    const out = await request(h.app)
      .delete('/api/base/oauth/logout')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`);
    expect(out.status).toBe(200);
    const after = await visit(h.app, '/', { host, token });
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('Leaving Person');
  });

  test('a role granted and revoked changes the menu at once', async () => {
    const token = await h.login({ email: 'promoted@example.org', name: 'Promoted', conferenceId });
    const id = await userIdOf('promoted@example.org');
    for (let i = 0; i < 2; i++)
      expect(menuHrefs((await page(h.app, '/', { host, token })).$)).not.toContain('/platform/manage/user');
    await grantRole(h.db, conferenceId, id, 'manager');
    expect(menuHrefs((await page(h.app, '/', { host, token })).$)).toContain('/platform/manage/user');
    await revokeRole(h.db, conferenceId, id, 'manager');
    expect(menuHrefs((await page(h.app, '/', { host, token })).$)).not.toContain('/platform/manage/user');
  });

  test('a read that raced the transaction granting a role cannot leave the old identity behind', async () => {
    const token = await h.login({ email: 'racing@example.org', name: 'Racing', conferenceId });
    const id = await userIdOf('racing@example.org');
    await visit(h.app, '/', { host, token });
    await inTransaction(h.db, async (tx) => {
      await grantRole(tx, conferenceId, id, 'manager');
      // MariaDB: a read on another connection sees the rows before the commit and may remember
      // them. SQLite has one connection: the read waits for the commit, so it is not awaited here.
      const during = visit(h.app, '/', { host, token });
      if (isMysql(h.db))
        expect(menuHrefs((await page(h.app, '/', { host, token })).$)).not.toContain('/platform/manage/user');
      void during.then(() => undefined);
    });
    for (let i = 0; i < 2; i++)
      expect(menuHrefs((await page(h.app, '/', { host, token })).$)).toContain('/platform/manage/user');
  });

  test('a write is checked against the database even while a read is remembered', async () => {
    const token = await h.login({ email: 'revoked@example.org', name: 'Revoked Elsewhere', conferenceId });
    await visit(h.app, '/', { host, token });
    // Revoked behind the app's back (no notice): reads may use the remembered session for at most
    // the cache's TTL; a write reads the session row and is refused.
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti;
    await h.db('sessions').where({ id: jti }).update({ revoked_at: '2020-01-01 00:00:00.000' });
    const write = await request(h.app)
      .put('/api/base/user/locale')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .send({ lang: 'en' });
    expect(write.status).toBe(401);
    expect(await h.db('users').where({ email: 'revoked@example.org' }).first('lang')).toEqual({ lang: null });
  });

  test("a person's language goes to a host without a choice of its own, also with the caches warm", async () => {
    const token = await h.login({ email: 'english@example.org', name: 'English Reader', conferenceId });
    for (let i = 0; i < 2; i++) await visit(h.app, '/', { host, token });
    await rememberLanguage(h.db, await userIdOf('english@example.org'), 'en');
    for (let i = 0; i < 2; i++) {
      const res = await visit(h.app, '/', { host, token });
      expect(res.headers['set-cookie']?.[0]).toMatch(/^locale=en;/);
      expect(res.text).toMatch(/<html lang="en"/);
    }
    const chosen = await visit(h.app, '/', { host, token, lang: 'zh' });
    expect(chosen.text).toMatch(/<html lang="zh-CN"/);
  });
});

describe('gzipSpliced', () => {
  test('slots side by side and empty values decode too', () => {
    // Empty parts and values are Buffer.from(''), for which zlib.crc32 forgot the running value.
    const cut = cutAtSlots(`a${SLOTS.userName}${SLOTS.handoffState}${SLOTS.userMenu}b`);
    for (const values of [
      { userName: '', handoffState: '', userMenu: '' },
      { userName: 'x', handoffState: '', userMenu: 'y' },
      {},
    ]) {
      const filled = cut.slots.map((slot, i) =>
        Buffer.from(values[slot as keyof typeof values] ?? cut.tokens[i], 'utf8'),
      );
      expect(zlib.gunzipSync(gzipSpliced(cut, filled)).toString('utf8')).toBe(fillSlots(cut, values));
    }
  });

  test('random pages with random values decode to the filled page', () => {
    const tokens = Object.values(SLOTS);
    for (let round = 0; round < 50; round++) {
      const pieces: string[] = [];
      const n = Math.floor(Math.random() * 6);
      const text = () =>
        Array.from({ length: Math.floor(Math.random() * 3000) }, () =>
          String.fromCharCode(32 + Math.floor(Math.random() * 20000)),
        ).join('');
      for (let i = 0; i < n; i++)
        pieces.push(
          text(),
          tokens[Math.floor(Math.random() * tokens.length)].replace(SLOTS.userInfo, `"${SLOTS.userInfo}"`),
        );
      pieces.push(text());
      const cut = cutAtSlots(pieces.join(''));
      // One value far over a stored block's 65,535 bytes; some empty.
      const values = {
        userName: 'x'.repeat(round === 0 ? 200_000 : Math.floor(Math.random() * 50)),
        userMenu: '',
        userInfo: '{"a":"中文"}',
        appPage: text(),
      };
      const filled = cut.slots.map((slot, i) =>
        Buffer.from(values[slot as keyof typeof values] ?? cut.tokens[i], 'utf8'),
      );
      expect(zlib.gunzipSync(gzipSpliced(cut, filled)).toString('utf8')).toBe(fillSlots(cut, values));
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(Boolean(redisUrl))('on two instances (Redis)', () => {
  test('a logout and a role taken away on one instance reach what the other remembered', async () => {
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
      const token = await first.login({
        email: 'dave@example.org',
        name: 'Dave',
        conferenceId: id,
        roles: ['manager'],
      });
      const other = await first.login({ email: 'erin@example.org', name: 'Erin', conferenceId: id });
      for (let i = 0; i < 2; i++) {
        expect(menuHrefs((await page(second.app, '/', { host, token })).$)).toContain('/platform/manage/user');
        expect((await visit(second.app, '/', { host, token: other })).text).toContain('Erin');
      }
      expect(second.knownSessions.size()).toBe(2);
      await revokeRole(
        first.db,
        id,
        await first
          .db('users')
          .where({ email: 'dave@example.org' })
          .first('id')
          .then((r) => Number(r!.id)),
        'manager',
      );
      await request(first.app)
        .delete('/api/base/oauth/logout')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${other}`);
      for (let i = 0; i < 100 && second.knownSessions.size() > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(second.knownSessions.size()).toBe(0);
      expect(menuHrefs((await page(second.app, '/', { host, token })).$)).not.toContain('/platform/manage/user');
      expect((await visit(second.app, '/', { host, token: other })).text).not.toContain('Erin');
    } finally {
      await second.bus.close();
      await second.close();
      await first.stop();
    }
  });
});
