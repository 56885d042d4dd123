/**
 * The API of the conference lifecycle. On the platform host: create a conference (any signed-in
 * user) and the publication queue (super admins). On a conference's domain: its managers and
 * the publication actions (managers). The conference is always the one of the Host header.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { createConferenceInput, managerEmailInput, rejectInput, type PublicationAction } from '../../contract/conferences';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';


const NS = 'manageConference:';
const idParam = (name: string) => z.object({ [name]: z.string().regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound').transform(Number) });

/** `scheme://domain[:port]` of another host served by this platform, as the caller reaches it. */
export function siteOrigin(req: Request, domain: string): string {
  const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
  return `${req.protocol}://${domain}${port}`;
}

const ACTIONS: Array<[path: string, action: PublicationAction, message: string]> = [
  ['applyRelease', 'apply', `${NS}applied`],
  ['withdrawRelease', 'withdraw', `${NS}withdrawn`],
  // spec 7: POST /conference/platform/cancelRelease
  ['cancelRelease', 'cancelRelease', `${NS}cancelled`],
  ['closeConference', 'close', `${NS}closed`],
  ['reopenConference', 'reopen', `${NS}reopened`],
];

export function conferenceApiRouter({ conferences }: Deps): Router {
  const router = Router();

  router.post('/conference/create', access('user', 'platform'), async (req, res) => {
    const input = parseInput(createConferenceInput, req.body);
    // Names outside SITE_DOMAIN are for super admins only (sites/domainRule.ts); this is the platform host.
    const { conferenceId, domain } = await conferences.create(req.ctx.identity!.user.id, input, { outsideAllowed: req.ctx.identity!.superAdmin });
    const origin = siteOrigin(req, domain);
    sendOk(res, { conferenceId, domain, siteUrl: `${origin}/`, loginUrl: `${origin}/conferencelogin?redirect=${encodeURIComponent('/platform')}` }, `${NS}created`);
  });

  // ── managers of this conference (spec 6, "Adding managers") ─────────────────────────
  const MANAGERS = '/conference/platform/manage/managers';
  router.get(MANAGERS, access('manager'), async (req, res) => sendOk(res, await conferences.managers(conferenceOf(req))));
  router.post(MANAGERS, access('manager'), async (req, res) => {
    const { email } = parseInput(managerEmailInput, req.body);
    sendOk(res, await conferences.addManager(conferenceOf(req), email), `${NS}added`);
  });
  router.delete(`${MANAGERS}/:userId`, access('manager'), async (req, res) => {
    const { userId } = parseInput(idParam('userId'), req.params);
    sendOk(res, await conferences.removeManager(conferenceOf(req), userId, req.ctx.identity!.user.id), `${NS}removed`);
  });

  // ── publication (spec 4, "Conference website") ──────────────────────────────────────
  router.get('/conference/platform/publication', access('manager'), async (req, res) => sendOk(res, await conferences.publicationState(conferenceOf(req))));
  for (const [path, action, message] of ACTIONS) {
    router.post(`/conference/platform/${path}`, access('manager'), async (req, res) => {
      sendOk(res, await conferences.act(conferenceOf(req), req.ctx.identity!.user.id, action), message);
    });
  }

  // ── the platform administrators' queue ──────────────────────────────────────────────
  const QUEUE = '/platform/admin/publications';
  router.get(QUEUE, access('superAdmin'), async (req, res) => sendOk(res, await conferences.queue(req.ctx.lang)));
  router.post(`${QUEUE}/:requestId/approve`, access('superAdmin'), async (req, res) => {
    const { requestId } = parseInput(idParam('requestId'), req.params);
    await conferences.decide(requestId, req.ctx.identity!.user.id, { approve: true });
    sendOk(res, await conferences.queue(req.ctx.lang), `${NS}published`);
  });
  router.post(`${QUEUE}/:requestId/reject`, access('superAdmin'), async (req, res) => {
    const { requestId } = parseInput(idParam('requestId'), req.params);
    const { reason } = parseInput(rejectInput, req.body);
    await conferences.decide(requestId, req.ctx.identity!.user.id, { approve: false, reason });
    sendOk(res, await conferences.queue(req.ctx.lang), `${NS}rejected`);
  });

  return router;
}
