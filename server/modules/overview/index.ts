/**
 * The managers' overview (issue 33, /platform/manage/dashboard): the screen that shows the
 * panels every feature declares in its front door (`overview`, server/platform/overview.ts).
 * It owns no table and knows no feature: a new panel is one declaration in its own feature.
 */
import { defineFeature } from '../../platform/feature';
import { OVERVIEW_PATH, overviewApiRouter, overviewPageRouter } from './routes';

export const overviewFeature = defineFeature({
  name: 'overview',
  api: (deps) => [overviewApiRouter(deps)],
  pages: (deps) => [overviewPageRouter(deps)],
  // First in the management menu (the shell's conference summary at /platform is order 0).
  manageMenu: [{ href: OVERVIEW_PATH, labelKey: 'overview:menu', order: -1, who: 'admin' }],
});
