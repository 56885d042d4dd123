/**
 * Public programme benchmark (issue 34). Prints figures and fails (exit 1) past the budget.
 *
 * One conference with a release of 600 papers in 12 rooms over 4 days (150 session blocks of four
 * papers, plenaries and breaks), over a listening server; the load comes from a separate node
 * process (test/bench/load.mjs):
 *   1. the cached home page, one at a time and 50 at a time (the yardstick, same run);
 *   2. /programme (a day of the release, anonymous, kept by the page cache), the same two ways,
 *      and one at a time without compression;
 * every request as a browser sends it (accept-encoding: gzip), unless said otherwise;
 *   3. /programme?view=room, a talk's page, /programme.ics and schedule.json once they are kept;
 *   4. the first render of /programme after a release (nothing kept), and the PDF's first build.
 * Budget: /programme p99 ≤ 50 ms cached, one at a time.
 *
 * Run: `npm run build` first (pages render through Vike), then `npm run bench:programme-page`
 * (SQLite), or with TEST_DIALECT=mysql TEST_DATABASE_URL=mysql://… for MariaDB. The machine's
 * load average is printed beside the figures.
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

const ROOT = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);
const BUDGET_P99_MS = 50;

type LoadOut = {
  count: number;
  ms: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
};

async function load(port: number, spec: object): Promise<LoadOut> {
  const file = path.join(os.tmpdir(), `bench-programme-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [path.join(ROOT, 'test/bench/load.mjs'), String(port), file],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as LoadOut;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const line = (label: string, o: LoadOut) =>
  console.log(
    `${label.padEnd(48)} ${o.perSecond.toFixed(0).padStart(6)}/s  p50 ${o.p50.toFixed(1)} ms  p95 ${o.p95.toFixed(1)} ms  p99 ${o.p99.toFixed(1)} ms  ${JSON.stringify(o.statuses)}`,
  );

/** 600 papers, 12 rooms, 4 days: each day 4 slots of session blocks in every room (until 600 papers) (4 papers each) + a keynote, two breaks and lunch. */
async function bigProgramme() {
  const { buildProgramme } = await import('../server/programme/releaseFixture');
  const days = ['2030-05-20', '2030-05-21', '2030-05-22', '2030-05-23'];
  const rooms = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, zh: `第${i + 1}会议室`, en: `Room ${i + 1}` }));
  const sessions = Array.from({ length: 24 }, (_, i) => ({ id: i + 1, zh: `分会场${i + 1}`, en: `Track ${i + 1}` }));
  const items: Parameters<typeof buildProgramme>[0]['items'] = [];
  let id = 1;
  let papers = 0;
  const slots = [
    ['10:30', 80],
    ['13:30', 80],
    ['15:30', 80],
    ['17:00', 80],
  ] as const;
  for (const day of days) {
    items.push({
      id: id++,
      kind: 'keynote',
      day,
      start: '09:00',
      end: '10:00',
      room: null,
      title: `Keynote ${day}`,
      speakers: [{ name: `Keynote Speaker ${day}`, unit: 'Academy' }],
    });
    items.push({ id: id++, kind: 'break', day, start: '10:00', end: '10:30', room: null, title: 'Coffee' });
    items.push({ id: id++, kind: 'lunch', day, start: '12:00', end: '13:30', room: null, title: 'Lunch' });
    items.push({ id: id++, kind: 'break', day, start: '15:00', end: '15:30', room: null, title: 'Coffee' });
    for (const [start] of slots) {
      for (const room of rooms) {
        if (papers >= 600) break;
        const session = ((room.id + id) % sessions.length) + 1;
        const block = id++;
        const [h, m] = start.split(':').map(Number);
        const at = (k: number) => {
          const t = h * 60 + m + k * 20;
          return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
        };
        items.push({
          id: block,
          kind: 'session',
          day,
          start,
          end: at(4),
          room: room.id,
          title: `Session ${block}`,
          session,
        });
        for (let k = 0; k < 4 && papers < 600; k++, papers++) {
          items.push({
            id: id++,
            day,
            start: at(k),
            end: at(k + 1),
            room: room.id,
            title: `Paper ${papers + 1}: on the measurement of things in room ${room.id}`,
            session,
            parent: block,
            speakers: [
              { name: `Author ${papers}`, unit: `University ${papers % 40}` },
              { name: `Coauthor ${papers}`, unit: `Institute ${papers % 17}` },
            ],
            abstract: 'An abstract of moderate length. '.repeat(12),
          });
        }
      }
    }
  }
  return buildProgramme({ number: 1, days, rooms, sessions, items });
}

