/**
 * A conference in maintenance (spec 8 'Under Maintenance' / '系统维护中'): its managers' switch
 * (conferences' setMaintenance). While it is on, every page and call of the conference's host
 * answers the maintenance page (503, Retry-After) to everyone but the conference's staff
 * (managers, the super admin, reviewers), who keep working; the ways in and out (sign-in, the
 * session hand-off, sign-out) stay open so that staff can sign in. The platform host is not
 * concerned.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Lang } from '../contract/enums';
import { escapeHtml } from './html';
import { isStaff } from './access';
import { t } from './i18n';
import { identityOf, siteOf } from './context';

/** Paths a person needs to sign in or out of the conference: never in maintenance. */
const WAYS_IN = [
  /^\/conferencelogin$/,
  /^\/auth\//,
  /^\/sso\//,
  /^\/login$/,
  /^\/oidcLogin$/,
  /^\/api\/base\/oauth\//,
  /^\/embed\//,
  /^\/_dev\//,
];

export const MAINTENANCE_RETRY_SECONDS = 300;

export function maintenancePage(lang: Lang): string {
  const title = escapeHtml(t(lang, 'commonMsg.underMaintenance'));
  const body = escapeHtml(t(lang, 'commonMsg.underMaintenanceHint'));
  return (
    `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2937;background:#f8fafc">` +
    `<main class="maintenance-page" role="main" style="max-width:560px;margin:0 auto;padding:96px 24px;text-align:center">` +
    // A drawn wrench, not the emoji: a machine without an emoji font showed an empty box.
    `<svg aria-hidden="true" width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="#64748b" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" style="margin-bottom:24px">` +
    `<path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z"/></svg>` +
    `<h1 style="font-size:24px;margin:0 0 12px">${title}</h1><p style="font-size:15px;line-height:1.6;color:#4b5563;margin:0">${body}</p></main></body></html>`
  );
}

export function maintenanceGate() {
  return function maintenance(req: Request, res: Response, next: NextFunction): void {
    const site = siteOf(req);
    if (!site?.conference.maintenance || isStaff(identityOf(req)) || WAYS_IN.some((p) => p.test(req.path)))
      return next();
    res.setHeader('Retry-After', String(MAINTENANCE_RETRY_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    if (req.path.startsWith('/api/'))
      return void res.status(503).json({ code: 503, message: 'commonMsg.underMaintenance', data: null });
    res
      .status(503)
      .type('html')
      .send(maintenancePage(req.ctx.lang ?? 'zh'));
  };
}
