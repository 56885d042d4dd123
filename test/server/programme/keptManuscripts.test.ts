/**
 * The editor's kept manuscripts (issue 34, keptManuscripts.ts), on SQLite and MariaDB: a second
 * read of an unchanged conference does not read the manuscripts' authors again; a change made as
 * the application makes it (a manager's withdrawal, an author's edit touch `updated_at`), a
 * conference's caches dropped, a person's identity changed, or the age limit passed, and the next
 * read is from the tables. Counted by the statements knex sends, not by time.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { InvalidationBus } from '../../../server/platform/cache';
import { KeptManuscripts } from '../../../server/modules/programme/keptManuscripts';
import { acceptedPaper, call, programmeSite, type ProgrammeSite } from './helpers';

let h: Harness;
let s: ProgrammeSite;
let bus: InvalidationBus;
let clock = 1_000_000;
let kept: KeptManuscripts;

/** How many statements read the authors while `work` runs. */
async function authorReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: number }> {
  let reads = 0;
  const count = (q: { sql?: string }) => {
    if (/submission_authors/.test(String(q.sql))) reads++;
  };
  h.db.on('query', count);
  try {
    return { value: await work(), reads };
  } finally {
    h.db.off('query', count);
  }
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  s = await programmeSite(h, 'prog-kept');
  bus = await InvalidationBus.create();
  kept = new KeptManuscripts(h.db, bus, () => clock);
}, 60_000);
afterAll(async () => {
  await bus?.close();
  await h?.stop();
});

describe('the editor’s kept manuscripts', () => {
  test('read once while nothing changes; a withdrawal through the desk is seen at once', async () => {
    const paper = await acceptedPaper(h, s, { title: 'Kept paper' });
    const first = await authorReads(() => kept.of(s.cid, []));
    expect(first.reads).toBeGreaterThan(0);
    expect(first.value.find((m) => m.id === paper.id)).toMatchObject({ title: 'Kept paper', accepted: true });
    const again = await authorReads(() => kept.of(s.cid, [paper.id]));
    expect(again.reads).toBe(0);
    expect(again.value.map((m) => m.id)).toEqual(first.value.map((m) => m.id));

    await call(h, s.host, 'post', `/conference/platform/manage/contribute/${paper.id}/status`, {
      token: s.manager,
      body: { action: 'withdraw', note: '' },
    }).expect(200);
    const after = await authorReads(() => kept.of(s.cid, [paper.id]));
    expect(after.reads).toBeGreaterThan(0);
    expect(after.value.find((m) => m.id === paper.id)).toMatchObject({ accepted: false });
  });

  test('a new manuscript, an edit that touches updated_at, and a paper asked for that was not kept are read', async () => {
    await kept.of(s.cid, []);
    const added = await acceptedPaper(h, s, { title: 'New one' });
    const seen = await authorReads(() => kept.of(s.cid, []));
    expect(seen.reads).toBeGreaterThan(0);
    expect(seen.value.some((m) => m.id === added.id)).toBe(true);

    // an edit of the title and authors, as the submissions repository writes it (updated_at to the millisecond)
    await h
      .db('submissions')
      .where({ id: added.id })
      .update({ title: 'New one, revised', updated_at: toDbInstant(new Date(Date.now() + 5)) });
    expect((await kept.of(s.cid, [])).find((m) => m.id === added.id)?.title).toBe('New one, revised');

    // a rejected manuscript is not among the accepted: asked for by id, it is read and then kept
    const rejected = await acceptedPaper(h, s, { status: 'rejected' });
    await kept.of(s.cid, []);
    const asked = await authorReads(() => kept.of(s.cid, [rejected.id]));
    expect(asked.reads).toBeGreaterThan(0);
    expect(asked.value.find((m) => m.id === rejected.id)).toMatchObject({ accepted: false });
    expect((await authorReads(() => kept.of(s.cid, [rejected.id]))).reads).toBe(0);
    // an id of no manuscript of this conference is remembered as asked, not read again and again
    await kept.of(s.cid, [rejected.id, 999_999]);
    expect((await authorReads(() => kept.of(s.cid, [999_999]))).reads).toBe(0);
  });

  test('a conference’s caches dropped, a person changed, or a minute passed: read again', async () => {
    await kept.of(s.cid, []);
    expect((await authorReads(() => kept.of(s.cid, []))).reads).toBe(0);
    await bus.conferenceChanged(s.cid);
    expect((await authorReads(() => kept.of(s.cid, []))).reads).toBeGreaterThan(0);
    await bus.identityChanged({ userId: s.managerId });
    expect((await authorReads(() => kept.of(s.cid, []))).reads).toBeGreaterThan(0);
    clock += 59_000;
    expect((await authorReads(() => kept.of(s.cid, []))).reads).toBe(0);
    clock += 2_000;
    expect((await authorReads(() => kept.of(s.cid, []))).reads).toBeGreaterThan(0);
  });

  test('the editor answers from it: a drop after the first reads no author, and its conflicts still name the paper', async () => {
    const paper = await acceptedPaper(h, s, { title: 'Dropped' });
    const API = '/conference/platform/manage/programme';
    const made = (
      await call(h, s.host, 'post', `${API}/items`, {
        token: s.manager,
        body: {
          kind: 'paper',
          submissionId: paper.id,
          place: { day: '2027-05-10', startMinute: 540, endMinute: 560, roomId: s.rooms[0] },
        },
      }).expect(200)
    ).body.data;
    const drop = await authorReads(() =>
      call(h, s.host, 'post', `${API}/items/${made.item.id}/place`, {
        token: s.manager,
        body: {
          revision: made.item.revision,
          day: '2027-05-10',
          startMinute: 1070,
          endMinute: 1090,
          roomId: s.rooms[0],
        },
      }).expect(200),
    );
    expect(drop.reads).toBe(0);
    expect(
      drop.value.body.data.conflicts.map((c: { kind: string; params: Record<string, string> }) => [c.kind, c.params.a]),
    ).toEqual([['outsideHours', `${(await h.db('submissions').where({ id: paper.id }).first())!.number} Dropped`]]);
  });
});
