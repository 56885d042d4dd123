/**
 * The platform's operations endpoints, answered on any Host before tenant resolution and never
 * cached (docs/operations.md):
 * - GET /healthz: 200 while the process lives (nothing is checked: a restart would not help).
 * - GET /readyz: 200 when the database (and Redis, when configured) answer; 503 when not, and from
 *   the moment the process is told to stop (Readiness.drain), so a proxy sends no new requests.
 * - GET /metrics: Prometheus text, to a client on this machine or with the METRICS_TOKEN bearer;
 *   to anyone else a 404, as for any unknown path.
 */
import crypto from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { screen } from './access';
import type { Metrics } from './metrics';

export type ReadinessCheck = { name: string; check(): Promise<unknown> };

type Verdict = { ready: boolean; checks: Record<string, 'ok' | 'failed' | 'timeout'> };

/** Checks are cheap, bounded by `timeoutMs`, one round at a time, its verdict reused for `reuseMs`. */
export class Readiness {
  private draining = false;
  private last: { at: number; verdict: Verdict } | null = null;
  private round: Promise<Verdict> | null = null;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly opts: { timeoutMs?: number; reuseMs?: number } = {},
  ) {}

  /** Not ready from now on: the process is stopping. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async verdict(): Promise<Verdict> {
    if (this.draining) return { ready: false, checks: { shutdown: 'failed' } };
    if (this.last && Date.now() - this.last.at < (this.opts.reuseMs ?? 1000)) return this.last.verdict;
    this.round ??= this.runChecks().finally(() => (this.round = null));
    return this.round;
  }

  private async runChecks(): Promise<Verdict> {
    const timeoutMs = this.opts.timeoutMs ?? 2000;
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => [name, await bounded(check(), timeoutMs)] as const),
    );
    const verdict = { ready: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
    this.last = { at: Date.now(), verdict };
    return verdict;
  }
}

async function bounded(work: Promise<unknown>, ms: number): Promise<'ok' | 'failed' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([
      work.then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Both the socket's peer and `req.ip` (the client as Express sees it: behind a trusted proxy, the
 * address it forwarded) must be loopback: a forwarded 127.0.0.1 alone could be anyone's claim
 * when TRUST_PROXY is a hop count and the port is reachable without the proxy.
 */
function mayReadMetrics(req: Request, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    // Compared as digests: equal lengths, in constant time.
    const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
    if (crypto.timingSafeEqual(digest(auth.slice('Bearer '.length)), digest(token))) return true;
  }
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '');
}

export function operationsRouter(readiness: Readiness, metrics: Metrics, metricsToken: string | undefined): Router {
  const router = express.Router();
  router.use(['/healthz', '/readyz', '/metrics'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Declared as the router table asks: anyone may ask (scope any: before the tenant is known);
  // /metrics checks its reader itself (loopback or the token), answering 404 to anyone else.
  router.get('/healthz', screen('anonymous', 'any'), (_req, res) => void res.type('text').send('ok'));
  router.get('/readyz', screen('anonymous', 'any'), async (_req, res) => {
    const verdict = await readiness.verdict();
    res.status(verdict.ready ? 200 : 503).json(verdict);
  });
  router.get('/metrics', screen('anonymous', 'any'), async (req, res, next) => {
    if (!mayReadMetrics(req, metricsToken)) return void res.status(404).type('text').send('Not Found');
    try {
      const text = await metrics.text();
      res.type(metrics.contentType).send(text);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
