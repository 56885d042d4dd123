/**
 * What a thread of the work pool loads (platform/work/pool.ts): every CPU task of the platform,
 * by name. Each feature lists its tasks in its own `tasks.ts` (pure functions: no database, no
 * app, no request); adding one is a line here. Bundled by server/build.mjs into
 * dist/app/workerTasks.js for `npm start`.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ComputeTask } from './platform/work/types';
import { tasks as platformTasks } from './platform/work/table';
import { tasks as documentTasks } from './modules/documents/tasks';
import { tasks as orderTasks } from './modules/orders/tasks';
import { tasks as reviewTasks } from './modules/review/tasks';
import { tasks as submissionTasks } from './modules/submissions/tasks';
import { tasks as programmeTasks } from './modules/programme/tasks';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TASKS: Record<string, ComputeTask<any, unknown>> = {
  ...platformTasks,
  ...documentTasks,
  ...orderTasks,
  ...reviewTasks,
  ...submissionTasks,
  ...programmeTasks,
};

/** Progress is posted at most this often: a task may report every row. */
const REPORT_MS = 200;

export default async function runTask({
  task,
  input,
  port,
}: {
  task: string;
  input: unknown;
  port?: MessagePort;
}): Promise<unknown> {
  const fn = TASKS[task];
  if (!fn) throw new Error(`unknown task ${task}`);
  let last = 0;
  const progress = (done: number, total: number, stage?: string) => {
    const now = Date.now();
    if (!port || (now - last < REPORT_MS && done < total)) return;
    last = now;
    port.postMessage({ done, total, stage });
  };
  try {
    return await fn(input as never, progress);
  } finally {
    port?.close();
  }
}
