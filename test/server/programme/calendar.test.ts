/**
 * The calendars' times (issue 34, RFC 5545): local times in the conference's zone with that zone's
 * VTIMEZONE, read back with ical.js as a calendar application does. The zone written from the
 * runtime's rules agrees with them hour by hour over a year (zones with and without daylight
 * saving, a half-hour change, the southern hemisphere); and over HTTP, on SQLite and MariaDB, a
 * programme in Europe/Berlin across the change to summer time and one in Asia/Shanghai come back
 * at the instants of their release and at the local times the organiser placed them, in the whole
 * programme, the personal agenda and the private feed, with UIDs that stay the same across releases.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { latestRelease } from '../../../server/modules/programme/index';
import { localStamp, vtimezone, zonedValue } from '../../../server/modules/programme/vtimezone';
import { API, call, programmeSite, type ProgrammeSite } from './helpers';
import { readCalendar, timesOf } from './icalRead';

describe('the VTIMEZONE written from the runtime’s rules', () => {
  /** Every 6 hours of 2027, and every half hour of the two days around each change of the zone's offset (found with Intl). */
  function samples(zone: string): string[] {
    const out = new Set<number>();
    const offset = (ms: number) =>
      Date.parse(
        `${localStamp(new Date(ms).toISOString(), zone).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6')}Z`,
      ) - ms;
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 6 * 3_600_000) out.add(at);
    for (let day = Date.UTC(2027, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      if (offset(day) === offset(day + 86_400_000)) continue;
      for (let at = day - 86_400_000; at < day + 2 * 86_400_000; at += 30 * 60_000) out.add(at);
    }
    return [...out].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString());
  }

  // [zone, half hours written in UTC: a local time that occurs twice]
  const cases: Array<[string, number]> = [
    ['Europe/Berlin', 4],
    ['Asia/Shanghai', 0],
    ['America/New_York', 4],
    ['Australia/Lord_Howe', 2],
    ['Asia/Kolkata', 0],
    ['America/Santiago', 4],
  ];
  for (const [zone, ambiguous] of cases) {
    test(`${zone}: every sampled instant of 2027, written as the calendars write it, is read back by ical.js at the same instant`, () => {
      const instants = samples(zone);
      const text = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        ...vtimezone(zone, ['2027-06-01T00:00:00Z']),
        ...instants.flatMap((iso, i) => [
          'BEGIN:VEVENT',
          `UID:${i}`,
          'DTSTAMP:20270101T000000Z',
          `DTSTART${zonedValue(iso, zone)}`,
          'END:VEVENT',
        ]),
        'END:VCALENDAR',
      ].join('\r\n');
      const { events } = readCalendar(text);
      expect(events).toHaveLength(instants.length);
      let inUtc = 0;
      events.forEach((e, i) => {
        const read = e.startDate.toJSDate().toISOString();
        if (read !== instants[i]) expect(`${zonedValue(instants[i], zone)} read as ${read}`).toBe(instants[i]);
        if (e.startDate.zone?.tzid !== zone) inUtc++;
        else if (e.startDate.toICALString() !== localStamp(instants[i], zone))
          expect(e.startDate.toICALString()).toBe(localStamp(instants[i], zone));
      });
      expect(inUtc).toBe(ambiguous);
    });
  }

  test('a zone without daylight saving has one observance; one with it, the changes of each year', () => {
    expect(
      vtimezone('Asia/Shanghai', ['2030-05-20T01:00:00Z']).filter(
        (l) => l.startsWith('BEGIN:STANDARD') || l.startsWith('BEGIN:DAYLIGHT'),
      ),
    ).toEqual(['BEGIN:STANDARD']);
    const berlin = vtimezone('Europe/Berlin', ['2027-03-28T07:00:00Z']);
    expect(berlin.filter((l) => l.startsWith('DTSTART') || l.startsWith('BEGIN:S') || l.startsWith('BEGIN:D'))).toEqual(
      [
        'BEGIN:STANDARD',
        'DTSTART:20261230T000000',
        'BEGIN:DAYLIGHT',
        'DTSTART:20270328T020000',
        'BEGIN:STANDARD',
        'DTSTART:20271031T030000',
      ],
    );
  });
});

