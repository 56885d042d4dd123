/**
 * The HTTP side of the heavy-work benchmark (heavy.ts): requests to the server by host (Node's
 * fetch cannot reach *.localhost), the sign-in through the platform and the hand-over to a
 * conference, a heavy request timed end to end whether it answers the thing itself or a piece of
 * work (HTTP 202, `{ work }`) to poll until done, the load processes (load.mjs) and the server's
 * memory read from /proc.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isWorkStarted, type WorkView } from '../../server/contract/work';

export const PLATFORM_HOST = 'platform.localhost';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
export type Envelope = { code?: number; message?: string; data?: unknown };

/** One request to the server on 127.0.0.1 as `host`, JSON body if any, as a browser on that origin sends it. */
export function request(
  port: number,
  host: string,
  method: string,
  urlPath: string,
  opts: { token?: string; cookie?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = opts.body === undefined ? null : Buffer.from(JSON.stringify(opts.body));
    const headers: Record<string, string | number> = { host, origin: `http://${host}` };
    const cookies = [opts.token ? `token=${opts.token}` : '', opts.cookie ?? ''].filter(Boolean);
    if (cookies.length) headers.cookie = cookies.join('; ');
    if (data) Object.assign(headers, { 'content-type': 'application/json', 'content-length': data.length });
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, agent: false, signal: opts.signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data ?? undefined);
  });
}

const isJson = (a: Answer) => String(a.headers['content-type'] ?? '').includes('application/json');

export function envelope(a: Answer): Envelope {
  try {
    return JSON.parse(a.body.toString('utf8')) as Envelope;
  } catch {
    return { message: a.body.toString('utf8').slice(0, 120) };
  }
}

/**
 * Signs `email` in to the conference at `conferenceHost` as a browser does: the password on the
 * platform's host with a hand-over state, then the one-time code exchanged on the conference's
 * host for its session cookie. Answers the session token.
 */
export async function signIn(port: number, conferenceHost: string, email: string, password: string): Promise<string> {
  const state = crypto.randomBytes(32).toString('base64url');
  const login = await request(port, PLATFORM_HOST, 'POST', '/api/base/oauth/localLogin', {
    body: { email, password, handoff: { origin: `http://${conferenceHost}`, state } },
  });
  const handoffUrl = (envelope(login).data as { handoffUrl?: string } | undefined)?.handoffUrl;
  if (!handoffUrl)
    throw new Error(`sign-in of ${email} refused: ${login.status} ${login.body.toString('utf8').slice(0, 200)}`);
  const url = new URL(handoffUrl);
  const exchanged = await request(port, conferenceHost, 'GET', url.pathname + url.search, {
    cookie: `handoff_state_b3e7c0de=${state}`,
  });
  const cookie = ([] as string[]).concat(exchanged.headers['set-cookie'] ?? []).find((c) => c.startsWith('token='));
  if (!cookie)
    throw new Error(
      `hand-over of ${email} to ${conferenceHost} gave no session: ${exchanged.status} ${exchanged.headers.location ?? ''}`,
    );
  return cookie.slice('token='.length).split(';')[0];
}

