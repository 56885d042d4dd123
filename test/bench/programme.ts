/**
 * The programme editor's benchmark (issue 34). Prints figures, asserts nothing.
 *
 * One conference of 600 accepted papers (3 authors each), 12 rooms and 4 days, every paper placed:
 * 150 session blocks of 4 papers with their chairs, over a listening server. A separate node
 * process (test/bench/programmeDrive.mjs) drops a session block from one place to another and back
 * (each drop moves its 4 papers and answers the conflicts of the whole programme), one after
 * another, then asks for the whole programme's conflicts; the pure conflict check is timed here
 * too, read from the tables (as a release reads it) and as the editor reads it (the manuscripts
 * kept in memory, keptManuscripts.ts). Targets: a drop ≤ 200 ms, the whole conflict check ≤ 200 ms.
 * The machine's load average is printed beside the figures.
 *
 * Run: `npm run bench:programme` (SQLite), or with TEST_DATABASE_URL=mysql://… for MariaDB.
 * BENCH_MOVES=N (default 60).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'production';
if (process.env.TEST_DATABASE_URL) process.env.TEST_DIALECT ??= 'mysql';

const MOVES = Number(process.env.BENCH_MOVES ?? 60);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SIZE = { papers: 600, rooms: 12, days: 4, perBlock: 4, length: 20 };

async function main(): Promise<void> {
  const { createHarness } = await import('../helpers/harness');
  const { RaisedLimits } = await import('../helpers/concurrency');
  const { programmeSite, API, call } = await import('../server/programme/helpers');
  const { insertId, toDbInstant } = await import('../../server/db/dialect');
  const { readWorking, conflictsOfWorking } = await import('../../server/modules/programme/editor');
  const { KeptManuscripts } = await import('../../server/modules/programme/keptManuscripts');
  const { InvalidationBus } = await import('../../server/platform/cache');
  const h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 1_000_000 }) });
  const server = http.createServer(h.app);
  try {
    let t = performance.now();
    const s = await programmeSite(h, 'bench-programme', {
      startDate: '2027-05-10',
      endDate: '2027-05-13',
      rooms: SIZE.rooms,
    });
    const days = ['2027-05-10', '2027-05-11', '2027-05-12', '2027-05-13'];
    const now = toDbInstant();
    const submitter = Number((await h.db('users').where({ email: 'chief-bench-programme@example.org' }).first())!.id);
    const subs: number[] = [];
    for (let i = 0; i < SIZE.papers; i++) {
      subs.push(
        await insertId(
          h.db('submissions').insert({
            conference_id: s.cid,
            user_id: submitter,
            number: `A${String(i + 1).padStart(4, '0')}`,
            title: `Paper ${i + 1}`,
            session_id: s.sessionId,
            report_type_id: s.oral,
            abstract: 'An abstract.',
            keywords: 'k',
            status: 'accepted',
            active: true,
            submitted_at: now,
            updated_at: now,
          }),
        ),
      );
    }
    const authors = subs.flatMap((id, i) =>
      [0, 1, 2].map((position) => ({
        conference_id: s.cid,
        submission_id: id,
        position,
        name: `Given${(i * 3 + position) % 1500}`,
        surname: 'Person',
        email: `p${(i * 3 + position) % 1500}@example.org`,
        company: 'University',
      })),
    );
    for (let i = 0; i < authors.length; i += 200) await h.db('submission_authors').insert(authors.slice(i, i + 200));
    // 150 blocks of 4 papers: per room and day, blocks from 08:30, 90 minutes apart
    const blockLength = SIZE.perBlock * SIZE.length;
    let paper = 0;
    let block = 0;
    const free = { day: days[3], roomId: s.rooms[11], startMinute: 900, endMinute: 900 + blockLength };
    outer: for (const day of days) {
      for (const roomId of s.rooms) {
        for (let slot = 0; slot < 4; slot++) {
          if (paper >= SIZE.papers) break outer;
          const start = 510 + slot * 100;
          const blockId = await insertId(
            h.db('programme_items').insert({
              conference_id: s.cid,
              kind: 'session',
              day,
              start_minute: start,
              end_minute: start + blockLength,
              room_id: roomId,
              session_id: s.sessionId,
              title_zh: `分会 ${block}`,
              title_en: `Session ${block}`,
              chair: JSON.stringify({ name: `Chair ${block % 97}`, unit: '', email: '', accountId: null }),
              speakers: '[]',
              revision: 1,
              updated_at: now,
            }),
          );
          block++;
          const rows = [];
          for (let k = 0; k < SIZE.perBlock && paper < SIZE.papers; k++, paper++) {
            rows.push({
              conference_id: s.cid,
              kind: 'paper',
              day,
              start_minute: start + k * SIZE.length,
              end_minute: start + (k + 1) * SIZE.length,
              room_id: roomId,
              parent_id: blockId,
              position: k,
              submission_id: subs[paper],
              session_id: s.sessionId,
              title_zh: '',
              title_en: '',
              speakers: '[]',
              revision: 1,
              updated_at: now,
            });
          }
          await h.db('programme_items').insert(rows);
        }
      }
    }
    const moving = (await h
      .db('programme_items')
      .where({ conference_id: s.cid, kind: 'session' })
      .orderBy('id')
      .first()) as { id: number; day: string; start_minute: number; room_id: number; revision: number };
    console.log(
      `dialect ${h.testDb.dialect}; seeded ${SIZE.papers} papers in ${block} session blocks, ${SIZE.rooms} rooms, ${SIZE.days} days in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    // the pure check, in this process
    const w = await readWorking(h.db, s.cid);
    const pure: number[] = [];
    let found = 0;
    for (let i = 0; i < 9; i++) {
      t = performance.now();
      found = conflictsOfWorking(w, days, 'zh').length;
      pure.push(performance.now() - t);
    }
    pure.sort((a, b) => a - b);
    const read: number[] = [];
    for (let i = 0; i < 9; i++) {
      t = performance.now();
      conflictsOfWorking(await readWorking(h.db, s.cid), days, 'zh');
      read.push(performance.now() - t);
    }
    read.sort((a, b) => a - b);
    // as the editor reads it: the manuscripts kept in memory while their fingerprint stays the same
    const kept = new KeptManuscripts(h.db, await InvalidationBus.create());
    const source = (cid: number, ids: number[]) => kept.of(cid, ids);
    await readWorking(h.db, s.cid, source);
    const keptRead: number[] = [];
    for (let i = 0; i < 9; i++) {
      t = performance.now();
      conflictsOfWorking(await readWorking(h.db, s.cid, source), days, 'zh');
      keptRead.push(performance.now() - t);
    }
    keptRead.sort((a, b) => a - b);
    console.log(
      `conflict check, pure (${w.items.length} items): median ${pure[4].toFixed(1)} ms, worst ${pure[8].toFixed(1)} ms; ${found} conflicts`,
    );
    console.log(
      `conflict check, read from the tables and checked (as a release does): median ${read[4].toFixed(1)} ms, worst ${read[8].toFixed(1)} ms`,
    );
    console.log(
      `conflict check, read as the editor does (manuscripts kept) and checked: median ${keptRead[4].toFixed(1)} ms, worst ${keptRead[8].toFixed(1)} ms`,
    );

    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await call(h, s.host, 'get', `${API}/state`, { token: s.manager }).expect(200);
    const file = path.join(os.tmpdir(), `bench-programme-${process.pid}.json`);
    type DriveOut = {
      drop: { p50: number; p95: number; max: number; statuses: Record<string, number> };
      conflicts: { p50: number; p95: number; max: number; count: number };
    };
    /** One run of the drive, and the CPU this process (the server) spent meanwhile, in ms. */
    const drive = async (moves: number, checks: number): Promise<DriveOut & { cpuMs: number }> => {
      const item = (await h.db('programme_items').where({ id: moving.id }).first()) as { revision: number };
      fs.writeFileSync(
        file,
        JSON.stringify({
          host: s.host,
          token: s.manager,
          item: { id: moving.id, revision: Number(item.revision) },
          a: {
            day: moving.day,
            startMinute: Number(moving.start_minute),
            endMinute: Number(moving.start_minute) + blockLength,
            roomId: Number(moving.room_id),
          },
          b: free,
          moves,
          checks,
        }),
      );
      const cpu = process.cpuUsage();
      const { stdout } = await promisify(execFile)(process.execPath, [
        path.join(ROOT, 'test/bench/programmeDrive.mjs'),
        String(port),
        file,
      ]);
      const used = process.cpuUsage(cpu);
      return { ...(JSON.parse(stdout) as DriveOut), cpuMs: (used.user + used.system) / 1000 };
    };
    try {
      const drops = await drive(MOVES, 0);
      const checks = await drive(0, 30);
      const f = (n: number) => n.toFixed(1).padStart(6);
      console.log(
        `drop a session block (moves its 4 papers, answers all conflicts), ${MOVES} in a row: p50 ${f(drops.drop.p50)} ms  p95 ${f(drops.drop.p95)} ms  max ${f(drops.drop.max)} ms  ${JSON.stringify(drops.drop.statuses)}  (target ≤ 200 ms); server CPU ${(drops.cpuMs / MOVES).toFixed(1)} ms a drop`,
      );
      console.log(
        `GET conflicts of the whole programme, 30 in a row:                p50 ${f(checks.conflicts.p50)} ms  p95 ${f(checks.conflicts.p95)} ms  max ${f(checks.conflicts.max)} ms  ${checks.conflicts.count} conflicts  (target ≤ 200 ms); server CPU ${(checks.cpuMs / 30).toFixed(1)} ms a check`,
      );
      console.log(
        `load average (1, 5, 15 min): ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')} on ${os.cpus().length} cores`,
      );
    } finally {
      fs.rmSync(file, { force: true });
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.stop();
  }
}

await main();
