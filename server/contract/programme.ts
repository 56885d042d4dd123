/**
 * The programme (issue 34). What the organiser builds (the working programme, edited at
 * /platform/manage/programme) is never what attendees read: a release freezes it into a
 * numbered `ReleasedProgramme` snapshot (table `programme_releases`), and every public view
 * (the /programme pages, a talk's page, the calendar feeds, the JSON schedule, the printed
 * programme, the personal agenda) is drawn from the last release only.
 * No Node imports here: islands bundle this file.
 */
import { z } from 'zod';
import type { Pair } from './siteConfig';
import { endpoint } from './endpoint';

export const PROGRAMME_ITEM_KINDS = [
  'paper',
  'session',
  'keynote',
  'talk',
  'break',
  'lunch',
  'poster',
  'ceremony',
  'other',
] as const;
export type ProgrammeItemKind = (typeof PROGRAMME_ITEM_KINDS)[number];

/** A speaker, an author who presents, a chair: `accountId` when the person has an account here (their clashes are checked by it, else by name). */
export type ProgrammePerson = { name: string; unit: string; accountId: number | null };

export type ReleasedRoom = { id: number; name: Pair; capacity: number | null; position: number };

/** An accepted manuscript as the release shows it. */
export type ReleasedPaper = {
  submissionId: number;
  /** the manuscript's number (submissions.number) */
  number: string;
  authors: Array<ProgrammePerson & { presenting: boolean }>;
  abstract: string;
  keywords: string;
  /** the manuscript's report type (oral, poster...), when the call has types */
  reportType: Pair | null;
};

export type ReleasedItem = {
  /** stable across releases and edits ('item-<id>'): the agenda, the calendars' UIDs and the talk's address use it */
  uid: string;
  kind: ProgrammeItemKind;
  /** 'YYYY-MM-DD' in the conference's zone */
  day: string;
  /** instants (ISO, UTC); the local times for display are `startLocal`/`endLocal` ('HH:MM') */
  start: string;
  end: string;
  startLocal: string;
  endLocal: string;
  /** null: every room (a plenary, lunch) */
  roomId: number | null;
  title: Pair;
  description: Pair;
  speakers: ProgrammePerson[];
  chair: ProgrammePerson | null;
  /** the submission session (theme) the item belongs to */
  sessionId: number | null;
  /** a paper inside a session block: the block's uid; its place in the block is `position` */
  parentUid: string | null;
  position: number;
  paper: ReleasedPaper | null;
};

/** The frozen programme of one release: only placed items, ordered by start, then room position. */
export type ReleasedProgramme = {
  number: number;
  /** ISO instant */
  releasedAt: string;
  /** IANA zone of the conference: every local time above is in it */
  timeZone: string;
  /** the conference's days, 'YYYY-MM-DD' */
  days: string[];
  rooms: ReleasedRoom[];
  /** the submission sessions (themes) named by items */
  sessions: Array<{ id: number; title: Pair }>;
  items: ReleasedItem[];
};

/** Where and when an item is, as a change names it. */
export type ProgrammePlace = { day: string; startLocal: string; endLocal: string; roomId: number | null };

/** One line of a release's change log, against the release before (none for the first). */
export type ProgrammeChange = {
  uid: string;
  title: Pair;
  change: 'added' | 'moved' | 'removed' | 'changed';
  before: ProgrammePlace | null;
  after: ProgrammePlace | null;
};

/** The release as listed to managers (without its snapshot). */
export type ProgrammeReleaseSummary = {
  number: number;
  releasedAt: string;
  releasedBy: string;
  note: string;
  changes: ProgrammeChange[];
};

/** Screens and public addresses of the programme. */
export const PROGRAMME_SCREENS = {
  manage: '/platform/manage/programme',
  public: '/programme',
} as const;

/** The uid of an item of the working programme. */
export function programmeItemUid(itemId: number): string {
  return `item-${itemId}`;
}

// ── What attendees read (the public half): the personal agenda and its calendar feed ───────────

/** Two items of a person's agenda that overlap in time (a paper inside its own session block is no clash). */
export type AgendaClash = [string, string];

/** A person's agenda in this conference: the uids they marked (of the last release) and the clashes among them. */
export type AgendaView = { uids: string[]; clashes: AgendaClash[] };

/** The personal calendar feed's address, shown once when made (only its hash is kept). */
export type AgendaFeedView = { url: string };

const agendaUid = z.object({
  uid: z
    .string()
    .regex(/^[a-z]+-\d{1,10}$/, 'programme:unknownItem')
    .max(40),
});

const PUBLIC_API = '/conference/programme';

/** The personal agenda's API (the public pages' small script calls it). */
export const programmePublicApi = {
  agenda: endpoint<AgendaView>()({ method: 'GET', path: `${PUBLIC_API}/agenda` }),
  mark: endpoint<AgendaView>()({
    method: 'PUT',
    path: `${PUBLIC_API}/agenda/:uid`,
    params: agendaUid,
    done: 'programme:agendaAdded',
  }),
  unmark: endpoint<AgendaView>()({
    method: 'DELETE',
    path: `${PUBLIC_API}/agenda/:uid`,
    params: agendaUid,
    done: 'programme:agendaRemoved',
  }),
  /** a new secret address for the personal feed: the old one stops answering */
  newFeed: endpoint<AgendaFeedView>()({ method: 'POST', path: `${PUBLIC_API}/feed`, done: 'programme:feedMade' }),
  revokeFeed: endpoint<null>()({ method: 'DELETE', path: `${PUBLIC_API}/feed`, done: 'programme:feedRevoked' }),
};

/** The public addresses (on the conference's host) of the attendees' views. */
export const PROGRAMME_PUBLIC = {
  page: '/programme',
  agenda: '/programme/agenda',
  ics: '/programme.ics',
  json: '/programme/schedule.json',
  pdf: '/programme.pdf',
  /** + `<secret>.ics` */
  feed: '/programme/feed/',
} as const;
