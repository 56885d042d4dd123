/**
 * The programme as iCalendar (RFC 5545): the whole programme, one item, and a person's agenda.
 * Times are local times in the conference's zone (`DTSTART;TZID=Asia/Shanghai:20300520T090000`,
 * 3.3.5 form 3; in UTC within the hour the clocks go back over, where a local time is ambiguous),
 * with that zone's VTIMEZONE in the calendar (vtimezone.ts): every reader finds the
 * same instant, and a reader's calendar knows the talk is at 09:00 conference time even when the
 * reader is elsewhere (and keeps it there should the zone's rules ever be corrected). The zone is
 * also named for calendars that show one (X-WR-TIMEZONE). Each event's UID is its release uid at
 * the conference's host, the same in every release, so a subscribed calendar updates an event
 * rather than adding a copy; SEQUENCE is the release number, and DTSTAMP and LAST-MODIFIED the
 * release's instant (UTC, as 3.8.7.2 requires), so every release reads as a newer version. Text is
 * escaped (3.3.11) and lines are folded at 75 octets without cutting a UTF-8 character (3.1).
 */
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { pick, type PublicProgramme } from './publicData';
import { vtimezone, zonedValue } from './vtimezone';

const CRLF = '\r\n';

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded to at most 75 octets per physical line, never inside a character. */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // back off continuation bytes (10xxxxxx): a character is never split between lines
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space of a continuation line is one of its 75 octets
  }
  return parts.join(`${CRLF} `);
}

/** 2026-11-27T01:30:00.000Z → 20261127T013000Z */
export function icsInstant(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export type IcsContext = { p: PublicProgramme; lang: Lang; origin: string; host: string; calendarName: string };

function describe(item: ReleasedItem, ctx: IcsContext): string {
  const lines: string[] = [];
  const people = item.paper
    ? item.paper.authors.map((a) => (a.unit ? `${a.name} (${a.unit})` : a.name))
    : item.speakers.map((s) => (s.unit ? `${s.name} (${s.unit})` : s.name));
  if (people.length) lines.push(people.join(', '));
  if (item.chair) lines.push(`${ctx.lang === 'zh' ? '主持' : 'Chair'}: ${item.chair.name}`);
  const session = item.sessionId ? ctx.p.sessions.get(item.sessionId) : undefined;
  if (session) lines.push(pick(session.title, ctx.lang));
  const text = item.paper?.abstract || pick(item.description, ctx.lang);
  if (text) lines.push('', text);
  return lines.join('\n');
}

function event(item: ReleasedItem, ctx: IcsContext): string[] {
  const { release } = ctx.p;
  const stamp = icsInstant(release.releasedAt.toISOString());
  const room = item.roomId ? ctx.p.rooms.get(item.roomId) : undefined;
  const zone = ctx.p.programme.timeZone;
  const props = [
    'BEGIN:VEVENT',
    `UID:${item.uid}@${ctx.host}`,
    `SEQUENCE:${release.number}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `DTSTART${zonedValue(item.start, zone)}`,
    `DTEND${zonedValue(item.end, zone)}`,
    `SUMMARY:${escapeText(pick(item.title, ctx.lang))}`,
  ];
  const description = describe(item, ctx);
  if (description) props.push(`DESCRIPTION:${escapeText(description)}`);
  props.push(`LOCATION:${escapeText(room ? pick(room.name, ctx.lang) : ctx.lang === 'zh' ? '全体' : 'All rooms')}`);
  props.push(`CATEGORIES:${escapeText(item.kind.toUpperCase())}`);
  props.push(`URL:${ctx.origin}/programme/${item.uid}`);
  props.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT');
  return props;
}

/** A calendar of these items (the whole programme, one item, an agenda). */
export function calendar(items: ReleasedItem[], ctx: IcsContext): string {
  const zone = ctx.p.programme.timeZone;
  // the zone over the years of these items (of the conference's days for an empty agenda)
  const instants = items.length
    ? items.flatMap((i) => [i.start, i.end])
    : ctx.p.programme.days.map((d) => `${d}T12:00:00Z`);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Conference platform//Programme//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(ctx.calendarName)}`,
    `X-WR-TIMEZONE:${zone}`,
    // calendars that poll a subscription: once an hour is plenty for a programme
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(zone, instants),
    ...items.flatMap((item) => event(item, ctx)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
