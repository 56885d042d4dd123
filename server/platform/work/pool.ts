/**
 * The pool of warm worker threads that does the platform's CPU work (issue 30): workbooks, Word
 * and HTML files, the book of abstracts, badges and letters, parsing imports. One pool per
 * process (piscina), shared by every conference:
 *
 * - **in total** at most `WORK_THREADS` tasks compute at once (default: the cores, at least 2), and
 *   at most `WORK_QUEUE` more wait; past that a task is refused with `work:busy` at once;
 * - **per conference** at most `WORK_PER_CONFERENCE` tasks (default 2) are in the pool at once,
 *   and at most `WORK_WAITING_PER_CONFERENCE` more wait for their turn: one conference cannot fill
 *   the pool's queue and make the others wait behind it;
 * - **memory**: each thread's heap is capped at `WORK_HEAP_MB` (default 512). A task that needs
 *   more kills its thread, which frees the memory; it fails with `work:tooLarge`, and the pool
 *   starts a fresh thread;
 * - **time**: a task running longer than `WORK_TASK_TIMEOUT_MS` (default 10 min) is stopped
 *   (`work:timedOut`).
 *
 * The threads stay warm (one at least, the rest stop after a minute idle): a task does not pay
 * for loading pdfkit, exceljs or the fonts again.
 *
 * Tasks are pure functions named `<feature>.<task>` (types.ts `ComputeTask`), gathered by
 * server/workerTasks.ts, which is what each thread loads: the compiled `dist/app/workerTasks.js`
 * from `npm start`, or the TypeScript source through tsx (./sourceWorker.mjs) in development and
 * tests.
 */
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ROOT_DIR } from '../../paths';
import { AppError } from '../errors';
import { logger } from '../logger';
import type { Progress } from './types';

export type PoolOptions = {
  threads: number;
  queue: number;
  perConference: number;
  waitingPerConference: number;
  heapMb: number;
  timeoutMs: number;
};

const envNumber = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function poolOptionsFromEnv(): PoolOptions {
  const threads = envNumber('WORK_THREADS', Math.max(2, os.availableParallelism()));
  return {
    threads,
    queue: envNumber('WORK_QUEUE', 4 * threads),
    perConference: envNumber('WORK_PER_CONFERENCE', 2),
    waitingPerConference: envNumber('WORK_WAITING_PER_CONFERENCE', 4),
    heapMb: envNumber('WORK_HEAP_MB', 512),
    timeoutMs: envNumber('WORK_TASK_TIMEOUT_MS', 10 * 60_000),
  };
}

/** What a thread loads: the compiled task registry beside the compiled server, else the source through tsx. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const compiled = !import.meta.url.endsWith('.ts');
  if (compiled) return { filename: path.join(ROOT_DIR, 'dist/app/workerTasks.js'), execArgv: ['--enable-source-maps'] };
  return { filename: fileURLToPath(new URL('./sourceWorker.mjs', import.meta.url)), execArgv: [] };
}

/** A counted gate per conference: at most `limit` inside, at most `waiting` in line. */
class ConferenceGate {
  private readonly inside = new Map<number, number>();
  private readonly lines = new Map<number, Array<() => void>>();

  constructor(
    private readonly limit: number,
    private readonly waiting: number,
  ) {}

  async enter(conferenceId: number): Promise<() => void> {
    const now = this.inside.get(conferenceId) ?? 0;
    if (now >= this.limit) {
      const line = this.lines.get(conferenceId) ?? [];
      if (line.length >= this.waiting) throw new AppError(503, 'work:busy');
      await new Promise<void>((resolve) => {
        line.push(resolve);
        this.lines.set(conferenceId, line);
      });
    } else {
      this.inside.set(conferenceId, now + 1);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.lines.get(conferenceId)?.shift();
      // The place passes to the next in line; the count stays.
      if (next) return next();
      if (!this.lines.get(conferenceId)?.length) this.lines.delete(conferenceId);
      const count = (this.inside.get(conferenceId) ?? 1) - 1;
      if (count > 0) this.inside.set(conferenceId, count);
      else this.inside.delete(conferenceId);
    };
  }

  size(): { running: number; waiting: number } {
    let running = 0;
    let waiting = 0;
    for (const n of this.inside.values()) running += n;
    for (const l of this.lines.values()) waiting += l.length;
    return { running, waiting };
  }
}

type TaskMessage = { task: string; input: unknown; port?: MessagePort };

export class WorkPool {
  private readonly piscina: Piscina;
  private readonly gate: ConferenceGate;

  constructor(readonly options: PoolOptions = poolOptionsFromEnv()) {
    const entry = workerEntry();
    this.piscina = new Piscina({
      filename: entry.filename,
      execArgv: entry.execArgv,
      minThreads: 1,
      maxThreads: options.threads,
      maxQueue: options.queue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    this.gate = new ConferenceGate(options.perConference, options.waitingPerConference);
  }

  /**
   * Runs a task in a thread, counted against the conference's share; `progress` hears what the
   * task reports. Fails with a translated AppError when refused, too large or too long.
   */
  async run<O>(
    conferenceId: number,
    task: string,
    input: unknown,
    progress?: Progress,
    signal?: AbortSignal,
  ): Promise<O> {
    const leave = await this.gate.enter(conferenceId);
    const channel = progress ? new MessageChannel() : null;
    const heard = (m: { done: number; total: number; stage?: string }) => progress?.(m.done, m.total, m.stage);
    if (channel) channel.port1.on('message', heard);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const message: TaskMessage = { task, input, ...(channel ? { port: channel.port2 } : {}) };
      return (await this.piscina.run(message, {
        signal: abort,
        transferList: channel ? [channel.port2 as never] : undefined,
      })) as O;
    } catch (err) {
      throw this.translate(err, task, timeout.aborted);
    } finally {
      if (channel) {
        // The task's last reports were posted before its answer but may not have been delivered yet
        // (another port): read them now, so the work's final count (60 of 60) is never lost to the close.
        for (let m = receiveMessageOnPort(channel.port1); m; m = receiveMessageOnPort(channel.port1)) heard(m.message);
        channel.port1.close();
      }
      leave();
    }
  }

  private translate(err: unknown, task: string, timedOut: boolean): unknown {
    if (err instanceof AppError) return err;
    const e = err as { code?: string; message?: string; name?: string };
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      logger.warn({ task }, 'a heavy task ran out of its memory and was stopped');
      return new AppError(413, 'work:tooLarge');
    }
    if (timedOut) return new AppError(503, 'work:timedOut');
    if (e?.message === 'Task queue is at limit') return new AppError(503, 'work:busy');
    if (e?.name === 'AbortError') return err;
    // A task's own refusal crosses the thread as an Error whose message is the key (tasks.ts).
    const key = /^([a-zA-Z]+:[\w.]+)$/.exec(e?.message ?? '')?.[1];
    if (key) return new AppError(400, key);
    return err;
  }

  /** For /metrics and the readiness of the worker role: tasks in the threads and waiting. */
  stats(): { threads: number; running: number; queued: number; waitingForConference: number } {
    const gate = this.gate.size();
    return {
      threads: this.piscina.threads.length,
      running: gate.running - this.piscina.queueSize,
      queued: this.piscina.queueSize,
      waitingForConference: gate.waiting,
    };
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true });
  }
}

let shared: WorkPool | null = null;

/**
 * The process's pool, made when first needed. One per process even when a process makes several
 * apps (the tests): the threads are what is expensive to start.
 */
export function sharedPool(): WorkPool {
  shared ??= new WorkPool();
  return shared;
}

export async function closeSharedPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
