/**
 * Starts the real server the way `npm start` does (the compiled server of `npm run build`, fresh DATA_DIR) and
 * reports how long it took to answer its first page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  port: number;
  dataDir: string;
  startMs: number;
  pid: number;
  stop(): Promise<void>;
  log(): string;
  exitCode(): number | null;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function firstPage(port: number, path = '/'): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost' } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * `env`: variables over the defaults; one given as undefined is left unset (e.g. NODE_ENV, as `npm start`).
 * `ready`: the path that must answer 200 before the server counts as started (a worker serves no `/`).
 */
export async function startServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string | undefined>; ready?: string } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cp-e2e-'));
  const port = opts.port ?? (await freePort());
  const started = Date.now();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-old-space-size=512', 'dist/app/main.js'],
    {
      cwd: ROOT,
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: 'e2e-admin-password-1',
          LOG_LEVEL: 'warn',
          SHUTDOWN_DELAY_MS: '0',
          ...opts.env,
        }).filter(([, v]) => v !== undefined),
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // A server that never answers is stopped (left running, it kept the test's process alive after
  // its file had failed) and the data it was given here removed: the caller never gets to.
  const fail = async (why: string): Promise<never> => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) await fail('server exited early');
    if (await firstPage(port, opts.ready)) break;
    if (Date.now() - started > 60_000) await fail(`server did not answer ${opts.ready ?? '/'} with 200 within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    dataDir,
    // the server's own process, for a benchmark that reads its memory (/proc/<pid>/status)
    pid: child.pid!,
    startMs: Date.now() - started,
    log: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
