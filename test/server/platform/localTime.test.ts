/**
 * Local time in one place (issue 35): the day, the wall clock and the zone's offset, read from one
 * cached formatter per zone. Pinned on Asia/Shanghai (no summer time), on Europe/Berlin across both
 * of its 2026 changes (29 March 01:00 UTC: 02:00 → 03:00; 25 October 01:00 UTC: 03:00 → 02:00),
 * and on zones whose offsets are not whole hours; then held, instant by instant through both
 * changes, to what the separate helpers it replaced answered (rebuilt below from their code).
 */
import { describe, expect, test } from 'vitest';
import {
  dayIn,
  localTime,
  todayIn,
  utcOffsetMinutes,
  wallClockIn,
  wallClockPartsIn,
  zoneOffsetMs,
} from '../../../server/platform/localTime';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('Asia/Shanghai', () => {
  const zone = 'Asia/Shanghai';
  test('the day turns at 16:00 UTC', () => {
    expect(todayIn(zone, at('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(todayIn(zone, at('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(dayIn(zone, at('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
  test('the wall clock and the offset', () => {
    expect(localTime(at('2026-11-27T16:30:00Z'), zone)).toBe('2026-11-28 00:30');
    expect(localTime(at('2026-11-27T16:30:05Z'), zone, true)).toBe('2026-11-28 00:30:05');
    expect(wallClockIn(at('2026-11-27T16:30:05Z'), zone)).toBe('2026-11-28T00:30:05');
    expect(zoneOffsetMs(zone, at('2026-07-01T00:00:00Z'))).toBe(8 * HOUR);
    expect(utcOffsetMinutes(zone, at('2026-01-01T00:00:00Z'))).toBe(480);
  });
  test('midnight is 00, never 24', () => {
    expect(wallClockPartsIn(at('2026-11-27T16:00:00Z'), zone)).toEqual({
      year: '2026',
      month: '11',
      day: '28',
      hour: '00',
      minute: '00',
      second: '00',
    });
  });
});

describe('Europe/Berlin across its changes of summer time', () => {
  const zone = 'Europe/Berlin';
  test('spring: 02:00 becomes 03:00 at 01:00 UTC on 29 March 2026', () => {
    expect(localTime(at('2026-03-29T00:59:59Z'), zone, true)).toBe('2026-03-29 01:59:59');
    expect(localTime(at('2026-03-29T01:00:00Z'), zone, true)).toBe('2026-03-29 03:00:00');
    expect(utcOffsetMinutes(zone, at('2026-03-29T00:59:59Z'))).toBe(60);
    expect(utcOffsetMinutes(zone, at('2026-03-29T01:00:00Z'))).toBe(120);
    // the change day is still one day, from 23:00 UTC the evening before to 22:00 UTC
    expect(todayIn(zone, at('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayIn(zone, at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn(zone, at('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(todayIn(zone, at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });
  test('autumn: 03:00 becomes 02:00 at 01:00 UTC on 25 October 2026, and 02:30 comes twice', () => {
    expect(wallClockIn(at('2026-10-25T00:30:00Z'), zone)).toBe('2026-10-25T02:30:00');
    expect(wallClockIn(at('2026-10-25T01:30:00Z'), zone)).toBe('2026-10-25T02:30:00');
    expect(zoneOffsetMs(zone, at('2026-10-25T00:59:59Z'))).toBe(2 * HOUR);
    expect(zoneOffsetMs(zone, at('2026-10-25T01:00:00Z'))).toBe(HOUR);
    expect(todayIn(zone, at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(todayIn(zone, at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(todayIn(zone, at('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(todayIn(zone, at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });
});

test('zones a quarter or half an hour off, and behind UTC', () => {
  expect(utcOffsetMinutes('Asia/Kathmandu', at('2026-06-01T00:00:00Z'))).toBe(345);
  expect(utcOffsetMinutes('Asia/Kolkata', at('2026-06-01T00:00:00Z'))).toBe(330);
  expect(localTime(at('2026-06-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-02 00:00');
  expect(utcOffsetMinutes('America/New_York', at('2026-01-15T12:00:00Z'))).toBe(-300);
  expect(todayIn('America/New_York', at('2026-01-16T04:59:59Z'))).toBe('2026-01-15');
});

test('the offset counts whole seconds, as the helpers it replaced did', () => {
  expect(zoneOffsetMs('UTC', at('2026-01-01T00:00:00.999Z'))).toBe(0);
  expect(zoneOffsetMs('Asia/Shanghai', at('2026-01-01T00:00:00.500Z'))).toBe(8 * HOUR);
});

test('an unknown zone is refused as Intl refuses it, and is not remembered', () => {
  expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  expect(() => localTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
});

// What the helpers answered before they were one module (registration's todayIn, platform's
// localTime, tableCells' wallClockIn, orders' zoneOffsetMs, overviewFigures' utcOffsetMinutes),
// their formatters built once per zone here so that the sweep stays quick.
function helpersBefore(tz: string) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  const short = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' });
  const medium = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
  const canada = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const us = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return {
    todayIn: (now: Date) => day.format(now),
    localTime: (now: Date, s: boolean) => (s ? medium : short).format(now),
    wallClockIn(now: Date) {
      const p = Object.fromEntries(canada.formatToParts(now).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
    },
    parts(now: Date) {
      const p = Object.fromEntries(us.formatToParts(now).map((x) => [x.type, x.value]));
      return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
    },
    zoneOffsetMs(now: Date) {
      const parts = us.formatToParts(now);
      const v = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return (
        Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) -
        Math.floor(now.getTime() / 1000) * 1000
      );
    },
    utcOffsetMinutes(now: Date) {
      const local = medium.format(now).replace(' ', 'T') + 'Z';
      return Math.round((Date.parse(local) - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
    },
  };
}

// the four days around each 2026 change of Berlin, New York (8 March, 1 November) and Lord Howe (half an hour: 5 April, 4 October)
const WINDOWS = ['2026-03-06', '2026-03-27', '2026-04-03', '2026-10-02', '2026-10-23', '2026-10-30'].map((day) =>
  Date.parse(`${day}T00:00:00Z`),
);

test.each(['Europe/Berlin', 'Asia/Shanghai', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])(
  '%s: every quarter hour (and a few odd seconds) around the 2026 changes answers as before',
  (zone) => {
    const before = helpersBefore(zone);
    for (const start of WINDOWS) {
      for (let ms = start; ms < start + 4 * 24 * HOUR; ms += 15 * 60_000 + 7_123) {
        const now = new Date(ms);
        expect(wallClockPartsIn(now, zone)).toEqual(before.parts(now));
        expect(todayIn(zone, now)).toBe(before.todayIn(now));
        expect(localTime(now, zone)).toBe(before.localTime(now, false));
        expect(localTime(now, zone, true)).toBe(before.localTime(now, true));
        expect(wallClockIn(now, zone)).toBe(before.wallClockIn(now));
        expect(zoneOffsetMs(zone, now)).toBe(before.zoneOffsetMs(now));
        expect(utcOffsetMinutes(zone, now)).toBe(before.utcOffsetMinutes(now));
      }
    }
  },
);
