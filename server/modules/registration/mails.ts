/** The registration mail (spec 3 "Email config": registration), sent on every successful registration. */
import { localTime } from '../../platform/localTime';
import { fromDbInstant } from '../../db/dialect';
import { displayName } from '../../contract/registration';
import { text } from '../../platform/site';
import type { SiteService } from '../sites/service';
import { conferenceOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { enqueueConferenceMail } from '../mail/templates';
import type { RegistrationHooks } from './service';

export function registrationMail(sites: SiteService, links: PublicUrlConfig): NonNullable<RegistrationHooks['prepare']> {
  return async (conferenceId) => {
    const site = await sites.snapshot(conferenceId);
    return async (tx, registrant, lang) => {
      if (!site) return;
      const siteUrl = conferenceOrigin(links, site);
      const at = fromDbInstant(registrant.created_at) ?? new Date();
      const registrationTime = localTime(at, site.conference.timeZone);
      await enqueueConferenceMail(tx, conferenceId, 'registration', lang, [registrant.email], {
        conferenceName: text(site.config.conferenceName, lang),
        name: displayName({ fullName: registrant.full_name, firstName: registrant.first_name, middleName: registrant.middle_name, lastName: registrant.last_name }) || registrant.email,
        email: registrant.email,
        siteUrl,
        registrationCode: registrant.code,
        registrationTime,
        profileUrl: `${siteUrl}/profile/userInfo`,
      });
    };
  };
}
