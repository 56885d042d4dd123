/**
 * Accounts: people, their passwords and codes, sessions and the sign-in hand-over to conference
 * hosts, single sign-on, conference roles, super admins — and the identity of every request.
 */
import { defineFeature } from '../../platform/feature';
import { adminPageRouter } from './adminPages';
import { AccountAuth } from './auth';
import { VerificationCodes } from './codes';
import { accountEventHandlers } from './events';
import { SessionHandoffs } from './handoff';
import { accountPageRouter } from './pages';
import { accountsPersonalData } from './personalData';
import { profilePageRouter } from './profilePages';
import { accountRouter } from './routes';
import { emailsActiveIn, loadIdentity } from './service';

// What other features read of an account through this door.
export { languageOfAddress, languageOfUser } from './service';
import { autologonMiddleware, ssoApiRouter, ssoPageRouter } from './ssoRoutes';
import { superAdminRouter } from './superAdmins';

// What other features read and grant of people and roles (the check-in desk's staff).
export {
  accountIdsMatching,
  accountsByIds,
  ensureUser,
  grantRole,
  revokeRole,
  roleHolders,
  type Account,
  type RoleHolder,
} from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    codes: VerificationCodes;
    handoffs: SessionHandoffs;
    auth: AccountAuth;
  }
}

export const accountsFeature = defineFeature({
  name: 'accounts',
  services: ({ db, config, limiter, sessions }) => {
    const codes = new VerificationCodes(db, config.secret, limiter);
    const handoffs = new SessionHandoffs(db, config.secret);
    return { codes, handoffs, auth: new AccountAuth(db, sessions, codes, limiter, handoffs) };
  },
  hooks: ({ db }) => ({ identify: (conferenceId, userId) => loadIdentity(db, conferenceId, userId) }),
  api: (deps) => [accountRouter(deps), superAdminRouter(deps), ssoApiRouter(deps)],
  // Spec 2.2 step 2: `?autologon` on any page address starts the silent sign-in, before the guards:
  // early, so it runs ahead of the shells' screens (/profile, /platform) as well as the features' pages.
  early: (deps) => [autologonMiddleware(deps)],
  pages: (deps) => [ssoPageRouter(deps), adminPageRouter(deps), accountPageRouter(deps), profilePageRouter(deps)],
  profileMenu: [{ href: '/profile/userInfo', labelKey: 'profile.menu.userInfo', order: 10 }],
  adminMenu: [
    { href: '/admin/identityProviders', labelKey: 'admin.providersTitle', order: 10 },
    { href: '/admin/superAdmins', labelKey: 'admin.superAdminsTitle', order: 20 },
  ],
  knownPeople: emailsActiveIn,
  personalData: ({ db, sessions }) => [accountsPersonalData(db, sessions)],
  events: () => accountEventHandlers,
});

/** For the privacy feature: who a person is (their export, their erasure), and the codes that confirm an erasure. */
export { findAccountByEmail } from './service';
export type { VerificationCodes } from './codes';

/** For the features that make accounts (a registrant's, a reviewer's) and read who holds a role or which conferences a person serves. */
export {
  createAccount,
  hashPassword,
  verifiedEmailOf,
  loadIdentity,
  rolesInConference,
  roleHolderEmails,
  conferencesWithRole,
  identityProvidersOf,
} from './service';
export { listSuperAdmins } from './superAdmins';
/** The account forms framed in another feature's page (registration, reviewer activation), and the platform host's origin. */
export { accountFrameIsland, frameStateSlot, renderAccountPage, platformOrigin } from './pages';
export type { AccountPageProps } from './pageProps';
/** Which conference a hand-over's origin names (reviewer activation signs in on the conference host). */
export { conferenceOfOrigin } from './handoff';
