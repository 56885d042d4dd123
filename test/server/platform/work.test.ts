/**
 * Heavy work (issue 30, server/platform/work): the queue with progress, its bounds, its kept
 * results and its recovery, on the real app and database; the pool's real worker threads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import { toDbInstant } from '../../../server/db/dialect';
import { AppError } from '../../../server/platform/errors';
import { WorkPool } from '../../../server/platform/work/pool';
import type { WorkAsker, WorkKind } from '../../../server/platform/work/types';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { visit } from '../../helpers/http';
import { finishWork, workFile } from '../../helpers/work';

let h: Harness;
let a: number;
let b: number;
let tokenA: string;
let tokenB: string;
let askerA: WorkAsker;
let askerB: WorkAsker;
const A = { host: 'a.localhost' } as { host: string; token: string };
const B = { host: 'b.localhost' } as { host: string; token: string };

/** Gates that a test opens to let a running piece of work finish. */
const gates = new Map<string, { open: () => void; opened: Promise<void>; started: boolean }>();
function gate(name: string) {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  const g = { open, opened, started: false };
  gates.set(name, g);
  return g;
}

let version = 'v1';
const table: WorkKind<{ rows: number }> = {
  name: 'test.table',
  params: z.object({ rows: z.number().int().min(1).max(100_000) }),
  version: async () => version,
  async run(ctx, { rows }) {
    ctx.progress(0, rows, 'work:stage.reading');
    const bytes = await ctx.compute<Uint8Array>('platform.table', {
      sheets: [
        {
          name: 'T',
          head: ['n', 'text'],
          rows: Array.from({ length: rows }, (_, i) => [String(i + 1), i === 0 ? '=HYPERLINK("x")' : `row ${i + 1}`]),
        },
      ],
    });
    return {
      file: {
        name: 'table.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: Buffer.from(bytes),
      },
    };
  },
};
const waiting: WorkKind<{ gate: string }> = {
  name: 'test.waiting',
  params: z.object({ gate: z.string() }),
  async run(ctx, { gate: name }) {
    const g = gates.get(name)!;
    g.started = true;
    ctx.progress(1, 2, 'work:stage.importing');
    await Promise.race([
      g.opened,
      new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
    ]);
    return { summary: { gate: name } };
  },
};
const failing: WorkKind<{ known: boolean }> = {
  name: 'test.failing',
  params: z.object({ known: z.boolean() }),
  async run(_ctx, { known }) {
    if (known) throw new AppError(400, 'orders:csvInvalid');
    throw new Error('a bug');
  },
};

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await h.provision(contractSite({ slug: 'a', domains: ['a.localhost'] }));
  b = await h.provision(contractSite({ slug: 'b', domains: ['b.localhost'] }));
  tokenA = await h.login({ email: 'manager-a@example.org', conferenceId: a, roles: ['manager'] });
  tokenB = await h.login({ email: 'manager-b@example.org', conferenceId: b, roles: ['manager'] });
  A.token = tokenA;
  B.token = tokenB;
  const userA = Number((await h.db('users').where({ email: 'manager-a@example.org' }).first())!.id);
  askerA = { conferenceId: a, userId: userA, lang: 'en', timeZone: 'Asia/Shanghai' };
  askerB = { ...askerA, conferenceId: b };
  h.work.register([table, waiting, failing]);
}, 60_000);
afterAll(() => h?.stop());
// A test that fails with a gate shut would hold its conference's place and time out the ones after it.
afterEach(() => {
  for (const g of gates.values()) g.open();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a piece of work', () => {
  test('runs off the request, reports progress, and its file is the managers of its conference', async () => {
    const started = await h.work.ask(table, askerA, { rows: 2000 });
    expect(['queued', 'running']).toContain(started.state);
    const done = await finishWork(h.app, A, started);
    expect(done).toMatchObject({ state: 'done', fileName: 'table.xlsx', error: null, stage: 'work:stage.done' });
    const res = await workFile(h.app, A, done);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('table.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('T')!;
    expect(sheet.rowCount).toBe(2001);
    expect(sheet.getCell('B2').value).toBe('=HYPERLINK("x")');
    // B's manager, on B's domain, does not find A's work; an attendee of A is not a manager.
    expect((await visit(h.app, `/api/work/${done.id}`, B)).status).toBe(404);
    expect((await visit(h.app, `/api/work/${done.id}/file`, B)).body.message).toBe('work:notFound');
    expect((await visit(h.app, `/api/work/${done.id}`, { host: A.host })).status).toBe(401);
    // The recent list shows it.
    expect((await visit(h.app, '/api/work', A)).body.data.map((w: { id: number }) => w.id)).toContain(done.id);
  });

  test('a bad id or bad parameters get a translated refusal', async () => {
    expect((await visit(h.app, '/api/work/abc', A)).body).toMatchObject({ code: 400, message: 'work:notFound' });
    expect((await visit(h.app, '/api/work/999999', A)).body).toMatchObject({ code: 404, message: 'work:notFound' });
    await expect(h.work.ask(table, askerA, { rows: -1 })).rejects.toMatchObject({ status: 400 });
  });

  test('asked again while it runs, the same work answers; once done, the kept result until the data changes', async () => {
    const g = gate('twice');
    const first = await h.work.ask(waiting, askerA, { gate: 'twice' });
    // The runner writes progress after the work has started: wait for the write, not the start.
    try {
      await until(async () => g.started && (await h.work.view(a, first.id)).done === 1);
      const again = await h.work.ask(waiting, askerA, { gate: 'twice' });
      expect(again.id).toBe(first.id);
      expect(again).toMatchObject({ state: 'running', done: 1, total: 2 });
    } finally {
      g.open();
    }
    expect(await finishWork(h.app, A, first)).toMatchObject({ state: 'done', summary: { gate: 'twice' } });

    version = 'v1';
    const built = await finishWork(h.app, A, await h.work.ask(table, askerA, { rows: 3 }));
    expect((await h.work.ask(table, askerA, { rows: 3 })).id).toBe(built.id);
    // Other parameters, or another language, are another piece of work.
    expect((await h.work.ask(table, { ...askerA, lang: 'zh' }, { rows: 3 })).id).not.toBe(built.id);
    version = 'v2';
    const rebuilt = await h.work.ask(table, askerA, { rows: 3 });
    expect(rebuilt.id).not.toBe(built.id);
    await finishWork(h.app, A, rebuilt);
  });

  test('a failure is reported with its message, never as a silent loss', async () => {
    expect(await finishWork(h.app, A, await h.work.ask(failing, askerA, { known: true }))).toMatchObject({
      state: 'failed',
      error: 'orders:csvInvalid',
    });
    expect(await finishWork(h.app, A, await h.work.ask(failing, askerA, { known: false }))).toMatchObject({
      state: 'failed',
      error: 'work:failed',
    });
  });
});

describe('bounds', () => {
  test("one conference's second piece of work waits, with its place shown, while another conference's runs", async () => {
    const g1 = gate('a1');
    const g2 = gate('a2');
    const gb = gate('b1');
    const first = await h.work.ask(waiting, askerA, { gate: 'a1' });
    await until(() => g1.started);
    const second = await h.work.ask(waiting, askerA, { gate: 'a2' });
    const other = await h.work.ask(waiting, askerB, { gate: 'b1' });
    await until(() => gb.started);
    const view = (await visit(h.app, `/api/work/${second.id}`, A)).body.data;
    expect(view).toMatchObject({ state: 'queued', position: 0 });
    expect(g2.started).toBe(false);
    g1.open();
    await until(() => g2.started);
    g2.open();
    gb.open();
    await finishWork(h.app, A, first);
    await finishWork(h.app, A, second);
    await finishWork(h.app, B, other);
  });

  test('a conference cannot queue without end', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `q${i}`);
    for (const n of names) gate(n);
    const results = await Promise.allSettled(names.map((n) => h.work.ask(waiting, askerB, { gate: n })));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 503, messageKey: 'work:busy' });
    // Another conference is not refused meanwhile.
    gate('other');
    const other = await h.work.ask(waiting, askerA, { gate: 'other' });
    for (const n of [...names, 'other']) gates.get(n)!.open();
    await finishWork(h.app, A, other);
    for (const r of results) if (r.status === 'fulfilled') await finishWork(h.app, B, r.value);
  });
});

