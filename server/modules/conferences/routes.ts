/**
 * The API of the conference lifecycle. On the platform host: create a conference (any signed-in
 * user) and the publication queue (super admins). On a conference's domain: its managers and
 * the publication actions (managers). The conference is always the one of the Host header.
 */
import { Router, type Request } from 'express';
import { conferencesApi, PUBLICATION_ACTIONS } from '../../contract/conferences';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { Reply, route } from '../../platform/route';
import { identityOf } from '../../platform/context';

/** `scheme://domain[:port]` of another host served by this platform, as the caller reaches it. */
export function siteOrigin(req: Request, domain: string): string {
  const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
  return `${req.protocol}://${domain}${port}`;
}

export function conferenceApiRouter({ conferences }: Deps): Router {
  const router = Router();

  route(router, conferencesApi.create, access('user', 'platform'), async ({ body }, req) => {
    // Names outside SITE_DOMAIN are for super admins only (sites/domainRule.ts); this is the platform host.
    const { conferenceId, domain } = await conferences.create(identityOf(req)!.user.id, body, {
      outsideAllowed: identityOf(req)!.superAdmin,
    });
    const origin = siteOrigin(req, domain);
    return {
      conferenceId,
      domain,
      siteUrl: `${origin}/`,
      loginUrl: `${origin}/conferencelogin?redirect=${encodeURIComponent('/platform')}`,
    };
  });

  // ── managers of this conference (spec 6, "Adding managers") ─────────────────────────
  route(router, conferencesApi.managers, access('manager'), (_input, req) => conferences.managers(conferenceOf(req)));
  route(router, conferencesApi.addManager, access('manager'), async ({ body }, req) => {
    const { managers, mailed } = await conferences.addManager(conferenceOf(req), body.email);
    // While the conference is unpublished a new address gets no mail (the mail gate): the screen says so.
    return mailed ? managers : new Reply(managers, 'manageConference:addedNoMail');
  });
  route(router, conferencesApi.removeManager, access('manager'), ({ params }, req) =>
    conferences.removeManager(conferenceOf(req), params.userId, identityOf(req)!.user.id),
  );

  // ── publication (spec 4, "Conference website"): each action's endpoint bears its name ──
  route(router, conferencesApi.publication, access('manager'), (_input, req) =>
    conferences.publicationState(conferenceOf(req)),
  );
  route(router, conferencesApi.maintenance, access('manager'), ({ body }, req) =>
    conferences.setMaintenance(conferenceOf(req), body.on),
  );
  for (const action of PUBLICATION_ACTIONS) {
    route(router, conferencesApi[action], access('manager'), (_input, req) =>
      conferences.act(conferenceOf(req), identityOf(req)!.user.id, action),
    );
  }

  // ── the platform administrators' queue ──────────────────────────────────────────────
  route(router, conferencesApi.queue, access('superAdmin'), (_input, req) => conferences.queue(req.ctx.lang));
  route(router, conferencesApi.approve, access('superAdmin'), async ({ params }, req) => {
    await conferences.decide(params.requestId, identityOf(req)!.user.id, { approve: true });
    return conferences.queue(req.ctx.lang);
  });
  route(router, conferencesApi.reject, access('superAdmin'), async ({ params, body }, req) => {
    await conferences.decide(params.requestId, identityOf(req)!.user.id, { approve: false, reason: body.reason });
    return conferences.queue(req.ctx.lang);
  });

  return router;
}
