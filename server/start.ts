/** Start: config → database (migrate, seed on first run) → app → listen. Run by ./main.ts. */
import { APP_NODE_ENV } from './environment';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from './config';
import { createDb, migrate } from './db/index';
import { createApp, type App } from './app';
import { logger } from './platform/logger';
import { seed } from './seed/index';
import { JobScheduler } from './platform/jobs';
import { closeSharedPool } from './platform/work/index';
import { S3FileStore, s3ClientFor } from './platform/s3Files';
import { warmUpInBackground } from './platform/warmUp';

export async function start(): Promise<void> {
  const started = Date.now();
  const config = loadConfig({ ...process.env, NODE_ENV: APP_NODE_ENV });
  logger.level = config.LOG_LEVEL;
  if (config.secretGenerated) logger.warn(`No SECRET set: generated one into ${config.DATA_DIR}/secret`);
  // A bucket that does not answer with these settings stops the start, naming the setting to fix.
  if (config.S3_BUCKET) await new S3FileStore(s3ClientFor(config), config.S3_BUCKET, 'files').probe();
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrate(db);
  await seed(db, config);
  const { app, close, jobs: featureJobs, operations, workRunner } = await createApp({ config, db });
  if (!config.SMTP_URL) {
    logger.warn(
      config.NODE_ENV === 'production'
        ? 'No SMTP_URL: mail cannot be sent (verification codes included)'
        : `No SMTP_URL: mail is kept and shown at http://localhost:${config.PORT}/_dev/mail, to clients on this machine only (loopback, no proxy)`,
    );
  }
  // The periodic work of the features, each job on one instance at a time (a lease in the database),
  // and the queued heavy work (exports, imports) of any conference: not on a web-only instance.
  const jobs = new JobScheduler(db, featureJobs, { observe: operations.metrics.jobs });
  if (config.ROLE !== 'web') {
    jobs.start();
    workRunner.start();
  }
  // A worker answers its probes and metrics only; the pages are the web instances'.
  const server = http.createServer(config.ROLE === 'worker' ? probesOnly(operations) : app);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address() as AddressInfo;
    const port = address.port;
    if (config.ROLE !== 'worker' && config.WARM_UP) warmUpInBackground(address, config.PLATFORM_HOST);
    if (config.ROLE === 'worker')
      return logger.info(
        { ms: Date.now() - started },
        `Worker on port ${port}: jobs and heavy work; /healthz, /readyz and /metrics only`,
      );
    logger.info(
      { ms: Date.now() - started },
      `Conference platform on port ${port}: the platform (sign-in, creating conferences, super admin) at http://${config.PLATFORM_HOST}:${port}; ` +
        `the demo conference at http://demo.localhost:${port} (also http://localhost:${port}), its management at http://demo.localhost:${port}/platform; a second demo at http://demo2.localhost:${port}`,
    );
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    // Whatever happens below, the process is gone within the bound a supervisor waits for.
    setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    try {
      // Ctrl-C (SIGINT) at a terminal stops at once; a supervisor's SIGTERM lets the proxy notice first.
      await stopGracefully(server, operations, signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_MS : 0, async () => {
        await jobs.stop();
        // The work under way goes back to the queue (retried after the restart), then the pool's threads stop.
        await workRunner.stop();
        await closeSharedPool();
        await close();
        await db.destroy();
      });
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A worker's listener: health, readiness and metrics, and 404 for anything else. */
function probesOnly(operations: App['operations']): http.RequestListener {
  const probes = express();
  probes.disable('x-powered-by');
  probes.use(operations.router);
  probes.use((_req, res) => void res.status(404).end());
  return probes;
}

const HARD_EXIT_MS = 30_000;
/** after the delay (at most 10 s): the two stay well inside the hard bound */
const IN_FLIGHT_BOUND_MS = 15_000;

/**
 * The order of a clean stop (docs/operations.md "Shutdown"): not ready (/readyz 503), still
 * answering for `delayMs` so the proxy notices and sends nothing new (answers say Connection:
 * close meanwhile), then no new connections, idle keep-alive connections closed, the requests in
 * flight finished — those still running after the bound are cut — then the jobs (their leases
 * handed back), the app's connections and the pool.
 */
async function stopGracefully(
  server: http.Server,
  operations: App['operations'],
  delayMs: number,
  release: () => Promise<void>,
): Promise<void> {
  operations.readiness.drain();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), IN_FLIGHT_BOUND_MS)));
  if ((await Promise.race([operations.drained(), bound])) === 'late') {
    logger.warn(
      { inFlight: operations.inFlight },
      'requests still running at the shutdown bound: closing their connections',
    );
  }
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
  await release();
}
