/**
 * The programme editor (issue 34), on SQLite and MariaDB: a save over a newer version answered 409
 * with the item as it now is and who saved it (concurrent saves: one wins, nothing lost); bad
 * input and other conferences' ids refused with translated messages. The grid: editorGrid.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { t } from '../../../server/platform/i18n';
import type { EditorItem } from '../../../server/contract/programmeEditor';
import { acceptedPaper, API, call, programmeSite } from './helpers';
import { useEditorSite, h, s, state, add, place, ok } from './editorWorld';

useEditorSite();

describe('two managers on the same item', () => {
  test('a save over a newer version answers 409 with the item as it now is and who saved it; nothing is lost', async () => {
    const other = await h.login({
      email: 'second-editor@example.org',
      name: 'Second Editor',
      conferenceId: s.cid,
      roles: ['manager'],
    });
    const item = ok(
      await add({
        kind: 'talk',
        title: { zh: '并发', en: 'Concurrent' },
        place: { day: '2027-05-11', startMinute: 480, endMinute: 510, roomId: s.rooms[0] },
      }),
    ).item!;
    ok(await place(item, { day: '2027-05-11', startMinute: 720, endMinute: 750, roomId: s.rooms[0] }, other));
    const late = await place(item, { day: '2027-05-11', startMinute: 900, endMinute: 930, roomId: s.rooms[1] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('programmeManage:stale');
    expect(late.body.data.by).toBe('Second Editor');
    expect(late.body.data.current).toMatchObject({
      id: item.id,
      startMinute: 720,
      revision: 2,
      updatedBy: 'Second Editor',
    });
    // redo over theirs
    const redone = ok(
      await place(late.body.data.current as EditorItem, {
        day: '2027-05-11',
        startMinute: 900,
        endMinute: 930,
        roomId: s.rooms[1],
      }),
    );
    expect(redone.item).toMatchObject({ startMinute: 900, revision: 3, updatedBy: 'Chief Editor' });
    // a delete with an old revision is refused the same way
    expect((await call(h, s.host, 'delete', `${API}/items/${item.id}?revision=1`, { token: s.manager })).status).toBe(
      409,
    );
  });

  test('twelve saves of one revision at once: exactly one wins, the others are told; the item is the winner’s', async () => {
    const item = ok(
      await add({
        kind: 'talk',
        title: { zh: '抢', en: 'Race' },
        place: { day: '2027-05-11', startMinute: 540, endMinute: 560, roomId: s.rooms[1] },
      }),
    ).item!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(item, {
          day: '2027-05-11',
          startMinute: 540 + (i + 1) * 15,
          endMinute: 560 + (i + 1) * 15,
          roomId: s.rooms[1],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(11);
    const winner = answers.find((a) => a.status === 200)!.body.data.item as EditorItem;
    const now = (await state()).items.find((i) => i.id === item.id)!;
    expect(now).toMatchObject({ startMinute: winner.startMinute, revision: 2 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.data.current.revision).toBe(2);
  });

  test('a block dropped while another manager moves one of its papers elsewhere: the paper is wholly in one place, the others moved with the block', async () => {
    const other = await h.login({
      email: 'third-editor@example.org',
      name: 'Third Editor',
      conferenceId: s.cid,
      roles: ['manager'],
    });
    const block = ok(
      await add({
        kind: 'session',
        title: { zh: '并发分会', en: 'Racing block' },
        sessionId: s.sessionId,
        place: { day: '2027-05-12', startMinute: 480, endMinute: 570, roomId: s.rooms[0] },
      }),
    ).item!;
    const papers: EditorItem[] = [];
    for (let i = 0; i < 3; i++)
      papers.push(
        ok(await add({ kind: 'paper', submissionId: (await acceptedPaper(h, s)).id, parentId: block.id })).item!,
      );
    let st = await state();
    const blockNow = st.items.find((i) => i.id === block.id)!;
    const leaving = st.items.find((i) => i.id === papers[1].id)!;
    const [drop, away] = await Promise.all([
      place(blockNow, { day: '2027-05-12', startMinute: 600, endMinute: 690, roomId: s.rooms[1] }),
      place(leaving, { day: '2027-05-11', startMinute: 1020, endMinute: 1050, roomId: s.rooms[0] }, other),
    ]);
    // the drop always lands; the paper's move lands too, or (the drop came first and moved it) is told what it now is
    expect(drop.status).toBe(200);
    expect([200, 409]).toContain(away.status);
    st = await state();
    const now = (id: number) => st.items.find((i) => i.id === id)!;
    const kids = st.items.filter((i) => i.parentId === block.id).sort((a, b) => a.position - b.position);
    if (away.status === 200) {
      expect(now(papers[1].id)).toMatchObject({
        parentId: null,
        day: '2027-05-11',
        startMinute: 1020,
        endMinute: 1050,
        roomId: s.rooms[0],
      });
      expect(kids.map((k) => k.id)).toEqual([papers[0].id, papers[2].id]);
    } else {
      expect(away.body.data.current).toMatchObject({
        id: papers[1].id,
        parentId: block.id,
        day: '2027-05-12',
        roomId: s.rooms[1],
      });
      expect(kids.map((k) => k.id)).toEqual(papers.map((p) => p.id));
    }
    // the block's papers in its new room, one after another from its new start, within it
    for (const k of kids) expect(k).toMatchObject({ day: '2027-05-12', roomId: s.rooms[1] });
    expect(kids[0].startMinute).toBe(600);
    for (let i = 1; i < kids.length; i++) expect(kids[i].startMinute).toBe(kids[i - 1].endMinute);
    expect(kids.at(-1)!.endMinute).toBeLessThanOrEqual(690);
  });
});

describe('bad input and other conferences', () => {
  test('refused with the field and a translated message, nothing changed', async () => {
    const before = (await state()).draftRevision;
    const bad = await call(h, s.host, 'put', `${API}/settings`, {
      token: s.manager,
      body: { dayStartMinute: 480, dayEndMinute: 1080, slotMinutes: 3, defaultLength: 20 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('programmeManage:slotInvalid');
    expect(t('en', bad.body.message)).toBe('A slot is 5 to 120 minutes');
    expect(t('zh', bad.body.message)).toBe('时间格为 5 至 120 分钟');
    const inverted = await add({
      kind: 'talk',
      title: { zh: '倒', en: 'Inverted' },
      place: { day: '2027-05-11', startMinute: 600, endMinute: 540, roomId: null },
    });
    expect([inverted.status, inverted.body.message]).toEqual([400, 'programmeManage:timeInvalid']);
    const untitled = await add({ kind: 'talk' });
    expect([untitled.status, untitled.body.message]).toEqual([400, 'programmeManage:titleRequired']);
    const noRoom = await call(h, s.host, 'post', `${API}/rooms`, {
      token: s.manager,
      body: { name: { zh: '', en: '' } },
    });
    expect([noRoom.status, noRoom.body.message]).toEqual([400, 'programmeManage:roomNameRequired']);
    expect((await state()).draftRevision).toBe(before);
  });

  test("another conference's rooms, items, manuscripts and sessions are refused", async () => {
    const o = await programmeSite(h, 'prog-other', { rooms: 1 });
    const theirPaper = await acceptedPaper(h, o);
    const theirItem = ok(await add({ kind: 'talk', title: { zh: '他们的', en: 'Theirs' } }, o)).item!;
    const room = await add({
      kind: 'talk',
      title: { zh: '甲', en: 'A' },
      place: { day: '2027-05-10', startMinute: 540, endMinute: 600, roomId: o.rooms[0] },
    });
    expect([room.status, room.body.message]).toEqual([400, 'programmeManage:roomNotFound']);
    const paper = await add({ kind: 'paper', submissionId: theirPaper.id });
    expect([paper.status, paper.body.message]).toEqual([400, 'programmeManage:paperNotFound']);
    const session = await add({ kind: 'session', title: { zh: '乙', en: 'B' }, sessionId: o.sessionId });
    expect([session.status, session.body.message]).toEqual([400, 'programmeManage:sessionNotFound']);
    const item = await place(theirItem, { day: null });
    expect([item.status, item.body.message]).toEqual([404, 'programmeManage:notFound']);
    expect(
      (
        await call(h, s.host, 'put', `${API}/rooms/${o.rooms[0]}`, {
          token: s.manager,
          body: { name: { zh: '改', en: 'Changed' } },
        })
      ).status,
    ).toBe(404);
    expect((await call(h, s.host, 'delete', `${API}/rooms/${o.rooms[0]}`, { token: s.manager })).status).toBe(404);
    const theirs = await call(h, o.host, 'get', `${API}/state`, { token: s.manager });
    expect([401, 403]).toContain(theirs.status);
  });
});
