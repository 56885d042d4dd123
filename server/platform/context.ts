/** What every request knows after the tenant and session middleware: set once, read everywhere. */
import type { Lang } from '../contract/enums';
import type { Identity } from './identity';
import type { SiteSnapshot } from './site';
import type { VerifiedSession } from './session';

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
