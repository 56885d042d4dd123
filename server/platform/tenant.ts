/**
 * The conference comes from the Host header only. The platform host is not a conference; an
 * unknown host gets the platform's 404 page. Lookups are cached and dropped on any site edit.
 */
import type { NextFunction, Request, Response } from 'express';
import type { SiteSnapshot } from './site';
import { isMobileUserAgent } from './device';
import { resolveLang, LOCALE_COOKIE } from './locale';
import { renderUnknownHostPage } from './unknownHost';

export type TenantDirectory = {
  conferenceIdForHost(host: string): Promise<number | null>;
  snapshot(conferenceId: number): Promise<SiteSnapshot | null>;
};

export function normaliseHost(raw: string | undefined): string {
  if (!raw) return '';
  const host = raw.trim().toLowerCase();
  // Strip the port; keep IPv6 brackets intact.
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(host);
  return (match ? match[1] : host).replace(/\.$/, '');
}

export function tenantMiddleware(directory: TenantDirectory, platformHost: string) {
  return async function resolveTenant(req: Request, res: Response, next: NextFunction): Promise<void> {
    const host = normaliseHost(req.headers.host);
    const cookieLocale = req.cookies?.[LOCALE_COOKIE];
    const base = { host, session: null, identity: null, mobile: isMobileUserAgent(req.headers['user-agent']) };
    if (host === platformHost) {
      req.ctx = { ...base, conferenceId: null, site: null, lang: resolveLang(cookieLocale, undefined) };
      return next();
    }
    const conferenceId = host ? await directory.conferenceIdForHost(host) : null;
    const site = conferenceId === null ? null : await directory.snapshot(conferenceId);
    if (!site) {
      const lang = resolveLang(cookieLocale, undefined);
      if (req.path.startsWith('/api/')) {
        res.status(404).json({ code: 404, message: 'commonMsg.unknownConference', data: null });
      } else {
        res
          .status(404)
          .type('html')
          .send(renderUnknownHostPage(host, platformHost, lang));
      }
      return;
    }
    req.ctx = {
      ...base,
      conferenceId: site.conference.id,
      site,
      lang: resolveLang(cookieLocale, site.config.languageType),
    };
    next();
  };
}
