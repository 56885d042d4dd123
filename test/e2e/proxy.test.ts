/**
 * Several processes behind a real proxy (issue 31): deploy/nginx.conf, its upstream and listen
 * lines rewritten for this test's ports, in front of two web instances (ROLE=web) with one worker
 * (ROLE=worker). With TEST_DATABASE_URL and TEST_REDIS_URL (CI) the real thing: MariaDB, Redis and
 * an S3-protocol bucket, each instance with a data directory of its own; otherwise SQLite on one
 * shared data directory. A session and an upload made through one instance work through the other
 * (and the file is in the bucket, on neither disk); a page edited through one is served updated by
 * the other within a second; work asked through the proxy is run by the worker; each web instance
 * in turn is stopped (SIGTERM) under a stream of requests without one failing; and an instance
 * killed (SIGKILL) during a registration rush leaves the cap exact and each registration stored once.
 * Needs nginx (Debian's package; .ci/run installs it).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createDb, type Db } from '../../server/db/index';
import { s3ClientFor } from '../../server/platform/s3Files';
import { createTestDb, type TestDb } from '../helpers/db';
import { startTestBucket, type TestBucket } from '../helpers/s3';
import { openRegistration, setForm } from '../helpers/registration';
import { goodAnswers, testForm } from '../server/registration/helpers';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { Sessions } from '../../server/platform/session';
import type { WorkView } from '../../server/contract/work';
import { freePort, startServer, type RunningServer } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'proxy-e2e-secret-proxy-e2e-secret-0123456789';
const HOST = 'demo.localhost';
const haveNginx = spawnSync('nginx', ['-v']).status === 0;
if (!haveNginx) console.warn('\n*** nginx not found: the proxy test is SKIPPED (apt-get install nginx) ***\n');
/** MariaDB, Redis and a bucket when CI names them; else one SQLite data directory shared by the processes. */
const REAL = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: () => { code: number; message: string; data: unknown };
};

