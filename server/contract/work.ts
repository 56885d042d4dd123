/**
 * Heavy work as the browser sees it (issue 30): an export, import or document for many people
 * that may take more than a second or two is a piece of work with progress. The request that asks
 * for it answers at once, with HTTP 202 and `{ work: WorkView }` as the envelope's data; the screen
 * polls `work.view` until the state is `done` (then downloads `work.file`, or shows `summary`) or
 * `failed` (then shows `error`, a message key). The same request again while the work is queued or
 * running answers the same work; once done it answers the kept result until the data it was built
 * from changes. No Node imports here.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';

export const WORK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type WorkState = (typeof WORK_STATES)[number];

export type WorkView = {
  id: number;
  /** `<feature>.<what>`, e.g. `submissions.export` */
  kind: string;
  state: WorkState;
  /** items done of `total` (0 of 0 while nothing is counted yet) */
  done: number;
  total: number;
  /** what it is doing: a message key of the `work` namespace (`work:stage.reading`...) */
  stage: string;
  /** while queued: how many pieces of work start before this one (0: next) */
  position: number;
  /** when failed: a message key, with its params */
  error: string | null;
  errorParams: Record<string, string> | null;
  /** when done with a file: its name (download it from `work.file`) */
  fileName: string | null;
  /** when done without a file: what the work reports (an import's outcome per row) */
  summary: unknown;
  createdAt: string;
  finishedAt: string | null;
};

/** The envelope data of a request that started (or joined) a piece of work: HTTP 202. */
export type WorkStarted = { work: WorkView };

const workId = z.object({
  id: z.coerce
    .number({ message: 'work:notFound' })
    .int({ message: 'work:notFound' })
    .positive({ message: 'work:notFound' })
    .max(2 ** 31, { message: 'work:notFound' }),
});

export const workApi = {
  view: endpoint<WorkView>()({ method: 'GET', path: '/work/:id', params: workId }),
  file: endpoint<Download>()({ method: 'GET', path: '/work/:id/file', params: workId }),
  /** the manager's recent work in this conference (the screen's "recent downloads" list) */
  mine: endpoint<WorkView[]>()({ method: 'GET', path: '/work' }),
  /** a person's own work on the platform host (their export of their data): theirs only */
  ownView: endpoint<WorkView>()({ method: 'GET', path: '/work/own/:id', params: workId }),
  ownFile: endpoint<Download>()({ method: 'GET', path: '/work/own/:id/file', params: workId }),
};

/** Whether an answer's data is a started piece of work rather than the thing itself. */
export function isWorkStarted(data: unknown): data is WorkStarted {
  return (
    typeof data === 'object' && data !== null && 'work' in data && typeof (data as WorkStarted).work?.id === 'number'
  );
}
