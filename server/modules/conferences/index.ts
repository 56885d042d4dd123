/** Conferences: creating one (its starter site), its managers, and the publication workflow. */
import path from 'node:path';
import { ROOT_DIR } from '../../paths';
import { defineFeature } from '../../platform/feature';
import { conferenceManagePageRouter, conferencePlatformPageRouter, overviewActions } from './pages';
import { conferenceApiRouter } from './routes';
import { ConferenceService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    conferences: ConferenceService;
  }
}

export const conferencesFeature = defineFeature({
  name: 'conferences',
  services: ({ db, sites, config, limiter, mailGate }) => ({
    conferences: new ConferenceService(db, sites, {
      siteDomain: config.SITE_DOMAIN,
      platformHost: config.PLATFORM_HOST,
      templatesDir: path.join(ROOT_DIR, 'templates'),
      createLimits: { limiter, perHour: config.CONFERENCE_CREATE_PER_HOUR, perDay: config.CONFERENCE_CREATE_PER_DAY },
      mail: { gate: mailGate, links: config, limiter },
    }),
  }),
  api: (deps) => [conferenceApiRouter(deps)],
  pages: (deps) => [conferencePlatformPageRouter(deps), conferenceManagePageRouter(deps)],
  shell: ({ conferences }) => ({ overviewActions: overviewActions(conferences) }),
  manageMenu: [
    { href: '/platform/manage/managers', labelKey: 'manageConference:menu.managers', order: 10, who: 'admin' },
  ],
  adminMenu: [{ href: '/admin/publications', labelKey: 'manageConference:queue.title', order: 30 }],
});