function ask(
  port: number,
  method: string,
  urlPath: string,
  { token, body, type }: { token?: string; body?: Buffer | string; type?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { host: `${HOST}:${port}` };
  if (token) headers.cookie = `token=${token}`;
  if (body !== undefined)
    Object.assign(headers, {
      'content-type': type ?? 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      origin: `http://${HOST}:${port}`,
    });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: all,
          json: () => JSON.parse(all.toString()),
        });
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
    .flatMap((line) =>
      line.includes('# upstream')
        ? line.includes('web1')
          ? webPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`)
          : []
        : [line.includes('# listen') ? `    listen 127.0.0.1:${port};` : line],
    )
    .join('\n')
    .replace(
      'http {',
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`,
    );
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    'nginx',
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`,
    ],
    { stdio: 'ignore' },
  );
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

describe(
  `web instances behind nginx, with a worker (${REAL ? 'MariaDB, Redis, a bucket' : 'SQLite on one data directory'})`,
  { skip: !haveNginx },
  () => {
    let web: RunningServer[] = [];
    let worker: RunningServer;
    let proxy: { port: number; stop(): Promise<void> };
    let db: Db;
    let testDb: TestDb | null = null;
    let bucket: TestBucket | null = null;
    let token: string;
    let cid: number;
    const env: Record<string, string> = { SECRET, TRUST_PROXY: '1', SHUTDOWN_DELAY_MS: '1000' };
    /** a web instance: its own data directory on the real parts, the first one's otherwise */
    const startWeb = (port?: number) =>
      startServer({ ...(REAL ? {} : { dataDir: web[0]?.dataDir }), port, env: { ...env, ROLE: 'web' } });

    before(async () => {
      if (REAL) {
        process.env.TEST_DIALECT = 'mysql';
        testDb = await createTestDb();
        bucket = await startTestBucket('proxy-test');
        Object.assign(env, {
          DATABASE_URL: testDb.databaseUrl!,
          REDIS_URL: process.env.TEST_REDIS_URL!,
          ...bucket.env,
        });
        db = testDb.db;
      }
      web = [await startWeb()];
      web.push(await startWeb());
      worker = await startServer({
        ...(REAL ? {} : { dataDir: web[0].dataDir }),
        env: { ...env, ROLE: 'worker' },
        ready: '/healthz',
      });
      proxy = await startNginx(web.map((w) => w.port));
      db ??= createDb({ dataDir: web[0].dataDir });
      cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
      const { id } = await ensureUser(db, { email: 'proxy-manager@example.org', trueName: 'Proxy Manager' });
      await grantRole(db, cid, id, 'manager');
      ({ token } = await new Sessions(db, SECRET).issue(
        { id, trueName: 'Proxy Manager', umtId: null, cstnetId: 'proxy-manager@example.org' },
        cid,
      ));
    });

    after(async () => {
      await proxy?.stop();
      for (const s of [...web, worker]) await s?.stop();
      if (testDb) await testDb.drop();
      else await db?.destroy();
      await bucket?.stop();
      for (const s of [...web, worker]) if (s) fs.rmSync(s.dataDir, { recursive: true, force: true });
    });

    test('a session and an upload work through either instance', async () => {
      // Each instance directly: the same session is known to both (it lives in the database).
      for (const w of web) assert.equal((await ask(w.port, 'GET', '/api/work', { token })).status, 200);
      const boundary = 'proxytestboundary';
      const form = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await ask(proxy.port, 'POST', '/api/conference/file/upload?kind=banner', {
        token,
        body: form,
        type: `multipart/form-data; boundary=${boundary}`,
      });
      assert.equal(up.status, 200, up.body.toString());
      const { url, name } = up.json().data as { url: string; name: string };
      for (const w of web) {
        const file = await ask(w.port, 'GET', new URL(url, 'http://x').pathname);
        assert.equal(file.status, 200);
        assert.deepEqual(file.body, PNG);
      }
      if (bucket) {
        // In the bucket, on neither instance's disk.
        const listed = await s3ClientFor(bucket.settings).send(
          new ListObjectsV2Command({ Bucket: bucket.settings.S3_BUCKET, Prefix: `files/c${cid}/` }),
        );
        assert.ok(
          (listed.Contents ?? []).some((o) => o.Key === `files/c${cid}/${name}`),
          'the upload is in the bucket',
        );
        for (const w of web)
          assert.equal(fs.existsSync(path.join(w.dataDir, 'files', `c${cid}`, name)), false, 'not on a disk');
      }
    });

    test(
      'a page edited through one instance is served updated by the other within a second',
      { skip: !REAL && 'each instance caches pages: across instances the notice goes through Redis' },
      async () => {
        // The page `/` shows in Chinese: the site's home page.
        const config = await db('website_configs').where({ conference_id: cid }).first();
        const home = await db('pages').where({ conference_id: cid, id: config!.template_zh_home_page_id! }).first();
        assert.ok(home, 'the demo has a home page');
        // The other instance has the page cached before the edit.
        assert.equal((await ask(web[1].port, 'GET', '/')).status, 200);
        const detail = (await ask(web[0].port, 'GET', `/api/conference/page/detail/${home.id}`, { token })).json()
          .data as Record<string, unknown>;
        const marker = `edited-${Date.now()}`;
        const saved = await ask(web[0].port, 'POST', '/api/conference/page/save', {
          token,
          body: JSON.stringify({ ...detail, html: `${String(detail.html)}<p>${marker}</p>` }),
        });
        assert.equal(saved.status, 200, saved.body.toString());
        const edited = Date.now();
        let seen = false;
        while (!seen && Date.now() - edited < 1000) {
          seen = (await ask(web[1].port, 'GET', '/')).body.toString().includes(marker);
          if (!seen) await new Promise((r) => setTimeout(r, 50));
        }
        assert.ok(seen, 'the other instance serves the edited page within a second');
      },
    );

    test('work asked through the proxy is run by the worker', async () => {
      const body = JSON.stringify({
        csv: '交易日期,贷方金额,摘要\n2026-11-01,100.00,NOSUCHREF\n',
        mapping: { date: '交易日期', amount: '贷方金额', text: '摘要' },
      });
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
        const port = web[i].port;
        if (REAL) fs.rmSync(web[i].dataDir, { recursive: true, force: true });
        web[i] = await startServer({
          ...(REAL ? {} : { dataDir: web[1 - i].dataDir }),
          port,
          env: { ...env, ROLE: 'web' },
        });
        // As a rolling restart does: the next instance is stopped once the proxy sends to this one
        // again (nginx counts a failed instance out for fail_timeout, 5 s in deploy/nginx.conf).
        await new Promise((r) => setTimeout(r, 5500));
        streaming = false;
        await stream;
        assert.ok(statuses.length > 20, `requests were sent (${statuses.length})`);
        assert.deepEqual([...new Set(statuses)], [200], `every request answered while instance ${i + 1} restarted`);
      }
    });

    test('an instance killed during a registration rush: the cap exact, every registration stored once', async () => {
      await openRegistration(db, cid, { registerFlag: true, registerNum: 30, prefix: 'P-' });
      await setForm(db, cid, 'default', testForm());
      await db('registrants').where({ conference_id: cid }).delete();
      await db('registration_settings').where({ conference_id: cid }).update({ last_seq: 0 });
      const sessions = new Sessions(db, SECRET);
      const people = await Promise.all(
        Array.from({ length: 120 }, async (_, i) => {
          const email = `rush${i}@example.org`;
          const { id } = await ensureUser(db, { email, trueName: `Rush ${i}` });
          return {
            id,
            token: (await sessions.issue({ id, trueName: `Rush ${i}`, umtId: null, cstnetId: email }, cid)).token,
          };
        }),
      );
      const body = JSON.stringify({ version: 'default', answers: goodAnswers() });
      const rush = Promise.all(
        people.map((p) =>
          ask(proxy.port, 'POST', '/api/conference/conferenceUser', { token: p.token, body }).catch(
            () => ({ status: 0, json: () => ({ code: 0 }) }) as never,
          ),
        ),
      );
      await new Promise((r) => setTimeout(r, 150));
      const victim = web[0];
      process.kill(victim.pid, 'SIGKILL');
      const answers = await rush;
      const rows = await db('registrants').where({ conference_id: cid }).select('user_id', 'seq');
      assert.ok(rows.length <= 30, `the cap holds (${rows.length} registered)`);
      assert.equal(
        new Set(rows.map((r: { user_id: number }) => r.user_id)).size,
        rows.length,
        'nobody registered twice',
      );
      assert.deepEqual(
        rows.map((r: { seq: number }) => Number(r.seq)).sort((a: number, b: number) => a - b),
        rows.map((_: unknown, i: number) => i + 1),
        'numbered without gaps or repeats',
      );
      // Everyone told "registered" is registered (an answer lost with the killed instance may have registered or not).
      const told = people.filter(
        (_, i) => answers[i].status === 200 && (answers[i].json() as { code: number }).code === 200,
      );
      const registered = new Set(rows.map((r: { user_id: number }) => Number(r.user_id)));
      for (const p of told) assert.ok(registered.has(p.id), 'a confirmed registration is stored');
      // The rest of the rush reached the other instance: the cap filled.
      const summary = JSON.stringify(
        answers
          .map((a) => (a.status === 200 ? (a.json() as { message: string }).message : a.status))
          .reduce((m: Record<string, number>, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {}),
      );
      assert.equal(rows.length, 30, `the cap filled through the surviving instance (answers: ${summary})`);
      web[0] = await startServer({
        ...(REAL ? {} : { dataDir: web[1].dataDir }),
        port: victim.port,
        env: { ...env, ROLE: 'web' },
      });
    });
  },
);
