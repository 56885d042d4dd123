/**
 * Time as the people of a conference read it: the wall clock of an instant in the conference's
 * time zone, the day it is there, and how far the zone is ahead of UTC. Registration windows,
 * fee dates, receipts, exports, mails, the overview and the programme all ask here, so a day or a
 * time is the same wherever it is shown (issue 35: there were three "today"s and five offsets).
 *
 * Every answer is sliced from one text, 'YYYY-MM-DD HH:mm:ss' (the ISO order that Swedish writes
 * dates and times in), made by one formatter per zone built once: building an Intl.DateTimeFormat
 * is most of the cost of using one, and format() costs a quarter of formatToParts()
 * (test/bench/localTime.ts). test/server/platform/localTime.test.ts holds the text to the
 * fields the formatter's parts give. An unknown zone throws RangeError, as Intl does.
 */
const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone. */
function wallClockText(at: Date, timeZone: string): string {
  let format = FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // conferences use a handful of IANA names; the bound keeps a stream of odd names from growing it
    if (FORMATS.size < 1000) FORMATS.set(timeZone, format);
  }
  return format.format(at);
}

/** The wall clock's fields, as two-digit texts (the year four). */
/** The platform's own zone: the platform host's, and a conference's that names none. */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

export type WallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string };

export function wallClockPartsIn(at: Date, timeZone: string): WallClock {
  const w = wallClockText(at, timeZone);
  return {
    year: w.slice(0, 4),
    month: w.slice(5, 7),
    day: w.slice(8, 10),
    hour: w.slice(11, 13),
    minute: w.slice(14, 16),
    second: w.slice(17, 19),
  };
}

/** The day of an instant in a zone, 'YYYY-MM-DD'. */
export function dayIn(timeZone: string, at: Date): string {
  return wallClockText(at, timeZone).slice(0, 10);
}

/** Today in a time zone, 'YYYY-MM-DD' (date-only values are compared in the conference's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayIn(timeZone, now);
}

/** 'YYYY-MM-DD HH:mm' (or with ':ss'): how mails, exports and documents write a time. */
export function localTime(at: Date, timeZone: string, withSeconds = false): string {
  const w = wallClockText(at, timeZone);
  return withSeconds ? w : w.slice(0, 16);
}

/** 'YYYY-MM-DDTHH:mm:ss', the wall clock as a spreadsheet's date cell takes it. */
export function wallClockIn(at: Date, timeZone: string): string {
  const w = wallClockText(at, timeZone);
  return `${w.slice(0, 10)}T${w.slice(11)}`;
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (Asia/Shanghai: 8 h; whole seconds). */
export function zoneOffsetMs(timeZone: string, at: Date = new Date()): number {
  return Date.parse(`${wallClockIn(at, timeZone)}Z`) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The same in minutes (China: 480), as the SQL that groups instants by local day takes it. */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  return Math.round(zoneOffsetMs(timeZone, at) / 60_000);
}
