/**
 * Pages that signed-in people see (issue 17), next to the cached anonymous home page, measured in
 * the same run. Prints a table and pass/fail per target; exits 0 either way (a benchmark, not a test).
 *
 * The production app runs in this process on a fresh SQLite data dir with the demo seed
 * (NODE_ENV=production for Express, React and Vike); autocannon runs as its own node process
 * (its CLI), so the load's work is not counted against the server's event loop.
 *
 * Targets (ratio = this page's requests/s over the cached anonymous home page's, same run):
 *   home      signed-in "/" and "/page/:id":                                 >= 0.5
 *   account   sign-in, sign-up, reset, registration, personal centre pages: >= 0.1, p99 < 100 ms at 50 connections
 *   manage    management screens:                                           >= 0.05, no single request > 50 ms at rest
 * Also: the JavaScript each form page loads, gzipped (issue 32: 250 KB for the pages where people
 * act; with BENCH_JS=1 every screen island's page too, against its budget),
 * and the server's resident memory at the start and the end of the run.
 *
 * Run: `npm run build`, then `npm run bench:pages`.
 *   BENCH_DURATION=s   seconds of load per page (default 10)
 *   BENCH_ONLY=a,b     only the pages whose label contains one of these
 *   BENCH_JS=1         list every JavaScript file of each form page with its gzipped size, and
 *                      every screen island's page weight (also `npm run bench:page-weight`)
 *   BENCH_MEMORY=s     memory mode: after the table, cycle through every page for s seconds
 *                      (120 for the issue's two minutes), printing RSS every 10 s
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/db/index';
import { atRest, closeServer, fetchOnce, HOST, listen, load, postJson } from './pages/client';
import { reportJs } from './pages/jsReport';
import { mb, memoryRun } from './pages/memory';
import { pagesToRun, type Row, type Who } from './pages/pageList';

process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'production';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const MEMORY_S = Number(process.env.BENCH_MEMORY ?? 0);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** BENCH_JS=1: every file of each form page's JavaScript, not only the largest */
const JS_DETAIL = process.env.BENCH_JS === '1';

function verdict(row: Row, baseline: number): { ratio: number; ok: boolean; rule: string } {
  const ratio = row.load.rps / baseline;
  const clean = row.load.errors === 0 && row.load.non2xx === 0;
  switch (row.target) {
    case 'baseline':
      return { ratio, ok: clean, rule: '' };
    case 'home':
      return { ratio, ok: clean && ratio >= 0.5, rule: '>=0.5' };
    case 'account':
      return {
        ratio,
        ok: clean && ratio >= 0.1 && (row.connections < 50 || row.load.p99 < 100),
        rule: '>=0.1, p99<100',
      };
    case 'personal':
      return { ratio, ok: clean && ratio >= 0.1, rule: '>=0.1' };
    case 'manage':
      return { ratio, ok: clean && ratio >= 0.05 && row.restMax <= 50, rule: '>=0.05, rest<=50' };
  }
}

