/**
 * The job scheduler (server/platform/jobs.ts): schedulers on two connections to one database
 * (two instances) run each job once per period between them, a crashed holder's lease runs out,
 * a clean stop hands the lease over at the end of the period and waits for a running job.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from '../../../server/db/index';
import { JobScheduler, type JobDefinition } from '../../../server/platform/jobs';
import { createTestDb, type TestDb } from '../../helpers/db';

let t: TestDb;
/** a second connection pool on the same database: another instance */
let other: Db;
const silent = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
  other = createDb({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
});

afterAll(async () => {
  await other?.destroy();
  await t?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clock(start = Date.parse('2026-03-01T00:00:00Z')) {
  const c = { ms: start, now: () => new Date(c.ms) };
  return c;
}

function counting(name: string, everyMs: number, leaseMs?: number) {
  const runs: string[] = [];
  const job = (holder: string): JobDefinition => ({ name, everyMs, leaseMs, run: async () => void runs.push(holder) });
  return { runs, job };
}

describe('two instances on one database', () => {
  test('run a job exactly once per period between them, even when they all try at once', async () => {
    const c = clock();
    const { runs, job } = counting('test.perPeriod', 60_000);
    // Six schedulers, three on each connection pool, all trying every period: 360 lease attempts.
    const schedulers = Array.from(
      { length: 6 },
      (_, i) => new JobScheduler(i % 2 ? other : t.db, [job(`s${i}`)], { holder: `s${i}`, now: c.now, log: silent }),
    );
    const periods = 60;
    for (let k = 0; k < periods; k++) {
      const ran = await Promise.all(schedulers.map((s) => s.runOnce('test.perPeriod')));
      expect(ran.filter(Boolean)).toHaveLength(1);
      c.ms += 60_000;
    }
    expect(runs).toHaveLength(periods);
    // The holder keeps its lease from period to period.
    expect(new Set(runs).size).toBe(1);
  });

  test('started on real timers, they never run the job twice at once nor more than once per period', async () => {
    const everyMs = 40;
    let active = 0;
    let overlap = false;
    const runs: string[] = [];
    const job = (holder: string): JobDefinition => ({
      name: 'test.timers',
      everyMs,
      leaseMs: 5_000,
      async run() {
        if (++active > 1) overlap = true;
        runs.push(holder);
        await sleep(5);
        active--;
      },
    });
    const a = new JobScheduler(t.db, [job('a')], { holder: 'a', log: silent });
    const b = new JobScheduler(other, [job('b')], { holder: 'b', log: silent });
    const started = Date.now();
    a.start();
    b.start();
    await sleep(1_000);
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - started;
    expect(overlap).toBe(false);
    expect(new Set(runs).size).toBe(1);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / everyMs) + 1);
    expect(runs.length).toBeGreaterThan(5);
  });

  test("a crashed holder's lease runs out, then another instance takes the job over", async () => {
    const c = clock();
    const { runs, job } = counting('test.crash', 60_000, 300_000);
    const a = new JobScheduler(t.db, [job('a')], { holder: 'a', now: c.now, log: silent });
    const b = new JobScheduler(other, [job('b')], { holder: 'b', now: c.now, log: silent });
    expect(await a.runOnce('test.crash')).toBe(true);
    // a crashes: it neither runs nor renews nor hands its lease back.
    c.ms += 60_000;
    expect(await b.runOnce('test.crash')).toBe(false);
    c.ms += 300_000 - 60_000 - 1;
    expect(await b.runOnce('test.crash')).toBe(false);
    c.ms += 1;
    expect(await b.runOnce('test.crash')).toBe(true);
    // a comes back (a stale process): b holds the job now.
    c.ms += 60_000;
    expect(await a.runOnce('test.crash')).toBe(false);
    expect(await b.runOnce('test.crash')).toBe(true);
    expect(runs).toEqual(['a', 'b', 'b']);
  });

  test('a clean stop hands the lease over at the end of the period', async () => {
    const c = clock();
    const { runs, job } = counting('test.handover', 60_000);
    const a = new JobScheduler(t.db, [job('a')], { holder: 'a', now: c.now, log: silent });
    const b = new JobScheduler(other, [job('b')], { holder: 'b', now: c.now, log: silent });
    expect(await a.runOnce('test.handover')).toBe(true);
    c.ms += 10_000;
    await a.stop();
    c.ms += 10_000;
    expect(await b.runOnce('test.handover')).toBe(false);
    c.ms += 40_000;
    expect(await b.runOnce('test.handover')).toBe(true);
    expect(runs).toEqual(['a', 'b']);
  });
});

describe('one scheduler', () => {
  test('stop() asks a running job to end and waits for it; nothing runs afterwards', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    let signal: AbortSignal | undefined;
    const s = new JobScheduler(
      t.db,
      [
        {
          name: 'test.stop',
          everyMs: 20,
          async run(ctx) {
            runs++;
            signal = ctx.signal;
            await blocked;
          },
        },
      ],
      { log: silent },
    );
    s.start();
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(10);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    expect(signal?.aborted).toBe(true);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await sleep(100);
    expect(runs).toBe(1);
  });

  test('a job never overlaps itself, and its errors are logged, not thrown', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const s = new JobScheduler(
      t.db,
      [
        {
          name: 'test.failing',
          everyMs: 60_000,
          async run() {
            calls++;
            await sleep(50);
            throw new Error('boom');
          },
        },
      ],
      { log: { error: (obj) => void errors.push(obj), warn: () => undefined } },
    );
    const [first, second] = await Promise.all([s.runOnce('test.failing'), s.runOnce('test.failing')]);
    expect([first, second]).toEqual([true, false]);
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await s.runOnce('test.failing')).toBe(true);
    expect(calls).toBe(2);
    await s.stop();
  });

  test('refuses a job registered twice or with a lease no longer than its period', () => {
    const job: JobDefinition = { name: 'test.twice', everyMs: 1000, run: async () => undefined };
    expect(() => new JobScheduler(t.db, [job, job])).toThrow(/twice/);
    expect(() => new JobScheduler(t.db, [{ ...job, leaseMs: 1000 }])).toThrow(/leaseMs/);
  });
});
