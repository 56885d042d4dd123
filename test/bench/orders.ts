/**
 * Orders benchmark (issue 12). Prints figures, asserts nothing.
 *
 * On a fresh database (SQLite, or MariaDB with TEST_DATABASE_URL) with one conference, one
 * registration fee and N registered people, over a listening server:
 *   1. orders created per second when N people choose the fee at once (50 at a time), each
 *      choice a transaction that locks the fee, checks both maxima and writes the order;
 *   2. the fee page's render time (GET /profile/conference/fee, signed in), sequential requests;
 *   3. for scale, the cached anonymous home page in the same run, so the two are comparable.
 * The load comes from a separate node process (test/bench/load.mjs), not from the server's.
 *
 * Run: `npm run build` first (the fee page is a rendered island), then `npm run bench:orders`.
 * BENCH_PEOPLE=N (default 1000).
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

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const ROOT = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);

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
  // The spec (with hundreds of session tokens) goes in a file: too long for a command line.
  const file = path.join(os.tmpdir(), `bench-load-${process.pid}.json`);
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
    `${label.padEnd(44)} ${o.perSecond.toFixed(0).padStart(6)}/s  p50 ${o.p50.toFixed(1)} ms  p95 ${o.p95.toFixed(1)} ms  p99 ${o.p99.toFixed(1)} ms  ${JSON.stringify(o.statuses)}`,
  );

async function main(): Promise<void> {
  const { createHarness } = await import('../helpers/harness');
  const { RaisedLimits } = await import('../helpers/concurrency');
  const { addFee, attendee, feeConference } = await import('../server/orders/helpers');
  const h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 1_000_000 }) });
  const server = http.createServer(h.app);
  try {
    const { cid, host } = await feeConference(h, 'bench-orders');
    const fee = await addFee(h, cid, { kind: 'register', maxTotal: PEOPLE * 10, maxPerAccount: 1 });
    const tokens: string[] = [];
    for (let i = 0; i < PEOPLE; i++) tokens.push((await attendee(h, cid)).token);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const home = await load(port, { host, method: 'GET', path: '/', tokens: [''], count: 2000, concurrency: 50 });
    line('cached anonymous home page /, 50 at a time', home);
    const homeOne = await load(port, { host, method: 'GET', path: '/', tokens: [''], count: 400, concurrency: 1 });
    line('cached anonymous home page /, one at a time', homeOne);
    const page = await load(port, {
      host,
      method: 'GET',
      path: '/profile/conference/fee',
      tokens: tokens.slice(0, 200),
      count: 400,
      concurrency: 1,
    });
    line('fee page, signed in, one at a time', page);
    const pageBusy = await load(port, {
      host,
      method: 'GET',
      path: '/profile/conference/fee',
      tokens: tokens.slice(0, 200),
      count: 1000,
      concurrency: 20,
    });
    line('fee page, signed in, 20 at a time', pageBusy);
    const orders = await load(port, {
      host,
      method: 'POST',
      path: '/api/conference/order/fee',
      body: { picks: [{ feeId: fee, quantity: 1 }] },
      tokens,
      count: PEOPLE,
      concurrency: 50,
    });
    line(`${PEOPLE} people choose the fee, 50 at a time`, orders);
    const made = Number(
      ((await h.db('orders').where({ conference_id: cid }).count({ n: '*' }).first()) as { n: number | string }).n,
    );
    console.log(
      `orders written: ${made} (expected ${PEOPLE}); dialect ${h.testDb.dialect}; fee page / cached home p50, one at a time: ${(page.p50 / homeOne.p50).toFixed(1)}×`,
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.stop();
  }
}

await main();
