/**
 * Temporary uploads (temp/upload, feedback attachments) cannot fill the disk (issue 10 #7): they
 * are accepted only while their form can be saved, count against a byte budget per conference and
 * in total (reserved atomically before anything is written), are limited per address, live two
 * hours unclaimed, and what a crash leaves in the store is swept. Runs on SQLite and MariaDB.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';

const KB = 1024;
const CONFERENCE_BUDGET = 20 * KB;
const TOTAL_BUDGET = 30 * KB;
/** A valid PDF of exactly `size` bytes. */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 15, 0x20), Buffer.from('\n%%EOF')]);
const FILE = pdf(1000);

let h: Harness;
let server: http.Server;
let dataDir: string;
const A = 'budget-a.localhost';
const B = 'budget-b.localhost';
const ids: Record<string, number> = {};

function upload(
  host: string,
  opts: { token?: string; bytes?: Buffer; name?: string; to?: http.Server | Harness['app'] } = {},
) {
  const req = request(opts.to ?? server)
    .post('/api/conference/conferenceUser/temp/upload')
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .attach('file', opts.bytes ?? FILE, opts.name ?? 'cv.pdf');
  return opts.token ? req.set('Cookie', `token=${opts.token}`) : req;
}

async function temporaryBytes(conferenceId: number): Promise<number> {
  const row = await h.db('files').where({ conference_id: conferenceId, temporary: true }).sum({ n: 'size' }).first();
  return Number(row?.n ?? 0);
}

const onDisk = (conferenceId: number) =>
  fs
    .readdirSync(path.join(dataDir, 'files', `c${conferenceId}`), { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);

beforeAll(async () => {
  h = await createHarness({
    seedDemo: false,
    env: {
      TEMP_UPLOAD_CONFERENCE_BUDGET: `${CONFERENCE_BUDGET}`,
      TEMP_UPLOAD_TOTAL_BUDGET: '30KB',
      TEMP_UPLOAD_PER_IP_PER_HOUR: '100000',
    },
  });
  dataDir = h.testDb.dataDir;
  // One listening server for the bursts (supertest would start one per request otherwise).
  server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
  for (const [key, host, status] of [
    ['a', A, '4'],
    ['b', B, '4'],
    ['draft', 'budget-draft.localhost', '1'],
    ['closed', 'budget-closed.localhost', '4'],
  ] as const) {
    ids[key] = await h.provision(contractSite({ slug: host.split('.')[0], domains: [host], status }));
    await setForm(h.db, ids[key], 'default', {
      ...testForm(),
      items: testForm().items.map((i) => (i.field === 'photo' ? { ...i, mode: 'optional' as const } : i)),
    });
    if (key === 'closed') await openRegistration(h.db, ids[key], { start: '2020-01-01', end: '2020-01-31' });
    else await openRegistration(h.db, ids[key]);
  }
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.stop();
});

describe('the byte budgets', () => {
  test('a burst of 200 concurrent anonymous uploads stores no more than the conference budget', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => upload(A)));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 429 && r.body.message === 'files:uploadBudgetSpent')).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    const stored = await temporaryBytes(ids.a);
    expect(stored).toBe(ok.length * FILE.length);
    expect(stored).toBeLessThanOrEqual(CONFERENCE_BUDGET);
    // The counter is exactly what is stored; the disk holds exactly the accepted files.
    expect(await h.files.temporary.used(ids.a)).toBe(stored);
    expect(onDisk(ids.a).sort()).toEqual(ok.map((r) => String(r.body.data).slice(5)).sort());
  });

  test('the total caps all conferences together', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => upload(B)));
    expect(
      answers.every((r) => r.status === 200 || (r.status === 429 && r.body.message === 'files:uploadBudgetSpent')),
    ).toBe(true);
    const both = (await temporaryBytes(ids.a)) + (await temporaryBytes(ids.b));
    expect(await temporaryBytes(ids.b)).toBeGreaterThan(0);
    expect(both).toBeLessThanOrEqual(TOTAL_BUDGET);
    expect(await h.files.temporary.used(0)).toBe(both);
    // Feedback attachments draw on the same budgets.
    const token = await h.login({ email: 'feedback@example.org', conferenceId: ids.b });
    const feedback = await request(server)
      .post('/api/conference/feedback/upload')
      .set('Host', B)
      .set('Origin', `http://${B}`)
      .set('Cookie', `token=${token}`)
      .attach('file', pdf(20 * KB), 'notes.pdf');
    expect(feedback.body).toMatchObject({ code: 429, message: 'files:uploadBudgetSpent' });
  });

  test('unclaimed uploads are swept after two hours, and their bytes and files go', async () => {
    const before = await h.db('files').where({ temporary: true }).count({ n: '*' }).first();
    expect(await h.files.sweepTemporary(new Date(Date.now() + 119 * 60_000))).toBe(0);
    expect(await h.files.sweepTemporary(new Date(Date.now() + 121 * 60_000))).toBe(Number(before!.n));
    expect(await h.files.temporary.used(ids.a)).toBe(0);
    expect(await h.files.temporary.used(0)).toBe(0);
    expect(onDisk(ids.a)).toEqual([]);
  });

  test('a refused file and a claimed file give their bytes back', async () => {
    expect((await upload(A, { bytes: Buffer.from('MZ\x90\x00 not a pdf'), name: 'setup.pdf' })).body.message).toBe(
      'files:fileType',
    );
    expect(await h.files.temporary.used(ids.a)).toBe(0);
    const token = await h.login({ email: 'claims@example.org', conferenceId: ids.a });
    const name = String((await upload(A, { token })).body.data).slice(5);
    expect(await h.files.temporary.used(ids.a)).toBe(FILE.length);
    const res = await call(h, A, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ c_cv: [name] }) },
    });
    expect(res.body.code).toBe(200);
    expect(await h.files.temporary.used(ids.a)).toBe(0);
    expect(await h.files.temporary.used(0)).toBe(0);
    expect(onDisk(ids.a)).toEqual([name]);
  });
});

