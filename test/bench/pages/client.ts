/**
 * The pages benchmark's HTTP side (test/bench/pages.ts): single requests timed, a page's times at
 * rest, autocannon's load in its own node process, a JSON post, and the server's listen and close.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadResult } from './pageList';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const HOST = 'localhost';
/** Requests timed one at a time on an idle server, after three to warm up. */
const AT_REST = 20;
const execFileAsync = promisify(execFile);

export function fetchOnce(
  port: number,
  urlPath: string,
  token: string | undefined,
  host = HOST,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (token) headers.cookie = `token=${token}`;
    const start = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: Number(process.hrtime.bigint() - start) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function load(
  port: number,
  urlPath: string,
  token: string | undefined,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const cli = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(connections), '-d', String(seconds), '-H', `host=${HOST}`];
  if (token) args.push('-H', `cookie=token=${token}`);
  args.push(`http://127.0.0.1:${port}${urlPath}`);
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

export async function atRest(
  port: number,
  urlPath: string,
  token: string | undefined,
): Promise<{ max: number; median: number }> {
  const times: number[] = [];
  for (let i = -3; i < AT_REST; i++) {
    const { ms } = await fetchOnce(port, urlPath, token);
    if (i >= 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { max: times[times.length - 1], median: times[Math.floor(times.length / 2)] };
}

export function postJson(
  port: number,
  urlPath: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        agent: false,
        headers: {
          host: HOST,
          origin: `http://${HOST}`,
          cookie: `token=${token}`,
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
