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

/** A feature's own page inside the conference's site template (the programme's pages). */
export { sendAppPageInTemplate, type AppPage } from './appPage';

declare module '../../platform/feature' {
  interface FeatureServices {
    sites: SiteService;
  }
}

export const sitesFeature = defineFeature({
  name: 'sites',
  services: ({ db, cache, pageCache }) => ({ sites: new SiteService(db, cache, pageCache) }),
  hooks: (deps) => ({ tenant: deps.sites, fastPath: cachedPageFastPath(deps.sites, deps.pageCache, deps.knownSessions, deps.isHttps), publicSite: publicPageRouter(deps) }),
  api: (deps) => [siteApiRouter(deps), siteConfigApiRouter(deps), menuApiRouter(deps)],
  pages: (deps) => [menuPageRouter(deps), siteConfigPageRouter(deps), seoRouter(deps)],
  manageMenu: [
    { href: '/platform/config/website', labelKey: 'manageSite:menu.website', group: 'customization', order: 70, who: 'admin' },
    { href: '/platform/config/exterior', labelKey: 'manageSite:menu.exterior', group: 'customization', order: 120, who: 'admin' },
    { href: '/platform/config/menu', labelKey: 'manageMenus:menu.menus', group: 'customization', order: 130, who: 'admin' },
  ],
});
