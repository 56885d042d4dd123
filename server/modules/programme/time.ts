/**
 * The working programme's times are a day and minutes from that day's midnight in the conference's
 * zone (as the organiser thinks of them); a release turns them into instants. Daylight saving is
 * the zone's: 09:00 on the day after a change is still 09:00 there.
 */
import { zoneOffsetMs } from '../../platform/localTime';

/** The zone's offset from UTC at an instant, in ms. */
export function offsetAt(ms: number, timeZone: string): number {
  return zoneOffsetMs(timeZone, new Date(ms));
}

/** The instant of `minute` minutes after midnight of `day` ('YYYY-MM-DD') in the zone. */
export function zonedInstant(day: string, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  let at = wall - offsetAt(wall, timeZone);
  const again = offsetAt(at, timeZone);
  if (wall - again !== at) at = wall - again;
  return new Date(at);
}

/** 'HH:MM' of minutes from midnight. */
export function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The days from start to end ('YYYY-MM-DD', both included), at most `max`. */
export function daysBetween(start: string | null, end: string | null, max = 31): string[] {
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return [];
  const last = end && /^\d{4}-\d{2}-\d{2}$/.test(end) && end >= start ? end : start;
  const days: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`); days.length < max; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (day > last) break;
    days.push(day);
  }
  return days;
}
