/**
 * Operations endpoints and request ids (issue: operations; docs/operations.md): /healthz and
 * /readyz on any Host and never cached, /readyz 503 when the database does not answer, request ids
 * made or taken from a trusted proxy only, on the fast path too, in the request's log lines, and
 * /metrics to loopback or the bearer token only.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { logger, redirectLogs } from '../../../server/platform/logger';
import { JobScheduler } from '../../../server/platform/jobs';
import { insertMail } from '../../../server/modules/mail/repo';
import { toDbInstant } from '../../../server/db/dialect';

const host = 'contract.localhost';
const METRICS_TOKEN = 'metrics-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let behindProxy: Harness;
let direct: Harness;

beforeAll(async () => {
  behindProxy = await createHarness({ seedDemo: false, env: { TRUST_PROXY: 'loopback', METRICS_TOKEN } });
  await behindProxy.provision(contractSite());
  direct = await createHarness({ seedDemo: false });
});
afterAll(async () => {
  await behindProxy?.stop();
  await direct?.stop();
});

describe('health and readiness', () => {
  test.each(['/healthz', '/readyz'])(
    "%s answers 200 on any Host, a conference's or an unknown one, never cached",
    async (path) => {
      for (const h of [host, 'nobody-knows-this.example', 'platform.localhost']) {
        const res = await request(behindProxy.app).get(path).set('Host', h);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    },
  );

  test('/readyz names its checks', async () => {
    const res = await request(behindProxy.app).get('/readyz').set('Host', host);
    expect(res.body).toEqual({ ready: true, checks: { database: 'ok' } });
  });

  test('/readyz is 503 once the process is stopping, /healthz still 200', async () => {
    const h = await createHarness({ seedDemo: false });
    try {
      h.operations.readiness.drain();
      expect((await request(h.app).get('/readyz')).status).toBe(503);
      expect((await request(h.app).get('/healthz')).status).toBe(200);
    } finally {
      await h.stop();
    }
  });

  test('/readyz is 503 when the database does not answer, /healthz still 200', async () => {
    const h = await createHarness({ seedDemo: false });
    const { db } = h;
    try {
      await db.destroy();
      const res = await request(h.app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks.database).not.toBe('ok');
      expect((await request(h.app).get('/healthz')).status).toBe(200);
    } finally {
      await h.stop().catch(() => undefined);
    }
  });

  test('checks do not pile up: concurrent /readyz share one round of checks', async () => {
    const h = await createHarness({ seedDemo: false });
    let selects = 0;
    h.db.on('query', (q: { sql: string }) => void (q.sql === 'select 1' && selects++));
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request(h.app).get('/readyz')));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(selects).toBe(1);
    } finally {
      await h.stop();
    }
  });
});

describe('request ids', () => {
  test('an answer carries a new id when none is given', async () => {
    const res = await request(direct.app).get('/healthz');
    expect(res.headers['x-request-id']).toMatch(UUID);
    const again = await request(direct.app).get('/healthz');
    expect(again.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  test('the id a trusted proxy sends is kept', async () => {
    const res = await request(behindProxy.app).get('/healthz').set('X-Request-Id', 'proxy-abc.123_X');
    expect(res.headers['x-request-id']).toBe('proxy-abc.123_X');
  });

  test('the id an untrusted client sends is not', async () => {
    const res = await request(direct.app).get('/healthz').set('X-Request-Id', 'proxy-abc.123_X');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  test.each(['has space', 'a/b', 'x'.repeat(129), 'semi;colon', '<script>'])(
    'a malformed id from a trusted proxy is replaced: %j',
    async (given) => {
      const res = await request(behindProxy.app).get('/healthz').set('X-Request-Id', given);
      expect(res.headers['x-request-id']).toMatch(UUID);
    },
  );

  test('a page from the fast path (before Express) has its own id, not the one cached with the page', async () => {
    const before = behindProxy.pageCache.fastHits;
    const first = await visit(behindProxy.app, '/', { host, lang: 'en' });
    expect(first.status).toBe(200);
    const cached = await visit(behindProxy.app, '/', { host, lang: 'en' });
    expect(behindProxy.pageCache.fastHits).toBe(before + 1);
    expect(cached.headers['x-request-id']).toMatch(UUID);
    expect(cached.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const relayed = await request(behindProxy.app)
      .get('/')
      .set('Host', host)
      .set('Cookie', 'locale=en')
      .set('X-Request-Id', 'relayed-1');
    expect(behindProxy.pageCache.fastHits).toBe(before + 2);
    expect(relayed.headers['x-request-id']).toBe('relayed-1');
  });

  test("a log line written while a request is handled names the request's id", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const restore = redirectLogs(
      new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }),
    );
    const level = logger.level;
    logger.level = 'info';
    // A route that logs with the module logger (not req.log) and then fails: both lines carry the id.
    behindProxy.express.get('/_test/logs', (_req, _res, next) => {
      logger.info('handling the test route');
      next(new Error('the test route broke'));
    });
    // Mounted after the 404 catch-all, it is reached only by moving it first.
    const stack = (behindProxy.express as unknown as { router: { stack: unknown[] } }).router.stack;
    stack.unshift(stack.pop());
    try {
      const res = await request(behindProxy.app).get('/_test/logs').set('Host', host).set('X-Request-Id', 'log-test-1');
      expect(res.status).toBe(500);
    } finally {
      logger.level = level;
      restore();
    }
    const ours = lines.filter((l) => l.reqId === 'log-test-1');
    expect(ours.map((l) => l.msg)).toEqual(['handling the test route', 'request failed']);
    expect(lines.filter((l) => l.reqId !== 'log-test-1')).toEqual([]);
  });
});

describe('metrics', () => {
  test('loopback gets Prometheus text with the request histogram by route pattern', async () => {
    await request(direct.app).get('/healthz');
    const res = await request(direct.app).get('/metrics').set('Host', 'anything.example');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/,
    );
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'db_pool_connections{state="used"}',
      'db_pool_connections{state="waiting"}',
      'page_cache_requests_total{result="fast"}',
      'mail_outbox_messages{status="queued"}',
      'jobs_running',
    ]) {
      expect(res.text).toContain(name);
    }
  });

  test('a page path is labelled by its pattern, never its raw URL', async () => {
    await visit(behindProxy.app, '/page/123456', { host });
    await request(behindProxy.app).get('/no/such/path?x=1').set('Host', host);
    const res = await request(behindProxy.app).get('/metrics');
    expect(res.text).toContain('route="/page/:pageId"');
    expect(res.text).toContain('route="unmatched"');
    expect(res.text).not.toContain('123456');
    expect(res.text).not.toContain('/no/such/path');
  });

  test('a client forwarded by the trusted proxy from elsewhere gets a 404', async () => {
    const res = await request(behindProxy.app).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request');
  });

  test('with the bearer token it answers from anywhere; a wrong token does not help', async () => {
    const ok = await request(behindProxy.app)
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds');
    const wrong = await request(behindProxy.app)
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('Authorization', `Bearer ${METRICS_TOKEN}x`);
    expect(wrong.status).toBe(404);
  });

  test('the fast path and the app count their page-cache hits', async () => {
    await visit(behindProxy.app, '/', { host, lang: 'zh' });
    await visit(behindProxy.app, '/', { host, lang: 'zh' });
    const res = await request(behindProxy.app).get('/metrics');
    const fast = Number(/page_cache_requests_total\{result="fast"\} (\d+)/.exec(res.text)?.[1]);
    const miss = Number(/page_cache_requests_total\{result="miss"\} (\d+)/.exec(res.text)?.[1]);
    expect(fast).toBeGreaterThanOrEqual(1);
    expect(miss).toBeGreaterThanOrEqual(1);
    expect(res.text).toMatch(/route="fast-path"/);
  });

  test('the mail outbox gauge counts unsent mail by status when scraped', async () => {
    const at = toDbInstant(new Date());
    for (const to of ['a@example.org', 'b@example.org'])
      await insertMail(direct.db, null, { to, subject: 's', text: 't', html: null, at });
    const res = await request(direct.app).get('/metrics');
    expect(res.text).toContain('mail_outbox_messages{status="queued"} 2');
    expect(res.text).toContain('mail_outbox_messages{status="failed"} 0');
  });

  test('job runs are timed by job and outcome, failures counted', async () => {
    const quiet = { error: () => undefined, warn: () => undefined };
    const jobs = new JobScheduler(
      direct.db,
      [
        { name: 'test.works', everyMs: 60_000, run: async () => undefined },
        { name: 'test.breaks', everyMs: 60_000, run: async () => Promise.reject(new Error('broken')) },
      ],
      { observe: direct.operations.metrics.jobs, log: quiet },
    );
    await jobs.runOnce('test.works');
    await jobs.runOnce('test.breaks');
    await jobs.stop();
    const res = await request(direct.app).get('/metrics');
    expect(res.text).toContain('job_duration_seconds_count{job="test.works",outcome="ok"} 1');
    expect(res.text).toContain('job_duration_seconds_count{job="test.breaks",outcome="failed"} 1');
    expect(res.text).toContain('jobs_running 0');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('with Redis', () => {
  test('/readyz checks Redis too', async () => {
    const h = await createHarness({ seedDemo: false, redisUrl: process.env.TEST_REDIS_URL });
    try {
      const res = await request(h.app).get('/readyz');
      expect(res.status).toBe(200);
      expect(res.body.checks).toEqual({ database: 'ok', redis: 'ok' });
    } finally {
      await h.stop();
    }
  });
});
