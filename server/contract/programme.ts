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

export const PROGRAMME_ITEM_KINDS = ['paper', 'session', 'keynote', 'talk', 'break', 'lunch', 'poster', 'ceremony', 'other'] as const;
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
export type ProgrammeReleaseSummary = { number: number; releasedAt: string; releasedBy: string; note: string; changes: ProgrammeChange[] };

/** Screens and public addresses of the programme. */
export const PROGRAMME_SCREENS = {
  manage: '/platform/manage/programme',
  public: '/programme',
} as const;

/** The uid of an item of the working programme. */
export function programmeItemUid(itemId: number): string {
  return `item-${itemId}`;
}

// ─── The editor (/platform/manage/programme): the working programme, what produces releases ───

/** A person as the editor keeps them: the address (never in a release) is where their changes are mailed. */
export type EditorPerson = ProgrammePerson & { email: string };

export type EditorRoom = { id: number; name: Pair; capacity: number | null; position: number };

export type EditorSettings = {
  /** the grid's hours, minutes from midnight, and its step */
  dayStartMinute: number;
  dayEndMinute: number;
  slotMinutes: number;
  /** the length of a paper per report type id, and of a paper of no listed type */
  lengths: Record<string, number>;
  defaultLength: number;
};

/** An item of the working programme; unplaced while `day` is null. */
export type EditorItem = {
  id: number;
  kind: ProgrammeItemKind;
  day: string | null;
  startMinute: number | null;
  endMinute: number | null;
  roomId: number | null;
  /** a paper inside a session block */
  parentId: number | null;
  position: number;
  submissionId: number | null;
  sessionId: number | null;
  title: Pair;
  description: Pair;
  speakers: EditorPerson[];
  chair: EditorPerson | null;
  revision: number;
  updatedBy: string;
  updatedAt: string;
};

/** An accepted manuscript (or one placed and since no longer accepted). */
export type EditorPaper = {
  submissionId: number;
  number: string;
  title: string;
  sessionId: number;
  reportTypeId: number | null;
  authors: Array<EditorPerson & { presenting: boolean }>;
  accepted: boolean;
  /** its default length in minutes (settings: per report type) */
  length: number;
};

