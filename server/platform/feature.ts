/**
 * The front door of a feature (DESIGN.md 2): `server/modules/<feature>/index.ts` exports one
 * `Feature` record, and `server/features.ts` lists them. The app and the process loop over that
 * list; adding a feature is one line there.
 *
 * Dependencies: every factory gets one typed object, `Deps` — the platform's parts plus the
 * services of every feature. A feature adds its services to it by declaration merging in its
 * index.ts:
 *
 *   declare module '../../platform/feature' {
 *     interface FeatureServices { hotels: HotelService }
 *   }
 *
 * Services are built in list order, so a feature's `services` sees the services of the features
 * before it; routes, screens, jobs and handlers are built after all services exist and may call
 * any of them (that is how a feature reaches one listed after it, e.g. registration printing
 * badges with documents), never another feature's tables.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Router } from 'express';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { InvalidationBus } from './cache';
import type { EventBus, Subscription } from './events';
import type { IdentityLoader } from './identity';
import type { JobDefinition } from './jobs';
import type { MetricSource } from './metrics';
import type { OverviewBoard, OverviewPanel } from './overview';
import type { PageCache } from './pageCache';
import type { PersonalDataPart } from './personalData';
import type { RateLimiter } from './rateLimit';
import type { Sessions } from './session';
import type { SessionCache } from './sessionCache';
import type { Shell, ShellParts } from './shell/layouts';
import type { AdminMenuEntry, ManageMenuEntry, ProfileMenuEntry } from './shell/menus';
import type { TenantDirectory } from './tenant';
import type { WorkKind } from './work/types';
import type { WorkService } from './work/service';

/** Each feature's services, added by its front door (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureServices {}

/** What the platform gives every feature. */
export type PlatformDeps = {
  config: Config;
  db: Db;
  sessions: Sessions;
  /** who a session was found to be, for requests that only read (sessionCache.ts) */
  knownSessions: SessionCache;
  limiter: RateLimiter;
  /** cache invalidation across instances */
  cache: InvalidationBus;
  pageCache: PageCache;
  events: EventBus;
  /**
   * whether a request came over https, as Express's `req.secure` (TRUST_PROXY), also for a raw
   * request before Express: the session and hand-over cookies are then `__Host-`, Secure (hostCookies.ts)
   */
  isHttps: (req: IncomingMessage) => boolean;
  production: boolean;
  /** every feature's `knownPeople` lookup, for the mail gate */
  knownPeople: readonly KnownPeople[];
  /** heavy work: the pool for CPU tasks and the queue of work with progress (platform/work) */
  work: WorkService;
};

/** While services are built the layouts do not exist yet. */
export type ServiceDeps = PlatformDeps &
  FeatureServices & {
    /** every feature's part of a person's own data (personalData.ts): filled once every feature is built, read when used */
    personalData: readonly PersonalDataPart[];
  };
/** `overview`: every feature's overview panels, cached per conference (platform/overview.ts) */
export type Deps = ServiceDeps & { shell: Shell; overview: OverviewBoard };

/** Of the addresses in `emails`, those a person used with this conference themselves (the mail gate's audience). */
export type KnownPeople = (db: Db, conferenceId: number, emails: string[]) => Promise<string[]>;

/** The request pipeline's parts that exactly one feature provides. */
export type PlatformHooks = {
  /** the conference of a Host header, and its site snapshot */
  tenant?: TenantDirectory;
  /** the identity of a signed-in user */
  identify?: IdentityLoader;
  /** serves a cached public page before Express, when it can */
  fastPath?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** the conference's public website: mounted after every screen */
  publicSite?: Router;
};

export type Feature = {
  name: string;
  services?(deps: ServiceDeps): Partial<FeatureServices>;
  hooks?(deps: Deps): PlatformHooks;
  /** routers under /api (paths as in spec 7, without the /api prefix) */
  api?(deps: Deps): Router[];
  /** API paths that read their own (large) bodies after the access check */
  largeBodyPaths?: readonly string[];
  /** middleware and routers before /api (the development mailbox) */
  early?(deps: Deps): Array<Router | RequestHandler>;
  /** page routers: screens and the feature's own pages */
  pages?(deps: Deps): Array<Router | RequestHandler>;
  manageMenu?: readonly ManageMenuEntry[];
  profileMenu?: readonly ProfileMenuEntry[];
  adminMenu?: readonly AdminMenuEntry[];
  /** its panels on the managers' overview (platform/overview.ts): figures by SQL aggregates in its repo.ts */
  overview?(deps: Deps): OverviewPanel[];
  shell?(deps: ServiceDeps): ShellParts;
  knownPeople?: KnownPeople;
  jobs?(deps: Deps): JobDefinition[];
  /** its heavy work with progress (exports, imports), run off the request (platform/work) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  work?(deps: Deps): WorkKind<any>[];
  /** what it holds about one person, for their export and their erasure (platform/personalData.ts) */
  personalData?(deps: Deps): PersonalDataPart[];
  /** gauges read when /metrics is scraped (platform/metrics.ts) */
  metrics?(deps: Deps): MetricSource[];
  events?(deps: Deps): readonly Subscription[];
};

export function defineFeature(feature: Feature): Feature {
  return feature;
}
