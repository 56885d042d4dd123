/**
 * The registrant exports of many people as pieces of work (issue 30): badge.pdf and user.xlsx
 * past their thresholds answer 202 `{ work }`, the file is right once the work is done, the same
 * request again joins it, and a kept file is built again after a registrant changed. A few people
 * are still answered at once; a selection of more than 5,000 is refused; zips are bounded.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { toDbInstant } from '../../../server/db/dialect';
import { BADGES_AT_ONCE, ROWS_AT_ONCE } from '../../../server/modules/registration/exportWork';
import { writeZip, ZipSlots } from '../../../server/platform/zip';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, workFile } from '../../helpers/work';
import { postForBytes } from '../../helpers/zip';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
let manager: string;
let ids: number[] = [];
const host = 'exportwork.localhost';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-exportwork-'));
const COUNT = ROWS_AT_ONCE + 20;

const binary = (p: string, body: object) => postForBytes(h.app, host, p, body, manager);
const visitor = () => ({ host, token: manager });

function pdfText(bytes: Buffer, name: string): { pages: number; text: string } {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]),
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
  };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'exportwork', domains: [host] }));
  await openRegistration(h.db, cid, { prefix: 'W-' });
  await setForm(h.db, cid, 'default', testForm());
  manager = await h.login({ email: 'work-boss@example.org', name: 'Boss', conferenceId: cid, roles: ['manager'] });
  // Many registrants at once, as a fixture (registering them one by one through the API would take minutes).
  const now = toDbInstant();
  const users = Array.from({ length: COUNT }, (_, i) => ({
    email: `wx${i}@example.org`,
    true_name: '',
    cstnet_id: `wx${i}@example.org`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < users.length; i += 200) await h.db('users').insert(users.slice(i, i + 200));
  const userIds: number[] = await h.db('users').where('email', 'like', 'wx%@example.org').orderBy('id').pluck('id');
  const rows = userIds.map((userId, i) => {
    const fullName = i === 7 ? '=HYPERLINK("http://evil")' : `Person ${i + 1}`;
    const answers = goodAnswers({ fullName, email: `wx${i}@example.org` });
    return {
      conference_id: cid,
      user_id: userId,
      version: 'default',
      seq: i + 1,
      code: `W-${String(i + 1).padStart(4, '0')}`,
      email: `wx${i}@example.org`,
      full_name: fullName,
      phone: answers.tel,
      country: 'China',
      unit: answers.unit,
      answers: JSON.stringify(answers),
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await h.db('registrants').insert(rows.slice(i, i + 200));
  await h.db('registration_settings').where({ conference_id: cid }).update({ last_seq: COUNT });
  ids = (await h.db('registrants').where({ conference_id: cid }).orderBy('id').pluck('id')).map(Number);
});
afterAll(async () => {
  await h?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('badge.pdf', () => {
  test(`up to ${BADGES_AT_ONCE} people: the PDF at once`, async () => {
    const res = await binary('/conference/conferenceUser/exportPdf', { ids: ids.slice(0, 3) });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfText(res.body as Buffer, 'few').text).toContain('W-0003');
  });

  test('sixty people: 202 with the work, then the PDF of all sixty; asked again, the same work', async () => {
    const chosen = ids.slice(0, 60);
    const first = await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
      token: manager,
      body: { ids: chosen },
    });
    expect(first.status).toBe(202);
    expect(first.body.data.work).toMatchObject({ kind: 'registration.badges' });
    // The same request while it runs (or once it is done) answers the same work.
    const again = await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
      token: manager,
      body: { ids: chosen },
    });
    expect(again.status).toBe(202);
    expect(again.body.data.work.id).toBe(first.body.data.work.id);
    const done = await finishWork(h.app, visitor(), first.body.data);
    expect(done).toMatchObject({ state: 'done', fileName: 'badge.pdf', total: 60, done: 60 });
    const file = await workFile(h.app, visitor(), done);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { pages, text } = pdfText(file.body as Buffer, 'sixty');
    expect(pages).toBe(15);
    for (const code of ['W-0001', 'W-0030', 'W-0060']) expect(text).toContain(code);
    expect(text).not.toContain('W-0061');

    // Kept: asked again with nothing changed, the finished work is answered.
    const kept = await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
      token: manager,
      body: { ids: chosen },
    });
    expect(kept.body.data.work).toMatchObject({ id: done.id, state: 'done' });

    // A registrant changes: the next request builds the file again, with the new name.
    const edit = await call(h, host, 'post', '/conference/conferenceUser/updateUser', {
      token: manager,
      body: { id: chosen[10], answers: goodAnswers({ fullName: 'Renamed Eleven', email: 'wx10@example.org' }) },
    });
    expect(edit.body.code).toBe(200);
    const rebuilt = await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
      token: manager,
      body: { ids: chosen },
    });
    expect(rebuilt.status).toBe(202);
    expect(rebuilt.body.data.work.id).not.toBe(done.id);
    const after = await finishWork(h.app, visitor(), rebuilt.body.data);
    expect(pdfText((await workFile(h.app, visitor(), after)).body as Buffer, 'rebuilt').text).toContain(
      'Renamed Eleven',
    );
  });

  test('a template change also builds the badges again', async () => {
    const chosen = ids.slice(100, 160);
    const first = await finishWork(
      h.app,
      visitor(),
      (await call(h, host, 'post', '/conference/conferenceUser/exportPdf', { token: manager, body: { ids: chosen } }))
        .body.data,
    );
    await call(h, host, 'post', '/conference/admin/register/config/template/save', {
      token: manager,
      body: { type: 'BADGE', enabledType: 'DEFAULT' },
    }).expect(200);
    const next = await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
      token: manager,
      body: { ids: chosen },
    });
    expect(next.body.data.work.id).not.toBe(first.id);
    await finishWork(h.app, visitor(), next.body.data);
  });

  test('more than 5,000 ids: refused with its own message, no work started', async () => {
    const before = (await call(h, host, 'get', '/work', { token: manager })).body.data.length;
    const tooMany = Array.from({ length: 10_000 }, (_, i) => i + 1);
    for (const p of ['exportPdf', 'download/excel', 'download/allFiles']) {
      const res = await call(h, host, 'post', `/conference/conferenceUser/${p}`, {
        token: manager,
        body: { ids: tooMany },
      });
      expect(res.status, p).toBe(400);
      expect(res.body, p).toMatchObject({ message: 'registration:tooManySelected', field: 'ids' });
    }
    expect((await call(h, host, 'get', '/work', { token: manager })).body.data.length).toBe(before);
  });
});

describe('user.xlsx', () => {
  test(`everyone (${COUNT}): 202, then a row each, formulas kept as text`, async () => {
    const started = await call(h, host, 'post', '/conference/conferenceUser/download/excel', {
      token: manager,
      body: {},
    });
    expect(started.status).toBe(202);
    expect(started.body.data.work.kind).toBe('registration.excel');
    const done = await finishWork(h.app, visitor(), started.body.data);
    expect(done.fileName).toBe('user.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await workFile(h.app, visitor(), done)).body as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(sheet.rowCount).toBe(COUNT + 1);
    expect(header).toEqual(expect.arrayContaining(['用户编号', '邮箱', '餐食']));
    const codes = new Set<string>();
    sheet.eachRow((row, n) => void (n > 1 && codes.add(String(row.getCell(1).value))));
    expect(codes.size).toBe(COUNT);
    const evil = sheet.getRows(2, COUNT)!.find((r) => r.getCell(1).value === 'W-0008')!;
    const nameCell = evil.getCell(header.indexOf('姓名') + 1);
    expect(nameCell.value).toBe('=HYPERLINK("http://evil")');
    expect(nameCell.type).not.toBe(ExcelJS.ValueType.Formula);
  });

  test(`up to ${ROWS_AT_ONCE} registrants: the workbook at once`, async () => {
    const res = await binary('/conference/conferenceUser/download/excel', { ids: ids.slice(0, 5) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    expect(book.worksheets[0].rowCount).toBe(6);
  });
});

describe('zips', () => {
  test('a few per conference and in total; beyond, 429 work:zipBusy; a slot is given back when its zip ends', async () => {
    const slots = new ZipSlots(2, 3);
    const gates: Array<() => void> = [];
    const held = () => new Promise<void>((resolve) => gates.push(resolve));
    const running = [slots.run(1, held), slots.run(1, held)];
    await expect(slots.run(1, async () => 'x')).rejects.toMatchObject({ status: 429, messageKey: 'work:zipBusy' });
    const other = slots.run(2, held);
    // Three in total: a third conference waits its turn too.
    await expect(slots.run(3, async () => 'x')).rejects.toMatchObject({ status: 429 });
    gates.shift()!();
    await running[0];
    expect(await slots.run(1, async () => 'again')).toBe('again');
    for (const open of gates) open();
    await Promise.all([running[1], other]);
  });

  test('one file open at a time: a reader that stops holds back the reading, and one that leaves ends it', async () => {
    const stored: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Random bytes do not compress: each file is about 1 MB in the zip too.
      const saved = await h.files.save(
        cid,
        null,
        'attachment',
        `big-${i}.pdf`,
        Buffer.concat([
          Buffer.from('%PDF-1.4\n'),
          Buffer.from(Array.from({ length: 1 << 20 }, () => Math.floor(Math.random() * 256))),
        ]),
      );
      stored.push(saved.name);
    }
    let reads = 0;
    // The real store, counting the files it opens.
    const counted = (name: string) => {
      reads += 1;
      return h.files.stream(cid, name);
    };
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writing = writeZip(
      out,
      stored.map((s, i) => ({ path: `f/${i}.pdf`, storedName: s })),
      counted,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nobody reads `out`: the zip took what its buffers hold (a megabyte or two besides the file at hand), not all ten.
    expect(reads).toBeLessThanOrEqual(4);
    out.destroy();
    await writing;
    expect(reads).toBeLessThanOrEqual(4);
  });
});
