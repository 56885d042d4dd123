/** The whole app on a fresh database, for supertest; tokens are minted by the real session module. */
import { loadConfig, type Config } from '../../server/config';
import { migrate } from '../../server/db/index';
import { createApp, type App } from '../../server/app';
import { seed } from '../../server/seed/index';
import { grantRole, ensureUser, addSuperAdmin } from '../../server/modules/accounts/service';
import { provisionSite, type SiteSpec } from '../../server/modules/sites/provision';
import type { ConferenceRole } from '../../server/contract/enums';
import type { InvalidationBus } from '../../server/platform/cache';
import type { RateLimiter } from '../../server/platform/rateLimit';
import { createTestDb, type TestDb } from './db';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type HarnessOptions = {
  seedDemo?: boolean;
  redisUrl?: string;
  bus?: InvalidationBus;
  limiter?: RateLimiter;
  /** a conference's SMTP may be a local test server (smtp-server on 127.0.0.1, any port) */
  allowPrivateSmtp?: boolean;
  /** more settings, as environment variables (parsed by loadConfig) */
  env?: Record<string, string>;
};

export type Harness = App & {
  /** the settings the app was made with (a second instance on the same database takes them) */
  config: Config;
  testDb: TestDb;
  db: TestDb['db'];
  provision(spec: SiteSpec): Promise<number>;
  /** Creates (or finds) a user, grants roles in a conference, and returns a session token for it. */
  login(opts: {
    email: string;
    name?: string;
    conferenceId: number | null;
    roles?: ConferenceRole[];
    superAdmin?: boolean;
  }): Promise<string>;
  stop(): Promise<void>;
};

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const testDb = await createTestDb();
  try {
    return await startOn(testDb, opts);
  } catch (err) {
    await testDb.drop();
    throw err;
  }
}

async function startOn(testDb: TestDb, opts: HarnessOptions): Promise<Harness> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDb.dataDir,
    SECRET: TEST_SECRET,
    ADMIN_EMAIL: 'admin@example.org',
    ADMIN_PASSWORD: 'admin-password-123',
    SEED_DEMO: opts.seedDemo === false ? 'false' : 'true',
    LOG_LEVEL: 'silent',
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...(opts.allowPrivateSmtp ? { SMTP_ALLOW_PRIVATE_HOSTS: 'true', SMTP_ALLOWED_PORTS: '*' } : {}),
    ...opts.env,
  });
  await migrate(testDb.db);
  await seed(testDb.db, config);
  const app = await createApp({ config, db: testDb.db, production: true, bus: opts.bus, limiter: opts.limiter });
  // Heavy work runs as in a process (server/start.ts); app.close() stops it.
  app.workRunner.start();
  return {
    ...app,
    config,
    testDb,
    db: testDb.db,
    provision: (spec) => provisionSite(testDb.db, spec),
    async login({ email, name = 'Test User', conferenceId, roles = [], superAdmin = false }) {
      const { id } = await ensureUser(testDb.db, { email, trueName: name });
      for (const role of roles) if (conferenceId !== null) await grantRole(testDb.db, conferenceId, id, role);
      if (superAdmin) await addSuperAdmin(testDb.db, id);
      const { token } = await app.sessions.issue({ id, trueName: name, umtId: null, cstnetId: email }, conferenceId);
      return token;
    },
    async stop() {
      await app.close();
      await testDb.drop();
    },
  };
}
