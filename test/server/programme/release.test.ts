/**
 * Releases of the programme (issue 34), on SQLite and MariaDB: refused while a conflict remains
 * (the list, translated); release N+1 with a note, its snapshot (placed items only, instants from
 * the day and minutes in the conference's zone: Asia/Shanghai, and Europe/Berlin across the change
 * to summer time), its change log against release N, the event; and mail to the people whose items
 * moved, with their old and new times, in their language, read back from a real SMTP server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { platformTransports } from '../../../server/modules/mail/transport';
import { MailWorker } from '../../../server/modules/mail/worker';
import { latestRelease } from '../../../server/modules/programme/index';
import type { ProgrammeReleaseSummary } from '../../../server/contract/programme';
import type { SaveAnswer } from '../../../server/contract/programmeEditor';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { startSmtpPeer, type SmtpPeer } from '../mail/smtpPeer';
import { acceptedPaper, API, call, programmeSite, type ProgrammeSite } from './helpers';

let h: Harness;
let smtp: SmtpPeer;
let s: ProgrammeSite;

const ok = <T = SaveAnswer>(res: { body: { code: number; data: unknown } }): T => {
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as T;
};
const add = (body: object, site = s) => call(h, site.host, 'post', `${API}/items`, { token: site.manager, body });
const release = (note: string, site = s, lang?: 'zh' | 'en') =>
  call(h, site.host, 'post', `${API}/releases`, { token: site.manager, body: { note }, lang });

async function delivered(): Promise<typeof smtp.received> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: h.testDb.dataDir,
    SECRET: TEST_SECRET,
    SMTP_URL: smtp.url(),
  });
  await new MailWorker(h.db, platformTransports(config, h.smtp)).drain();
  return smtp.received;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  h = await createHarness({ seedDemo: false });
  s = await programmeSite(h, 'prog-release');
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('releases', () => {
  let keynote: SaveAnswer['item'];
  let paperItem: SaveAnswer['item'];
  let english: { id: number; email: string };
  let chinese: { id: number; email: string };

  test('refused while a conflict remains, with the list in the reader’s language; nothing stored', async () => {
    english = await acceptedPaper(h, s, { title: 'Moving paper', author: 'Alice Moved', lang: 'en' });
    chinese = await acceptedPaper(h, s, { title: '不动的论文', author: '明 李', lang: 'zh' });
    paperItem = ok(
      await add({
        kind: 'paper',
        submissionId: english.id,
        place: { day: '2027-05-10', startMinute: 540, endMinute: 560, roomId: s.rooms[0] },
      }),
    ).item;
    ok(
      await add({
        kind: 'paper',
        submissionId: chinese.id,
        place: { day: '2027-05-10', startMinute: 540, endMinute: 560, roomId: s.rooms[1] },
      }),
    );
    keynote = ok(
      await add({
        kind: 'keynote',
        title: { zh: '主旨报告', en: 'Keynote' },
        speakers: [{ name: 'Alice Moved', email: english.email }],
        chair: { name: 'Outside Chair', email: 'chair.outside@example.org' },
        place: { day: '2027-05-10', startMinute: 550, endMinute: 600, roomId: null },
      }),
    ).item;
    const refused = await release('first', s, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('programmeManage:conflictsRemain');
    expect(refused.body.text).toMatch(/^Not released: \d+ conflicts remain/);
    const kinds = (refused.body.data as Array<{ kind: string; text: string }>).map((c) => c.kind).sort();
    expect(kinds).toEqual(['person', 'room', 'room']);
    expect((refused.body.data as Array<{ kind: string; text: string }>).find((c) => c.kind === 'person')!.text).toMatch(
      /^Alice Moved is in two places at once: “.+” \(2027-05-10 09:\d0–\d\d:\d0\) and “.+” \(2027-05-10 09:\d0–\d\d:\d0\)$/,
    );
    expect(await latestRelease(h.db, s.cid)).toBeUndefined();
  });

  test('release 1: the snapshot of placed items in Shanghai time; no change log and no mail the first time', async () => {
    keynote = ok(
      await call(h, s.host, 'post', `${API}/items/${keynote!.id}/place`, {
        token: s.manager,
        body: { revision: keynote!.revision, day: '2027-05-10', startMinute: 480, endMinute: 530, roomId: null },
      }),
    ).item;
    ok(await add({ kind: 'break', title: { zh: '茶歇', en: 'Break' } })); // not placed: not released
    const first = ok<ProgrammeReleaseSummary>(await release('First programme'));
    expect(first).toMatchObject({ number: 1, note: 'First programme', releasedBy: 'Chief Editor', changes: [] });
    const r = (await latestRelease(h.db, s.cid))!;
    expect(r.programme.timeZone).toBe('Asia/Shanghai');
    expect(r.programme.days).toEqual(['2027-05-10', '2027-05-11', '2027-05-12']);
    expect(r.programme.items.map((i) => [i.kind, i.start, i.end, i.startLocal, i.endLocal])).toEqual([
      ['keynote', '2027-05-10T00:00:00.000Z', '2027-05-10T00:50:00.000Z', '08:00', '08:50'],
      ['paper', '2027-05-10T01:00:00.000Z', '2027-05-10T01:20:00.000Z', '09:00', '09:20'],
      ['paper', '2027-05-10T01:00:00.000Z', '2027-05-10T01:20:00.000Z', '09:00', '09:20'],
    ]);
    const key = r.programme.items[0];
    expect(key.speakers).toEqual([{ name: 'Alice Moved', unit: '', accountId: expect.any(Number) }]);
    expect(JSON.stringify(r.programme)).not.toContain('@example.org');
    const paper = r.programme.items.find((i) => i.paper?.submissionId === english.id)!;
    expect(paper.title).toEqual({ zh: 'Moving paper', en: 'Moving paper' });
    expect(paper.paper).toMatchObject({
      reportType: { zh: '口头报告', en: 'Oral' },
      authors: [
        expect.objectContaining({ name: 'Alice Moved', presenting: true }),
        expect.objectContaining({ presenting: false }),
      ],
    });
    expect(r.programme.rooms.map((x) => x.name.en)).toEqual(['Room 1', 'Room 2']);
    expect(await delivered()).toHaveLength(0);
  });

  test('release 2: moved, added, removed and changed in its log; the people of moved items mailed old and new times in their language', async () => {
    // the keynote moves a day later; the English author's paper moves rooms
    ok(
      await call(h, s.host, 'post', `${API}/items/${keynote!.id}/place`, {
        token: s.manager,
        body: { revision: keynote!.revision, day: '2027-05-11', startMinute: 480, endMinute: 530, roomId: null },
      }),
    );
    ok(
      await call(h, s.host, 'post', `${API}/items/${paperItem!.id}/place`, {
        token: s.manager,
        body: {
          revision: paperItem!.revision,
          day: '2027-05-10',
          startMinute: 600,
          endMinute: 620,
          roomId: s.rooms[1],
        },
      }),
    );
    const added = ok(
      await add({
        kind: 'lunch',
        title: { zh: '午餐', en: 'Lunch' },
        place: { day: '2027-05-10', startMinute: 720, endMinute: 780, roomId: null },
      }),
    ).item!;
    const st = (await call(h, s.host, 'get', `${API}/state`, { token: s.manager }).expect(200)).body.data;
    const zhItem = st.items.find((i: { submissionId: number | null }) => i.submissionId === chinese.id);
    ok(
      await call(h, s.host, 'put', `${API}/items/${zhItem.id}`, {
        token: s.manager,
        body: { revision: zhItem.revision, title: { zh: '新标题', en: 'New title' } },
      }),
    );
    const second = ok<ProgrammeReleaseSummary>(await release('Rooms swapped'));
    expect(second.number).toBe(2);
    const byChange = Object.fromEntries(second.changes.map((c) => [c.uid, c]));
    expect(byChange[`item-${keynote!.id}`]).toMatchObject({
      change: 'moved',
      before: { day: '2027-05-10', startLocal: '08:00', roomId: null },
      after: { day: '2027-05-11', startLocal: '08:00', roomId: null },
    });
    expect(byChange[`item-${paperItem!.id}`]).toMatchObject({
      change: 'moved',
      before: { startLocal: '09:00', roomId: s.rooms[0] },
      after: { startLocal: '10:00', roomId: s.rooms[1] },
    });
    expect(byChange[`item-${added.id}`]).toMatchObject({ change: 'added', before: null });
    expect(byChange[`item-${zhItem.id}`]).toMatchObject({
      change: 'changed',
      title: { zh: '新标题', en: 'New title' },
    });
    const mails = await delivered();
    const to = (m: (typeof mails)[number]) => JSON.stringify(m.to);
    // Alice: one mail for her two moved items, in English; the chair has no account here, and the
    // conference is published: told in both languages. The Chinese author's item did not move.
    expect(mails.map(to).sort()).toEqual(
      [expect.stringContaining(english.email), expect.stringContaining('chair.outside@example.org')].sort(),
    );
    const alice = mails.find((m) => to(m).includes(english.email))!;
    expect(alice.subject).toBe('[Contract Test Conference] Your programme times have changed');
    expect(alice.text).toContain(
      'Keynote\n  Was: 2027-05-10 08:00–08:50, All rooms\n  Now: 2027-05-11 08:00–08:50, All rooms',
    );
    expect(alice.text).toContain(
      'Moving paper\n  Was: 2027-05-10 09:00–09:20, Room 1\n  Now: 2027-05-10 10:00–10:20, Room 2',
    );
    expect(alice.text).not.toMatch(/[\u4e00-\u9fff]/);
    const chair = mails.find((m) => to(m).includes('chair.outside'))!;
    expect(chair.subject).toBe(
      '【契约测试会议】您的日程时间有调整 / [Contract Test Conference] Your programme times have changed',
    );
    expect(chair.text).toContain(
      '主旨报告\n  原为: 2027-05-10 08:00–08:50, 全部会场\n  现为: 2027-05-11 08:00–08:50, 全部会场',
    );
    expect(chair.text).toContain('Keynote\n  Was: 2027-05-10 08:00–08:50, All rooms');
    expect(mails.some((m) => to(m).includes(chinese.email))).toBe(false);
    const list = ok<ProgrammeReleaseSummary[]>(await call(h, s.host, 'get', `${API}/releases`, { token: s.manager }));
    expect(list.map((r) => [r.number, r.note])).toEqual([
      [2, 'Rooms swapped'],
      [1, 'First programme'],
    ]);
  });

  test('release 3 of an unchanged programme has an empty log; removing an item logs it', async () => {
    const st = (await call(h, s.host, 'get', `${API}/state`, { token: s.manager }).expect(200)).body.data;
    const lunch = st.items.find((i: { kind: string }) => i.kind === 'lunch');
    ok(await call(h, s.host, 'delete', `${API}/items/${lunch.id}?revision=${lunch.revision}`, { token: s.manager }));
    const third = ok<ProgrammeReleaseSummary>(await release(''));
    expect(third.changes).toEqual([
      expect.objectContaining({ uid: `item-${lunch.id}`, change: 'removed', after: null }),
    ]);
    expect(ok<ProgrammeReleaseSummary>(await release('same')).changes).toEqual([]);
  });

  test('a release names the working programme its manager saw: changed since, it is refused', async () => {
    const before = (await call(h, s.host, 'get', `${API}/state`, { token: s.manager }).expect(200)).body.data
      .draftRevision;
    ok(await add({ kind: 'other', title: { zh: '其他', en: 'Other' } }));
    const stale = await call(h, s.host, 'post', `${API}/releases`, {
      token: s.manager,
      body: { note: 'x', draftRevision: before },
    });
    expect([stale.status, stale.body.message]).toEqual([409, 'programmeManage:draftChanged']);
  });

  test('four releases asked at once: numbered one after another, or told to look again; none fails', async () => {
    const before = (await latestRelease(h.db, s.cid))!.number;
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((note) => release(note)));
    // one that read the programme after another's commit releases it again (an empty log); one that read it before is refused
    for (const a of answers) expect([200, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe('programmeManage:draftChanged');
    const numbers = answers
      .filter((a) => a.status === 200)
      .map((a) => (a.body.data as ProgrammeReleaseSummary).number)
      .sort((x, y) => x - y);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(numbers.map((_, i) => before + 1 + i));
    expect((await latestRelease(h.db, s.cid))!.number).toBe(before + numbers.length);
    expect(
      Number((await h.db('programme_releases').where({ conference_id: s.cid }).count({ n: '*' }).first())!.n),
    ).toBe(before + numbers.length);
  });
});

describe('time zones', () => {
  test('Europe/Berlin across the change to summer time: 09:00 is 08:00Z before and 07:00Z after', async () => {
    const b = await programmeSite(h, 'prog-berlin', {
      timeZone: 'Europe/Berlin',
      startDate: '2027-03-27',
      endDate: '2027-03-29',
      rooms: 1,
    });
    for (const day of ['2027-03-27', '2027-03-28', '2027-03-29'])
      ok(
        await add(
          {
            kind: 'talk',
            title: { zh: day, en: day },
            place: { day, startMinute: 540, endMinute: 600, roomId: b.rooms[0] },
          },
          b,
        ),
      );
    // 02:30 on the 28th does not exist there; 01:00–04:00 spans the jump
    ok(
      await call(h, b.host, 'put', `${API}/settings`, {
        token: b.manager,
        body: { dayStartMinute: 0, dayEndMinute: 1440, slotMinutes: 15, defaultLength: 20 },
      }),
    );
    ok(
      await add(
        {
          kind: 'other',
          title: { zh: '夜', en: 'Night' },
          place: { day: '2027-03-28', startMinute: 60, endMinute: 240, roomId: b.rooms[0] },
        },
        b,
      ),
    );
    ok(await release('Berlin', b));
    const r = (await latestRelease(h.db, b.cid))!;
    expect(r.programme.timeZone).toBe('Europe/Berlin');
    expect(r.programme.items.map((i) => [i.day, i.startLocal, i.start, i.end])).toEqual([
      ['2027-03-27', '09:00', '2027-03-27T08:00:00.000Z', '2027-03-27T09:00:00.000Z'],
      ['2027-03-28', '01:00', '2027-03-28T00:00:00.000Z', '2027-03-28T02:00:00.000Z'],
      ['2027-03-28', '09:00', '2027-03-28T07:00:00.000Z', '2027-03-28T08:00:00.000Z'],
      ['2027-03-29', '09:00', '2027-03-29T07:00:00.000Z', '2027-03-29T08:00:00.000Z'],
    ]);
  });
});
