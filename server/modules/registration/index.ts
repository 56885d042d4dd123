/**
 * Registration: the form and its versions, the registration window and cap, registrants (their
 * own registration and the managers' list, details, exports and bulk mail).
 */
import { defineFeature } from '../../platform/feature';
import { registrationPersonalData } from './personalData';
import { registrationConfigRouter } from './configRoutes';
import { registrationExportRouter } from './exportRoutes';
import { registrationWorkOf } from './exportWork';
import { registrationMail } from './mails';
import { registrationOverview } from './overview';
import { registrationPageRouter, registrationSummary } from './pages';
import { selfRegisteredEmails } from './repo';
import { registrationRouter } from './routes';
import { RegistrationService } from './service';

// For the check-in desk (issue 33): registrants by code, by text, by id, and their number.
export {
  registrantByCode,
  registrantCount,
  registrantForDesk,
  registrantsForDesk,
  registrantsMatching,
  type DeskRegistrant,
} from './deskLookup';
/** For the documents: the registrants as the people a badge, letter or ticket is drawn for. */
export { RegistrationPeople } from './people';
/** What a manuscript's author is asked to confirm of their registration (submissions). */
export type { Contact } from './service';
/** Today's date in a conference's time zone (the windows of fees, hotels, submissions, documents). */

declare module '../../platform/feature' {
  interface FeatureServices {
    registration: RegistrationService;
  }
}

export const registrationFeature = defineFeature({
  name: 'registration',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db, files }) => [registrationPersonalData(db, files)],
  services: ({ db, files, events, sites, mailGate, config }) => ({
    registration: new RegistrationService(db, files, events, {
      prepare: registrationMail(sites, config),
      admitManagerMail: (conferenceId, email) =>
        mailGate.admit(conferenceId, [email], { unknown: 'withhold', budget: 'refuse' }),
    }),
  }),
  api: (deps) => [registrationConfigRouter(deps), registrationRouter(deps), registrationExportRouter(deps)],
  pages: (deps) => [registrationPageRouter(deps)],
  // badge.pdf and user.xlsx of many registrants: pieces of work with progress (exportWork.ts)
  work: (deps) => Object.values(registrationWorkOf(deps)),
  shell: ({ db }) => ({ userInfoSection: registrationSummary(db) }),
  manageMenu: [
    {
      href: '/platform/manage/user',
      labelKey: 'registration:menu.users',
      order: 20,
      who: 'admin',
      also: ['/platform/manage/userDetails'],
    },
    {
      href: '/platform/config/register',
      labelKey: 'registration:menu.config',
      group: 'customization',
      order: 100,
      who: 'admin',
    },
  ],
  knownPeople: selfRegisteredEmails,
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [registrationOverview(db)],
});
