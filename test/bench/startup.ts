/**
 * Start time of the compiled production server (issue 31): how long `npm start` (dist/app/main.js,
 * no TypeScript transpiled) takes from spawn to `/readyz` answering 200, on a fresh data directory
 * (migrations and the demo seed run) and then five times on that same directory, as a restart
 * does. Target: ≤ 3 s to /readyz on a later start. Then the first visitor's sign-in page after a
 * later start, both sides in this run: with `WARM_UP=false` (the cold render) and with the warm-up
 * (server/platform/warmUp.ts), asked for once the server has logged it. Prints figures; exits 0
 * either way.
 *
 * Run: `npm run build`, then `npm run bench:startup`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { startServer, type RunningServer } from '../e2e/server';

const TARGET_MS = 3_000;
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const VISITS = Number(process.env.BENCH_VISITS ?? 3);

async function timedStart(dataDir?: string) {
  const server = await startServer({ dataDir, ready: '/readyz' });
  await server.stop();
  return { ms: server.startMs, dataDir: server.dataDir };
}

/** One GET of the demo conference's sign-in page, timed from the request to the body's end. */
function signInPage(port: number): Promise<{ ms: number; status: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/conferencelogin', headers: { host: 'demo.localhost' } }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode ?? 0 }),
        );
      })
      .on('error', reject);
  });
}

async function until(server: RunningServer, text: string): Promise<void> {
  for (let waited = 0; !server.log().includes(text); waited += 50) {
    if (waited > 30_000) throw new Error(`no "${text}" in the server's log:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first sign-in page after a start: cold (no warm-up) or once the warm-up has logged. */
async function firstVisit(dataDir: string, warm: boolean): Promise<{ ms: number; warmUpMs?: number }> {
  const server = await startServer({
    dataDir,
    ready: '/readyz',
    env: { WARM_UP: String(warm), LOG_LEVEL: 'info' },
  });
  try {
    if (warm) await until(server, 'warmed up');
    const visit = await signInPage(server.port);
    if (visit.status !== 200) throw new Error(`sign-in page answered ${visit.status}`);
    const warmUpMs = warm ? Number(/"ms":(\d+)[^\n]*warmed up/.exec(server.log())?.[1]) : undefined;
    return { ms: visit.ms, warmUpMs };
  } finally {
    await server.stop();
  }
}

const first = await timedStart();
const later: number[] = [];
for (let i = 0; i < RESTARTS; i++) later.push((await timedStart(first.dataDir)).ms);
const cold: number[] = [];
const warmed: number[] = [];
const warmUps: number[] = [];
for (let i = 0; i < VISITS; i++) {
  cold.push((await firstVisit(first.dataDir, false)).ms);
  const visit = await firstVisit(first.dataDir, true);
  warmed.push(visit.ms);
  warmUps.push(visit.warmUpMs ?? NaN);
}
fs.rmSync(first.dataDir, { recursive: true, force: true });
const ms = (list: number[]) => list.map((v) => v.toFixed(0)).join(', ');

const sorted = [...later].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const worst = sorted[sorted.length - 1];
console.log(
  `startup (issue 31): node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(`first start (fresh data directory, migrations and seed): ${first.ms} ms to /readyz`);
console.log(`later starts: ${later.join(', ')} ms; median ${median} ms, worst ${worst} ms`);
console.log(`target later start ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'PASS' : 'FAIL'}`);
console.log(`first sign-in page after a start, WARM_UP=false: ${ms(cold)} ms`);
console.log(
  `first sign-in page after a start, warmed up: ${ms(warmed)} ms (the warm-up's own render: ${ms(warmUps)} ms)`,
);
