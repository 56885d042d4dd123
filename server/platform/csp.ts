/**
 * Content-Security-Policy for the pages the platform owns, and HSTS (docs/security.md).
 *
 * The platform host carries no tenant content, so its pages get a strict policy: scripts and
 * connections from itself only, no framing. The account frame shown inside a conference's pages
 * may be framed by that one conference origin and nothing else. A conference host's pages carry
 * their managers' inline scripts by design and get no script policy: the boundary there is the
 * origin (nothing of the platform account is reachable from it), not a policy.
 */
import type { NextFunction, Request, Response } from 'express';

const STRICT = [
  "default-src 'self'",
  "script-src 'self'",
  // antd (cssinjs) writes <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** The policy of a platform page; `ancestors` is who may frame it ('none' unless said). */
export function strictPolicy(ancestors = "'none'"): string {
  return [...STRICT, `frame-ancestors ${ancestors}`].join('; ');
}

/** The account frame's policy: strict, framed by the conference's origin only. */
export function frameAncestors(origin: string): string {
  return strictPolicy(origin);
}

/**
 * Strict CSP on every answer of the platform host. The development server (Vite) injects inline
 * scripts and a websocket, so there only framing is restricted.
 */
export function platformSecurityHeaders(opts: { production: boolean }) {
  const policy = opts.production ? strictPolicy() : "frame-ancestors 'none'";
  return function securityHeaders(req: Request, res: Response, next: NextFunction): void {
    if (req.ctx?.conferenceId === null) res.setHeader('Content-Security-Policy', policy);
    // HSTS only where the request came over HTTPS (directly or through a trusted proxy): sent
    // over plain HTTP it would be ignored at best, and would lock a development host at worst.
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