describe('only while the form can be saved', () => {
  test('a draft conference: refused for anonymous visitors and signed-in non-staff, as its pages are; its staff may', async () => {
    const host = 'budget-draft.localhost';
    const before = await h.db('files').where({ conference_id: ids.draft }).count({ n: '*' }).first();
    expect((await upload(host)).body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
    const user = await h.login({ email: 'outsider@example.org', conferenceId: ids.draft });
    expect((await upload(host, { token: user })).body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
    expect(await h.db('files').where({ conference_id: ids.draft }).count({ n: '*' }).first()).toEqual(before);
    for (const role of ['manager', 'reviewer'] as const) {
      const staff = await h.login({ email: `${role}-draft@example.org`, conferenceId: ids.draft, roles: [role] });
      expect((await upload(host, { token: staff })).body.code, role).toBe(200);
    }
  });

  test('registration closed: refused, except for managers and for changing one’s own registration', async () => {
    const host = 'budget-closed.localhost';
    expect((await upload(host)).body).toMatchObject({ code: 400, message: 'commonMsg.dataMsgConfReg' });
    const user = await h.login({ email: 'late@example.org', conferenceId: ids.closed });
    expect((await upload(host, { token: user })).body).toMatchObject({
      code: 400,
      message: 'commonMsg.dataMsgConfReg',
    });
    const manager = await h.login({ email: 'boss-closed@example.org', conferenceId: ids.closed, roles: ['manager'] });
    expect((await upload(host, { token: manager })).body.code).toBe(200);
    // Someone registered while it was open edits their answers.
    const registered = await h.login({ email: 'early@example.org', conferenceId: ids.closed });
    await openRegistration(h.db, ids.closed);
    expect(
      (
        await call(h, host, 'post', '/conference/conferenceUser', {
          token: registered,
          body: { version: 'default', answers: goodAnswers() },
        })
      ).body.code,
    ).toBe(200);
    await openRegistration(h.db, ids.closed, { start: '2020-01-01', end: '2020-01-31' });
    expect((await upload(host, { token: registered })).body.code).toBe(200);
  });

  test('registration full: refused', async () => {
    await openRegistration(h.db, ids.b, { registerFlag: true, registerNum: 0 });
    expect((await upload(B)).body).toMatchObject({ code: 400, message: 'userReg.registerMsg' });
    await openRegistration(h.db, ids.b, { registerFlag: false });
  });

  test('not on the platform host', async () => {
    const admin = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
    expect((await upload('platform.localhost', { token: admin })).status).toBe(404);
  });
});

describe('per address', () => {
  test('new accounts do not buy a new allowance', async () => {
    const small = await createHarness({ seedDemo: false, env: { TEMP_UPLOAD_PER_IP_PER_HOUR: '3' } });
    try {
      const cid = await small.provision(contractSite({ slug: 'perip', domains: ['perip.localhost'] }));
      await openRegistration(small.db, cid);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const token = i % 2 ? await small.login({ email: `fresh${i}@example.org`, conferenceId: cid }) : undefined;
        const res = await upload('perip.localhost', { token, to: small.app });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.message).toBe('commonMsg.tooManyRequests');
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(await small.db('files').where({ conference_id: cid }).count({ n: '*' }).first()).toMatchObject({ n: 3 });
    } finally {
      await small.stop();
    }
  });
});

describe('what a crash leaves behind', () => {
  test('.part files and files no row names are swept once old; young ones and real files stay', async () => {
    const dir = path.join(dataDir, 'files', `c${ids.a}`);
    const real = onDisk(ids.a);
    expect(real.length).toBe(1);
    const old = new Date(Date.now() - 60 * 60_000);
    const write = (name: string, when?: Date) => {
      fs.writeFileSync(path.join(dir, name), 'leftover');
      if (when) fs.utimesSync(path.join(dir, name), when, when);
    };
    write('OrphanOrphanOrphanOrph01.pdf', old);
    write('PartialPartialPartial001.pdf.part', old);
    write('YoungOrphanYoungOrphan01.pdf');
    write('YoungPartialYoungPart001.pdf.part');
    write('not-ours.txt', old);
    fs.utimesSync(path.join(dir, real[0]), old, old);
    expect(await h.files.sweepOrphans()).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [real[0], 'YoungOrphanYoungOrphan01.pdf', 'YoungPartialYoungPart001.pdf.part', 'not-ours.txt'].sort(),
    );
    expect(await h.files.read(ids.a, real[0])).not.toBeNull();
  });
});
