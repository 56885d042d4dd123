/**
 * The conference's time zone as an iCalendar VTIMEZONE (RFC 5545 3.6.5), so that the calendars'
 * events carry local times (`DTSTART;TZID=Europe/Berlin:20270329T090000`) that mean the same
 * instant in every reader, and show "09:00 Berlin time" to a reader who travels.
 *
 * The zone's rules are not copied from a database of our own: they are read from the runtime's
 * (Intl, the same ICU data the release used to turn local times into instants). Its offsets are
 * sampled once a day over the whole years of the programme and each change found to the minute;
 * each period becomes one observance (STANDARD or DAYLIGHT) with its onset and no recurrence rule,
 * which RFC 5545 allows (RRULE and RDATE are optional) and which says only what is known. The first
 * observance starts two days before 1 January of the first year, from and to the offset then in
 * force.
 */
import { offsetAt } from './time';

const DAY = 86_400_000;
const MINUTE = 60_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 20270329T090000: the wall-clock time of an instant at a given offset from UTC. */
function wallClock(ms: number, offset: number): string {
  const d = new Date(ms + offset);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** The local time of an ISO instant in the zone, as a DATE-TIME without its zone (3.3.5 form 3). */
export function localStamp(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return wallClock(ms, offsetAt(ms, timeZone));
}

/**
 * A DATE-TIME property's value for an instant: `;TZID=<zone>:<local time>`, or `:<UTC>Z` when
 * that local time occurs twice (the hour a clock goes back over). RFC 5545 (3.3.5) says such a
 * time means its first occurrence, but readers do not agree (ical.js takes the second), so an
 * instant there is written in the one form no reader can misread.
 */
export function zonedValue(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  const offset = offsetAt(ms, timeZone);
  const wall = ms + offset;
  // every instant whose wall clock this is, under the offsets in force around it
  const candidates = [offsetAt(ms - DAY, timeZone), offset, offsetAt(ms + DAY, timeZone)]
    .map((o) => wall - o)
    .filter((t) => offsetAt(t, timeZone) === wall - t);
  if (new Set(candidates).size > 1) return `:${wallClock(ms, 0)}Z`;
  return `;TZID=${timeZone}:${wallClock(ms, offset)}`;
}

/** +0800, -0330 (UTC-OFFSET, 3.3.14; seconds only when there are some). */
function utcOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const total = Math.abs(Math.round(offset / 1000));
  const seconds = total % 60;
  return `${sign}${pad(Math.floor(total / 3600))}${pad(Math.floor(total / 60) % 60)}${seconds ? pad(seconds) : ''}`;
}

const names = new Map<string, Intl.DateTimeFormat>();
/** The zone's short name at an instant (CET, CEST, GMT+8), as TZNAME. */
function shortName(ms: number, timeZone: string): string {
  let f = names.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    if (names.size < 200) names.set(timeZone, f);
  }
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The first instant (to the minute) in (from, to] whose offset differs from `from`'s. */
function changeBetween(from: number, to: number, timeZone: string): number {
  const before = offsetAt(from, timeZone);
  let lo = from;
  let hi = to;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

type Observance = { onset: number; from: number; to: number };

/**
 * The zone's periods over the years `firstYear` to `lastYear`, and two days either side: a local
 * time of an instant early on 1 January UTC may still be in the year before (a reader cannot place
 * a local time before the first observance).
 */
function observances(timeZone: string, firstYear: number, lastYear: number): Observance[] {
  const start = Date.UTC(firstYear, 0, 1) - 2 * DAY;
  const end = Date.UTC(lastYear + 1, 0, 1) + 2 * DAY;
  const first = offsetAt(start, timeZone);
  // the first period begins at local midnight two days before 1 January, in the offset then in force
  const out: Observance[] = [{ onset: start - first, from: first, to: first }];
  let offset = first;
  for (let at = start; at < end; at += DAY) {
    const next = offsetAt(at + DAY, timeZone);
    if (next === offset) continue;
    // a day may hold two changes in a row (A→B→C, rare): find each in turn
    let from = at;
    while (offsetAt(from, timeZone) !== next) {
      const onset = changeBetween(from, at + DAY, timeZone);
      const to = offsetAt(onset, timeZone);
      out.push({ onset, from: offsetAt(from, timeZone), to });
      from = onset;
    }
    offset = next;
  }
  return out;
}

const kept = new Map<string, string[]>();

/**
 * The VTIMEZONE lines for `timeZone` covering the whole years of these instants. A period is
 * DAYLIGHT when its offset is above the lowest offset of its year, else STANDARD.
 */
export function vtimezone(timeZone: string, instants: string[]): string[] {
  const years = instants.map((iso) => new Date(iso).getUTCFullYear()).filter(Number.isFinite);
  const now = new Date().getUTCFullYear();
  const firstYear = years.length ? Math.min(...years) : now;
  const lastYear = years.length ? Math.max(...years) : now;
  const key = `${timeZone}|${firstYear}|${lastYear}`;
  const cached = kept.get(key);
  if (cached) return cached;
  const periods = observances(timeZone, firstYear, lastYear);
  const lowest = new Map<number, number>();
  for (const p of periods) {
    const year = new Date(p.onset + p.to).getUTCFullYear();
    lowest.set(
      year,
      Math.min(
        lowest.get(year) ?? Infinity,
        p.to,
        offsetAt(Date.UTC(year, 0, 1), timeZone),
        offsetAt(Date.UTC(year, 6, 1), timeZone),
      ),
    );
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const p of periods) {
    const year = new Date(p.onset + p.to).getUTCFullYear();
    const kind = p.to > (lowest.get(year) ?? p.to) ? 'DAYLIGHT' : 'STANDARD';
    const name = shortName(p.onset, timeZone);
    // the onset is written in the offset in force before it (3.6.5 "DTSTART")
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallClock(p.onset, p.from)}`,
      `TZOFFSETFROM:${utcOffset(p.from)}`,
      `TZOFFSETTO:${utcOffset(p.to)}`,
    );
    if (name) lines.push(`TZNAME:${name}`);
    lines.push(`END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  if (kept.size < 100) kept.set(key, lines);
  return lines;
}
