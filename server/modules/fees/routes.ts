/**
 * The fee calls: the managers' fee items (registration configuration, "registration fee" and
 * "optional fee" tabs) and the two calls of the fee page (spec 7 getRegFee, getRegFeeInfo).
 * Thin: (access declared) → the contract's schemas → FeeService.
 */
import { Router, type Request } from 'express';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { unauthorized } from '../../platform/errors';
import { route } from '../../platform/route';
import { feesApi as api } from '../../contract/fees';
import { assertOpenTo } from '../sites/index';
import { todayIn } from '../../platform/localTime';
import type { FeePerson } from './service';
import { identityOf, siteOf, timeZoneOf } from '../../platform/context';

/** The signed-in person as the fee rules see them: country from their registration, the site's language, today in the conference's zone. */
export async function feePersonOf(
  deps: Pick<Deps, 'registration'>,
  req: Request,
  invitationCode?: string,
): Promise<FeePerson> {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  const conferenceId = conferenceOf(req);
  const registered = await deps.registration.personOf(conferenceId, identity.user.id);
  return {
    userId: identity.user.id,
    country: registered?.country ?? '',
    lang: req.ctx.lang,
    invitationCode: invitationCode || undefined,
    today: todayIn(timeZoneOf(req)),
  };
}

export function feeApiRouter(deps: Deps): Router {
  const { fees, registration } = deps;
  const router = Router();

  route(router, api.list, access('manager'), async ({ query }, req) => fees.list(conferenceOf(req), query.kind));
  // Before the routes of one fee (/:id), which would take 'settings' for an id.
  route(router, api.settings, access('manager'), async (_input, req) => fees.settings(conferenceOf(req)));
  route(router, api.saveSettings, access('manager'), async ({ body }, req) =>
    fees.saveSettings(conferenceOf(req), body),
  );
  route(router, api.create, access('manager'), async ({ body }, req) => fees.create(conferenceOf(req), body));
  // The id is checked before the body (destructuring reads params first).
  route(router, api.update, access('manager'), async ({ params: { id }, body }, req) =>
    fees.update(conferenceOf(req), id, body),
  );
  route(router, api.remove, access('manager'), async ({ params: { id } }, req) => fees.remove(conferenceOf(req), id));
  route(router, api.reorder, access('manager'), async ({ body }, req) =>
    fees.reorder(conferenceOf(req), body.kind, body.ids),
  );

  // The fee page's calls follow the unpublished rule of the pages before reading their input.
  route(router, api.offers, access('user', 'conference'), async (input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    const { kind } = input.query;
    return fees.applicable(conferenceOf(req), await feePersonOf(deps, req), kind);
  });
  // A code is tried only here: a GET (which another site can make a browser send) never counts a wrong one.
  route(router, api.tryCode, access('user', 'conference'), async (input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    const { invitationCode, kind } = input.body;
    return fees.tryCode(conferenceOf(req), await feePersonOf(deps, req, invitationCode), kind);
  });
  route(router, api.info, access('user', 'conference'), async (_input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    const conferenceId = conferenceOf(req);
    const userId = identityOf(req)!.user.id;
    const [settings, person, allowance] = await Promise.all([
      registration.feeSettings(conferenceId),
      registration.personOf(conferenceId, userId),
      fees.registerAllowance(conferenceId, userId),
    ]);
    const timeZone = timeZoneOf(req);
    return { ...settings, ...allowance, timeZone, today: todayIn(timeZone), country: person?.country ?? '' };
  });
  return router;
}
