/**
 * The programme (issue 34): rooms and a grid of days × rooms × time where the organiser places
 * accepted manuscripts and free items, conflicts checked as they happen and at release; numbered
 * releases with a change log and mail to the people whose items moved; the public programme, each
 * talk's page, a personal agenda, calendar feeds, the JSON schedule and the printed programme,
 * all drawn from the last release (server/contract/programme.ts).
 */
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../platform/cache';
import { cachedDataChanged } from '../../platform/changes';
import { handle } from '../../platform/events';
import { defineFeature } from '../../platform/feature';
import { PROGRAMME_SCREENS } from '../../contract/programme';
import { programmeManageApiRouter, programmeManagePageRouter } from './routes';
import { ProgrammeEditor } from './service';
import { KeptManuscripts } from './keptManuscripts';
import type { ManuscriptSource } from './editor';
import { AgendaService } from './agenda';
import { programmePersonalData } from './personalData';
import { PublicProgrammes } from './publicData';
import { programmePublicApiRouter, programmePublicPages } from './publicRoutes';

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

/** What attendees read: the last release as the public views keep it, and each person's agenda. */
export type ProgrammeReading = { programmes: PublicProgrammes; agenda: AgendaService };

declare module '../../platform/feature' {
  interface FeatureServices {
    programmeReading: ProgrammeReading;
  }
}

/** The editor's manuscripts, kept per conference while unchanged (keptManuscripts.ts). */
function keptManuscripts(db: Db, bus: InvalidationBus): ManuscriptSource {
  const kept = new KeptManuscripts(db, bus);
  return (conferenceId, alsoIds) => kept.of(conferenceId, alsoIds);
}

export const programmeFeature = defineFeature({
  name: 'programme',
  services: ({ db, cache, events, mailGate }) => {
    const programmes = new PublicProgrammes(db, cache);
    return {
      // the organiser's half: the editor and its releases
      programmeEditor: new ProgrammeEditor(db, events, mailGate, keptManuscripts(db, cache)),
      // what attendees read: the last release, and each person's agenda
      programmeReading: { programmes, agenda: new AgendaService(db, programmes) },
    };
  },
  api: (deps) => [
    programmeManageApiRouter(deps, deps.programmeEditor),
    programmePublicApiRouter(deps, deps.programmeReading.agenda),
  ],
  pages: (deps) => [
    programmeManagePageRouter(deps, deps.programmeEditor),
    programmePublicPages(deps, deps.programmeReading.programmes, deps.programmeReading.agenda),
  ],
  manageMenu: [{ href: PROGRAMME_SCREENS.manage, labelKey: 'programmeManage:menu', order: 23, who: 'admin' }],
  personalData: ({ db }) => [programmePersonalData(db)],
  events: () => [
    // Every kept page, file and parsed release of the conference goes, now and again once the
    // release commits (platform/changes.ts): the next request reads the new release.
    handle('programme.released', (tx, { conferenceId }) => cachedDataChanged(tx, { conferenceId })),
  ],
});
