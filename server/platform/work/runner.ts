/**
 * Runs the queued heavy work (work_items) of every conference, on every instance that runs
 * background work. Each instance takes a queued row with one conditional UPDATE (so two never
 * run the same row), at most `slots` at once and at most `perConference` per conference (counted
 * across instances from the table: exact on one instance, at most one over with several that
 * take rows at the same instant). The CPU part of each piece of work goes to the pool, whose own
 * bounds apply too.
 *
 * A running row's `heartbeat_at` is renewed every few seconds. When an instance stops, it hands
 * its rows back to the queue; when it crashes, its rows go stale and the next poll of any
 * instance queues them again (up to MAX_ATTEMPTS, then they fail with `work:interrupted`): a
 * piece of work is retried or reported failed, never silently lost.
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Db } from '../../db/index';
import { AppError } from '../errors';
import { logger } from '../logger';
import type { Lang } from '../../contract/enums';
import * as repo from './repo';
import { scopeOf, type WorkService } from './service';
import type { WorkContext, WorkKind } from './types';

export type RunnerOptions = {
  /** pieces of work this instance runs at once */
  slots: number;
  /** pieces of work one conference runs at once, across instances */
  perConference: number;
  pollMs: number;
  heartbeatMs: number;
  /** a running row older than this without a heartbeat is taken as its runner's crash */
  staleMs: number;
  holder?: string;
};

export const MAX_ATTEMPTS = 3;
/** Progress is written at most this often per piece of work. */
const PROGRESS_EVERY_MS = 500;

export function runnerOptionsFromEnv(threads: number): RunnerOptions {
  const n = (name: string, fallback: number) => {
    const v = Number(process.env[name]);
    return Number.isInteger(v) && v > 0 ? v : fallback;
  };
  return {
    slots: n('WORK_SLOTS', threads),
    perConference: n('WORK_RUNNING_PER_CONFERENCE', 1),
    pollMs: 1000,
    heartbeatMs: 5000,
    staleMs: 30_000,
  };
}

type Running = { row: repo.WorkRow; controller: AbortController; done: Promise<void> };

export class WorkRunner {
  readonly holder: string;
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | null = null;
  private beating: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private unwake: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly work: WorkService,
    private readonly options: RunnerOptions,
  ) {
    this.holder = (options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`).slice(
      0,
      100,
    );
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unwake = this.work.onQueued(() => this.wake());
    this.beating = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.beating.unref();
    this.wake();
  }

  /** Looks for work now (and again after the current look, if one is under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.ticking = this.tick()
      .catch((err) => logger.error({ err }, 'the work runner failed to look for work'))
      .finally(() => {
        this.ticking = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          return this.wake();
        }
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      });
  }

  private async tick(): Promise<void> {
    const now = new Date();
    const failed = await repo.recoverStale(this.db, new Date(now.getTime() - this.options.staleMs), MAX_ATTEMPTS, now);
    if (failed) logger.warn({ failed }, 'heavy work failed after its runners stopped too often');
    if (this.running.size >= this.options.slots) return;
    const candidates = await repo.queued(this.db, 50);
    if (!candidates.length) return;
    const perConference = await repo.runningPerConference(this.db);
    for (const row of candidates) {
      if (this.stopped || this.running.size >= this.options.slots) return;
      const conferenceId = Number(row.conference_id);
      if ((perConference.get(conferenceId) ?? 0) >= this.options.perConference) continue;
      if (!(await repo.claim(this.db, Number(row.id), this.holder, new Date()))) continue;
      perConference.set(conferenceId, (perConference.get(conferenceId) ?? 0) + 1);
      this.launch(row);
    }
  }

  private launch(row: repo.WorkRow): void {
    const id = Number(row.id);
    const controller = new AbortController();
    const done = this.execute(row, controller.signal).finally(() => {
      this.running.delete(id);
      this.wake();
    });
    this.running.set(id, { row, controller, done });
  }

  private async execute(row: repo.WorkRow, signal: AbortSignal): Promise<void> {
    const id = Number(row.id);
    const conferenceId = Number(row.conference_id);
    const kind = this.work.kind(row.kind);
    if (!kind) return repo.fail(this.db, id, this.holder, 'work:failed', undefined, new Date());
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const ctx: WorkContext = {
      conferenceId,
      userId: Number(row.user_id),
      lang: (row.lang === 'en' ? 'en' : 'zh') as Lang,
      timeZone: row.time_zone,
      signal,
      progress: (done, total, stage = 'work:stage.building') => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS && done < total) return;
        lastWrite = now;
        pending = pending
          .then(() => repo.progress(this.db, id, this.holder, done, total, stage))
          .catch(() => undefined);
      },
      compute: (task, input, progress) =>
        this.work.compute(conferenceId, task, input, progress ?? ((d, t, s) => ctx.progress(d, t, s)), signal),
    };
    try {
      const result = await (kind as WorkKind<unknown>).run(ctx, this.work.paramsOf(kind, row));
      await pending;
      if (signal.aborted) return;
      if ('file' in result) {
        const bytes = Buffer.isBuffer(result.file.bytes) ? result.file.bytes : Buffer.from(result.file.bytes);
        const ext = /\.([a-z0-9]{1,8})$/i.exec(result.file.name)?.[1]?.toLowerCase() ?? 'bin';
        const stored = await this.work.store.put(scopeOf(conferenceId), bytes, ext);
        if (
          !(await repo.finish(
            this.db,
            id,
            this.holder,
            {
              file_name: result.file.name.slice(0, 200),
              file_type: result.file.contentType.slice(0, 100),
              stored_name: stored,
            },
            new Date(),
          ))
        ) {
          await this.work.store.remove(scopeOf(conferenceId), stored);
        }
      } else {
        await repo.finish(this.db, id, this.holder, { summary: JSON.stringify(result.summary ?? null) }, new Date());
      }
    } catch (err) {
      await pending;
      // Stopping: the row goes back to the queue (stop() hands it back), not failed.
      if (signal.aborted) return;
      if (err instanceof AppError) return repo.fail(this.db, id, this.holder, err.messageKey, err.params, new Date());
      logger.error({ err, work: row.kind, id }, 'heavy work failed');
      await repo.fail(this.db, id, this.holder, 'work:failed', undefined, new Date());
    }
  }

  private async beat(): Promise<void> {
    try {
      await repo.beat(this.db, this.holder, [...this.running.keys()], new Date());
    } catch (err) {
      logger.warn({ err }, 'the work runner could not renew its heartbeat');
    }
  }

  /** How much this instance runs now (metrics). */
  size(): number {
    return this.running.size;
  }

  /** Stops taking work, stops what runs at a safe point, and hands it back to the queue. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unwake?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.beating) clearInterval(this.beating);
    await this.ticking;
    const running = [...this.running.values()];
    for (const r of running) r.controller.abort();
    await Promise.allSettled(running.map((r) => r.done));
    await repo.release(
      this.db,
      this.holder,
      running.map((r) => Number(r.row.id)),
    );
  }
}
