/**
 * A release (pure): the working programme frozen into a `ReleasedProgramme` (placed items only,
 * their instants computed from the day and minutes in the conference's zone, addresses left out),
 * and its change log against the release before: added, moved (day, time or room), removed,
 * changed (anything else a reader sees).
 */
import type {
  ProgrammeChange,
  ProgrammePerson,
  ProgrammePlace,
  ReleasedItem,
  ReleasedProgramme,
} from '../../contract/programme';
import type { EditorItem, EditorPerson, EditorRoom } from '../../contract/programmeEditor';
import { programmeItemUid } from '../../contract/programme';
import type { Pair } from '../../contract/siteConfig';
import type { ProgrammeManuscript } from '../submissions/index';
import { hhmm, zonedInstant } from './time';

export type SnapshotInput = {
  number: number;
  releasedAt: Date;
  timeZone: string;
  days: string[];
  rooms: EditorRoom[];
  items: EditorItem[];
  manuscripts: Map<number, ProgrammeManuscript>;
  sessions: Array<{ id: number; title: Pair }>;
  reportTypes: Array<{ id: number; title: Pair }>;
};

const publicPerson = (p: EditorPerson): ProgrammePerson => ({ name: p.name, unit: p.unit, accountId: p.accountId });

export function snapshotOf(input: SnapshotInput): ReleasedProgramme {
  const { timeZone, manuscripts } = input;
  const roomPosition = new Map(input.rooms.map((r) => [r.id, r.position]));
  const typeTitle = new Map(input.reportTypes.map((r) => [r.id, r.title]));
  const placed = input.items.filter((i) => i.day !== null && i.startMinute !== null && i.endMinute !== null);
  const placedIds = new Set(placed.map((i) => i.id));
  const items: ReleasedItem[] = placed.map((i) => {
    const m = i.submissionId !== null ? manuscripts.get(i.submissionId) : undefined;
    const title = i.title.zh || i.title.en ? i.title : m ? { zh: m.title, en: m.title } : i.title;
    return {
      uid: programmeItemUid(i.id),
      kind: i.kind,
      day: i.day!,
      start: zonedInstant(i.day!, i.startMinute!, timeZone).toISOString(),
      end: zonedInstant(i.day!, i.endMinute!, timeZone).toISOString(),
      startLocal: hhmm(i.startMinute!),
      endLocal: hhmm(i.endMinute!),
      roomId: i.roomId,
      title,
      description: i.description,
      speakers: i.speakers.map(publicPerson),
      chair: i.chair ? publicPerson(i.chair) : null,
      sessionId: i.sessionId ?? m?.sessionId ?? null,
      parentUid: i.parentId !== null && placedIds.has(i.parentId) ? programmeItemUid(i.parentId) : null,
      position: i.position,
      paper: m
        ? {
            submissionId: m.id,
            number: m.number,
            authors: m.authors.map((a) => ({
              name: a.name,
              unit: a.unit,
              accountId: a.accountId,
              presenting: a.presenting,
            })),
            abstract: m.abstract,
            keywords: m.keywords,
            reportType: m.reportTypeId !== null ? (typeTitle.get(m.reportTypeId) ?? null) : null,
          }
        : null,
    };
  });
  items.sort(
    (a, b) =>
      a.start.localeCompare(b.start) ||
      (roomPosition.get(a.roomId ?? 0) ?? -1) - (roomPosition.get(b.roomId ?? 0) ?? -1) ||
      a.position - b.position ||
      a.uid.localeCompare(b.uid),
  );
  const sessionIds = new Set(items.map((i) => i.sessionId).filter((s): s is number => s !== null));
  return {
    number: input.number,
    releasedAt: input.releasedAt.toISOString(),
    timeZone,
    days: input.days,
    rooms: [...input.rooms]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, position: r.position })),
    sessions: input.sessions.filter((s) => sessionIds.has(s.id)),
    items,
  };
}

export const placeOf = (i: ReleasedItem): ProgrammePlace => ({
  day: i.day,
  startLocal: i.startLocal,
  endLocal: i.endLocal,
  roomId: i.roomId,
});

const samePlace = (a: ProgrammePlace, b: ProgrammePlace) =>
  a.day === b.day && a.startLocal === b.startLocal && a.endLocal === b.endLocal && a.roomId === b.roomId;

/** What a reader sees of an item besides its place. */
function content(i: ReleasedItem): string {
  return JSON.stringify([
    i.kind,
    i.title,
    i.description,
    i.speakers,
    i.chair,
    i.sessionId,
    i.parentUid,
    i.position,
    i.paper,
  ]);
}

/** The change log of `next` against `previous` (none before the first release: everything is new, and nobody is told). */
export function changesOf(previous: ReleasedProgramme | null, next: ReleasedProgramme): ProgrammeChange[] {
  if (!previous) return [];
  const before = new Map(previous.items.map((i) => [i.uid, i]));
  const after = new Map(next.items.map((i) => [i.uid, i]));
  const changes: ProgrammeChange[] = [];
  for (const item of next.items) {
    const old = before.get(item.uid);
    if (!old) changes.push({ uid: item.uid, title: item.title, change: 'added', before: null, after: placeOf(item) });
    else if (!samePlace(placeOf(old), placeOf(item)))
      changes.push({ uid: item.uid, title: item.title, change: 'moved', before: placeOf(old), after: placeOf(item) });
    else if (content(old) !== content(item))
      changes.push({ uid: item.uid, title: item.title, change: 'changed', before: placeOf(old), after: placeOf(item) });
  }
  for (const old of previous.items)
    if (!after.has(old.uid))
      changes.push({ uid: old.uid, title: old.title, change: 'removed', before: placeOf(old), after: null });
  return changes;
}
