/** Start: config → database (migrate, seed on first run) → app → listen. Run by ./main.ts. */
import { APP_NODE_ENV } from './environment';
import http from 'node:http';
import { loadConfig } from './config';
import { createDb, migrate } from './db/index';
import { createApp } from './app';
import { logger } from './platform/logger';
import { seed } from './seed/index';
import { JobScheduler } from './platform/jobs';

export async function start(): Promise<void> {
  const started = Date.now();
  const config = loadConfig({ ...process.env, NODE_ENV: APP_NODE_ENV });
  logger.level = config.LOG_LEVEL;
  if (config.secretGenerated) logger.warn(`No SECRET set: generated one into ${config.DATA_DIR}/secret`);
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrate(db);
  await seed(db, config);
  const { app, close, jobs: featureJobs } = await createApp({ config, db });
  if (!config.SMTP_URL) {
    logger.warn(
      config.NODE_ENV === 'production'
        ? 'No SMTP_URL: mail cannot be sent (verification codes included)'
        : `No SMTP_URL: mail is kept and shown at http://localhost:${config.PORT}/_dev/mail, to clients on this machine only (loopback, no proxy)`,
    );
  }
  // The periodic work of the features, each job on one instance at a time (a lease in the database).
  const jobs = new JobScheduler(db, featureJobs);
  jobs.start();
  const server = http.createServer(app);
  server.listen(config.PORT, config.HOST, () => {
    const port = (server.address() as { port: number }).port;
    logger.info(
      { ms: Date.now() - started },
      `Conference platform on port ${port}: the platform (sign-in, creating conferences, super admin) at http://${config.PLATFORM_HOST}:${port}; ` +
        `the demo conference at http://demo.localhost:${port} (also http://localhost:${port}), its management at http://demo.localhost:${port}/platform; a second demo at http://demo2.localhost:${port}`,
    );
  });
  const shutdown = async (signal: string) => {
    logger.info(`${signal}: shutting down`);
    server.close();
    await close();
    await jobs.stop();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
