/**
 * The submissions' downloads as heavy work (issue 30): more than SMALL_SELECTION manuscripts
 * answer 202 with a piece of work whose file is the export (read back: Word through mammoth, the
 * Excel list through exceljs and its styles); the same request twice is the same work; a kept
 * export is answered again until a manuscript changes, then built again; a small selection still
 * answers the file at once; the whole book is the 'submissions.book' work, kept by book_version.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WorkView } from '../../../server/contract/work';
import { DEFAULT_LAYOUT, type BookState } from '../../../server/contract/submissions';
import { SMALL_SELECTION } from '../../../server/modules/submissions/work';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, workFile } from '../../helpers/work';
import { postForBytes, zipEntry, zipNames } from '../../helpers/zip';
import {
  attendee,
  call,
  callConference,
  CONFIG,
  MANAGE,
  ok,
  PDF,
  submissionBody,
  upload,
  type CallSite,
} from './helpers';

let h: Harness;
let site: CallSite;
let author: { token: string };
const ids: number[] = [];
const N = SMALL_SELECTION + 3;
const titleOf = (i: number) =>
  i === 0 ? '=SUM(1,2) looks like a formula' : `Paper ${String(i).padStart(2, '0')} on catalysis`;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'cfp-work');
  author = await attendee(h, site.cid);
  for (let i = 0; i < N; i++) {
    const body = submissionBody(site, {
      title: titleOf(i),
      abstract: `Abstract ${i}: ${'催化剂的稳定性与选择性。'.repeat(20)}`,
    });
    ids.push(
      ok<{ id: number }>(await call(h, site.host, 'post', '/conference/submission', { token: author.token, body })).id,
    );
  }
  // Nothing is decided here: this conference's book prints the manuscripts waiting for review too.
  ok(
    await call(h, site.host, 'put', `${CONFIG}/layout`, {
      token: site.manager,
      body: { ...DEFAULT_LAYOUT, statuses: ['waiting', 'accepted'] },
    }),
  );
});
afterAll(() => h?.stop());

const download = (body: object) => postForBytes(h.app, site.host, `${MANAGE}/download`, body, site.manager);

/** The envelope of a 202 answer (the body came back as bytes). */
function started(res: { status: number; body: unknown }): WorkView {
  expect(res.status).toBe(202);
  const envelope = JSON.parse((res.body as Buffer).toString()) as { data: { work: WorkView } };
  return envelope.data.work;
}

const manager = () => ({ host: site.host, token: site.manager });

/** Follows the work to its end, as the browser does, and downloads its file. */
async function fileOf(work: WorkView): Promise<{ view: WorkView; bytes: Buffer }> {
  const view = await finishWork(h.app, manager(), work);
  expect(view).toMatchObject({ state: 'done', error: null });
  const res = await workFile(h.app, manager(), view);
  expect(res.status).toBe(200);
  return { view, bytes: res.body as Buffer };
}

describe('a large selection', () => {
  test('answers 202 with the work; its Word file has every manuscript', async () => {
    const work = started(await download({ type: 'word' }));
    expect(work.kind).toBe('submissions.export');
    const { view, bytes } = await fileOf(work);
    expect(view.fileName).toBe('abstracts.docx');
    const text = (await mammoth.extractRawText({ buffer: bytes })).value;
    for (let i = 0; i < N; i++) expect(text).toContain(titleOf(i));
  });

  test('the Excel list: a row per manuscript, a title that looks like a formula stays text', async () => {
    const { bytes } = await fileOf(started(await download({ type: 'excel', ids })));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 3)).toEqual(['编号', '标题']);
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(Array.from({ length: N }, (_, i) => titleOf(i)).sort());
    expect(rows.find((r) => r[2] === titleOf(0))).toBeDefined();
    expect(await zipEntry(bytes, 'xl/styles.xml')).toContain('quotePrefix="1"');
  });

  test('the same request twice while it runs is the same work', async () => {
    const [a, b] = await Promise.all([
      download({ type: 'html', ids: [...ids].reverse() }),
      download({ type: 'html', ids: [...ids, ids[0]] }),
    ]);
    expect(started(b).id).toBe(started(a).id);
    await fileOf(started(a));
  });

  test('a kept export is answered again until a manuscript changes, then built again', async () => {
    const first = await fileOf(started(await download({ type: 'word', ids })));
    const again = started(await download({ type: 'word', ids }));
    expect(again).toMatchObject({ id: first.view.id, state: 'done' });
    const changed = submissionBody(site, { title: 'A changed title' });
    ok(await call(h, site.host, 'put', `/conference/submission/${ids[1]}`, { token: author.token, body: changed }));
    const rebuilt = started(await download({ type: 'word', ids }));
    expect(rebuilt.id).not.toBe(first.view.id);
    const text = (await mammoth.extractRawText({ buffer: (await fileOf(rebuilt)).bytes })).value;
    expect(text).toContain('A changed title');
    expect(text).not.toContain(titleOf(1));
  });
});