describe('restarts', () => {
  test('work whose runner crashed is run again; past its attempts it fails as interrupted', async () => {
    const now = toDbInstant(new Date(Date.now() - 120_000));
    const base = {
      conference_id: a,
      kind: 'test.table',
      params: JSON.stringify({ rows: 2 }),
      lang: 'en',
      time_zone: 'UTC',
      user_id: askerA.userId,
      state: 'running' as const,
      holder: 'crashed-host:1',
      heartbeat_at: now,
      created_at: now,
      started_at: now,
    };
    const [retried] = await h.db('work_items').insert({ ...base, work_key: 'crash-1', attempts: 1 }, ['id']);
    const [given] = await h.db('work_items').insert({ ...base, work_key: 'crash-2', attempts: 3 }, ['id']);
    const id = (x: number | { id: number }) => (typeof x === 'object' ? x.id : x);
    h.workRunner.wake();
    expect(await finishWork(h.app, A, await h.work.view(a, id(retried)))).toMatchObject({ state: 'done' });
    await until(
      async () =>
        (
          await h
            .db('work_items')
            .where({ id: id(given) })
            .first()
        )?.state === 'failed',
    );
    expect(await h.work.view(a, id(given))).toMatchObject({ state: 'failed', error: 'work:interrupted' });
  });

  test('an instance that stops hands its running work back to the queue', async () => {
    const g = gate('stopping');
    const started = await h.work.ask(waiting, askerA, { gate: 'stopping' });
    await until(() => g.started);
    await h.workRunner.stop();
    expect(await h.work.view(a, started.id)).toMatchObject({ state: 'queued' });
    g.open();
    h.workRunner.start();
    expect(await finishWork(h.app, A, started)).toMatchObject({ state: 'done' });
  });
});

