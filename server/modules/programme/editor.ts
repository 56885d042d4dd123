/**
 * The working programme as the editor reads and writes it: rows ↔ the contract's editor types,
 * the papers waiting to be placed, and the conflicts of the whole (conflicts.ts).
 */
import type { Db, Tx } from '../../db/index';
import { parseJson } from '../../db/dialect';
import type { Lang } from '../../contract/enums';
import type { Pair } from '../../contract/siteConfig';
import type { ProgrammeItemKind } from '../../contract/programme';
import type {
  EditorItem,
  EditorPaper,
  EditorPerson,
  EditorRoom,
  EditorSettings,
  ProgrammeConflict,
} from '../../contract/programmeEditor';
import { accountsByIds } from '../accounts/index';
import {
  programmeManuscripts,
  programmeTerms,
  type ProgrammeManuscript,
  type ProgrammeTerms,
} from '../submissions/index';
import { conflictsOf } from './conflicts';
import * as repo from './repo';

/** What a request knows of its conference: the zone, the days, the reader's language, the site's name and address. */
export type EditorContext = {
  conferenceId: number;
  userId: number;
  lang: Lang;
  timeZone: string;
  days: string[];
  siteName: Pair;
  siteUrl: string;
};

type Conn = Db | Tx;

export const DEFAULT_SETTINGS: EditorSettings = {
  dayStartMinute: 480,
  dayEndMinute: 1080,
  slotMinutes: 15,
  lengths: {},
  defaultLength: 20,
};

export function settingsOf(row: repo.SettingsRow | undefined): EditorSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    dayStartMinute: Number(row.day_start_minute),
    dayEndMinute: Number(row.day_end_minute),
    slotMinutes: Number(row.slot_minutes),
    lengths: parseJson<Record<string, number>>(row.lengths, {}),
    defaultLength: Number(row.default_length),
  };
}

export const roomOf = (r: repo.RoomRow): EditorRoom => ({
  id: r.id,
  name: { zh: r.name_zh, en: r.name_en },
  capacity: r.capacity == null ? null : Number(r.capacity),
  position: Number(r.position),
});

const num = (v: unknown) => (v == null ? null : Number(v));

export function itemOf(r: repo.Item, names: Map<number, string>): EditorItem {
  return {
    id: r.id,
    kind: r.kind as ProgrammeItemKind,
    day: r.day ?? null,
    startMinute: num(r.start_minute),
    endMinute: num(r.end_minute),
    roomId: num(r.room_id),
    parentId: num(r.parent_id),
    position: Number(r.position),
    submissionId: num(r.submission_id),
    sessionId: num(r.session_id),
    title: { zh: r.title_zh, en: r.title_en },
    description: { zh: r.description_zh ?? '', en: r.description_en ?? '' },
    speakers: parseJson<EditorPerson[]>(r.speakers, []),
    chair: parseJson<EditorPerson | null>(r.chair, null),
    revision: Number(r.revision),
    updatedBy: r.updated_by == null ? '' : (names.get(Number(r.updated_by)) ?? ''),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function namesOf(db: Conn, ids: Array<number | null>): Promise<Map<number, string>> {
  const accounts = await accountsByIds(db, ids.filter((i): i is number => i != null).map(Number));
  return new Map([...accounts.values()].map((a) => [a.id, a.trueName || a.email]));
}

export async function itemsOf(db: Conn, rows: repo.Item[]): Promise<EditorItem[]> {
  const names = await namesOf(db, [...new Set(rows.map((r) => r.updated_by))]);
  return rows.map((r) => itemOf(r, names));
}

export function lengthOf(settings: EditorSettings, reportTypeId: number | null): number {
  return (reportTypeId !== null ? settings.lengths[String(reportTypeId)] : undefined) ?? settings.defaultLength;
}

export function paperOf(m: ProgrammeManuscript, settings: EditorSettings): EditorPaper {
  return {
    submissionId: m.id,
    number: m.number,
    title: m.title,
    sessionId: m.sessionId,
    reportTypeId: m.reportTypeId,
    authors: m.authors,
    accepted: m.accepted,
    length: lengthOf(settings, m.reportTypeId),
  };
}

/** Everything the conflicts and a release are computed from. */
export type Working = {
  settings: EditorSettings;
  draftRevision: number;
  rooms: EditorRoom[];
  items: EditorItem[];
  manuscripts: Map<number, ProgrammeManuscript>;
  papers: Map<number, EditorPaper>;
  terms: ProgrammeTerms;
};

/** How the manuscripts are read: from the tables (the default; a release), or kept (keptManuscripts.ts). */
export type ManuscriptSource = (conferenceId: number, alsoIds: number[]) => Promise<ProgrammeManuscript[]>;

export async function readWorking(db: Conn, conferenceId: number, source?: ManuscriptSource): Promise<Working> {
  const [settingsRow, roomRows, itemRows, terms] = await Promise.all([
    repo.settingsRow(db, conferenceId),
    repo.roomRows(db, conferenceId),
    repo.itemRows(db, conferenceId),
    programmeTerms(db, conferenceId),
  ]);
  const settings = settingsOf(settingsRow);
  const placedPapers = [
    ...new Set(
      itemRows
        .map((r) => r.submission_id)
        .filter((s): s is number => s != null)
        .map(Number),
    ),
  ];
  // the manuscripts and the names of who saved each item, side by side
  const [list, items] = await Promise.all([
    source ? source(conferenceId, placedPapers) : programmeManuscripts(db, conferenceId, placedPapers),
    itemsOf(db, itemRows),
  ]);
  const manuscripts = new Map(list.map((m) => [m.id, m]));
  return {
    settings,
    draftRevision: Number(settingsRow?.draft_revision ?? 0),
    rooms: roomRows.map(roomOf),
    items,
    manuscripts,
    papers: new Map([...manuscripts.values()].map((m) => [m.id, paperOf(m, settings)])),
    terms,
  };
}

export function conflictsOfWorking(w: Working, days: string[], lang: Lang): ProgrammeConflict[] {
  return conflictsOf({ items: w.items, papers: w.papers, rooms: w.rooms, days, settings: w.settings }, lang);
}
