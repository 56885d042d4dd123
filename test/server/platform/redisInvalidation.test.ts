/**
 * Cache invalidation across instances (DESIGN.md 6, 9): two app instances on one database, each
 * with its own caches; an edit through one must drop the other's cached pages, via Redis.
 * Runs when TEST_REDIS_URL names a Redis server; otherwise it says so and is skipped.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp, type App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { InvalidationBus } from '../../../server/platform/cache';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL not set: the Redis invalidation tests are skipped');

describe.runIf(Boolean(redisUrl))('page cache invalidation through Redis', () => {
  let first: Harness;
  let second: App;
  let conferenceId: number;
  const host = 'contract.localhost';

  beforeAll(async () => {
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
  });
  afterAll(async () => {
    await second?.bus.close();
    await second?.close();
    await first?.stop();
  });

  test('both instances use Redis', () => {
    expect(first.bus.usesRedis).toBe(true);
    expect(second.bus.usesRedis).toBe(true);
  });

  test('an edit on one instance drops the cached page on the other', async () => {
    const before = await page(second.app, '/', { host });
    expect(before.$('#template-first-title-container').text()).toBe('第一标题');
    expect(second.pageCache.size()).toBeGreaterThan(0);

    await first.db('website_configs').where({ conference_id: conferenceId }).update({ first_title_zh: '改过的标题' });
    await first.sites.siteChanged(conferenceId);

    // The message arrives asynchronously; wait for it rather than for a fixed time.
    for (let i = 0; i < 100 && second.pageCache.size() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(second.pageCache.size()).toBe(0);
    const after = await page(second.app, '/', { host });
    expect(after.$('#template-first-title-container').text()).toBe('改过的标题');
  });
});
