/**
 * Public home page benchmark. Prints figures, asserts nothing.
 *
 * Measures, on a fresh SQLite data dir with the demo seed and the production app:
 *   1. throughput and latency of the cached anonymous home page `/` (autocannon, 50 connections,
 *      10 s) next to a bare node:http server replaying the very same bytes and headers;
 *   2. uncached composition (cheerio nesting + Vike) timed as an HTTP round trip, each request
 *      missing the page cache through a unique query string;
 *   3. the JavaScript the home page loads (scripts, modulepreloads, island chunks), gzipped.
 *
 * Run: `npm run build` first, then `npm run bench:public-page` (or `npx tsx test/bench/public-page.ts`).
 * autocannon runs in a separate node process (its CLI); BENCH_WORKERS=N gives it N worker threads
 * there. process.env.NODE_ENV defaults to production (as `npm start`) so Vike, Express and React
 * run in their production modes; the app's own config still says NODE_ENV=test.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Db } from '../../server/db/index';
import * as cheerio from 'cheerio';

// Server modules read these when imported (the logger its level), hence the dynamic imports in main().
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'production';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = 50;
const DURATION_S = 10;
const COMPOSITIONS = 200;
const HOST = 'localhost';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const execFileAsync = promisify(execFile);

type Fetched = { status: number; rawHeaders: string[]; body: Buffer };
type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

function fetchOnce(port: number, urlPath: string, agent: http.Agent | false = false): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { host: HOST } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Load from a separate process (autocannon's CLI in its own node), so the client's work is not
 * counted against the server's event loop; both sides of the ratio are measured the same way.
 */
async function load(port: number): Promise<LoadResult> {
  const cli = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
  const args = [
    cli,
    '--json',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(DURATION_S),
    '-H',
    `host=${HOST}`,
    ...(WORKERS > 0 ? ['-w', String(WORKERS)] : []),
    `http://127.0.0.1:${port}/`,
  ];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const gz = (b: Buffer | string): number => zlib.gzipSync(b, { level: 9 }).length;

type ManifestEntry = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };

/** Vike moves the client manifest out of dist/client/.vite to dist/assets.json after the build. */
function readManifest(): Record<string, ManifestEntry> {
  for (const candidate of ['dist/client/.vite/manifest.json', 'dist/assets.json']) {
    const file = path.join(ROOT, candidate);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  }
  throw new Error('No client manifest: run `npm run build` first');
}

/** Files under dist/client that the home page loads: initial tags plus on-demand island chunks. */
function homePageScripts(html: string): { files: string[]; inline: { label: string; text: string }[] } {
  const $ = cheerio.load(html);
  const files = new Set<string>();
  $('script[src^="/assets/"]').each((_i, el) => void files.add($(el).attr('src')!.slice(1)));
  $('link[rel="modulepreload"][href^="/assets/"]').each((_i, el) => void files.add($(el).attr('href')!.slice(1)));

  const manifest = readManifest();
  // Static imports load with their importer; an island's dynamic imports are its own on-demand code.
  // hydrate.tsx's dynamic imports are the island glob, so only islands present on the page count.
  const seen = new Set<string>();
  const follow = (key: string, withDynamic: boolean): void => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const dep of entry.imports ?? []) follow(dep, false);
    if (withDynamic) for (const dep of entry.dynamicImports ?? []) follow(dep, true);
  };
  const islands = new Set(
    $('[data-island]')
      .map((_i, el) => $(el).attr('data-island') ?? '')
      .get(),
  );
  if (islands.size > 0) follow('renderer/hydrate.tsx', false);
  for (const name of islands) {
    const key = `islands/${name}/index.tsx`;
    if (!manifest[key]) console.warn(`  ! island "${name}" has no manifest entry`);
    follow(key, true);
  }
  const inline = $('script:not([src])')
    .map((i, el) => ({
      label: `#${i} ${$(el).attr('id') ?? ''} ${$(el).attr('type') ?? 'text/javascript'}`.replace(/ +/g, ' '),
      text: $(el).html() ?? '',
    }))
    .get();
  return { files: [...files], inline };
}

