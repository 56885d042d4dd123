/**
 * Heavy work, declared by features through their front door (`Feature.work`, DESIGN.md 7 and
 * docs/architecture.md "Heavy work"). Two parts:
 *
 * - **CPU tasks** (`ComputeTask`): pure functions run in a pool of warm worker threads
 *   (piscina): a workbook, a Word file, a book, badges, parsing a statement. Their input and
 *   output cross a thread, so they are plain data (structured clone); they never touch the
 *   database, the cache or the request. A feature lists its tasks in its `tasks.ts` (the worker
 *   side's door), which `server/workerTasks.ts` gathers for the worker.
 * - **Work** (`WorkKind`): a job with progress, run off the request by the work runner, one or
 *   two per conference and a few in total, kept in `work_items` so that a restart retries it
 *   and another instance may run it. It reads its data (async), hands the CPU part to the pool,
 *   and ends with a file (kept until its data changes) or a summary (an import's outcomes).
 */
import type { z } from 'zod';
import type { Lang } from '../../contract/enums';

/** Told as the work goes: `stage` is a message key of the `work` namespace. */
export type Progress = (done: number, total: number, stage?: string) => void;

/** Who asked, for the work's texts and its access. */
export type WorkAsker = { conferenceId: number; userId: number; lang: Lang; timeZone: string };

export type WorkContext = WorkAsker & {
  /** aborted when the instance stops: end at a safe point (the work is retried after the restart) */
  signal: AbortSignal;
  progress: Progress;
  /** runs a CPU task in the pool (counted against this conference's share) */
  compute<O>(task: string, input: unknown, progress?: Progress): Promise<O>;
};

export type WorkFile = { name: string; contentType: string; bytes: Buffer };
export type WorkResult = { file: WorkFile } | { summary: unknown };

export type WorkKind<P = unknown> = {
  /** `<feature>.<what>`, unique */
  name: string;
  /** the parameters, checked when the work is asked for and again when it runs */
  params: z.ZodType<P>;
  /**
   * A cheap fingerprint of the data the result is built from (counts and last changes, a version
   * column). A finished result with the same fingerprint is answered again instead of rebuilt;
   * without it a result is kept only while it is being downloaded (one hour).
   */
  version?(asker: WorkAsker, params: P): Promise<string>;
  run(ctx: WorkContext, params: P): Promise<WorkResult>;
};

/** A CPU task's implementation, on the worker side. */
export type ComputeTask<I = never, O = unknown> = (input: I, progress: Progress) => O | Promise<O>;
