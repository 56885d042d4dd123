/**
 * Check-in counts and the large attendance export (issue 33), on SQLite and MariaDB:
 * - check-ins per hour are counted by the conference's local hour, exactly, for a half-hour zone
 *   (Asia/Kolkata, +05:30), a quarter-hour zone (Asia/Kathmandu, +05:45) and across the night a
 *   summer-time zone goes back an hour (America/New_York, 1 November 2026);
 * - more than ATTENDANCE_AT_ONCE people checked in: the export is a piece of work (202, polled),
 *   and the workbook read back with exceljs has every one of them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, firstSheet, workFile } from '../../helpers/work';
import { liveCounts } from '../../../server/modules/checkin/index';
import { localHourRange } from '../../../server/modules/checkin/counts';
import { page } from '../../helpers/http';
import { ATTENDANCE_AT_ONCE } from '../../../server/modules/checkin/exportWork';
import { call, checkinConference, seedCheckedIn } from './helpers';

let h: Harness;
const at = (iso: string) => new Date(iso);
const byHour = (rows: Array<{ hour: string; count: number }>) => Object.fromEntries(rows.map((r) => [r.hour, r.count]));

// A harness on MariaDB takes a while when the machine is busy.
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
}, 120_000);
afterAll(() => h?.stop());

describe('check-ins per local hour', () => {
  test('a half-hour and a quarter-hour zone: each check-in in the local hour it happened', async () => {
    const s = await checkinConference(h, 'hours-half');
    await seedCheckedIn(
      h,
      s,
      'half',
      [
        '2026-11-02T03:20:00Z',
        '2026-11-02T03:40:00Z',
        '2026-11-02T04:10:00Z',
        '2026-11-02T04:35:00Z',
        '2026-11-02T04:59:59.999Z',
        '2026-11-02T18:29:00Z',
        '2026-11-02T18:30:00Z',
      ].map(at),
    );
    // Kolkata: 08:50, 09:10, 09:40, 10:05, 10:29, 23:59, and 00:00 the next day.
    expect(byHour((await liveCounts(h.db, s.cid, 'Asia/Kolkata')).perHour)).toEqual({
      '2026-11-02 08:00': 1,
      '2026-11-02 09:00': 2,
      '2026-11-02 10:00': 2,
      '2026-11-02 23:00': 1,
      '2026-11-03 00:00': 1,
    });
    // Kathmandu: 09:05, 09:25, 09:55, 10:20, 10:44, 00:14 and 00:15 the next day.
    expect(byHour((await liveCounts(h.db, s.cid, 'Asia/Kathmandu')).perHour)).toEqual({
      '2026-11-02 09:00': 3,
      '2026-11-02 10:00': 2,
      '2026-11-03 00:00': 2,
    });
  });

  test('the night summer time ends: the hour the clock goes through twice is one hour, in order', async () => {
    const s = await checkinConference(h, 'hours-dst');
    // 00:59 EDT, 01:30 EDT, 01:30 EST (an hour later), 02:00 EST; and a March day after the clocks went forward.
    await seedCheckedIn(
      h,
      s,
      'dst',
      [
        '2026-11-01T04:59:00Z',
        '2026-11-01T05:30:00Z',
        '2026-11-01T06:30:00Z',
        '2026-11-01T07:00:00Z',
        '2026-03-08T06:59:00Z',
        '2026-03-08T07:00:00Z',
      ].map(at),
    );
    const counts = await liveCounts(h.db, s.cid, 'America/New_York');
    // 8 March: 01:59 EST, then 03:00 EDT (02:00 does not exist that night).
    expect(counts.perHour).toEqual([
      { hour: '2026-03-08 01:00', count: 1 },
      { hour: '2026-03-08 03:00', count: 1 },
      { hour: '2026-11-01 00:00', count: 1 },
      { hour: '2026-11-01 01:00', count: 2 },
      { hour: '2026-11-01 02:00', count: 1 },
    ]);
    expect(counts.checkedIn).toBe(6);
  });
});

describe("the overview's per-hour bars open the check-ins of that hour (issue 33)", () => {
  test("an hour's range: a half-hour zone, the hour a clock goes through twice, the hour it skips", () => {
    expect(localHourRange('2026-11-02 09:00', 'Asia/Kolkata')).toEqual({
      from: at('2026-11-02T03:30:00Z'),
      to: at('2026-11-02T04:30:00Z'),
    });
    expect(localHourRange('2026-11-01 01:00', 'America/New_York')).toEqual({
      from: at('2026-11-01T05:00:00Z'),
      to: at('2026-11-01T07:00:00Z'),
    });
    const skipped = localHourRange('2026-03-08 02:00', 'America/New_York');
    expect(skipped.to.getTime() - skipped.from.getTime()).toBe(0);
  });

  test("each bar's link opens the area filtered to its hour, and the list holds what the bar counts", async () => {
    const s = await checkinConference(h, 'hours-links');
    await seedCheckedIn(
      h,
      s,
      'links',
      [
        '2026-11-02T03:20:00Z',
        '2026-11-02T03:40:00Z',
        '2026-11-02T04:10:00Z',
        '2026-11-02T04:29:59.999Z',
        '2026-11-02T04:30:00Z',
      ].map(at),
    );
    const res = await call(h, s.host, 'get', '/conference/platform/manage/overview', {
      token: s.manager,
      lang: 'en',
    }).expect(200);
    const chart = (
      res.body.data.panels as Array<{
        name: string;
        charts: Array<{ id: string; categories: string[]; series: Array<{ values: number[] }>; links?: string[] }>;
      }>
    )
      .find((p) => p.name === 'checkin')!
      .charts.find((c) => c.id === 'checkin.perHour')!;
    // the conference's zone, Asia/Shanghai (the half-hour zones' ranges are the test above)
    expect(chart.categories).toEqual(['2026-11-02 11:00', '2026-11-02 12:00']);
    expect(chart.series[0].values).toEqual([2, 3]);
    for (const [i, link] of chart.links!.entries()) {
      const screen = await page(h.app, link, { host: s.host, token: s.manager, lang: 'en' });
      expect(screen.res.status).toBe(200);
      const props = JSON.parse(screen.$('[data-island="ManageCheckin"]').attr('data-props')!) as {
        filter: { hour?: string };
      };
      expect(props.filter).toEqual({ hour: chart.categories[i] });
      const list = await call(
        h,
        s.host,
        'get',
        `/conference/platform/manage/checkin/attendance?hour=${encodeURIComponent(chart.categories[i])}`,
        { token: s.manager },
      ).expect(200);
      expect(list.body.data.total).toBe(chart.series[0].values[i]);
    }
    // a bad hour in the address shows the whole list; in the API, a refusal with its message key (both catalogs)
    const bad = await page(h.app, '/platform/manage/checkin?hour=nope', { host: s.host, token: s.manager, lang: 'en' });
    expect(JSON.parse(bad.$('[data-island="ManageCheckin"]').attr('data-props')!).filter).toEqual({});
    const refused = await call(h, s.host, 'get', '/conference/platform/manage/checkin/attendance?hour=nope', {
      token: s.manager,
      lang: 'en',
    });
    expect(refused.body.code).toBe(400);
    expect(refused.body.message).toBe('checkin:hourInvalid');
  }, 120_000);
});

describe('the attendance export of many people', () => {
  test(`more than ${ATTENDANCE_AT_ONCE} checked in: a piece of work, whose workbook has every one`, async () => {
    const s = await checkinConference(h, 'checkin-big');
    const many = ATTENDANCE_AT_ONCE + 21;
    const start = Date.parse('2026-11-02T01:00:00Z');
    await seedCheckedIn(
      h,
      s,
      'big',
      Array.from({ length: many }, (_, i) => new Date(start + i * 7_000)),
    );
    const asked = await call(h, s.host, 'post', '/conference/platform/manage/checkin/export', {
      token: s.manager,
      body: {},
      lang: 'en',
    });
    expect(asked.status).toBe(202);
    expect(asked.body.data.work).toMatchObject({ kind: 'checkin.attendance' });
    const v = { host: s.host, token: s.manager, lang: 'en' as const };
    const done = await finishWork(h.app, v, asked.body.data, 120_000);
    expect(done.state).toBe('done');
    const file = await workFile(h.app, v, done);
    expect(file.status).toBe(200);
    const sheet = await firstSheet(file.body as Buffer);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Registration number',
      'Name',
      'Organisation',
      'Checked in at',
      'Desk',
      'Checked in by',
      'Scans',
    ]);
    const checked = Number((await h.db('checkins').where({ conference_id: s.cid }).count({ n: '*' }).first())!.n);
    expect(checked).toBe(many);
    expect(sheet.rowCount).toBe(many + 1);
    const codes = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) codes.add(String(row.getCell(1).value));
    });
    expect(codes.size).toBe(many);
    expect(codes.has('CI-big-0') && codes.has(`CI-big-${many - 1}`)).toBe(true);
    // The list the screen pages through counts the same people.
    const list = (
      await call(h, s.host, 'get', '/conference/platform/manage/checkin/attendance?page=1&size=50', {
        token: s.manager,
      }).expect(200)
    ).body.data;
    expect(list.total).toBe(many);
  }, 180_000);
});
