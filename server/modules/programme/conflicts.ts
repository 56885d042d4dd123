/**
 * The conflicts of a working programme, from its items alone (pure, no database): one person in two
 * places at once (a speaker, a paper's presenting author, a chair: by account, else by the name
 * written the same way), a room booked twice (an item for every room clashes with anything at that
 * time), a paper placed twice, an item outside the conference's days or the grid's hours, a paper
 * no longer accepted, a paper running past the end of its session block. A block and its own
 * papers overlap by design and never clash. Placed items only; sweeps, not pairs of everything:
 * 600 papers in 12 rooms take a few ms.
 */
import type { Lang } from '../../contract/enums';
import type {
  ConflictKind,
  EditorItem,
  EditorPaper,
  EditorRoom,
  EditorSettings,
  ProgrammeConflict,
} from '../../contract/programmeEditor';
import { t } from '../../platform/i18n';
import { hhmm } from './time';

export type ConflictInput = {
  items: EditorItem[];
  papers: Map<number, EditorPaper>;
  rooms: EditorRoom[];
  days: string[];
  settings: EditorSettings;
};

type Placed = EditorItem & { day: string; startMinute: number; endMinute: number };

const isPlaced = (i: EditorItem): i is Placed => i.day !== null && i.startMinute !== null && i.endMinute !== null;

/** The same name however it was typed: case, spaces and full-width forms aside. */
export function normalName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.·・,，-]+/g, '');
}

type Who = { key: string; name: string };

/** Everyone who must be in the item's room while it runs. */
export function peopleOf(item: EditorItem, papers: Map<number, EditorPaper>): Who[] {
  const people: Array<{ name: string; accountId: number | null }> = [...item.speakers];
  if (item.chair) people.push(item.chair);
  const paper = item.submissionId !== null ? papers.get(item.submissionId) : undefined;
  if (paper) people.push(...paper.authors.filter((a) => a.presenting));
  const seen = new Map<string, Who>();
  for (const p of people) {
    const key = p.accountId ? `a${p.accountId}` : `n${normalName(p.name)}`;
    if (key !== 'n' && !seen.has(key)) seen.set(key, { key, name: p.name });
  }
  return [...seen.values()];
}

const related = (a: EditorItem, b: EditorItem) => a.parentId === b.id || b.parentId === a.id;

/** Pairs of overlapping items in a list sorted by start. */
function overlaps(sorted: Placed[], each: (a: Placed, b: Placed) => void): void {
  const active: Placed[] = [];
  for (const item of sorted) {
    for (let i = active.length - 1; i >= 0; i--) if (active[i].endMinute <= item.startMinute) active.splice(i, 1);
    for (const other of active) if (!related(other, item)) each(other, item);
    active.push(item);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const byStart = (a: Placed, b: Placed) => a.startMinute - b.startMinute || a.id - b.id;

export function titleOf(item: EditorItem, papers: Map<number, EditorPaper>, lang: Lang): string {
  const own = item.title[lang] || item.title[lang === 'zh' ? 'en' : 'zh'];
  if (own) return own;
  const paper = item.submissionId !== null ? papers.get(item.submissionId) : undefined;
  return paper ? `${paper.number} ${paper.title}` : `#${item.id}`;
}

export function conflictsOf(input: ConflictInput, lang: Lang): ProgrammeConflict[] {
  const { items, papers, rooms, days, settings } = input;
  const placed = items.filter(isPlaced);
  const roomName = new Map(rooms.map((r) => [r.id, r.name[lang] || r.name.zh || r.name.en]));
  const out: ProgrammeConflict[] = [];
  const add = (kind: ConflictKind, list: EditorItem[], extra: Record<string, string> = {}) => {
    const params: Record<string, string> = { ...extra };
    list.forEach((item, i) => {
      params[i === 0 ? 'a' : 'b'] = titleOf(item, papers, lang);
      if (isPlaced(item))
        params[i === 0 ? 'whenA' : 'whenB'] = `${item.day} ${hhmm(item.startMinute)}–${hhmm(item.endMinute)}`;
    });
    const message = `programmeManage:conflict.${kind}`;
    out.push({ kind, itemIds: list.map((i) => i.id), message, params, text: t(lang, message, params) });
  };

  const dayOf = new Map<string, Placed[]>();
  for (const item of placed) {
    const list = dayOf.get(item.day) ?? [];
    list.push(item);
    dayOf.set(item.day, list);
  }
  const daySet = new Set(days);
  for (const item of placed) {
    if (!daySet.has(item.day)) add('outsideDays', [item], { day: item.day });
    else if (item.startMinute < settings.dayStartMinute || item.endMinute > settings.dayEndMinute)
      add('outsideHours', [item], { from: hhmm(settings.dayStartMinute), to: hhmm(settings.dayEndMinute) });
  }

  for (const list of dayOf.values()) {
    list.sort(byStart);
    // rooms: per room, and the items for every room against everything
    const perRoom = new Map<number, Placed[]>();
    for (const item of list) if (item.roomId !== null) push(perRoom, item.roomId, item);
    for (const [roomId, inRoom] of perRoom)
      overlaps(inRoom, (a, b) => add('room', [a, b], { room: roomName.get(roomId) ?? `#${roomId}` }));
    const everyRoom = list.filter((i) => i.roomId === null);
    if (everyRoom.length) {
      overlaps(list, (a, b) => {
        if (a.roomId === null || b.roomId === null)
          add('room', [a, b], { room: t(lang, 'programmeManage:grid.allRooms') });
      });
    }
    // people
    const perPerson = new Map<string, { name: string; items: Placed[] }>();
    for (const item of list) {
      for (const who of peopleOf(item, papers)) {
        const entry = perPerson.get(who.key) ?? { name: who.name, items: [] };
        entry.items.push(item);
        perPerson.set(who.key, entry);
      }
    }
    for (const { name, items: theirs } of perPerson.values())
      if (theirs.length > 1) overlaps(theirs, (a, b) => add('person', [a, b], { person: name }));
    // a block's papers past its end
    const byId = new Map(list.map((i) => [i.id, i]));
    for (const item of list) {
      const block = item.parentId !== null ? byId.get(item.parentId) : undefined;
      if (block && (item.endMinute > block.endMinute || item.startMinute < block.startMinute))
        add('overflow', [item, block]);
    }
  }

  const bySubmission = new Map<number, Placed[]>();
  for (const item of placed) if (item.submissionId !== null) push(bySubmission, item.submissionId, item);
  for (const list of bySubmission.values())
    if (list.length > 1) for (let i = 1; i < list.length; i++) add('twice', [list[0], list[i]]);
  for (const item of placed) {
    if (item.submissionId === null) continue;
    const paper = papers.get(item.submissionId);
    if (!paper || !paper.accepted) add('notAccepted', [item]);
  }
  return out;
}

/** The conflicts that name one of these items. */
export function concerning(conflicts: ProgrammeConflict[], ids: number[]): ProgrammeConflict[] {
  const wanted = new Set(ids);
  return conflicts.filter((c) => c.itemIds.some((i) => wanted.has(i)));
}
