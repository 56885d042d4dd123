/** What every request knows after the tenant and session middleware: set once, read everywhere. */
import type { Request } from 'express';
import type { Lang } from '../contract/enums';
import type { Identity } from './identity';
import type { SiteSnapshot } from './site';
import type { VerifiedSession } from './session';
import { PLATFORM_TIME_ZONE } from './localTime';

export type RequestContext = {
  host: string;
  /** null on the platform host, which is not a conference */
  conferenceId: number | null;
  site: SiteSnapshot | null;
  lang: Lang;
  mobile: boolean;
  session: VerifiedSession | null;
  identity: Identity | null;
};

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}

/** The signed-in person of a request, or null: read it through here, never from `req.ctx` directly. */
export const identityOf = (req: Request): Identity | null => req.ctx?.identity ?? null;

/** The conference's site snapshot (null on the platform host): read it through here. */
export const siteOf = (req: Request): SiteSnapshot | null => req.ctx?.site ?? null;

/** The conference's time zone (the platform's on the platform host, or where a conference names none). */
export const timeZoneOf = (req: Request): string => siteOf(req)?.conference.timeZone || PLATFORM_TIME_ZONE;