async function main(): Promise<void> {
  const { createDb } = await import('../../server/db/index');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-pages-'));
  const db = createDb({ dataDir });
  try {
    await bench(db, dataDir);
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bench(db: Db, dataDir: string): Promise<void> {
  const { loadConfig } = await import('../../server/config');
  const { migrate } = await import('../../server/db/index');
  const { createApp } = await import('../../server/app');
  const { seed } = await import('../../server/seed/index');
  const { ensureUser, grantRole } = await import('../../server/modules/accounts/service');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ADMIN_EMAIL: 'admin@example.org',
    ADMIN_PASSWORD: 'admin-password-123',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
  });
  await migrate(db);
  await seed(db, config);
  const built = await createApp({ config, db, production: true });
  const server = http.createServer(built.app);
  try {
    const port = await listen(server);
    const conferenceId = Number(
      (await db('conference_domains').where({ domain: HOST }).first('conference_id'))!.conference_id,
    );
    const signIn = async (email: string, name: string, roles: Array<'manager'> = []): Promise<string> => {
      const { id } = await ensureUser(db, { email, trueName: name });
      for (const role of roles) await grantRole(db, conferenceId, id, role);
      return (await built.sessions.issue({ id, trueName: name, umtId: null, cstnetId: email }, conferenceId)).token;
    };
    const tokens: Record<Who, string | undefined> = {
      anonymous: undefined,
      attendee: await signIn('attendee@example.org', 'Bench Attendee'),
      registered: await signIn('registered@example.org', 'Bench Registered'),
      manager: await signIn('manager@example.org', 'Bench Manager', ['manager']),
    };
    // The registered person registers through the API, as a person would.
    const answers = {
      fullName: 'Bench Registered',
      tel: '13800138000',
      country: 'China',
      unit: 'ICT',
      c_attendance: 'onsite',
    };
    const reg = await postJson(port, '/api/conference/conferenceUser', tokens.registered!, {
      version: 'default',
      answers,
      noticeAccepted: true,
    });
    if (reg.status !== 200)
      console.warn(`  ! registering the registered person answered ${reg.status}: ${reg.body.slice(0, 200)}`);
    const pageId = Number(
      (await db('pages')
        .where({ conference_id: conferenceId, type: 'PAGE', is_mobile: false, need_to_login: false })
        .orderBy('id', 'desc')
        .first('id'))!.id,
    );

    const pages = pagesToRun(pageId, ONLY);

    // Warm every page once (caches, JIT) and check it answers 200.
    const first = new Map<string, { status: number; body: string }>();
    for (const p of pages) {
      await fetchOnce(port, p.path, tokens[p.who]);
      first.set(p.label, await fetchOnce(port, p.path, tokens[p.who]));
    }
    global.gc?.();
    const rssStart = process.memoryUsage().rss;
    console.log(
      `pages benchmark: ${os.cpus().length} cores, ${DURATION_S} s per page, autocannon in a separate process, NODE_ENV=${process.env.NODE_ENV}`,
    );
    console.log(`server RSS at start: ${mb(rssStart)}\n`);

    const rows: Row[] = [];
    for (const p of pages) {
      const rest = await atRest(port, p.path, tokens[p.who]);
      const result = await load(port, p.path, tokens[p.who], p.connections, DURATION_S);
      const f = first.get(p.label)!;
      rows.push({
        ...p,
        load: result,
        restMax: rest.max,
        restMedian: rest.median,
        status: f.status,
        bytes: Buffer.byteLength(f.body),
      });
      console.log(
        `  ${p.label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms`,
      );
    }

    const baseline = rows[0].load.rps;
    console.log(
      '\npage                               conns  status   req/s   p50   p99  rest med/max ms  ratio  target            ok',
    );
    for (const row of rows) {
      const v = verdict(row, baseline);
      const problems =
        row.load.errors || row.load.non2xx ? ` (errors ${row.load.errors}, non-2xx ${row.load.non2xx})` : '';
      console.log(
        `${row.label.padEnd(34)} ${String(row.connections).padStart(5)}  ${String(row.status).padStart(6)} ${row.load.rps.toFixed(0).padStart(7)} ${String(row.load.p50).padStart(5)} ${String(row.load.p99).padStart(5)}  ${row.restMedian.toFixed(1).padStart(6)}/${row.restMax.toFixed(1).padEnd(8)} ${v.ratio.toFixed(3).padStart(6)}  ${v.rule.padEnd(17)} ${row.target === 'baseline' ? '' : v.ok ? 'yes' : 'NO'}${problems}`,
      );
    }

    await reportJs(port, rows, first, tokens, JS_DETAIL);

    if (MEMORY_S > 0) await memoryRun(port, pages, tokens, MEMORY_S);
    global.gc?.();
    const rssEnd = process.memoryUsage().rss;
    console.log(`\nserver RSS: start ${mb(rssStart)}, end ${mb(rssEnd)}; page cache entries ${built.pageCache.size()}`);
  } finally {
    await closeServer(server);
    await built.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
