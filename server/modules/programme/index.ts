/**
 * The programme (issue 34): rooms and a grid of days × rooms × time where the organiser places
 * accepted manuscripts and free items, conflicts checked as they happen and at release; numbered
 * releases with a change log and mail to the people whose items moved; the public programme, each
 * talk's page, a personal agenda, calendar feeds, the JSON schedule and the printed programme,
 * all drawn from the last release (server/contract/programme.ts).
 */
import { defineFeature } from '../../platform/feature';

/** The last release (what every public view reads), and storing one. */
export { latestRelease, insertRelease, type Release } from './repo';

declare module '../../platform/events' {
  interface EventMap {
    /** a new release is what attendees read from now on: the public pages and feeds drop what they kept */
    'programme.released': { conferenceId: number; number: number };
  }
}

export const programmeFeature = defineFeature({
  name: 'programme',
});
