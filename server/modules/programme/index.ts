/**
 * The programme (issue 34): rooms and a grid of days × rooms × time where the organiser places
 * accepted manuscripts and free items, conflicts checked as they happen and at release; numbered
 * releases with a change log and mail to the people whose items moved; the public programme, each
 * talk's page, a personal agenda, calendar feeds, the JSON schedule and the printed programme,
 * all drawn from the last release (server/contract/programme.ts).
 */
import { defineFeature } from '../../platform/feature';
import { PROGRAMME_SCREENS } from '../../contract/programme';
import { programmeManageApiRouter, programmeManagePageRouter } from './routes';
import { ProgrammeEditor } from './service';

/** The last release (what every public view reads), and storing one. */
export { latestRelease, insertRelease, type Release } from './repo';

/** The editor of the working programme, what produces releases (service.ts). */
export type { ProgrammeEditor } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    programmeEditor: ProgrammeEditor;
  }
}

declare module '../../platform/events' {
  interface EventMap {
    /** a new release is what attendees read from now on: the public pages and feeds drop what they kept */
    'programme.released': { conferenceId: number; number: number };
  }
}

export const programmeFeature = defineFeature({
  name: 'programme',
  // the organiser's half: the editor and its releases
  services: ({ db, events, mailGate }) => ({ programmeEditor: new ProgrammeEditor(db, events, mailGate) }),
  api: (deps) => [programmeManageApiRouter(deps, deps.programmeEditor)],
  pages: (deps) => [programmeManagePageRouter(deps, deps.programmeEditor)],
  manageMenu: [{ href: PROGRAMME_SCREENS.manage, labelKey: 'programmeManage:menu', order: 23, who: 'admin' }],
});
