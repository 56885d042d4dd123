/**
 * Sites: a conference's website — its configuration, exteriors and templates, menus, the public
 * pages and their cache, and the tenant directory (which conference a Host header names).
 */
import { defineFeature } from '../../platform/feature';
import { cachedPageFastPath } from './cachedPages';
import { siteConfigApiRouter } from './config/routes';
import { siteConfigPageRouter } from './config/pages';
import { menuApiRouter, menuPageRouter } from './menuRoutes';
import { publicPageRouter } from './publicPages';
import { siteApiRouter } from './routes';
import { seoRouter } from './seoRoutes';
import { SiteService } from './service';

/** A feature's own page inside the conference's site template (the programme's, the registration's, the reset page). */
export { sendAppPageInTemplate, type AppPage } from './appPage';
/** Whether a conference's site is open to a visitor (its routes refuse otherwise), and whether it is published (who may be mailed). */
export { assertOpenTo, isPublished } from './service';
export type { SiteService };
/** A public page composed for the pages feature: the page in its template chain. */
export { renderPublicPage } from './render';
export type { PageChain, PageRow, SiteSnapshot } from './types';
/** The languages a site shows, from its language setting (mails written in the site's languages). */
export { siteLanguages } from './menuRoutes';
/**
 * The conference record (`conferences`, its module switches and domains) as other features read,
 * lock and change it (conferenceRecordRepo.ts): whole for the conferences feature, which runs a
 * conference's life; its time zone and registration switches for the others.
 */
export * as conferenceRecord from './conferenceRecordRepo';
export {
  conferenceTimeZone,
  DEFAULT_TIME_ZONE,
  registrationSwitches,
  saveRegistrationSwitches,
  type RegistrationSwitches,
} from './conferenceRecordRepo';
/** For the conferences feature's creation of a conference: the domain rule, and the starter site written whole. */
export { DOMAIN_REFUSAL_KEYS, judgeDomain, slugUnder, type DomainRefusal } from './domainRule';
export { provisionSite, type SiteSpec } from './provision';
export { loadExterior } from './exteriorFiles';

declare module '../../platform/feature' {
  interface FeatureServices {
    sites: SiteService;
  }
}

export const sitesFeature = defineFeature({
  name: 'sites',
  services: ({ db, cache, pageCache }) => ({ sites: new SiteService(db, cache, pageCache) }),
  hooks: (deps) => ({
    tenant: deps.sites,
    fastPath: cachedPageFastPath(deps.sites, deps.pageCache, deps.knownSessions, deps.isHttps),
    publicSite: publicPageRouter(deps),
  }),
  api: (deps) => [siteApiRouter(deps), siteConfigApiRouter(deps), menuApiRouter(deps)],
  pages: (deps) => [menuPageRouter(deps), siteConfigPageRouter(deps), seoRouter(deps)],
  manageMenu: [
    {
      href: '/platform/config/website',
      labelKey: 'manageSite:menu.website',
      group: 'customization',
      order: 70,
      who: 'admin',
    },
    {
      href: '/platform/config/exterior',
      labelKey: 'manageSite:menu.exterior',
      group: 'customization',
      order: 120,
      who: 'admin',
    },
    {
      href: '/platform/config/menu',
      labelKey: 'manageMenus:menu.menus',
      group: 'customization',
      order: 130,
      who: 'admin',
    },
  ],
});
