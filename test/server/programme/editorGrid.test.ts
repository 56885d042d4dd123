/**
 * The programme editor (issue 34), on SQLite and MariaDB: placing, moving and resizing items;
 * every kind of conflict as it happens; session blocks holding their papers in order. Concurrent
 * saves and bad input: editorConcurrency.test.ts.
 */
import { describe, expect, test } from 'vitest';
import * as cheerio from 'cheerio';
import request from 'supertest';
import { acceptedPaper, API, call } from './helpers';
import { useEditorSite, h, s, state, add, place, ok } from './editorWorld';

useEditorSite();

describe('the grid', () => {
  test('days come from the conference dates; rooms in order; the screen is for managers only', async () => {
    const st = await state();
    expect(st.days).toEqual(['2027-05-10', '2027-05-11', '2027-05-12']);
    expect(st.timeZone).toBe('Asia/Shanghai');
    expect(st.rooms.map((r) => r.name.en)).toEqual(['Room 1', 'Room 2']);
    expect(st.settings).toMatchObject({ dayStartMinute: 480, dayEndMinute: 1080, slotMinutes: 15, defaultLength: 20 });
    const screen = await request(h.app)
      .get('/platform/manage/programme')
      .set('Host', s.host)
      .set('Cookie', `token=${s.manager}; locale=en`)
      .expect(200);
    const island = cheerio.load(screen.text)('[data-island="ManageProgramme"]');
    expect(island.length).toBe(1);
    expect(screen.text).toContain('Room 2');
    const attendee = await h.login({ email: 'just-attending@example.org', conferenceId: s.cid, roles: ['attendee'] });
    expect(
      (await request(h.app).get('/platform/manage/programme').set('Host', s.host).set('Cookie', `token=${attendee}`))
        .status,
    ).not.toBe(200);
    expect((await call(h, s.host, 'get', `${API}/state`, { token: attendee })).status).toBe(403);
  });

  test('a paper placed, moved to another room and resized; its length by report type', async () => {
    await call(h, s.host, 'put', `${API}/settings`, {
      token: s.manager,
      body: {
        dayStartMinute: 480,
        dayEndMinute: 1080,
        slotMinutes: 15,
        defaultLength: 20,
        lengths: { [String(s.oral)]: 30 },
      },
    }).expect(200);
    const paper = await acceptedPaper(h, s);
    const st = await state();
    expect(st.papers.find((p) => p.submissionId === paper.id)).toMatchObject({
      length: 30,
      accepted: true,
      authors: [
        expect.objectContaining({ presenting: true, accountId: paper.userId }),
        expect.objectContaining({ presenting: false, accountId: null }),
      ],
    });
    const created = ok(
      await add({
        kind: 'paper',
        submissionId: paper.id,
        place: { day: '2027-05-10', startMinute: 540, endMinute: 570, roomId: s.rooms[0] },
      }),
    );
    expect(created.item).toMatchObject({
      kind: 'paper',
      day: '2027-05-10',
      startMinute: 540,
      endMinute: 570,
      roomId: s.rooms[0],
      revision: 1,
      sessionId: s.sessionId,
      updatedBy: 'Chief Editor',
    });
    const moved = ok(
      await place(created.item!, { day: '2027-05-11', startMinute: 600, endMinute: 630, roomId: s.rooms[1] }),
    );
    expect(moved.item).toMatchObject({ day: '2027-05-11', startMinute: 600, roomId: s.rooms[1], revision: 2 });
    const resized = ok(
      await place(moved.item!, { day: '2027-05-11', startMinute: 600, endMinute: 660, roomId: s.rooms[1] }),
    );
    expect(resized.item).toMatchObject({ endMinute: 660, revision: 3 });
    const off = ok(await place(resized.item!, { day: null }));
    expect(off.item).toMatchObject({ day: null, startMinute: null, roomId: null });
  });
});

