/**
 * Per request, before the cached-page fast path and Express alike: a request id, answered in
 * `X-Request-Id`, and a child logger (`req.log`) bound to it, the request being handled inside
 * `requestScope` so every log line of it names the id (logger.ts).
 *
 * The id a client sends is taken only from a trusted proxy (TRUST_PROXY, as Express trusts its
 * forwarded headers, docs/security.md "Behind a proxy") and only when it is a short plain token:
 * anyone else could otherwise write what they like into the logs, or make two requests look like one.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger, requestScope, type Logger } from './logger';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

declare module 'node:http' {
  interface IncomingMessage {
    /** this request's id (X-Request-Id) */
    id?: string;
    /** a logger bound to the request's id */
    log?: Logger;
  }
}

/** Whether an address is one of the trusted proxies (Express's compiled `trust proxy`). */
export type TrustsAddress = (address: string) => boolean;

export function requestIdOf(req: IncomingMessage, trusted: TrustsAddress): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_ID.test(given) && trusted(req.socket.remoteAddress ?? '')) return given;
  return crypto.randomUUID();
}

/** Runs `handle` for the request with its id set on the answer and in the logs. */
export function inRequestScope(
  req: IncomingMessage,
  res: ServerResponse,
  trusted: TrustsAddress,
  handle: () => void,
): void {
  const reqId = requestIdOf(req, trusted);
  const log = logger.child({ reqId });
  req.id = reqId;
  req.log = log;
  res.setHeader('X-Request-Id', reqId);
  requestScope.run({ reqId, log }, handle);
}
