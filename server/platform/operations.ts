/**
 * What the process needs to be run behind a proxy (docs/operations.md): the readiness, the
 * metrics and their endpoints (health.ts), and the request listener around the fast path and
 * Express that gives every request its id (requestScope.ts), times it, and counts the requests in
 * flight so a stopping process can wait for them (server/start.ts).
 */
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request } from 'express';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { InvalidationBus } from './cache';
import { operationsRouter, Readiness, type ReadinessCheck } from './health';
import { Metrics, type MetricSource } from './metrics';
import type { PageCache } from './pageCache';
import { inRequestScope } from './requestScope';
import { S3FileStore, s3ClientFor } from './s3Files';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export type Operations = ReturnType<typeof createOperations>;

export function createOperations({
  config,
  db,
  bus,
  pageCache,
  sources,
}: {
  config: Config;
  db: Db;
  bus: InvalidationBus;
  pageCache: PageCache;
  sources: readonly MetricSource[];
}) {
  const checks: ReadinessCheck[] = [{ name: 'database', check: () => db.raw('select 1') }];
  if (bus.usesRedis) checks.push({ name: 'redis', check: () => bus.ping() });
  // The file bucket: an instance that cannot read or write files must not take requests.
  if (config.S3_BUCKET) {
    const bucket = new S3FileStore(s3ClientFor(config), config.S3_BUCKET, 'files');
    checks.push({ name: 'bucket', check: () => bucket.probe() });
  }
  const readiness = new Readiness(checks);
  const metrics = new Metrics(db, pageCache, sources);
  let inFlight = 0;
  const idle = new Set<() => void>();

  return {
    readiness,
    metrics,
    router: operationsRouter(readiness, metrics, config.METRICS_TOKEN),
    get inFlight() {
      return inFlight;
    },

    /** Resolves once no request is in flight (or at once). */
    drained(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.add(resolve));
    },

    /** The server's listener: `fastPath` (false: not answered), else Express. */
    listener(fastPath: (req: IncomingMessage, res: ServerResponse) => boolean, app: Express): Listener {
      const trustFn = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
      const trusted = (address: string) => trustFn(address, 0);
      return (req, res) => {
        inFlight++;
        res.once('close', () => {
          if (--inFlight > 0) return;
          const waiting = [...idle];
          idle.clear();
          for (const resolve of waiting) resolve();
        });
        // While stopping, keep-alive clients are told to reconnect (to another instance).
        if (readiness.isDraining) res.setHeader('Connection', 'close');
        let fast = false;
        metrics.timeRequest(req, res, () => (fast ? 'fast-path' : routeOf(req as Request)));
        inRequestScope(req, res, trusted, () => {
          fast = fastPath(req, res);
          if (!fast) app(req, res);
        });
      };
    },
  };
}

/** The Express route pattern that answered (with its routers' base), or a fixed label. */
function routeOf(req: Request): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return (req.baseUrl ?? '') + pattern;
  if (pattern) return (req.baseUrl ?? '') + String(pattern);
  return path.extname((req.url ?? '').split('?', 1)[0]) ? 'static' : 'unmatched';
}
