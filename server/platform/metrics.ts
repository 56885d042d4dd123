/**
 * Prometheus metrics (GET /metrics, platform/health.ts; the list is in docs/operations.md). One
 * registry per app, not prom-client's global one: tests make many apps in one process. What lives
 * elsewhere (the database pool, the page cache's counts, the features' sources such as the mail
 * outbox) is read when scraped, so nothing is counted twice and an idle process does no work.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/index';
import type { JobObserver } from './jobs';
import { logger } from './logger';
import type { PageCache } from './pageCache';

/** A gauge a feature offers, read at scrape time (Feature.metrics). */
export type MetricSource = {
  name: string;
  help: string;
  labelNames: readonly string[];
  read(): Promise<Array<{ labels: Record<string, string>; value: number }>>;
};

/** The route label of an answer that was no Express route (never the raw URL: unbounded labels). */
export type RouteLabel = 'fast-path' | 'static' | 'unmatched';

type PoolLike = { numUsed(): number; numFree(): number; numPendingAcquires(): number };

export class Metrics {
  readonly registry = new Registry();
  private defaultsStarted = false;
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a periodic job run took, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });
  private readonly jobsRunning = new Gauge({
    name: 'jobs_running',
    help: 'Periodic job runs in progress on this instance',
    registers: [this.registry],
  });

  constructor(db: Db, pageCache: PageCache, sources: readonly MetricSource[]) {
    const pool = (): PoolLike | undefined => (db.client as { pool?: PoolLike }).pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool: connections in use, free, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'used' }, p.numUsed());
        this.set({ state: 'free' }, p.numFree());
        this.set({ state: 'waiting' }, p.numPendingAcquires());
      },
    });
    new Counter({
      name: 'page_cache_requests_total',
      help: 'Public pages asked for: answered from the cache before Express (fast), from it inside the app (app), or rendered (miss)',
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ result: 'fast' }, pageCache.fastHits);
        this.inc({ result: 'app' }, pageCache.appHits);
        this.inc({ result: 'miss' }, pageCache.misses);
      },
    });
    for (const source of sources) {
      new Gauge({
        name: source.name,
        help: source.help,
        labelNames: source.labelNames,
        registers: [this.registry],
        async collect() {
          this.reset();
          try {
            for (const { labels, value } of await source.read()) this.set(labels, value);
          } catch (err) {
            // A scrape while the database is down still answers, without this gauge.
            logger.warn({ err, metric: source.name }, 'metric not read');
          }
        },
      });
    }
  }

  /** Times the request; `route()` names its pattern once it is answered. */
  timeRequest(req: IncomingMessage, res: ServerResponse, route: () => string): void {
    const end = this.requestDuration.startTimer();
    res.once('finish', () => end({ method: req.method ?? 'GET', route: route(), status: String(res.statusCode) }));
  }

  /** The scheduler's hook (JobScheduler's `observe` option). */
  readonly jobs: JobObserver = {
    started: () => this.jobsRunning.inc(),
    ended: (job, seconds, ok) => {
      this.jobsRunning.dec();
      this.jobDuration.observe({ job, outcome: ok ? 'ok' : 'failed' }, seconds);
    },
  };

  async text(): Promise<string> {
    // Node's own (event-loop lag, heap, GC...) from the first scrape: an unscraped app starts no monitor.
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
