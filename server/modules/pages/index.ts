/** Pages: the managers' page and template editor, versions and their diffs, publishing. */
import { defineFeature } from '../../platform/feature';
import { LARGE_BODY_PATHS, pageApiRouter } from './routes';
import { pageScreenRouter } from './screens';
import { PageService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    pages: PageService;
  }
}

export const pagesFeature = defineFeature({
  name: 'pages',
  services: ({ db, sites, files }) => ({ pages: new PageService(db, sites, files) }),
  api: (deps) => [pageApiRouter(deps)],
  largeBodyPaths: [...LARGE_BODY_PATHS],
  pages: (deps) => [pageScreenRouter(deps)],
  manageMenu: [
    {
      href: '/platform/config/page',
      labelKey: 'managePages:menu.pages',
      group: 'customization',
      order: 80,
      who: 'admin',
    },
    {
      href: '/platform/config/template',
      labelKey: 'managePages:menu.templates',
      group: 'customization',
      order: 90,
      who: 'admin',
    },
  ],
});
