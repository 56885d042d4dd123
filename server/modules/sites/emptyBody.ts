/**
 * Express 5 leaves req.body undefined when a request has no JSON body. The site-config and menu
 * calls validate such a body as `{}`, so the answer names the first missing field (for example
 * 'manageSite:exteriorNameRequired') instead of a bare "invalid input".
 */
import type { RequestHandler } from 'express';

export const emptyBodyAsObject: RequestHandler = (req, _res, next) => {
  req.body ??= {};
  next();
};