describe('conflicts as they happen', () => {
  test('a room booked twice, then freed', async () => {
    const a = ok(
      await add({
        kind: 'talk',
        title: { zh: '报告甲', en: 'Talk A' },
        place: { day: '2027-05-12', startMinute: 540, endMinute: 600, roomId: s.rooms[0] },
      }),
    );
    const b = ok(
      await add({
        kind: 'talk',
        title: { zh: '报告乙', en: 'Talk B' },
        place: { day: '2027-05-12', startMinute: 570, endMinute: 630, roomId: s.rooms[0] },
      }),
    );
    expect(b.conflicts.map((c) => [c.kind, c.itemIds.sort()])).toEqual([['room', [a.item!.id, b.item!.id].sort()]]);
    expect(b.conflicts[0].text).toBe(
      '会场1被重复占用：“报告甲”（2027-05-12 09:00–10:00）与“报告乙”（2027-05-12 09:30–10:30）',
    );
    const fixed = ok(await place(b.item!, { day: '2027-05-12', startMinute: 600, endMinute: 660, roomId: s.rooms[0] }));
    expect(fixed.conflicts).toEqual([]);
    // a lunch for every room clashes with anything at that time
    const lunch = ok(
      await add({
        kind: 'lunch',
        title: { zh: '午餐', en: 'Lunch' },
        place: { day: '2027-05-12', startMinute: 630, endMinute: 690, roomId: null },
      }),
    );
    expect(lunch.conflicts.map((c) => c.kind)).toEqual(['room']);
    ok(await call(h, s.host, 'delete', `${API}/items/${lunch.item!.id}?revision=1`, { token: s.manager }));
  });

  test('one person in two places: by account (the speaker typed with the address of a paper’s presenting author), else by the name however written', async () => {
    const paper = await acceptedPaper(h, s, { author: 'Grace Hopper', email: 'grace@example.org' });
    ok(
      await add({
        kind: 'paper',
        submissionId: paper.id,
        place: { day: '2027-05-10', startMinute: 660, endMinute: 690, roomId: s.rooms[0] },
      }),
    );
    const talk = ok(
      await add({
        kind: 'keynote',
        title: { zh: '主旨', en: 'Keynote' },
        speakers: [{ name: 'G. H.', email: 'GRACE@example.org' }],
        place: { day: '2027-05-10', startMinute: 675, endMinute: 720, roomId: s.rooms[1] },
      }),
    );
    expect(talk.item!.speakers[0]).toMatchObject({ accountId: paper.userId, email: 'grace@example.org' });
    expect(talk.conflicts.map((c) => [c.kind, c.params.person])).toEqual([['person', 'Grace Hopper']]);
    const chaired = ok(
      await add({
        kind: 'session',
        title: { zh: '分会', en: 'Session' },
        chair: { name: 'Ada  Lovelace' },
        place: { day: '2027-05-10', startMinute: 780, endMinute: 840, roomId: s.rooms[0] },
      }),
    );
    const other = ok(
      await add({
        kind: 'talk',
        title: { zh: '报告', en: 'Talk' },
        speakers: [{ name: 'ada lovelace' }],
        place: { day: '2027-05-10', startMinute: 800, endMinute: 820, roomId: s.rooms[1] },
      }),
    );
    expect(other.conflicts.map((c) => c.kind)).toEqual(['person']);
    expect(other.conflicts[0].itemIds.sort()).toEqual([chaired.item!.id, other.item!.id].sort());
    for (const i of [talk.item!, other.item!])
      ok(await call(h, s.host, 'delete', `${API}/items/${i.id}?revision=${i.revision}`, { token: s.manager }));
    ok(await call(h, s.host, 'delete', `${API}/items/${chaired.item!.id}?revision=1`, { token: s.manager }));
  });

  test('outside the days, outside the hours, a paper twice, a paper no longer accepted; all listed, in English too', async () => {
    const paper = await acceptedPaper(h, s, { title: 'Twice told' });
    const first = ok(
      await add({
        kind: 'paper',
        submissionId: paper.id,
        place: { day: '2027-05-09', startMinute: 540, endMinute: 560, roomId: s.rooms[1] },
      }),
    );
    expect(first.conflicts.map((c) => c.kind)).toEqual(['outsideDays']);
    const second = ok(
      await add({
        kind: 'paper',
        submissionId: paper.id,
        place: { day: '2027-05-11', startMinute: 1070, endMinute: 1100, roomId: s.rooms[0] },
      }),
    );
    expect(second.conflicts.map((c) => c.kind).sort()).toEqual(['outsideHours', 'twice']);
    // withdrawn by a manager, as the submissions desk does it (the editor's kept manuscripts see it)
    await call(h, s.host, 'post', `/conference/platform/manage/contribute/${paper.id}/status`, {
      token: s.manager,
      body: { action: 'withdraw', note: '' },
    }).expect(200);
    const all = (await call(h, s.host, 'get', `${API}/conflicts`, { token: s.manager, lang: 'en' }).expect(200)).body
      .data as Array<{ kind: string; text: string; itemIds: number[] }>;
    const mine = all.filter((c) => c.itemIds.includes(first.item!.id) || c.itemIds.includes(second.item!.id));
    expect(mine.map((c) => c.kind).sort()).toEqual([
      'notAccepted',
      'notAccepted',
      'outsideDays',
      'outsideHours',
      'twice',
    ]);
    expect(mine.find((c) => c.kind === 'outsideDays')!.text).toMatch(
      /^“A\d{4} Twice told” is on 2027-05-09, not a day of the conference$/,
    );
    expect(mine.find((c) => c.kind === 'notAccepted')!.text).toMatch(
      /^“A\d{4} Twice told” is no longer an accepted paper$/,
    );
    for (const i of [first.item!, second.item!])
      ok(await call(h, s.host, 'delete', `${API}/items/${i.id}?revision=${i.revision}`, { token: s.manager }));
  });
});

