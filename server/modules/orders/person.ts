/** The person as the fee rules see them: their country (from their registration), the site's language, today in the conference's zone. */
import type { Request } from 'express';
import { conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { todayIn } from '../../platform/localTime';
import type { FeePerson } from './ports';
import { identityOf, timeZoneOf } from '../../platform/context';

export async function feePerson(deps: Deps, req: Request, invitationCode?: string): Promise<FeePerson> {
  const userId = identityOf(req)?.user.id;
  if (!userId) throw new AppError(401, 'signInErrorMsg');
  const person = await deps.registration.personOf(conferenceOf(req), userId);
  return {
    userId,
    country: person?.country ?? '',
    lang: req.ctx.lang,
    invitationCode,
    today: todayIn(timeZoneOf(req)),
  };
}