describe('the pool', () => {
  test('a task past its memory fails with a clear message, and the pool goes on', async () => {
    const pool = new WorkPool({
      threads: 1,
      queue: 4,
      perConference: 2,
      waitingPerConference: 4,
      heapMb: 32,
      timeoutMs: 60_000,
    });
    try {
      const rows = Array.from({ length: 150_000 }, (_, i) => [String(i), 'x'.repeat(40), 'y'.repeat(40)]);
      await expect(
        pool.run(1, 'platform.table', { sheets: [{ name: 'big', head: ['a', 'b', 'c'], rows }] }),
      ).rejects.toMatchObject({ status: 413, messageKey: 'work:tooLarge' });
      const small = await pool.run<Uint8Array>(1, 'platform.table', {
        sheets: [{ name: 's', head: ['a'], rows: [['1']] }],
      });
      expect(small.byteLength).toBeGreaterThan(1000);
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('one conference gets its share of the pool; past its line it is refused at once, others are not', async () => {
    const pool = new WorkPool({
      threads: 1,
      queue: 16,
      perConference: 1,
      waitingPerConference: 1,
      heapMb: 256,
      timeoutMs: 60_000,
    });
    try {
      const input = {
        sheets: [{ name: 's', head: ['a'], rows: Array.from({ length: 20_000 }, (_, i) => [String(i)]) }],
      };
      const runs = [
        pool.run(1, 'platform.table', input),
        pool.run(1, 'platform.table', input),
        pool.run(1, 'platform.table', input),
      ];
      const other = pool.run(2, 'platform.table', input);
      const settled = await Promise.allSettled([...runs, other]);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, messageKey: 'work:busy' });
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('an unknown task is an error, not a hang', async () => {
    await expect(h.work.compute(a, 'nobody.nothing', {})).rejects.toThrow(/unknown task/);
  });
});
