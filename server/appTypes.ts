/** What createApp (app.ts) takes and gives: the app, its services and what the process runs. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import type { Config } from './config';
import type { Db } from './db/index';
import type { InvalidationBus } from './platform/cache';
import type { PageCache } from './platform/pageCache';
import type { Sessions } from './platform/session';
import type { SessionCache } from './platform/sessionCache';
import type { PersonalDataPart } from './platform/personalData';
import type { FeatureServices } from './platform/feature';
import type { JobDefinition } from './platform/jobs';
import type { Shell } from './platform/shell/layouts';
import type { RateLimiter } from './platform/rateLimit';
import type { EventBus } from './platform/events';
import type { Operations } from './platform/operations';
import type { WorkRunner, WorkService } from './platform/work/index';

export type AppDeps = { config: Config; db: Db; bus?: InvalidationBus; limiter?: RateLimiter; production?: boolean };

/** A node request listener: the cached-page fast path, then the Express app. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export type App = FeatureServices & {
  app: RequestListener;
  express: express.Express;
  sessions: Sessions;
  knownSessions: SessionCache;
  limiter: RateLimiter;
  pageCache: PageCache;
  bus: InvalidationBus;
  /** the cross-feature event bus (server/platform/events.ts) */
  events: EventBus;
  /** the layouts, with the menus the features declared */
  shell: Shell;
  /** the features' periodic jobs, for the process to run (server/start.ts) */
  jobs: JobDefinition[];
  /** readiness, metrics and the requests in flight (platform/operations.ts) */
  operations: Operations;
  /** heavy work: the pool and the queue the features use (platform/work) */
  work: WorkService;
  /** runs the queued heavy work; the process (or a test) starts it */
  workRunner: WorkRunner;
  /** every feature's part of a person's own data (platform/personalData.ts) */
  personalData: readonly PersonalDataPart[];
  close(): Promise<void>;
};
