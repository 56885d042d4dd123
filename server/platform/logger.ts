/**
 * Structured JSON logs (pino). One logger; modules take a child with their name.
 *
 * A request runs inside `requestScope` (platform/requestScope.ts): every line logged while it is
 * handled, by any logger, names its request id (`reqId`) through the mixin, without a logger
 * being passed around. The request's own child logger (`req.log`) binds the id itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

export const requestScope = new AsyncLocalStorage<{ reqId: string; log: Logger }>();

type Sink = { write(line: string): unknown };
const stdout = pino.destination(1);
let sink: Sink = stdout;

export const logger: Logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin(_merge, _level, instance) {
      const scope = requestScope.getStore();
      // The request's own logger has the id in its bindings already: not twice on one line.
      return scope && instance !== scope.log ? { reqId: scope.reqId } : {};
    },
  },
  { write: (line: string) => sink.write(line) },
);

/** Sends the lines elsewhere (a test reads them); the returned function puts stdout back. */
export function redirectLogs(to: Sink): () => void {
  sink = to;
  return () => {
    sink = stdout;
  };
}

/** A warning for a fault that repeats every second (a Redis connection retrying): logged at most every 10 s. */
export function warnAtMostEvery10s(message: string): (err: Error) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    logger.warn({ err: err.message }, message);
  };
}
