/**
 * Periodic jobs (DESIGN.md 2 "Jobs"). A feature declares its periodic work as JobDefinitions;
 * one JobScheduler per process runs them all. Before each run the scheduler takes (or renews)
 * the job's lease in `job_leases` with one conditional UPDATE (or the first INSERT), so that
 * with several instances on one database each job runs on one instance at a time:
 *
 * - the holder keeps its lease from run to run (it renews it each time, and while a long run
 *   lasts), so the others find it held and skip: the job runs once per period between them;
 * - an instance that crashes stops renewing: its lease runs out after `leaseMs` and the next
 *   instance to try takes the job over;
 * - an instance that stops cleanly hands the lease back, due at the end of the current period,
 *   so the job is neither run twice in a period nor left idle until the lease runs out.
 *
 * Instants come from the instances' clocks (kept in step by NTP, as the mail claims already
 * assume); a skew well under `leaseMs - everyMs` is harmless.
 *
 * A job never overlaps itself in one process (the next run is scheduled when the previous one
 * ends), its errors are logged and never thrown, and the timers do not keep the process alive.
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Db } from '../db/index';
import { isUniqueViolation, toDbInstant } from '../db/dialect';
import { logger } from './logger';

export type JobContext = {
  /** the scheduler's clock when the run began */
  now: Date;
  /** aborted when the scheduler stops or the lease is lost: a long job ends early at a safe point */
  signal: AbortSignal;
};

export type JobDefinition = {
  /** unique across the features, `<feature>.<what>` (it names the lease) */
  name: string;
  /** the pause between the end of one run and the start of the next */
  everyMs: number;
  /**
   * How long a taken lease lasts without renewal: how long the job waits after its holder
   * crashed. Longer than everyMs; default twice everyMs, at least 30 s.
   */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
};

type JobLog = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Told of every run this instance makes (the metrics, platform/metrics.ts). */
export type JobObserver = { started(job: string): void; ended(job: string, seconds: number, ok: boolean): void };

export type SchedulerOptions = {
  /** names this instance in job_leases (default host:pid:random) */
  holder?: string;
  now?: () => Date;
  log?: JobLog;
  observe?: JobObserver;
};

type Slot = {
  job: JobDefinition;
  leaseMs: number;
  timer: NodeJS.Timeout | null;
  running: Promise<boolean> | null;
  controller: AbortController | null;
  /** when this instance last began the job (it holds the lease since then) */
  lastStart: Date | null;
};

export const MIN_LEASE_MS = 30_000;

export const leaseMsOf = (job: JobDefinition) => job.leaseMs ?? Math.max(2 * job.everyMs, MIN_LEASE_MS);