describe('a small selection', () => {
  test('answers the file at once: Word, and the PDF of one manuscript', async () => {
    const word = await download({ type: 'word', ids: ids.slice(2, 4) });
    expect(word.status).toBe(200);
    expect(word.headers['content-type']).toContain('wordprocessingml');
    const text = (await mammoth.extractRawText({ buffer: word.body as Buffer })).value;
    expect(text).toContain(titleOf(2));
    const pdf = await download({ type: 'pdf', ids: [ids[2]] });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the whole book', () => {
  const state = async () => ok<BookState>(await call(h, site.host, 'get', `${MANAGE}/book`, { token: site.manager }));

  test('is the book work when large; kept until what it prints changes', async () => {
    const work = started(await download({ type: 'pdf' }));
    expect(work.kind).toBe('submissions.book');
    const { bytes } = await fileOf(work);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await state()).toMatchObject({ state: 'ready', stale: false });
    // fresh: sent at once from the kept book
    const kept = await download({ type: 'pdf' });
    expect(kept.status).toBe(200);
    expect(Buffer.compare(kept.body as Buffer, bytes)).toBe(0);
    // a change the book prints: stale, and the next download is the work again
    ok(
      await call(h, site.host, 'post', '/conference/submission', {
        token: author.token,
        body: submissionBody(site, { title: 'A late paper' }),
      }),
    );
    expect((await state()).stale).toBe(true);
    const first = await h.db('submission_books').where({ conference_id: site.cid }).first();
    const rebuilt = started(await download({ type: 'pdf' }));
    expect(rebuilt.id).not.toBe(work.id);
    await fileOf(rebuilt);
    expect(await state()).toMatchObject({ state: 'ready', stale: false });
    // Kept in the book store (DATA_DIR/books, or the bucket), not in the row; the previous one removed.
    const row = await h.db('submission_books').where({ conference_id: site.cid }).first();
    expect(row!.pdf).toBeNull();
    expect(row!.stored_name).not.toBe(first!.stored_name);
    const folder = path.join(h.config.DATA_DIR, 'books', `c${site.cid}`);
    expect(fs.readdirSync(folder)).toEqual([row!.stored_name]);
    expect(fs.statSync(path.join(folder, row!.stored_name!)).size).toBe(Number(row!.pdf_bytes));
  });

  test('Rebuild asks for the book work and answers the book state, which the work ends ready', async () => {
    ok(
      await call(h, site.host, 'post', '/conference/submission', {
        token: author.token,
        body: submissionBody(site, { title: 'Another late paper' }),
      }),
    );
    const asked = ok<BookState>(await call(h, site.host, 'post', `${MANAGE}/book`, { token: site.manager }));
    expect(['building', 'ready']).toContain(asked.state);
    let now = asked;
    for (let i = 0; i < 300 && !(now.state === 'ready' && !now.stale); i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await state();
    }
    expect(now).toMatchObject({ state: 'ready', stale: false });
    // fresh: asking again builds nothing
    expect(ok<BookState>(await call(h, site.host, 'post', `${MANAGE}/book`, { token: site.manager }))).toMatchObject({
      state: 'ready',
      builtAt: now.builtAt,
    });
  });
});

describe('zips of files', () => {
  test('stream a few at a time per conference: a third while two are being read is refused, the first completes', async () => {
    // Two 9 MB manuscripts: more than the loopback's buffers hold, so a client that does not read holds the zip open.
    const big = Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    for (const [i, id] of [ids[5], ids[6]].entries()) {
      const file = ok<{ name: string }>(await upload(h, site.host, author.token, 'fullTextFile', big, `big${i}.pdf`));
      ok(
        await call(h, site.host, 'put', `/conference/submission/${id}`, {
          token: author.token,
          body: submissionBody(site, { title: titleOf(i + 5), fullTextFile: file.name }),
        }),
      );
    }
    const server = http.createServer(h.app).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const open = () =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          const req = http.request(
            {
              port,
              method: 'POST',
              path: `/api${MANAGE}/download`,
              headers: {
                Host: site.host,
                Origin: `http://${site.host}`,
                Cookie: `token=${site.manager}`,
                'Content-Type': 'application/json',
              },
            },
            resolve,
          );
          req.on('error', reject);
          req.end(JSON.stringify({ type: 'manuscript', ids: [ids[5], ids[6]] }));
        });
      const first = await open();
      first.pause();
      const second = await open();
      second.pause();
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const third = await download({ type: 'manuscript', ids: [ids[5]] });
      expect(JSON.parse((third.body as Buffer).toString())).toMatchObject({ code: 429, message: 'work:zipBusy' });
      second.destroy();
      const chunks: Buffer[] = [];
      first.on('data', (c: Buffer) => chunks.push(c));
      first.resume();
      await new Promise((r) => first.on('end', r));
      expect(await zipNames(Buffer.concat(chunks))).toEqual(['A-006-fulltext.pdf', 'A-007-fulltext.pdf']);
      // the places are given back (the reader that left gave its own back)
      expect(await zipNames((await download({ type: 'manuscript', ids: [ids[5]] })).body as Buffer)).toEqual([
        'A-006-fulltext.pdf',
      ]);
    } finally {
      server.close();
    }
  });
});
