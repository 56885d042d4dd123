/**
 * The programme editor's side of the contract (issue 34): the working programme as the editor at
 * /platform/manage/programme reads it, and what its saves answer. Releases are drawn from it
 * (`programme.ts`); nothing here is ever shown to attendees.
 * No Node imports here: islands bundle this file.
 */
import type { Pair } from './siteConfig';
import type { ProgrammeItemKind, ProgrammePerson, ProgrammeReleaseSummary } from './programme';

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

export const CONFLICT_KINDS = [
  'person',
  'room',
  'twice',
  'outsideDays',
  'outsideHours',
  'notAccepted',
  'overflow',
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** One conflict: the items it concerns, its message key (`programmeManage:conflict.<kind>`) with values, and that message in the reader's language. */
export type ProgrammeConflict = {
  kind: ConflictKind;
  itemIds: number[];
  message: string;
  params: Record<string, string>;
  text: string;
};

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
export type SaveAnswer = {
  item: EditorItem | null;
  moved: EditorItem[];
  removed: number[];
  conflicts: ProgrammeConflict[];
  all: ProgrammeConflict[];
  draftRevision: number;
};

/** A save over a newer version (409 programmeManage:stale): the item as it now is (null: deleted) and who changed it. */
export type StaleAnswer = { current: EditorItem | null; by: string };
