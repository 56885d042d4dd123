/**
 * Reviewer assignment's calls (server/contract/allocation.ts) and its screen
 * (/platform/submissionManage/index): thin handlers. Managers only, except `declare`, which a
 * reviewer calls for a manuscript assigned to them (the service checks it is theirs).
 */
import { Router, type Request } from 'express';
import { randomInt } from 'node:crypto';
import { access, conferenceOf, screen, userOf } from '../../../platform/access';
import { forbidden, unauthorized } from '../../../platform/errors';
import type { Deps } from '../../../platform/feature';
import { t } from '../../../platform/i18n';
import { filterFromAddress } from '../../../platform/listAddress';
import { route } from '../../../platform/route';
import { allocationApi as api, allocationQuery } from '../../../contract/allocation';
import { REVIEW_SCREENS as S } from '../../../contract/review';
import type { Actor } from './service';
import { reviewerOfUser } from '../reviewers/people';
import { identityOf } from '../../../platform/context';

function actorOf(req: Request): Actor {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  return { userId: identity.user.id, name: identity.user.trueName || identity.user.email };
}

export function allocationApiRouter({ reviewAllocation: allocation, db }: Deps): Router {
  const router = Router();
  route(router, api.list, access('manager'), async ({ query }, req) => allocation.list(conferenceOf(req), query));
  route(router, api.candidates, access('manager'), async ({ params: { id } }, req) =>
    allocation.candidates(conferenceOf(req), id),
  );
  route(router, api.assign, access('manager'), async ({ params: { id }, body }, req) =>
    allocation.assign(conferenceOf(req), actorOf(req), id, body.reviewerIds),
  );
  route(router, api.unassign, access('manager'), async ({ params: { id, reviewerId } }, req) =>
    allocation.unassign(conferenceOf(req), actorOf(req), id, reviewerId),
  );
  route(router, api.manualPreview, access('manager'), async ({ body }, req) =>
    allocation.manualPreview(conferenceOf(req), body),
  );
  route(router, api.manualApply, access('manager'), async ({ body }, req) =>
    allocation.manualApply(conferenceOf(req), actorOf(req), body.change, body.token),
  );
  route(router, api.preview, access('manager'), async ({ body }, req) =>
    allocation.preview(conferenceOf(req), body.seed ?? randomInt(0, 2 ** 31 - 1), body.keepCurrent, req.ctx.lang),
  );
  route(router, api.apply, access('manager'), async ({ body }, req) =>
    allocation.apply(conferenceOf(req), actorOf(req), body.seed, body.keepCurrent, body.token, req.ctx.lang),
  );
  route(router, api.conflicts, access('manager'), async (_input, req) => allocation.conflicts(conferenceOf(req)));
  route(router, api.decide, access('manager'), async ({ body }, req) =>
    allocation.decide(conferenceOf(req), actorOf(req), body),
  );
  route(router, api.undecide, access('manager'), async ({ params: { id, reviewerId } }, req) =>
    allocation.undecide(conferenceOf(req), actorOf(req), id, reviewerId),
  );
  route(router, api.declare, access('reviewer'), async ({ body }, req) => {
    const conferenceId = conferenceOf(req);
    const me = await reviewerOfUser(db, conferenceId, userOf(req));
    if (!me) throw forbidden();
    await allocation.declare(conferenceId, me.id, body.submissionId, body.note);
    return null;
  });
  return router;
}

export function allocationPageRouter({ reviewAllocation: allocation, submissionChoices, shell }: Deps): Router {
  const router = Router();
  router.get(S.allocation, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    // the address's filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(allocationQuery, req.query);
    const [choices, first] = await Promise.all([
      submissionChoices.choices(conferenceId),
      allocation.list(conferenceId, { ...filter, page: 1, size: 20 }),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'allocation:title'),
      island: { island: 'ManageAllocation', props: { lang, mobile, choices, first, filter } },
    });
  });
  return router;
}
