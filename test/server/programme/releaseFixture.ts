/**
 * Releases as the organiser's editor makes them, for the public views' tests: a `ReleasedProgramme`
 * snapshot built here, stored with `insertRelease` and announced with 'programme.released' inside
 * the same transaction, as the editor does.
 */
import type { Db } from '../../../server/db/index';
import { inTransaction } from '../../../server/db/transaction';
import type { EventBus } from '../../../server/platform/events';
import { insertRelease } from '../../../server/modules/programme/index';
import type {
  ProgrammeItemKind,
  ReleasedItem,
  ReleasedProgramme,
  ReleasedRoom,
} from '../../../server/contract/programme';

export type FixtureItem = {
  id: number;
  kind?: ProgrammeItemKind;
  day: string;
  start: string; // 'HH:MM' local
  end: string;
  room: number | null;
  title: string;
  speakers?: Array<{ name: string; unit: string }>;
  session?: number | null;
  parent?: number | null;
  abstract?: string;
};

/** 'YYYY-MM-DD' + 'HH:MM' in a fixed-offset zone (+08:00 for Asia/Shanghai, which has no DST) → ISO instant. */
function instant(day: string, hhmm: string, offsetHours: number): string {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h - offsetHours) * 60 + m) * 60000).toISOString();
}

export function buildProgramme(o: {
  number: number;
  days: string[];
  rooms: Array<{ id: number; zh: string; en: string }>;
  sessions?: Array<{ id: number; zh: string; en: string }>;
  items: FixtureItem[];
  timeZone?: string;
  offsetHours?: number;
}): ReleasedProgramme {
  const offset = o.offsetHours ?? 8;
  const rooms: ReleasedRoom[] = o.rooms.map((r, i) => ({
    id: r.id,
    name: { zh: r.zh, en: r.en },
    capacity: 100,
    position: i,
  }));
  const items: ReleasedItem[] = o.items.map((it) => {
    const kind = it.kind ?? 'paper';
    const speakers = (it.speakers ?? []).map((s) => ({ ...s, accountId: null }));
    return {
      uid: `item-${it.id}`,
      kind,
      day: it.day,
      start: instant(it.day, it.start, offset),
      end: instant(it.day, it.end, offset),
      startLocal: it.start,
      endLocal: it.end,
      roomId: it.room,
      title: { zh: `${it.title}（中）`, en: it.title },
      description: { zh: '', en: '' },
      speakers: kind === 'paper' ? [] : speakers,
      chair: kind === 'session' ? { name: 'Chair Person', unit: 'Chair Unit', accountId: null } : null,
      sessionId: it.session ?? null,
      parentUid: it.parent ? `item-${it.parent}` : null,
      position: it.id,
      paper:
        kind === 'paper'
          ? {
              submissionId: it.id,
              number: `P${it.id}`,
              authors: speakers.map((s, i) => ({ ...s, presenting: i === 0 })),
              abstract: it.abstract ?? `Abstract of ${it.title}; with a comma, and a backslash \\ here.`,
              keywords: 'kw1, kw2',
              reportType: { zh: '口头报告', en: 'Oral' },
            }
          : null,
    };
  });
  items.sort((a, b) => a.start.localeCompare(b.start) || (a.roomId ?? -1) - (b.roomId ?? -1));
  return {
    number: o.number,
    releasedAt: new Date().toISOString(),
    timeZone: o.timeZone ?? 'Asia/Shanghai',
    days: o.days,
    rooms,
    sessions: (o.sessions ?? []).map((s) => ({ id: s.id, title: { zh: s.zh, en: s.en } })),
    items,
  };
}

/** Stores a release and raises 'programme.released' in one transaction, as the editor will. */
export async function release(
  h: { db: Db; events: EventBus },
  conferenceId: number,
  programme: ReleasedProgramme,
  releasedBy = 1,
): Promise<void> {
  await inTransaction(h.db, async (tx) => {
    await insertRelease(tx, conferenceId, {
      number: programme.number,
      releasedBy,
      releasedAt: new Date(programme.releasedAt),
      note: '',
      changes: [],
      programme,
    });
    await h.events.emit(tx, 'programme.released', { conferenceId, number: programme.number });
  });
}

/** A small programme: two days, two rooms, a plenary keynote, a session block with two papers, a talk that clashes with a paper. */
export function smallProgramme(number = 1, title1 = 'Quantum Widgets'): ReleasedProgramme {
  return buildProgramme({
    number,
    days: ['2030-05-20', '2030-05-21'],
    rooms: [
      { id: 1, zh: '报告厅A', en: 'Hall A' },
      { id: 2, zh: '报告厅B', en: 'Hall B' },
    ],
    sessions: [{ id: 7, zh: '材料分会场', en: 'Materials' }],
    items: [
      {
        id: 1,
        kind: 'keynote',
        day: '2030-05-20',
        start: '09:00',
        end: '10:00',
        room: null,
        title: 'Opening Keynote',
        speakers: [{ name: 'Ada Keynote', unit: 'Institute of Physics' }],
      },
      {
        id: 2,
        kind: 'session',
        day: '2030-05-20',
        start: '10:30',
        end: '12:00',
        room: 1,
        title: 'Materials Session',
        session: 7,
      },
      {
        id: 3,
        day: '2030-05-20',
        start: '10:30',
        end: '10:50',
        room: 1,
        title: title1,
        speakers: [
          { name: 'Li Lei', unit: 'Peking University' },
          { name: 'Han Meimei', unit: 'CAS' },
        ],
        session: 7,
        parent: 2,
      },
      {
        id: 4,
        day: '2030-05-20',
        start: '10:50',
        end: '11:10',
        room: 1,
        title: 'Graphene; Commas, and Slashes',
        speakers: [{ name: 'Zhang San', unit: 'Tsinghua University' }],
        session: 7,
        parent: 2,
      },
      {
        id: 5,
        kind: 'talk',
        day: '2030-05-20',
        start: '10:40',
        end: '11:20',
        room: 2,
        title: 'Parallel Talk',
        speakers: [{ name: 'Bob Parallel', unit: 'MIT' }],
      },
      { id: 6, kind: 'lunch', day: '2030-05-20', start: '12:00', end: '13:30', room: null, title: 'Lunch' },
      {
        id: 7,
        kind: 'talk',
        day: '2030-05-21',
        start: '09:00',
        end: '09:40',
        room: 2,
        title: '一个很长的中文题目用来检验日历折行是否会把多字节字符切断的情况是否正确处理',
        speakers: [{ name: '王五', unit: '中国科学院计算技术研究所' }],
      },
    ],
  });
}