async function main(): Promise<void> {
  const { createDb } = await import('../../server/db/index');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-'));
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
  const appServer = http.createServer(built.app);
  let bareServer: http.Server | undefined;
  try {
    const appPort = await listen(appServer);

    // 2. Warm the cache and capture the exact response.
    await fetchOnce(appPort, '/');
    const page = await fetchOnce(appPort, '/');
    const html = page.body.toString('utf8');
    console.log(
      `GET / (Host: ${HOST}) -> ${page.status}, ${page.body.length} bytes, cached entries: ${built.pageCache.size()}`,
    );
    const headers: string[] = [];
    for (let i = 0; i < page.rawHeaders.length; i += 2) {
      const name = page.rawHeaders[i];
      // Node adds these itself on every keep-alive response, as it does for the app.
      if (['connection', 'keep-alive', 'date'].includes(name.toLowerCase())) continue;
      headers.push(name, page.rawHeaders[i + 1]);
      console.log(`  ${name}: ${page.rawHeaders[i + 1]}`);
    }

    // 3. The bare server: same status, headers and bytes, no work.
    bareServer = http.createServer((_req, res) => {
      res.writeHead(page.status, headers);
      res.end(page.body);
    });
    const barePort = await listen(bareServer);
    const check = await fetchOnce(barePort, '/');
    if (!check.body.equals(page.body)) throw new Error('bare server does not replay the page');

    // 4. Load, bare first, then the app.
    const where = WORKERS > 0 ? `separate process, ${WORKERS} worker thread(s)` : 'separate process';
    console.log(`\nautocannon (${where}): ${CONNECTIONS} connections, ${DURATION_S} s each ...`);
    const bare = await load(barePort);
    const app = await load(appPort);
    for (const [label, r] of [
      ['bare node:http', bare],
      ['app (cached /)', app],
    ] as const) {
      console.log(
        `  ${label.padEnd(15)}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
      );
    }
    const ratio = app.rps / bare.rps;
    console.log(`  ratio app/bare : ${ratio.toFixed(2)}`);

    // 5. Uncached composition: a unique query string makes every request miss the page cache.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times: number[] = [];
    for (let i = -10; i < COMPOSITIONS; i++) {
      const start = process.hrtime.bigint();
      const res = await fetchOnce(appPort, `/?bench=${i}`, agent);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.status !== 200) throw new Error(`/?bench=${i} answered ${res.status}`);
      if (i >= 0) times.push(ms); // the first 10 are warm-up
    }
    agent.destroy();
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `\nuncached composition (HTTP round trip, n=${COMPOSITIONS}): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`,
    );

    // 6. Home page JavaScript.
    const { files, inline } = homePageScripts(html);
    console.log('\nhome page JS (raw / gzip -9):');
    let totalGz = 0;
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(ROOT, 'dist/client', file));
      const g = gz(bytes);
      totalGz += g;
      console.log(`  ${file.padEnd(52)} ${kb(bytes.length).padStart(10)} ${kb(g).padStart(10)}`);
    }
    console.log(`  total: ${kb(totalGz)} gzipped in ${files.length} files`);
    let inlineGz = 0;
    for (const s of inline) {
      inlineGz += gz(s.text);
      console.log(
        `  inline <script> ${s.label.padEnd(40)} ${kb(Buffer.byteLength(s.text)).padStart(10)} ${kb(gz(s.text)).padStart(10)}`,
      );
    }
    const inlineAll = inline.map((s) => s.text).join('\n');
    console.log(
      `  inline total: ${inline.length} scripts, ${kb(Buffer.byteLength(inlineAll))} raw, ${kb(gz(inlineAll))} gzipped together (${kb(inlineGz)} separately)`,
    );

    // 7. Summary.
    const yes = (ok: boolean): string => (ok ? 'yes' : 'NO');
    const client = WORKERS > 0 ? `, client in ${WORKERS} worker(s)` : '';
    console.log(
      `\npublic-page benchmark (${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s each${client})`,
    );
    console.log(`  bare node:http   : ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);
    console.log(`  app (cached /)   : ${app.rps.toFixed(0)} req/s, p99 ${app.p99} ms`);
    console.log(`  ratio app/bare   : ${ratio.toFixed(2)} (target >= 0.5), app p99 <= 50 ms: ${yes(app.p99 <= 50)}`);
    console.log(
      `  uncached composition (HTTP round trip, n=${COMPOSITIONS}): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target median <= 10 ms)`,
    );
    console.log(
      `  home page JS     : ${(totalGz / 1024).toFixed(1)} KB gzipped in ${files.length} files (target <= 100 KB)`,
    );
  } finally {
    // 8. Clean up.
    if (bareServer) await closeServer(bareServer);
    await closeServer(appServer);
    await built.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
