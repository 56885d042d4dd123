/**
 * Heavy work (issue 30; docs/architecture.md "Heavy work"): what features and the app use.
 * - features declare `work` kinds through their front door and start them from a route with
 *   `workStarted(res, await deps.work.ask(kind, workAsker(req), params))`;
 * - CPU tasks run in the process's pool (pool.ts) through `deps.work.compute` or a kind's `ctx.compute`;
 * - the runner (runner.ts) runs the queue on the instances that do background work.
 */
import type { Request, Response } from 'express';
import type { WorkStarted, WorkView } from '../../contract/work';
import { conferenceOf, userOf } from '../access';
import { timeZoneOf } from '../context';
import type { JobDefinition } from '../jobs';
import { logger } from '../logger';
import type { MetricSource } from '../metrics';
import * as repo from './repo';
import { KEEP_UNVERSIONED_MS, scopeOf } from './service';
import type { WorkAsker } from './types';
import type { Db } from '../../db/index';
import path from 'node:path';
import { DiskFileStore } from '../files';
import { fileStoreFor, type S3Settings } from '../s3Files';
import { poolOptionsFromEnv, sharedPool, type WorkPool } from './pool';
import { WorkRunner, runnerOptionsFromEnv } from './runner';
import { workRouter } from './routes';
import { WorkService } from './service';

export { WorkService, WorkRunner, workRouter };
export { WorkPool, sharedPool, closeSharedPool } from './pool';
export type { WorkKind, WorkContext, WorkAsker, WorkResult, WorkFile, ComputeTask, Progress } from './types';

/** Who asks, from a manager's request. */
export function workAsker(req: Request): WorkAsker {
  return { conferenceId: conferenceOf(req), userId: userOf(req), lang: req.ctx.lang, timeZone: timeZoneOf(req) };
}

/** The answer of a request that started or joined a piece of work: 202 with `{ work }`. */
export function workStarted(res: Response, work: WorkView): WorkStarted {
  res.status(202);
  return { work };
}

/** Results are kept this long at most, whatever their version says. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

/** Forgets finished work: superseded results, unversioned ones after an hour, all after a week; and their files. */
export function workSweepJob(db: Db, work: WorkService): JobDefinition {
  return {
    name: 'work.sweep',
    everyMs: 10 * 60_000,
    run: async ({ now }) => {
      const rows = [
        ...(await repo.superseded(db, 500)),
        ...(await repo.expired(db, new Date(now.getTime() - KEEP_MS), 500)),
        ...(await repo.expired(db, new Date(now.getTime() - KEEP_UNVERSIONED_MS), 500)).filter(
          (r) => r.version === null,
        ),
      ];
      const unique = [...new Map(rows.map((r) => [Number(r.id), r])).values()];
      for (const r of unique)
        if (r.stored_name)
          await work.store.remove(scopeOf(Number(r.conference_id)), r.stored_name).catch(() => undefined);
      await repo.remove(
        db,
        unique.map((r) => Number(r.id)),
      );
      if (unique.length) logger.info({ removed: unique.length }, 'forgot finished heavy work');
    },
  };
}

/** The pool's and the runner's load for /metrics. */
export function workMetrics(pool: () => WorkPool, runner: () => WorkRunner | null): MetricSource[] {
  return [
    {
      name: 'work_pool_tasks',
      help: 'CPU tasks of the work pool, by state',
      labelNames: ['state'],
      read: async () => {
        const s = pool().stats();
        return [
          { labels: { state: 'running' }, value: s.running },
          { labels: { state: 'queued' }, value: s.queued },
          { labels: { state: 'waiting_for_conference' }, value: s.waitingForConference },
        ];
      },
    },
    {
      name: 'work_running',
      help: 'Pieces of heavy work this instance runs',
      labelNames: [],
      read: async () => [{ labels: {}, value: runner()?.size() ?? 0 }],
    },
  ];
}

/** The app's part of heavy work: the service the features get, its routes, job and metrics, and the runner (started by the process). */
export function createWork({ db, dataDir, config }: { db: Db; dataDir: string; config?: S3Settings }) {
  // Results live apart from uploads (their own folder or bucket prefix, swept by work.sweep, not by
  // the files feature); in the bucket when the settings name one, so any instance serves them.
  const store = config
    ? fileStoreFor({ ...config, DATA_DIR: dataDir }, 'work')
    : new DiskFileStore(path.join(dataDir, 'work'));
  const service = new WorkService(db, store, sharedPool);
  const runner = new WorkRunner(db, service, runnerOptionsFromEnv(poolOptionsFromEnv().threads));
  return {
    service,
    runner,
    router: workRouter(service),
    job: workSweepJob(db, service),
    metrics: workMetrics(sharedPool, () => runner),
  };
}