describe('session blocks', () => {
  test('papers laid out in order from the block’s start; the block takes them along; past its end is a conflict', async () => {
    const block = ok(
      await add({
        kind: 'session',
        title: { zh: '图学习', en: 'Graph learning' },
        sessionId: s.sessionId,
        chair: { name: 'Chair Person' },
        place: { day: '2027-05-12', startMinute: 840, endMinute: 900, roomId: s.rooms[1] },
      }),
    );
    const p1 = await acceptedPaper(h, s);
    const p2 = await acceptedPaper(h, s);
    const a = ok(await add({ kind: 'paper', submissionId: p1.id, parentId: block.item!.id }));
    const b = ok(await add({ kind: 'paper', submissionId: p2.id, parentId: block.item!.id }));
    let st = await state();
    const kids = () => st.items.filter((i) => i.parentId === block.item!.id).sort((x, y) => x.position - y.position);
    expect(kids().map((i) => [i.id, i.startMinute, i.endMinute, i.roomId])).toEqual([
      [a.item!.id, 840, 870, s.rooms[1]],
      [b.item!.id, 870, 900, s.rooms[1]],
    ]);
    expect(b.conflicts).toEqual([]);
    // b first
    const bNow = st.items.find((i) => i.id === b.item!.id)!;
    ok(
      await call(h, s.host, 'post', `${API}/items/${bNow.id}/nest`, {
        token: s.manager,
        body: { revision: bNow.revision, parentId: block.item!.id, position: 0 },
      }),
    );
    st = await state();
    expect(kids().map((i) => [i.id, i.startMinute])).toEqual([
      [b.item!.id, 840],
      [a.item!.id, 870],
    ]);
    // the block moves an hour earlier to the other room: its papers with it
    const blockNow = st.items.find((i) => i.id === block.item!.id)!;
    const moved = ok(
      await place(blockNow, { day: '2027-05-12', startMinute: 780, endMinute: 840, roomId: s.rooms[0] }),
    );
    expect(moved.moved.map((i) => [i.id, i.startMinute, i.roomId]).sort()).toEqual(
      [
        [a.item!.id, 810, s.rooms[0]],
        [b.item!.id, 780, s.rooms[0]],
      ].sort(),
    );
    // shrunk: the second paper runs past its end
    const shrunk = ok(
      await place(moved.item!, { day: '2027-05-12', startMinute: 780, endMinute: 825, roomId: s.rooms[0] }),
    );
    expect(shrunk.conflicts.map((c) => c.kind)).toEqual(['overflow']);
    // deleting the block sends its papers back to the waiting pane
    const gone = ok(
      await call(h, s.host, 'delete', `${API}/items/${block.item!.id}?revision=${shrunk.item!.revision}`, {
        token: s.manager,
      }),
    );
    expect(gone.removed).toEqual([block.item!.id]);
    st = await state();
    expect(st.items.filter((i) => [a.item!.id, b.item!.id].includes(i.id)).map((i) => [i.parentId, i.day])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
