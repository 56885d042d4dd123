/**
 * The desk's counts: checked in, registered, and check-ins per hour in the conference's time
 * zone, each counted by the database, and the instants behind one hour's bar.
 */
import type { Db } from '../../db/index';
import type { CountsView } from '../../contract/checkin';
import { localTime } from '../../platform/localTime';
import { registrantCount } from '../registration/index';
import * as repo from './repo';

/**
 * Live counts: checked in, registered, and check-ins per hour in the conference's time zone, each
 * counted by the database. Exported by the front door for the organiser's overview.
 */
export async function liveCounts(db: Db, conferenceId: number, timeZone: string): Promise<CountsView> {
  const [registered, checkedIn, slots] = await Promise.all([
    registrantCount(db, conferenceId),
    repo.countCheckins(db, conferenceId),
    repo.checkinsPerUtcQuarter(db, conferenceId),
  ]);
  return { registered, checkedIn, perHour: perLocalHour(slots, timeZone) };
}

/**
 * UTC quarter hours summed by the local hour each one starts in, named 'YYYY-MM-DD HH:00' in the
 * zone: exact for half- and quarter-hour zones, and across a change of summer time (each slot
 * is converted at its own instant; the hour a clock goes back through twice is one bucket).
 */
export function perLocalHour(slots: Array<{ slot: string; n: number }>, timeZone: string): CountsView['perHour'] {
  const hours = new Map<string, number>();
  for (const { slot, n } of slots) {
    const hour = `${localTime(new Date(`${slot.replace(' ', 'T')}:00Z`), timeZone).slice(0, 13)}:00`;
    hours.set(hour, (hours.get(hour) ?? 0) + n);
  }
  return [...hours].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([hour, count]) => ({ hour, count }));
}

const QUARTER_MS = 15 * 60_000;

/**
 * The instants of one local hour ('YYYY-MM-DD HH:00' as perLocalHour names it): from the first
 * UTC quarter hour that starts in it to the end of the last, so the list behind a bar holds what
 * the bar counts (the hour a clock goes back through twice is both; one it skips is empty).
 */
export function localHourRange(hour: string, timeZone: string): { from: Date; to: Date } {
  const noonUtc = Date.parse(`${hour.slice(0, 10)}T12:00:00Z`);
  let from = 0;
  let to = 0;
  // every real zone is within 14 hours of UTC: the local day lies within these 52 hours
  for (let at = noonUtc - 26 * 3_600_000; at <= noonUtc + 26 * 3_600_000; at += QUARTER_MS) {
    if (`${localTime(new Date(at), timeZone).slice(0, 13)}:00` !== hour) continue;
    if (!from) from = at;
    to = at + QUARTER_MS;
  }
  return { from: new Date(from), to: new Date(to) };
}