/** Takes the job's lease when free or expired, or renews it when this holder has it: true when held now. */
export async function takeLease(db: Db, name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const expiresAt = toDbInstant(new Date(now.getTime() + leaseMs));
  const taken = await db('job_leases')
    .where({ name })
    .andWhere((q) => q.where({ holder }).orWhere('expires_at', '<=', toDbInstant(now)))
    .update({ holder, expires_at: expiresAt });
  if (taken) return true;
  try {
    await db('job_leases').insert({ name, holder, expires_at: expiresAt });
    return true;
  } catch (err) {
    // Another instance holds it (the row exists and is not ours), or inserted it just now.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Extends a lease this holder still has; false when it was lost (expired and taken over). */
export async function renewLease(db: Db, name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const expiresAt = toDbInstant(new Date(now.getTime() + leaseMs));
  return (await db('job_leases').where({ name, holder }).update({ expires_at: expiresAt })) > 0;
}

export class JobScheduler {
  readonly holder: string;
  private readonly now: () => Date;
  private readonly log: JobLog;
  private readonly observe?: JobObserver;
  private readonly slots = new Map<string, Slot>();
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    jobs: readonly JobDefinition[] = [],
    opts: SchedulerOptions = {},
  ) {
    this.holder = (opts.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`).slice(
      0,
      100,
    );
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? logger.child({ module: 'jobs' });
    this.observe = opts.observe;
    this.register(...jobs);
  }

  register(...jobs: JobDefinition[]): this {
    for (const job of jobs) {
      if (this.slots.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      const leaseMs = leaseMsOf(job);
      if (!(job.everyMs > 0) || leaseMs <= job.everyMs)
        throw new Error(`job ${job.name}: everyMs must be positive and leaseMs longer`);
      const slot: Slot = { job, leaseMs, timer: null, running: null, controller: null, lastStart: null };
      this.slots.set(job.name, slot);
      if (this.started) this.schedule(slot, 0);
    }
    return this;
  }

  get names(): string[] {
    return [...this.slots.keys()];
  }

  /** Tries every job now, then each every everyMs after its previous try ended. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const slot of this.slots.values()) this.schedule(slot, 0);
  }

  /**
   * Stops the timers, asks running jobs to end (their signal), waits for them, and hands the
   * leases back (due when the current period ends).
   */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    try {
      for (const slot of this.slots.values()) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        slot.controller?.abort();
      }
      await Promise.allSettled([...this.slots.values()].map((s) => s.running));
      for (const slot of this.slots.values()) await this.release(slot);
    } finally {
      this.stopping = false;
    }
  }

  /**
   * Runs one job now if this instance gets its lease and it is not already running here.
   * True when it ran (whether or not it failed: failures are logged).
   */
  async runOnce(name: string): Promise<boolean> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`no job ${name}`);
    if (slot.running || this.stopping) return false;
    const run = this.attempt(slot);
    slot.running = run;
    try {
      return await run;
    } finally {
      slot.running = null;
    }
  }

  private schedule(slot: Slot, delay: number): void {
    slot.timer = setTimeout(() => void this.tick(slot), delay);
    slot.timer.unref();
  }

  private async tick(slot: Slot): Promise<void> {
    slot.timer = null;
    await this.runOnce(slot.job.name);
    if (this.started && !slot.timer) this.schedule(slot, slot.job.everyMs);
  }

  private async attempt(slot: Slot): Promise<boolean> {
    const { job, leaseMs } = slot;
    const now = this.now();
    try {
      if (!(await takeLease(this.db, job.name, this.holder, now, leaseMs))) return false;
    } catch (err) {
      this.log.error({ err, job: job.name }, 'taking the job lease failed');
      return false;
    }
    const controller = new AbortController();
    slot.controller = controller;
    slot.lastStart = now;
    // A run longer than its lease keeps it; should the lease be lost all the same (the process
    // stalled past it), the job is told to stop, as another instance may now run it.
    const heartbeat = setInterval(
      () => {
        renewLease(this.db, job.name, this.holder, this.now(), leaseMs).then(
          (held) => {
            if (held || controller.signal.aborted) return;
            this.log.warn({ job: job.name }, 'job lease lost while running: asking the job to stop');
            controller.abort();
          },
          (err) => this.log.error({ err, job: job.name }, 'renewing the job lease failed'),
        );
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const began = performance.now();
    let ok = false;
    this.observe?.started(job.name);
    try {
      await job.run({ now, signal: controller.signal });
      ok = true;
    } catch (err) {
      this.log.error({ err, job: job.name }, 'job failed');
    } finally {
      clearInterval(heartbeat);
      slot.controller = null;
      this.observe?.ended(job.name, (performance.now() - began) / 1000, ok);
    }
    return true;
  }

  /** Hands a held lease back, due when the period of the last run ends (or now, if that is past). */
  private async release(slot: Slot): Promise<void> {
    if (!slot.lastStart) return;
    const due = new Date(Math.max(slot.lastStart.getTime() + slot.job.everyMs, this.now().getTime()));
    try {
      await this.db('job_leases')
        .where({ name: slot.job.name, holder: this.holder })
        .update({ expires_at: toDbInstant(due) });
    } catch (err) {
      this.log.error({ err, job: slot.job.name }, 'handing the job lease back failed');
    }
    slot.lastStart = null;
  }
}