export type HeavyOutcome = { ok: boolean; ms: number; how: 'direct' | 'work' | 'error'; detail: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What an import reports, short; a file's size. */
function describe(data: unknown): string {
  if (data && typeof data === 'object' && 'rows' in data) {
    const r = data as { rows: number; confirmed?: number; queued?: number; duplicate?: number };
    return `${r.rows} rows: ${r.confirmed ?? '?'} confirmed, ${r.queued ?? '?'} queued, ${r.duplicate ?? '?'} duplicate`;
  }
  return JSON.stringify(data ?? null).slice(0, 80);
}
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/**
 * A heavy request timed from asking to holding the result. The server may answer the file or the
 * JSON result at once, or HTTP 202 with `{ work }`: then `GET /api/work/:id` is polled (every
 * 25 ms at first, so a short piece of work is timed closely, then every tenth of the time so far,
 * at most every half second) until done or failed, and a file is downloaded from
 * `GET /api/work/:id/file`. A refusal to try again later (429, 503 work:busy) is asked again
 * after its Retry-After (at most 10 s), within the same time.
 */
export async function heavy(
  port: number,
  host: string,
  token: string,
  method: string,
  urlPath: string,
  body: unknown,
  timeoutMs: number,
): Promise<HeavyOutcome> {
  const t0 = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const took = () => performance.now() - t0;
  const result = (ok: boolean, how: HeavyOutcome['how'], detail: string): HeavyOutcome => ({
    ok,
    ms: took(),
    how,
    detail,
  });
  try {
    // "Try again later" (429, or 503 work:busy when the server's limits are full) is asked again,
    // as a manager would; a task that timed out (503 work:timedOut) is not.
    const tryLater = (a: Answer) => a.status === 429 || (a.status === 503 && envelope(a).message === 'work:busy');
    let first = await request(port, host, method, urlPath, { token, body, signal });
    for (let refused = 1; tryLater(first); refused++) {
      console.log(`  (${urlPath}: refused ${refused}×, ${envelope(first).message ?? ''})`);
      await sleep(Math.min(10, Number(first.headers['retry-after'] ?? 1) || 1) * 1000);
      first = await request(port, host, method, urlPath, { token, body, signal });
    }
    const env = isJson(first) ? envelope(first) : null;
    if (!env)
      return first.status === 200
        ? result(true, 'direct', `file ${kb(first.body.length)}`)
        : result(false, 'direct', `HTTP ${first.status}`);
    if (!(first.status === 202 || isWorkStarted(env.data))) {
      const ok = first.status === 200 && env.code === 200;
      return result(ok, 'direct', ok ? describe(env.data) : `HTTP ${first.status} ${env.message ?? ''}`);
    }
    if (!isWorkStarted(env.data))
      return result(false, 'work', `HTTP 202 without work: ${first.body.toString('utf8').slice(0, 100)}`);
    let work: WorkView = env.data.work;
    while (work.state !== 'done' && work.state !== 'failed') {
      await sleep(Math.min(500, Math.max(25, took() / 10)));
      const seen = await request(port, host, 'GET', `/api/work/${work.id}`, { token, signal });
      const data = envelope(seen).data as WorkView | undefined;
      if (seen.status !== 200 || !data)
        return result(false, 'work', `poll: HTTP ${seen.status} ${envelope(seen).message ?? ''}`);
      work = data;
    }
    if (work.state === 'failed') return result(false, 'work', `failed: ${work.error ?? '?'}`);
    if (!work.fileName) return result(true, 'work', describe(work.summary));
    const file = await request(port, host, 'GET', `/api/work/${work.id}/file`, { token, signal });
    return result(
      file.status === 200,
      'work',
      file.status === 200 ? `file ${kb(file.body.length)}` : `file: HTTP ${file.status}`,
    );
  } catch (err) {
    return result(
      false,
      'error',
      signal.aborted ? `no result within ${timeoutMs / 1000} s` : String(err).slice(0, 100),
    );
  }
}

export type LoadSpec = {
  host: string;
  method: 'GET';
  path: string;
  tokens: string[];
  concurrency: number;
  seconds?: number;
};
export type LoadOut = {
  count: number;
  ms: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  maxGap: number;
  statuses: Record<string, number>;
};
export type RunningLoad = { stop(): Promise<LoadOut>; done: Promise<LoadOut> };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** load.mjs in its own node process; `stop()` ends it early (it waits for the answers still coming). */
export function startLoad(port: number, spec: LoadSpec): RunningLoad {
  const file = path.join(os.tmpdir(), `bench-heavy-load-${process.pid}-${crypto.randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(ROOT, 'test/bench/load.mjs'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const done = new Promise<LoadOut>((resolve, reject) => {
    child.on('close', (code) => {
      fs.rmSync(file, { force: true });
      try {
        resolve(JSON.parse(out) as LoadOut);
      } catch {
        reject(new Error(`load process ended with ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
  return {
    done,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return done;
    },
  };
}

/** The server's resident memory, read every 250 ms from /proc (Linux): its largest value, and the kernel's peak. */
export class MemoryWatch {
  maxRss = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 250);
    this.sample();
  }

  private read(): { rss: number; hwm: number } {
    try {
      const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kbOf = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
      return { rss: kbOf('VmRSS'), hwm: kbOf('VmHWM') };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  }

  sample(): number {
    const { rss } = this.read();
    this.maxRss = Math.max(this.maxRss, rss);
    return rss;
  }

  /** the largest RSS since the process started (VmHWM) */
  peak(): number {
    return this.read().hwm;
  }

  /** starts a new window: `maxRss` counts from now */
  reset(): void {
    this.maxRss = 0;
    this.sample();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