describe('the calendars over HTTP', () => {
  let h: Harness;
  let berlin: ProgrammeSite;
  let shanghai: ProgrammeSite;

  const ok = (res: { body: { code: number; data: unknown } }) => {
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { item: { id: number; revision: number } };
  };
  const ics = async (site: ProgrammeSite, path: string, cookie?: string) => {
    const req = request(h.app).get(path).set('Host', site.host);
    const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    return res.text;
  };

  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    berlin = await programmeSite(h, 'cal-berlin', {
      timeZone: 'Europe/Berlin',
      startDate: '2027-03-27',
      endDate: '2027-03-29',
      rooms: 1,
    });
    shanghai = await programmeSite(h, 'cal-shanghai', {
      timeZone: 'Asia/Shanghai',
      startDate: '2027-05-10',
      endDate: '2027-05-11',
      rooms: 1,
    });
    for (const site of [berlin, shanghai])
      await call(h, site.host, 'put', `${API}/settings`, {
        token: site.manager,
        body: { dayStartMinute: 0, dayEndMinute: 1440, slotMinutes: 15, defaultLength: 20 },
      }).expect(200);
    // Berlin: 09:00 each day around the change to summer time, and a night 01:00–04:00 across it
    for (const day of ['2027-03-27', '2027-03-28', '2027-03-29'])
      ok(
        await call(h, berlin.host, 'post', `${API}/items`, {
          token: berlin.manager,
          body: {
            kind: 'talk',
            title: { zh: `报告 ${day}`, en: `Talk ${day}` },
            place: { day, startMinute: 540, endMinute: 600, roomId: berlin.rooms[0] },
          },
        }),
      );
    ok(
      await call(h, berlin.host, 'post', `${API}/items`, {
        token: berlin.manager,
        body: {
          kind: 'other',
          title: { zh: '夜', en: 'Night' },
          place: { day: '2027-03-28', startMinute: 60, endMinute: 240, roomId: berlin.rooms[0] },
        },
      }),
    );
    ok(await call(h, berlin.host, 'post', `${API}/releases`, { token: berlin.manager, body: { note: 'one' } }));
    ok(
      await call(h, shanghai.host, 'post', `${API}/items`, {
        token: shanghai.manager,
        body: {
          kind: 'keynote',
          title: { zh: '主旨报告', en: 'Keynote' },
          place: { day: '2027-05-10', startMinute: 540, endMinute: 600, roomId: null },
        },
      }),
    );
    ok(
      await call(h, shanghai.host, 'post', `${API}/items`, {
        token: shanghai.manager,
        body: {
          kind: 'talk',
          title: { zh: '晚间报告', en: 'Evening talk' },
          place: { day: '2027-05-11', startMinute: 1020, endMinute: 1080, roomId: shanghai.rooms[0] },
        },
      }),
    );
    ok(await call(h, shanghai.host, 'post', `${API}/releases`, { token: shanghai.manager, body: { note: 'one' } }));
  }, 60_000);
  afterAll(async () => h?.stop());

  test('Europe/Berlin across the change to summer time: local times with the zone, the instants of the release', async () => {
    const text = await ics(berlin, '/programme.ics?lang=en');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n');
    expect(text).toMatch(/\r\nDTSTART;TZID=Europe\/Berlin:20270328T090000\r\n/);
    expect(text).not.toMatch(/^DTSTART:.*Z\r?$/m);
    const release = (await latestRelease(h.db, berlin.cid))!.programme;
    const { events } = readCalendar(text);
    const read = events.map((e) => ({ uid: e.uid, ...timesOf(e) })).sort((a, b) => a.start.localeCompare(b.start));
    expect(read.map((e) => [e.zone, e.localStart, e.localEnd, e.start, e.end])).toEqual([
      [
        'Europe/Berlin',
        '2027-03-27T09:00:00',
        '2027-03-27T10:00:00',
        '2027-03-27T08:00:00.000Z',
        '2027-03-27T09:00:00.000Z',
      ],
      [
        'Europe/Berlin',
        '2027-03-28T01:00:00',
        '2027-03-28T04:00:00',
        '2027-03-28T00:00:00.000Z',
        '2027-03-28T02:00:00.000Z',
      ],
      [
        'Europe/Berlin',
        '2027-03-28T09:00:00',
        '2027-03-28T10:00:00',
        '2027-03-28T07:00:00.000Z',
        '2027-03-28T08:00:00.000Z',
      ],
      [
        'Europe/Berlin',
        '2027-03-29T09:00:00',
        '2027-03-29T10:00:00',
        '2027-03-29T07:00:00.000Z',
        '2027-03-29T08:00:00.000Z',
      ],
    ]);
    // the same instants as the release's, item by item
    for (const e of read) {
      const item = release.items.find((i) => `${i.uid}@${berlin.host}` === e.uid)!;
      expect([e.start, e.end]).toEqual([item.start, item.end]);
    }
  });

  test('Asia/Shanghai: the whole programme, the agenda and the private feed agree; UIDs stay across a release', async () => {
    const whole = readCalendar(await ics(shanghai, '/programme.ics?lang=zh')).events.map((e) => ({
      uid: e.uid,
      summary: e.summary,
      ...timesOf(e),
    }));
    expect(whole.map((e) => [e.summary, e.zone, e.localStart, e.start])).toEqual([
      ['主旨报告', 'Asia/Shanghai', '2027-05-10T09:00:00', '2027-05-10T01:00:00.000Z'],
      ['晚间报告', 'Asia/Shanghai', '2027-05-11T17:00:00', '2027-05-11T09:00:00.000Z'],
    ]);
    const reader = await h.login({ email: 'cal-reader@example.org', conferenceId: shanghai.cid });
    const evening = whole[1].uid.split('@')[0];
    await call(h, shanghai.host, 'put', `/conference/programme/agenda/${evening}`, { token: reader }).expect(200);
    const agenda = readCalendar(await ics(shanghai, '/programme/agenda.ics?lang=en', `token=${reader}`)).events.map(
      (e) => ({ uid: e.uid, ...timesOf(e) }),
    );
    const { summary: _summary, ...eveningTimes } = whole[1];
    expect(agenda).toEqual([eveningTimes]);
    const feedUrl = (await call(h, shanghai.host, 'post', '/conference/programme/feed', { token: reader }).expect(200))
      .body.data.url as string;
    const feed = readCalendar(await ics(shanghai, new URL(feedUrl).pathname)).events.map((e) => ({
      uid: e.uid,
      ...timesOf(e),
    }));
    expect(feed).toEqual(agenda);

    // moved an hour later and released again: the same UID, the new time, a higher SEQUENCE
    const st = (await call(h, shanghai.host, 'get', `${API}/state`, { token: shanghai.manager }).expect(200)).body
      .data as { items: Array<{ id: number; revision: number; title: { en: string } }> };
    const talk = st.items.find((i) => i.title.en === 'Evening talk')!;
    ok(
      await call(h, shanghai.host, 'post', `${API}/items/${talk.id}/place`, {
        token: shanghai.manager,
        body: {
          revision: talk.revision,
          day: '2027-05-11',
          startMinute: 1080,
          endMinute: 1140,
          roomId: shanghai.rooms[0],
        },
      }),
    );
    ok(await call(h, shanghai.host, 'post', `${API}/releases`, { token: shanghai.manager, body: { note: 'two' } }));
    const [moved] = readCalendar(await ics(shanghai, new URL(feedUrl).pathname)).events;
    expect([moved.uid, moved.sequence, timesOf(moved).localStart, timesOf(moved).start]).toEqual([
      agenda[0].uid,
      2,
      '2027-05-11T18:00:00',
      '2027-05-11T10:00:00.000Z',
    ]);
  });
});