export const CONFLICT_KINDS = ['person', 'room', 'twice', 'outsideDays', 'outsideHours', 'notAccepted', 'overflow'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** One conflict: the items it concerns, its message key (`programmeManage:conflict.<kind>`) with values, and that message in the reader's language. */
export type ProgrammeConflict = { kind: ConflictKind; itemIds: number[]; message: string; params: Record<string, string>; text: string };

export type EditorState = {
  timeZone: string;
  /** the conference's days, 'YYYY-MM-DD' */
  days: string[];
  settings: EditorSettings;
  rooms: EditorRoom[];
  items: EditorItem[];
  papers: EditorPaper[];
  sessions: Array<{ id: number; title: Pair }>;
  reportTypes: Array<{ id: number; title: Pair }>;
  conflicts: ProgrammeConflict[];
  releases: ProgrammeReleaseSummary[];
  /** rises with every change of the working programme; a release names the one its manager saw */
  draftRevision: number;
};

/** What a save answers: the item (and the papers of a block that moved with it), the conflicts that concern it, and all of them. */
export type SaveAnswer = { item: EditorItem | null; moved: EditorItem[]; removed: number[]; conflicts: ProgrammeConflict[]; all: ProgrammeConflict[]; draftRevision: number };

/** A save over a newer version (409 programmeManage:stale): the item as it now is (null: deleted) and who changed it. */
export type StaleAnswer = { current: EditorItem | null; by: string };

const NS = 'programmeManage:';
const id = z.coerce.number({ message: `${NS}notFound` }).int(`${NS}notFound`).positive(`${NS}notFound`).max(2 ** 31);
const idParam = z.object({ id });
const minute = z.number({ message: `${NS}minuteInvalid` }).int(`${NS}minuteInvalid`).min(0, `${NS}minuteInvalid`).max(1440, `${NS}minuteInvalid`);
const day = z.string({ message: `${NS}dayInvalid` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${NS}dayInvalid`);
const text = (max: number) => z.string({ message: `${NS}textInvalid` }).trim().max(max, `${NS}textTooLong`);
const pair = (max: number) => z.object({ zh: text(max), en: text(max) });
const revision = z.number({ message: `${NS}revisionInvalid` }).int(`${NS}revisionInvalid`).positive(`${NS}revisionInvalid`);

export const personInput = z.object({
  name: z.string({ message: `${NS}personNameRequired` }).trim().min(1, `${NS}personNameRequired`).max(100, `${NS}textTooLong`),
  unit: text(300).default(''),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email(`${NS}emailInvalid`).max(254, `${NS}emailInvalid`)]).default(''),
  accountId: z.number().int().positive().max(2 ** 31).nullable().default(null),
});

export const roomInput = z.object({
  name: z.object({ zh: text(100).min(1, `${NS}roomNameRequired`), en: text(100).min(1, `${NS}roomNameRequired`) }),
  capacity: z.number({ message: `${NS}capacityInvalid` }).int(`${NS}capacityInvalid`).min(0, `${NS}capacityInvalid`).max(1_000_000, `${NS}capacityInvalid`).nullable().default(null),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type RoomInput = z.infer<typeof roomInput>;

export const settingsInput = z
  .object({
    dayStartMinute: minute,
    dayEndMinute: minute,
    slotMinutes: z.number({ message: `${NS}slotInvalid` }).int(`${NS}slotInvalid`).min(5, `${NS}slotInvalid`).max(120, `${NS}slotInvalid`),
    lengths: z.record(z.string().regex(/^\d{1,10}$/, `${NS}lengthInvalid`), z.number({ message: `${NS}lengthInvalid` }).int(`${NS}lengthInvalid`).min(5, `${NS}lengthInvalid`).max(480, `${NS}lengthInvalid`)).default({}),
    defaultLength: z.number({ message: `${NS}lengthInvalid` }).int(`${NS}lengthInvalid`).min(5, `${NS}lengthInvalid`).max(480, `${NS}lengthInvalid`),
  })
  .refine((s) => s.dayEndMinute - s.dayStartMinute >= s.slotMinutes, { message: `${NS}hoursInvalid`, path: ['dayEndMinute'] });

/** Where an item goes: a day, a room (null: every room) and its minutes; `day: null` takes it off the grid. */
export const placeInput = z
  .object({
    revision,
    day: day.nullable(),
    startMinute: minute.nullable().default(null),
    endMinute: minute.nullable().default(null),
    roomId: z.number().int().positive().max(2 ** 31).nullable().default(null),
  })
  .refine((p) => p.day === null || (p.startMinute !== null && p.endMinute !== null && p.endMinute > p.startMinute), { message: `${NS}timeInvalid`, path: ['endMinute'] });
export type PlaceInput = z.infer<typeof placeInput>;

const itemFields = {
  title: pair(500).default({ zh: '', en: '' }),
  description: pair(5000).default({ zh: '', en: '' }),
  speakers: z.array(personInput).max(30, `${NS}tooManySpeakers`).default([]),
  chair: personInput.nullable().default(null),
  sessionId: z.number().int().positive().max(2 ** 31).nullable().default(null),
};

/** A new item: a free item (keynote, break...), a session block, or a paper (by its manuscript); placed at once when `place` is given. */
export const createItemInput = z
  .object({
    kind: z.enum(PROGRAMME_ITEM_KINDS, { message: `${NS}kindInvalid` }),
    submissionId: z.number().int().positive().max(2 ** 31).nullable().default(null),
    /** a paper put into a session block */
    parentId: z.number().int().positive().max(2 ** 31).nullable().default(null),
    place: z.object({ day, startMinute: minute, endMinute: minute, roomId: z.number().int().positive().max(2 ** 31).nullable() }).nullable().default(null),
    ...itemFields,
  })
  .refine((v) => (v.kind === 'paper') === (v.submissionId !== null), { message: `${NS}paperNeedsManuscript`, path: ['submissionId'] })
  .refine((v) => v.kind === 'paper' || v.title.zh !== '' || v.title.en !== '', { message: `${NS}titleRequired`, path: ['title'] })
  .refine((v) => v.place === null || v.place.endMinute > v.place.startMinute, { message: `${NS}timeInvalid`, path: ['place'] });
export type CreateItemInput = z.infer<typeof createItemInput>;

export const updateItemInput = z.object({ revision, ...itemFields }).refine((v) => v.title.zh !== '' || v.title.en !== '', { message: `${NS}titleRequired`, path: ['title'] });
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** A paper into a session block (at `position`), or out of it (`parentId: null`). */
export const nestInput = z.object({ revision, parentId: z.number().int().positive().max(2 ** 31).nullable(), position: z.number().int().min(0).max(10_000).default(10_000) });

export const deleteQuery = z.object({ revision: z.coerce.number({ message: `${NS}revisionInvalid` }).int(`${NS}revisionInvalid`).positive(`${NS}revisionInvalid`) });

export const releaseInput = z.object({ note: text(1000).default(''), draftRevision: z.number().int().min(0).optional() });

const MANAGE = '/conference/platform/manage/programme';

export const programmeManageApi = {
  state: endpoint<EditorState>()({ method: 'GET', path: `${MANAGE}/state` }),
  settings: endpoint<EditorSettings>()({ method: 'PUT', path: `${MANAGE}/settings`, body: settingsInput, done: `${NS}saved` }),
  addRoom: endpoint<EditorRoom[]>()({ method: 'POST', path: `${MANAGE}/rooms`, body: roomInput, done: `${NS}saved` }),
  saveRoom: endpoint<EditorRoom[]>()({ method: 'PUT', path: `${MANAGE}/rooms/:id`, params: idParam, body: roomInput, done: `${NS}saved` }),
  removeRoom: endpoint<EditorRoom[]>()({ method: 'DELETE', path: `${MANAGE}/rooms/:id`, params: idParam, done: `${NS}saved` }),
  addItem: endpoint<SaveAnswer>()({ method: 'POST', path: `${MANAGE}/items`, body: createItemInput, done: `${NS}saved` }),
  saveItem: endpoint<SaveAnswer>()({ method: 'PUT', path: `${MANAGE}/items/:id`, params: idParam, body: updateItemInput, done: `${NS}saved` }),
  place: endpoint<SaveAnswer>()({ method: 'POST', path: `${MANAGE}/items/:id/place`, params: idParam, body: placeInput, done: `${NS}saved` }),
  nest: endpoint<SaveAnswer>()({ method: 'POST', path: `${MANAGE}/items/:id/nest`, params: idParam, body: nestInput, done: `${NS}saved` }),
  removeItem: endpoint<SaveAnswer>()({ method: 'DELETE', path: `${MANAGE}/items/:id`, params: idParam, query: deleteQuery, done: `${NS}saved` }),
  conflicts: endpoint<ProgrammeConflict[]>()({ method: 'GET', path: `${MANAGE}/conflicts` }),
  releases: endpoint<ProgrammeReleaseSummary[]>()({ method: 'GET', path: `${MANAGE}/releases` }),
  release: endpoint<ProgrammeReleaseSummary>()({ method: 'POST', path: `${MANAGE}/releases`, body: releaseInput, done: `${NS}released` }),
};

// ── What attendees read (the public half): the personal agenda and its calendar feed ───────────

/** Two items of a person's agenda that overlap in time (a paper inside its own session block is no clash). */
export type AgendaClash = [string, string];

/** A person's agenda in this conference: the uids they marked (of the last release) and the clashes among them. */
export type AgendaView = { uids: string[]; clashes: AgendaClash[] };

/** The personal calendar feed's address, shown once when made (only its hash is kept). */
export type AgendaFeedView = { url: string };

const agendaUid = z.object({ uid: z.string().regex(/^[a-z]+-\d{1,10}$/, 'programme:unknownItem').max(40) });

const PUBLIC_API = '/conference/programme';

/** The personal agenda's API (the public pages' small script calls it). */
export const programmePublicApi = {
  agenda: endpoint<AgendaView>()({ method: 'GET', path: `${PUBLIC_API}/agenda` }),
  mark: endpoint<AgendaView>()({ method: 'PUT', path: `${PUBLIC_API}/agenda/:uid`, params: agendaUid, done: 'programme:agendaAdded' }),
  unmark: endpoint<AgendaView>()({ method: 'DELETE', path: `${PUBLIC_API}/agenda/:uid`, params: agendaUid, done: 'programme:agendaRemoved' }),
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
