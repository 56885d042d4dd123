/**
 * The JSON body of a route that takes more than the API's 1 MB (a page's HTML, a bank statement):
 * app.ts leaves such a route's body to it (the feature's `largeBodyPaths`), and the route reads it
 * with this, after its access check, so that only a manager's request is read at that size. A body
 * declared longer than the limit is refused before it is read, a longer one as soon as it passes
 * the limit; either way with the route's own message.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppError } from './errors';

export function jsonBodyUpTo(
  limitBytes: number,
  tooLarge: () => AppError,
): (req: Request, res: Response, next: NextFunction) => void {
  const read = express.json({ limit: limitBytes });
  return (req, res, next) => {
    if (Number(req.headers['content-length']) > limitBytes) return next(tooLarge());
    read(req, res, (err?: unknown) =>
      next((err as { type?: string } | undefined)?.type === 'entity.too.large' ? tooLarge() : err),
    );
  };
}