async function main(): Promise<void> {
  // This checkout's own build (the plugin's auto-import in node_modules names the last build made on the machine).
  await import(path.join(ROOT, 'dist/server/entry.mjs'));
  const { createHarness } = await import('../helpers/harness');
  const { RaisedLimits } = await import('../helpers/concurrency');
  const { contractSite } = await import('../fixtures/contractSite');
  const { release } = await import('../server/programme/releaseFixture');
  const h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 1_000_000 }) });
  const server = http.createServer(h.app);
  let failed = false;
  try {
    const host = 'bench-programme.localhost';
    const cid = await h.provision(contractSite({ slug: 'benchprog', domains: [host] }));
    const programme = await bigProgramme();
    console.log(
      `release: ${programme.items.filter((i) => i.kind === 'paper').length} papers, ${programme.rooms.length} rooms, ${programme.days.length} days, ${programme.items.length} items; dialect ${h.testDb.dialect}`,
    );
    await release(h, cid, programme);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const page = '/programme?day=2030-05-21';

    const first = await load(port, { host, method: 'GET', path: page, tokens: [''], count: 1, concurrency: 1 });
    line('first render of /programme (nothing kept)', first);
    const pdf = await load(port, {
      host,
      method: 'GET',
      path: '/programme.pdf',
      tokens: [''],
      count: 1,
      concurrency: 1,
    });
    line('first build of /programme.pdf', pdf);

    // As a browser asks (gzip: the page cache keeps the compressed page, made once), and without.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const ask = (p: string, count: number, concurrency: number, headers?: object) =>
      load(port, { host, method: 'GET', path: p, tokens: [''], count, concurrency, headers });
    // warm both
    await ask('/', 50, 1, browser);
    await ask(page, 50, 1, browser);
    const homeOne = await ask('/', 1000, 1, browser);
    line('cached home page /, one at a time', homeOne);
    const progOne = await ask(page, 1000, 1, browser);
    line(`cached ${page}, one at a time`, progOne);
    const homeBusy = await ask('/', 2000, 50, browser);
    line('cached home page /, 50 at a time', homeBusy);
    const progBusy = await ask(page, 2000, 50, browser);
    line(`cached ${page}, 50 at a time`, progBusy);
    line(`  the same, one at a time, not compressed`, await ask(page, 1000, 1));
    for (const other of [
      '/programme?view=room&day=2030-05-22',
      '/programme/item-10',
      '/programme.ics',
      '/programme/schedule.json',
    ]) {
      await ask(other, 5, 1, browser);
      line(`${other}, kept, one at a time`, await ask(other, 300, 1, browser));
    }
    // Node's fetch sends its own Host: the page is asked for as the load client asks
    const sizeOf = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: page, headers: { host, ...headers } }, (res) => {
            let bytes = 0;
            res.on('data', (c: Buffer) => (bytes += c.length));
            res.on('end', () => resolve(bytes));
          })
          .on('error', reject);
      });
    const [size, gzipped] = [await sizeOf({}), await sizeOf(browser)];
    console.log(
      `page size ${(size / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzipped; fast-path answers ${h.pageCache.fastHits}`,
    );
    console.log(
      `/programme / cached home: p50 ${(progOne.p50 / homeOne.p50).toFixed(2)}×, p99 ${(progOne.p99 / homeOne.p99).toFixed(2)}× one at a time; throughput 50 at a time ${(progBusy.perSecond / homeBusy.perSecond).toFixed(2)}×`,
    );
    console.log(
      `load average (1, 5, 15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${os.cpus().length} cores`,
    );
    if (progOne.p99 > BUDGET_P99_MS) {
      console.log(`OVER BUDGET: /programme p99 ${progOne.p99.toFixed(1)} ms > ${BUDGET_P99_MS} ms`);
      failed = true;
    } else console.log(`within budget: /programme p99 ${progOne.p99.toFixed(1)} ms ≤ ${BUDGET_P99_MS} ms`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
