/**
 * Cross-site request defence for the API: a state-changing call must come from this very origin
 * (browsers always send Origin on such requests) or carry the token in an Authorization header,
 * which a foreign page cannot set. Its body, if any, must be JSON or multipart.
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './errors';
import { registrationApi } from '../contract/registration';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Form posts in a new tab that authenticate with a single-use token in the form, not with the
 * cookie (spec 7 download/files): a cross-site page cannot have that token.
 */
const TOKEN_FORM_POSTS = new Set<string>([registrationApi.downloadFiles.path]);

export function sameOriginGuard(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE.has(req.method)) return next();
  const origin = req.headers.origin;
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return next(new AppError(403, 'commonMsg.crossSiteRefused'));
    }
    if (originHost !== (req.headers.host ?? '').toLowerCase())
      return next(new AppError(403, 'commonMsg.crossSiteRefused'));
  } else if (!req.headers.authorization) {
    return next(new AppError(403, 'commonMsg.crossSiteRefused'));
  }
  const length = Number(req.headers['content-length'] ?? 0);
  const form = TOKEN_FORM_POSTS.has(req.path) && req.is('application/x-www-form-urlencoded');
  if (length > 0 && !form && !req.is(['application/json', 'multipart/form-data'])) {
    return next(new AppError(415, 'commonMsg.unsupportedBody'));
  }
  next();
}
