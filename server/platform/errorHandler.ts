/**
 * The app's last handler: what a thrown error becomes. API requests get the envelope with the
 * error's message key; pages get the navigation answers of spec 2.2 (login, /403, /404) or a
 * small page in the reader's language. A database that cannot answer in time is a 503 with
 * Retry-After, and nothing a client can send becomes a 500 (a body that does not parse, one too large).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Lang } from '../contract/enums';
import { isDatabaseBusy } from '../db/transaction';
import { AppError, FieldProblems } from './errors';
import { sessionCookie } from './hostCookies';
import { escapeHtml } from './html';
import { t } from './i18n';
import { logger } from './logger';
import { clearTokenCookie } from './session';

export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  // Spec 2.3: on a 401 the token is cleared; the cookie is HttpOnly, so the server does it. (Two
  // session cookies: the session middleware deleted the planted one and keeps the own.)
  if ((err as AppError)?.status === 401 && sessionCookie(req.headers.cookie, req.secure).value)
    clearTokenCookie(res, req.secure);
  const known = err instanceof AppError ? err : null;
  const parseError = (err as { type?: string })?.type === 'entity.parse.failed';
  const tooLarge = (err as { type?: string })?.type === 'entity.too.large';
  // No connection within the acquire timeout, or a statement stopped by its timeout: 503, not a hang.
  const busy = !known && isDatabaseBusy(err);
  const status = known?.status ?? (parseError ? 400 : tooLarge ? 413 : busy ? 503 : 500);
  if (status >= 500) (req.log ?? logger).error({ err, url: req.originalUrl }, 'request failed');
  if (res.headersSent) return;
  // The database, or a known part (the file bucket, the work pool), cannot answer now: try again soon.
  const unavailable = busy || status === 503;
  if (unavailable) res.setHeader('Retry-After', '5');
  if (req.originalUrl.startsWith('/api/')) {
    const message =
      known?.messageKey ??
      (parseError
        ? 'commonMsg.invalidInput'
        : tooLarge
          ? 'commonMsg.tooLarge'
          : busy
            ? 'commonMsg.busy'
            : 'commonMsg.serverError');
    res.status(status).json({
      code: known?.code ?? status,
      message,
      data: null,
      ...(known?.field ? { field: known.field } : {}),
      ...(known?.params ? { params: known.params } : {}),
      ...(known instanceof FieldProblems ? { fields: known.problems } : {}),
    });
    return;
  }
  if (status === 401) return res.redirect(302, `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`);
  if (status === 403) return res.redirect(302, '/403');
  if (status === 404) return res.redirect(302, '/404');
  if (unavailable)
    return void res
      .status(503)
      .type('text')
      .send(t(req.ctx?.lang ?? 'zh', known?.messageKey ?? 'commonMsg.busy'));
  // Anything else a client caused (a body too large for a gateway callback, one that does not parse): its status, never a 500.
  if (status < 500)
    return void res
      .status(status)
      .type('text')
      .send(
        t(req.ctx?.lang ?? 'zh', known?.messageKey ?? (tooLarge ? 'commonMsg.tooLarge' : 'commonMsg.invalidInput')),
      );
  res
    .status(500)
    .type('html')
    .send(serverErrorPage(req.ctx?.lang ?? 'zh'));
}

/** Spec 8: a page that fails shows 'Loading Error' in the reader's language, not a bare English line. */
function serverErrorPage(lang: Lang): string {
  const text = escapeHtml(t(lang, 'commonMsg.loadingError'));
  return (
    `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding:64px 16px;color:#333"><h1 style="font-size:20px">${text}</h1></body></html>`
  );
}
