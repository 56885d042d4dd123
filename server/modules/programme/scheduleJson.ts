/**
 * The programme in the JSON schedule format that conference apps read (frab's schedule.json, as
 * pretalx exports it and the c3voc schema describes it: schedule → conference → days → rooms →
 * events). GUIDs are name-based UUIDs (version 5) of the item's calendar UID, so they stay the same
 * across releases like the uid itself; ids are the numbers in the uids. docs/programme.md lists
 * what each field holds.
 */
import crypto from 'node:crypto';
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { utcOffsetMinutes, wallClockPartsIn } from '../../platform/localTime';
import { pick, type PublicProgramme } from './publicData';

/** The URL namespace of RFC 4122 (appendix C). */
const NS_URL = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');

/** A version 5 UUID of `name` in the URL namespace. */
export function uuid5(name: string): string {
  const hash = crypto.createHash('sha1').update(NS_URL).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** minutes → "H:MM" */
function duration(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The ISO instant with the conference's offset at that instant ("2026-11-27T09:30:00+08:00"). */
export function zonedIso(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const parts = wallClockPartsIn(at, timeZone);
  const offset = utcOffsetMinutes(timeZone, at);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An acronym the format accepts (lower case letters, digits, '_' and '-', four or more). */
function acronymOf(slug: string): string {
  const cleaned = slug.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return cleaned.length >= 4 ? cleaned : `${cleaned}_conf`.slice(0, Math.max(4, cleaned.length + 5));
}

export type ScheduleContext = {
  p: PublicProgramme;
  lang: Lang;
  origin: string;
  host: string;
  slug: string;
  title: string;
  generatorVersion: string;
};

function personsOf(item: ReleasedItem): Array<{ name: string; public_name: string; guid: string }> {
  const people = item.paper
    ? item.paper.authors.filter((a) => a.presenting).concat(item.paper.authors.filter((a) => !a.presenting))
    : item.speakers;
  return people.map((person) => ({
    name: person.name,
    public_name: person.name,
    guid: uuid5(`acct:${person.accountId ?? person.name}@${item.uid}`),
  }));
}

export function scheduleJson(ctx: ScheduleContext): unknown {
  const { p, lang } = ctx;
  const { programme } = p;
  const roomName = (id: number | null) =>
    id ? pick(p.rooms.get(id)?.name ?? { zh: '', en: '' }, lang) : lang === 'zh' ? '全体' : 'All rooms';
  const idOf = (uid: string) => Number(/(\d+)$/.exec(uid)?.[1] ?? 0) || 1;
  const event = (item: ReleasedItem) => {
    const minutes = Math.round((Date.parse(item.end) - Date.parse(item.start)) / 60000);
    const session = item.sessionId ? p.sessions.get(item.sessionId) : undefined;
    const abstract = item.paper?.abstract || pick(item.description, lang);
    return {
      id: idOf(item.uid),
      guid: uuid5(`${ctx.origin}/programme/${item.uid}`),
      date: zonedIso(item.start, programme.timeZone),
      start: item.startLocal,
      duration: duration(minutes),
      room: roomName(item.roomId),
      slug: `${acronymOf(ctx.slug)}-${item.uid}`.replace(/[^a-z0-9_-]/g, '-'),
      url: `${ctx.origin}/programme/${item.uid}`,
      title: pick(item.title, lang),
      subtitle: item.paper?.number ? `#${item.paper.number}` : '',
      track: session ? pick(session.title, lang) : null,
      type: item.kind,
      language: lang,
      abstract,
      description: item.paper?.keywords || null,
      do_not_record: null,
      persons: personsOf(item),
      links: [],
      attachments: [],
    };
  };
  const days = [...p.byDay.entries()].map(([date, items], index) => {
    const rooms: Record<string, unknown[]> = {};
    for (const room of programme.rooms) rooms[pick(room.name, lang)] = [];
    for (const item of items) (rooms[roomName(item.roomId)] ??= []).push(event(item));
    const starts = items.map((i) => i.start).sort();
    const ends = items.map((i) => i.end).sort();
    const dayStart = starts[0] ?? `${date}T00:00:00Z`;
    const dayEnd = ends[ends.length - 1] ?? `${date}T23:59:00Z`;
    return {
      index: index + 1,
      date,
      day_start: zonedIso(dayStart, programme.timeZone),
      day_end: zonedIso(dayEnd, programme.timeZone),
      rooms,
    };
  });
  const dates = [...p.byDay.keys()];
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'conference-platform', version: ctx.generatorVersion },
    schedule: {
      version: `release ${p.release.number}`,
      base_url: `${ctx.origin}/`,
      conference: {
        acronym: acronymOf(ctx.slug),
        title: ctx.title,
        start: dates[0] ?? '',
        end: dates[dates.length - 1] ?? '',
        daysCount: dates.length,
        timeslot_duration: '00:05',
        time_zone_name: programme.timeZone,
        url: `${ctx.origin}/programme`,
        rooms: programme.rooms.map((r) => ({
          name: pick(r.name, lang),
          guid: uuid5(`${ctx.origin}/programme/room/${r.id}`),
          description: null,
          capacity: r.capacity,
        })),
        tracks: programme.sessions.map((s) => ({ name: pick(s.title, lang) })),
        days,
      },
    },
  };
}
