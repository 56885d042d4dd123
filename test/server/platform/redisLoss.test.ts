/**
 * Redis lost and back (issue 31 "Bad input and faults"): two app instances on one database and a
 * Redis server of this test's own (the machine's redis-server binary on a free port, so the
 * shared one is never stopped). While Redis is gone both instances go on answering and an edit
 * through one does not fail; once it is back, the other instance drops everything it cached
 * (notices were missed) and serves the edit, rather than keep the stale page. The brute-force
 * limits count in each instance's memory meanwhile (still refusing past the limit, never failing
 * the request) and count in Redis again once it is back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp, type App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { InvalidationBus } from '../../../server/platform/cache';
import { RedisRateLimiter } from '../../../server/platform/rateLimit';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('redis-server not found: the Redis loss test is skipped');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A throwaway Redis on `port`, answering PING before this resolves. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.runIf(haveRedis)('Redis lost and back', () => {
  let port: number;
  let redis: ChildProcess;
  let first: Harness;
  let second: App;
  let conferenceId: number;
  const host = 'contract.localhost';
  const title = async (app: App['app']) => (await page(app, '/', { host })).$('#template-first-title-container').text();

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    first = await createHarness({ seedDemo: false, redisUrl });
    conferenceId = await first.provision(contractSite());
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: first.testDb.dataDir,
      SECRET: TEST_SECRET,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'silent',
    });
    second = await createApp({ config, db: first.db, production: true, bus: await InvalidationBus.create(redisUrl) });
  }, 60_000);
  afterAll(async () => {
    if (redis && redis.exitCode === null && redis.signalCode === null) await stopRedis(redis);
    await second?.bus.close().catch(() => undefined);
    await second?.close().catch(() => undefined);
    await first?.stop();
  });

  test('the instances go on without it and catch up when it is back', async () => {
    expect(await title(second.app)).toBe('第一标题');
    expect(second.pageCache.size()).toBeGreaterThan(0);

    await second.limiter.hit('loss-test', 2, 60_000);
    await stopRedis(redis);
    // Gone: the limiter answers at once from memory, and still refuses past the limit.
    const started = Date.now();
    const whileLost = [];
    for (let i = 0; i < 3; i++) whileLost.push((await second.limiter.hit('loss-test', 2, 60_000)).allowed);
    expect(whileLost).toEqual([true, true, false]);
    expect(Date.now() - started).toBeLessThan(2_000);

    // Gone: both answer, and an edit through the first does not fail (its notice is lost).
    await first
      .db('website_configs')
      .where({ conference_id: conferenceId })
      .update({ first_title_zh: '断线时改的标题' });
    await first.sites.siteChanged(conferenceId);
    expect(await title(first.app)).toBe('断线时改的标题');
    expect(await title(second.app)).toBe('第一标题'); // the notice never reached it

    // Back: the second instance drops what it cached and serves the edit.
    redis = await startRedis(port);
    let seen = '';
    for (let i = 0; i < 200 && seen !== '断线时改的标题'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (second.pageCache.size() === 0) seen = await title(second.app);
    }
    expect(seen).toBe('断线时改的标题');

    // The limits count in Redis again, shared with every instance (this Redis lost its keys).
    for (let i = 0; i < 100; i++) {
      await second.limiter.hit('after-loss', 5, 60_000);
      const other = new RedisRateLimiter(`redis://127.0.0.1:${port}`);
      const shared = await other.count('after-loss');
      await other.close();
      if (shared > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const other = new RedisRateLimiter(`redis://127.0.0.1:${port}`);
    expect(await other.count('after-loss')).toBeGreaterThan(0);
    await other.close();

    // And the notices flow again.
    await first
      .db('website_configs')
      .where({ conference_id: conferenceId })
      .update({ first_title_zh: '恢复后改的标题' });
    await first.sites.siteChanged(conferenceId);
    for (let i = 0; i < 100 && second.pageCache.size() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await title(second.app)).toBe('恢复后改的标题');
  }, 60_000);
});
