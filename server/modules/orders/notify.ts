/**
 * The gateways' callbacks (issue 13): POST /payment/notify/:method/:attemptNo on the conference's
 * host. Outside /api on purpose: a gateway sends no Origin and no token, and its body is a form or
 * JSON whose exact bytes are what it signed, so this route reads the raw body itself (at most
 * 64 KB; no gateway sends more) and hands it to the provider untouched. Who may call it is
 * decided by the signature, not by a session: the answer is the gateway's protocol reply, after
 * the change committed (gateway.ts).
 */
import express, { Router } from 'express';
import type { Deps } from '../../platform/feature';
import { callback } from '../../platform/access';

export const NOTIFY_PATH = '/payment/notify/:method/:attemptNo';

/** The notify URL of an attempt on a conference's origin. */
export const notifyUrlOf = (origin: string, method: string) => `${origin}/payment/notify/${method}/:attemptNo`;

export function notifyRouter(deps: Deps): Router {
  const router = Router();
  const raw = express.raw({ type: () => true, limit: '64kb' });
  router.post(NOTIFY_PATH, callback(), raw, async (req, res, next) => {
    try {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)]));
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const reply = await deps.orders.gateways.notify(
        req.ctx.conferenceId ?? null,
        String(req.params.method),
        String(req.params.attemptNo),
        { headers, query, rawBody },
      );
      res.setHeader('Cache-Control', 'no-store');
      if (reply.retryAfterSeconds) res.setHeader('Retry-After', String(reply.retryAfterSeconds));
      res.status(reply.status).type(reply.contentType).send(reply.body);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
