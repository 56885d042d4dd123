/**
 * The last release indexed for the public views (plain data and maps, no database: the printed
 * programme's worker thread builds it too): items by uid and by day, rooms, sessions, a session
 * block's papers, the text each item is found by.
 */
import type { ReleasedItem, ReleasedProgramme, ReleasedRoom } from '../../contract/programme';
import type { Release } from './repo';

export type PublicProgramme = {
  release: Release;
  programme: ReleasedProgramme;
  byUid: Map<string, ReleasedItem>;
  /** items of a day in start order (the snapshot's order) */
  byDay: Map<string, ReleasedItem[]>;
  rooms: Map<number, ReleasedRoom>;
  sessions: Map<number, ReleasedProgramme['sessions'][number]>;
  /** papers of a session block, in their order */
  children: Map<string, ReleasedItem[]>;
  /** lower-case text an item is found by: titles, speakers, authors, units, chair, the manuscript's number */
  searchText: Map<string, string>;
  /** things built once per release (keys: 'ics:zh', 'json:en', 'pdf:zh'...) */
  built: Map<string, Promise<Buffer | string>>;
};

function searchTextOf(item: ReleasedItem): string {
  const people = [...item.speakers, ...(item.chair ? [item.chair] : []), ...(item.paper?.authors ?? [])];
  return [item.title.zh, item.title.en, item.paper?.number ?? '', ...people.flatMap((p) => [p.name, p.unit])]
    .join('\n')
    .toLowerCase();
}

export function indexProgramme(release: Release): PublicProgramme {
  const programme = release.programme;
  const byDay = new Map<string, ReleasedItem[]>(programme.days.map((d) => [d, []]));
  const children = new Map<string, ReleasedItem[]>();
  const byUid = new Map<string, ReleasedItem>();
  const searchText = new Map<string, string>();
  for (const item of programme.items) {
    byUid.set(item.uid, item);
    searchText.set(item.uid, searchTextOf(item));
    if (!byDay.has(item.day)) byDay.set(item.day, []);
    byDay.get(item.day)!.push(item);
    if (item.parentUid)
      (children.get(item.parentUid) ?? children.set(item.parentUid, []).get(item.parentUid)!).push(item);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.start.localeCompare(b.start));
  return {
    release,
    programme,
    byUid,
    byDay: new Map([...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))),
    rooms: new Map(programme.rooms.map((r) => [r.id, r])),
    sessions: new Map(programme.sessions.map((s) => [s.id, s])),
    children,
    searchText,
    built: new Map(),
  };
}

/** An item's text in the reader's language, or the other one when that is empty. */
export function pick(pair: { zh: string; en: string }, lang: 'zh' | 'en'): string {
  return pair[lang] || pair[lang === 'zh' ? 'en' : 'zh'];
}

/** Items overlapping in time; a paper and the session block that holds it are not a clash. */
export function clashesOf(items: ReleasedItem[]): Array<[string, string]> {
  const sorted = [...items].sort((a, b) => a.start.localeCompare(b.start));
  const out: Array<[string, string]> = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].start < sorted[i].end; j++) {
      const [a, b] = [sorted[i], sorted[j]];
      if (a.parentUid === b.uid || b.parentUid === a.uid) continue;
      out.push([a.uid, b.uid]);
    }
  }
  return out;
}
