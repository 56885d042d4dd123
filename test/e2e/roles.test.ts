/**
 * Web and worker processes (issue 31 "Roles", issue 30's queue across processes): two compiled
 * servers on one data directory (SQLite in WAL mode, as one machine with two processes; with
 * MariaDB it is the same through DATABASE_URL). The worker answers only its probes; the web
 * instance queues a manager's statement import and runs nothing itself; the worker takes it and
 * finishes it; with the worker stopped the next import waits in the queue, and a worker started
 * again takes it. HTTP only: the dialog's browser side is in orders.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { createDb, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { Sessions } from '../../server/platform/session';
import type { WorkView } from '../../server/contract/work';
import { freePort, startServer, type RunningServer } from './server';

const SECRET = 'roles-e2e-secret-roles-e2e-secret-0123456789';
const HOST = 'demo.localhost';

type Answer = { status: number; body: string; json: () => { code: number; message: string; data: unknown } };

function ask(
  port: number,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host: HOST };
  if (token) headers.cookie = `token=${token}`;
  if (payload)
    Object.assign(headers, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      origin: `http://${HOST}:${port}`,
    });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, host: `${HOST}:${port}` } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

describe('web and worker processes', () => {
  let web: RunningServer;
  let worker: RunningServer | null = null;
  let db: Db;
  let token: string;
  const env = { SECRET, LOG_LEVEL: 'warn' };

  const statement = (ref: string) => ({
    csv: `交易日期,贷方金额,摘要\n2026-11-01,100.00,${ref}\n2026-11-02,200.00,another ${ref}\n`,
    mapping: { date: '交易日期', amount: '贷方金额', text: '摘要' },
  });

  async function view(id: number): Promise<WorkView> {
    const res = await ask(web.port, 'GET', `/api/work/${id}`, { token });
    assert.equal(res.status, 200, res.body);
    return res.json().data as WorkView;
  }

  async function until(id: number, states: WorkView['state'][], ms = 30_000): Promise<WorkView> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await view(id);
      if (states.includes(v.state)) return v;
      if (Date.now() > end) throw new Error(`work ${id} still ${v.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    web = await startServer({ env: { ...env, ROLE: 'web' } });
    db = createDb({ dataDir: web.dataDir });
    const cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
    const { id } = await ensureUser(db, { email: 'roles-manager@example.org', trueName: 'Roles Manager' });
    await grantRole(db, cid, id, 'manager');
    ({ token } = await new Sessions(db, SECRET).issue(
      { id, trueName: 'Roles Manager', umtId: null, cstnetId: 'roles-manager@example.org' },
      cid,
    ));
  });

  after(async () => {
    await worker?.stop();
    await web?.stop();
    await db?.destroy();
    if (web) fs.rmSync(web.dataDir, { recursive: true, force: true });
  });

  test('an instance whose bucket does not answer stops at its start, naming the setting to fix', async () => {
    const closed = await freePort();
    const s3 = {
      S3_BUCKET: 'nowhere',
      S3_ENDPOINT: `http://127.0.0.1:${closed}`,
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    };
    await assert.rejects(
      startServer({ dataDir: web.dataDir, env: { ...env, ...s3, ROLE: 'worker' }, ready: '/healthz' }),
      /server exited early[\s\S]*check S3_ENDPOINT/,
    );
  });

  test('the worker answers its probes and nothing else', async () => {
    worker = await startServer({ dataDir: web.dataDir, env: { ...env, ROLE: 'worker' }, ready: '/healthz' });
    assert.equal((await ask(worker.port, 'GET', '/healthz')).status, 200);
    assert.equal((await ask(worker.port, 'GET', '/readyz')).status, 200);
    assert.equal((await ask(worker.port, 'GET', '/')).status, 404);
    assert.equal((await ask(worker.port, 'GET', '/api/work')).status, 404);
    // The web instance serves the pages.
    assert.equal((await ask(web.port, 'GET', '/')).status, 200);
  });

  test('work queued on the web instance is run by the worker', async () => {
    const res = await ask(web.port, 'POST', '/api/conference/platform/manage/order/statement', {
      token,
      body: statement('NOSUCHREF-1'),
    });
    assert.equal(res.status, 202, res.body);
    const started = (res.json().data as { work: WorkView }).work;
    const done = await until(started.id, ['done', 'failed']);
    assert.equal(done.state, 'done', JSON.stringify(done));
    assert.ok(done.summary, 'the import reports its rows');
  });

  test('without a worker the work waits in the queue; a worker started again takes it', async () => {
    await worker!.stop();
    worker = null;
    const res = await ask(web.port, 'POST', '/api/conference/platform/manage/order/statement', {
      token,
      body: statement('NOSUCHREF-2'),
    });
    assert.equal(res.status, 202, res.body);
    const started = (res.json().data as { work: WorkView }).work;
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal((await view(started.id)).state, 'queued', 'a web instance runs no queued work');
    worker = await startServer({ dataDir: web.dataDir, env: { ...env, ROLE: 'worker' }, ready: '/healthz' });
    assert.equal((await until(started.id, ['done', 'failed'])).state, 'done');
  });
});
