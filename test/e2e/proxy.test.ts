/**
 * Several processes behind a real proxy (issue 31): deploy/nginx.conf, its upstream and listen
 * lines rewritten for this test's ports, in front of two web instances (ROLE=web) with one worker
 * (ROLE=worker), all on one data directory (one machine; with several, the same through MariaDB
 * and the bucket). A session and an upload made through one instance work through the other;
 * work queued through the proxy is run by the worker; and each web instance in turn is stopped
 * (SIGTERM) under a stream of requests without one failing: a rolling restart.
 * Needs nginx (Debian's package; .ci/run installs it).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { Sessions } from '../../server/platform/session';
import type { WorkView } from '../../server/contract/work';
import { freePort, startServer, type RunningServer } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'proxy-e2e-secret-proxy-e2e-secret-0123456789';
const HOST = 'demo.localhost';
const haveNginx = spawnSync('nginx', ['-v']).status === 0;
if (!haveNginx) console.warn('\n*** nginx not found: the proxy test is SKIPPED (apt-get install nginx) ***\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: () => { code: number; message: string; data: unknown } };

function ask(port: number, method: string, urlPath: string, { token, body, type }: { token?: string; body?: Buffer | string; type?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: `${HOST}:${port}` };
  if (token) headers.cookie = `token=${token}`;
  if (body !== undefined) Object.assign(headers, { 'content-type': type ?? 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: `http://${HOST}:${port}` });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, json: () => JSON.parse(all.toString()) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** deploy/nginx.conf with this test's ports, run in the foreground from a folder of its own. */
async function startNginx(webPorts: number[]): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-nginx-'));
  const conf = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .split('\n')
    .flatMap((line) => (line.includes('# upstream') ? (line.includes('web1') ? webPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`) : []) : [line.includes('# listen') ? `    listen 127.0.0.1:${port};` : line]))
    .join('\n')
    .replace('http {', `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if ((await ask(port, 'GET', '/healthz').catch(() => null))?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('web instances behind nginx, with a worker', { skip: !haveNginx }, () => {
  let web: RunningServer[] = [];
  let worker: RunningServer;
  let proxy: { port: number; stop(): Promise<void> };
  let db: Db;
  let token: string;
  const env = { SECRET, TRUST_PROXY: '1', SHUTDOWN_DELAY_MS: '1000' };

  before(async () => {
    const first = await startServer({ env: { ...env, ROLE: 'web' } });
    const second = await startServer({ dataDir: first.dataDir, env: { ...env, ROLE: 'web' } });
    web = [first, second];
    worker = await startServer({ dataDir: first.dataDir, env: { ...env, ROLE: 'worker' }, ready: '/healthz' });
    proxy = await startNginx(web.map((w) => w.port));
    db = createDb({ dataDir: first.dataDir });
    const cid = Number((await db('conferences').where({ slug: 'demo' }).first()).id);
    const { id } = await ensureUser(db, { email: 'proxy-manager@example.org', trueName: 'Proxy Manager' });
    await grantRole(db, cid, id, 'manager');
    ({ token } = await new Sessions(db, SECRET).issue({ id, trueName: 'Proxy Manager', umtId: null, cstnetId: 'proxy-manager@example.org' }, cid));
  });

  after(async () => {
    await proxy?.stop();
    for (const s of [...web, worker]) await s?.stop();
    await db?.destroy();
    if (web[0]) fs.rmSync(web[0].dataDir, { recursive: true, force: true });
  });

  test('a session and an upload work through either instance', async () => {
    // Each instance directly: the same session is known to both (it lives in the database).
    for (const w of web) assert.equal((await ask(w.port, 'GET', '/api/work', { token })).status, 200);
    const boundary = 'proxytestboundary';
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await ask(proxy.port, 'POST', '/api/conference/file/upload?kind=banner', { token, body: form, type: `multipart/form-data; boundary=${boundary}` });
    assert.equal(up.status, 200, up.body.toString());
    const { url } = up.json().data as { url: string };
    for (const w of web) {
      const file = await ask(w.port, 'GET', new URL(url, 'http://x').pathname);
      assert.equal(file.status, 200);
      assert.deepEqual(file.body, PNG);
    }
  });

  test('work asked through the proxy is run by the worker', async () => {
    const body = JSON.stringify({ csv: '交易日期,贷方金额,摘要\n2026-11-01,100.00,NOSUCHREF\n', mapping: { date: '交易日期', amount: '贷方金额', text: '摘要' } });
    const res = await ask(proxy.port, 'POST', '/api/conference/platform/manage/order/statement', { token, body });
    assert.equal(res.status, 202, res.body.toString());
    const { work } = res.json().data as { work: WorkView };
    const end = Date.now() + 30_000;
    let view = work;
    while (view.state === 'queued' || view.state === 'running') {
      assert.ok(Date.now() < end, `work still ${view.state}`);
      await new Promise((r) => setTimeout(r, 100));
      view = (await ask(proxy.port, 'GET', `/api/work/${work.id}`, { token })).json().data as WorkView;
    }
    assert.equal(view.state, 'done');
  });

  test('a rolling restart: each web instance stopped in turn under a stream of requests, none fails', async () => {
    for (const i of [0, 1]) {
      const statuses: number[] = [];
      let streaming = true;
      const stream = (async () => {
        while (streaming) statuses.push((await ask(proxy.port, 'GET', '/', {}).catch(() => ({ status: 0 }))).status);
      })();
      await new Promise((r) => setTimeout(r, 300));
      await web[i].stop();
      await new Promise((r) => setTimeout(r, 700));
      // Only the other instance answers now.
      for (let n = 0; n < 5; n++) assert.equal((await ask(proxy.port, 'GET', '/')).status, 200);
      web[i] = await startServer({ dataDir: web[0 === i ? 1 : 0].dataDir, port: web[i].port, env: { ...env, ROLE: 'web' } });
      streaming = false;
      await stream;
      assert.ok(statuses.length > 20, `requests were sent (${statuses.length})`);
      assert.deepEqual([...new Set(statuses)], [200], `every request answered while instance ${i + 1} restarted`);
    }
  });
});
