/**
 * The managers' side (issue 15; spec 2.12 manage/contribute, 9 "Download types"): the filters,
 * details with files and history, status changes within the rules, and every download read back —
 * zips named by number, the Excel list, the PDF, Word and HTML of the abstracts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import * as cheerio from 'cheerio';
import request from 'supertest';
import { postForBytes, zipNames } from '../../helpers/zip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import {
  attendee,
  call,
  callConference,
  CONFIG,
  DOCX,
  MANAGE,
  ok,
  PDF,
  submissionBody,
  upload,
  type CallSite,
} from './helpers';
import { assignReviewer, REVIEW } from '../review/reviewingHelpers';
import {
  DEFAULT_LAYOUT,
  type ManageDetail,
  type ManagePage,
  type BookState,
} from '../../../server/contract/submissions';

let h: Harness;
let site: CallSite;
const ids: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'cfp-desk');
  const papers: Array<[string, Record<string, unknown>]> = [
    ['graph', {}],
    [
      'db',
      {
        title: '分布式数据库的一致性',
        sessionId: site.sessionB,
        subSessionId: null,
        keywords: '一致性',
        abstract: '本文研究分布式数据库中的一致性协议。',
        authors: [
          {
            name: '伟',
            surname: '张',
            email: 'zw@example.cn',
            phone: '13800000000',
            country: 'China',
            company: '中国科学院',
            corresponding: true,
          },
        ],
      },
    ],
    [
      'rl',
      {
        title: 'Reward shaping',
        subSessionId: site.subA2,
        reportTypeId: null,
        categoryId: null,
        authors: [
          {
            name: 'John',
            surname: 'Smith',
            email: 'john@uni.example',
            phone: '1',
            country: 'UK',
            company: 'Oxford',
            corresponding: true,
          },
        ],
      },
    ],
  ];
  for (const [key, change] of papers) {
    const a = await attendee(h, site.cid);
    const full = ok<{ name: string }>(await upload(h, site.host, a.token, 'fullTextFile', PDF, `${key}.pdf`));
    const abs =
      key === 'graph'
        ? ok<{ name: string }>(await upload(h, site.host, a.token, 'abstractFile', DOCX, 'abstract.docx')).name
        : '';
    ids[key] = ok<{ id: number }>(
      await call(h, site.host, 'post', '/conference/submission', {
        token: a.token,
        body: submissionBody(site, { fullTextFile: full.name, abstractFile: abs, ...change }),
      }),
    ).id;
  }
});
afterAll(() => h?.stop());

const list = async (query: string) =>
  ok<ManagePage>(
    await request(h.app).get(`/api${MANAGE}?${query}`).set('Host', site.host).set('Cookie', `token=${site.manager}`),
  );

const download = (body: object) => postForBytes(h.app, site.host, `${MANAGE}/download`, body, site.manager);

describe('the list and its filters', () => {
  const cases: Array<[string, (s: CallSite) => string, string[]]> = [
    ['everything', () => '', ['graph', 'db', 'rl']],
    ['a session finds its sub-sessions', (s) => `sessionId=${s.sessionA}`, ['graph', 'rl']],
    ['a sub-session', (s) => `sessionId=${s.subA2}`, ['rl']],
    ['a report type', (s) => `reportTypeId=${s.reportType}`, ['graph', 'db']],
    ['a keyword in the title', () => 'keyword=Reward', ['rl']],
    ['a number', () => 'keyword=B-001', ['db']],
    ['an author by "given surname"', () => 'author=John%20Smith', ['rl']],
    ['an author by "surname given"', () => 'author=Smith%20John', ['rl']],
    ['an author by institution', () => `author=${encodeURIComponent('中国科学院')}`, ['db']],
    ['a status', () => 'status=accepted', []],
    ['a LIKE wildcard is literal', () => 'keyword=%25', []],
  ];
  test.each(cases)('%s', async (_n, query, expected) => {
    const page = await list(query(site));
    expect(page.rows.map((r) => r.id).sort()).toEqual(expected.map((k) => ids[k]).sort());
    expect(page.total).toBe(expected.length);
  });

  test('a bad filter gets its message', async () => {
    const res = await request(h.app)
      .get(`/api${MANAGE}?status=lost`)
      .set('Host', site.host)
      .set('Cookie', `token=${site.manager}`);
    expect(res.body).toMatchObject({ code: 400, field: 'status', message: 'submissions:statusInvalid' });
  });
});

describe('details and status changes', () => {
  test('the details show files, authors and the history; a change within the rules is kept with its note', async () => {
    const detail = ok<ManageDetail>(await call(h, site.host, 'get', `${MANAGE}/${ids.graph}`, { token: site.manager }));
    expect(detail.submission).toMatchObject({
      number: 'A-001',
      status: 'waiting',
      fullTextFile: { originalName: 'graph.pdf' },
      abstractFile: { originalName: 'abstract.docx' },
    });
    // deciding is peer review's final opinion (test/server/review/reviewingDecisions.test.ts)
    expect(detail.actions).toEqual(['withdraw']);
    const file = await request(h.app)
      .get(`/api${MANAGE}/${ids.graph}/file/abstractFile`)
      .set('Host', site.host)
      .set('Cookie', `token=${site.manager}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('A-001-abstract.docx');
    const refused = await call(h, site.host, 'post', `${MANAGE}/${ids.graph}/status`, {
      token: site.manager,
      body: { action: 'accept', note: 'Strong paper' },
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'action' });
    await assignReviewer(h, site.cid, ids.graph);
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${ids.graph}/final`, {
        token: site.manager,
        body: { opinion: 'accept', comment: 'Strong paper' },
      }),
    );
    const accepted = ok<ManageDetail>(
      await call(h, site.host, 'get', `${MANAGE}/${ids.graph}`, { token: site.manager }),
    );
    expect(accepted.submission.status).toBe('accepted');
    expect(accepted.history.at(-1)).toMatchObject({
      from: 'assigned',
      to: 'accepted',
      by: 'manager',
      note: 'Strong paper',
    });
    expect(accepted.actions).toEqual(['withdraw', 'reopen']);
    const again = await call(h, site.host, 'post', `${REVIEW}/${ids.graph}/final`, {
      token: site.manager,
      lang: 'en',
      body: { opinion: 'reject' },
    });
    expect(again.body).toMatchObject({
      code: 409,
      message: 'The manuscript has been finalized or not assigned to any reviewer yet',
    });
    expect((await h.db('submissions').where({ id: ids.graph }).first())!.status).toBe('accepted');
    const bad = await call(h, site.host, 'post', `${MANAGE}/${ids.graph}/status`, {
      token: site.manager,
      body: { action: 'delete', note: '' },
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'action', message: '操作不正确' });
  });
});

describe('downloads', () => {
  test('abstract and manuscript files: zips named by number, for the selection and (All)', async () => {
    const all = await download({ type: 'manuscript' });
    expect(all.headers['content-type']).toBe('application/zip');
    expect(await zipNames(all.body as Buffer)).toEqual([
      'A-001-fulltext.pdf',
      'A-002-fulltext.pdf',
      'B-001-fulltext.pdf',
    ]);
    const some = await download({ type: 'manuscript', ids: [ids.db] });
    expect(await zipNames(some.body as Buffer)).toEqual(['B-001-fulltext.pdf']);
    expect(await zipNames((await download({ type: 'abstract' })).body as Buffer)).toEqual(['A-001-abstract.docx']);
    const none = await download({ type: 'abstract', ids: [ids.db] });
    expect(JSON.parse((none.body as Buffer).toString())).toMatchObject({ code: 404, message: 'submissions:noFiles' });
  });

  test('the Excel list reads back with one row per manuscript in the conference time zone', async () => {
    const res = await download({ type: 'excel', filter: { sessionId: site.sessionA } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 4)).toEqual(['编号', '标题', '会议主题']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['A-001', 'A-002']);
    const graph = rows.find((r) => r[1] === 'A-001')!;
    expect(graph[7]).toBe('已录用');
    expect(graph[8]).toBe('Wei Zhang; Alice Smith');
  });

  test('(All) prints the book in every format: the accepted manuscripts by default, the statuses the manager chooses, withdrawn never', async () => {
    const wordText = async () =>
      (await mammoth.extractRawText({ buffer: (await download({ type: 'word' })).body as Buffer })).value;
    const htmlText = async () =>
      cheerio
        .load(((await download({ type: 'html' })).body as Buffer).toString('utf8'))('body')
        .text();
    const pdfText = async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'book-')), 'all.pdf');
      fs.writeFileSync(file, (await download({ type: 'pdf' })).body as Buffer);
      return execFileSync('pdftotext', ['-layout', file, '-']).toString();
    };
    // By default: only 'graph', the accepted one, in all three formats alike.
    for (const text of [await wordText(), await htmlText(), await pdfText()]) {
      expect(text).toContain('Scalable graph learning');
      expect(text).not.toContain('Reward shaping');
    }
    // A withdrawn manuscript stays out even when the manager puts every status in the book.
    const a = await attendee(h, site.cid);
    const gone = ok<{ id: number }>(
      await call(h, site.host, 'post', '/conference/submission', {
        token: a.token,
        body: submissionBody(site, { title: 'A withdrawn study' }),
      }),
    ).id;
    ok(
      await call(h, site.host, 'post', `${MANAGE}/${gone}/status`, {
        token: site.manager,
        body: { action: 'withdraw', note: '' },
      }),
    );
    const refused = await call(h, site.host, 'put', `${CONFIG}/layout`, {
      token: site.manager,
      lang: 'en',
      body: { ...DEFAULT_LAYOUT, statuses: ['withdrawn'] },
    });
    expect(refused.body).toMatchObject({ code: 400, message: 'Unknown manuscript status' });
    expect(
      (
        await call(h, site.host, 'put', `${CONFIG}/layout`, {
          token: site.manager,
          body: { ...DEFAULT_LAYOUT, statuses: [] },
        })
      ).body,
    ).toMatchObject({ code: 400, field: 'statuses' });
    ok(
      await call(h, site.host, 'put', `${CONFIG}/layout`, {
        token: site.manager,
        body: { ...DEFAULT_LAYOUT, statuses: ['waiting', 'accepted'] },
      }),
    );
    for (const text of [await wordText(), await htmlText(), await pdfText()]) {
      expect(text).toContain('Scalable graph learning');
      expect(text).toContain('Reward shaping');
      expect(text).not.toContain('A withdrawn study');
    }
  });

  test('Word and HTML of the selection read back; the PDF (All) is the kept book, built within the request for a small conference', async () => {
    const word = await download({ type: 'word', ids: [ids.db, ids.rl] });
    const text = (await mammoth.extractRawText({ buffer: word.body as Buffer })).value;
    expect(text).toContain('分布式数据库的一致性');
    expect(text).toContain('Reward shaping');
    expect(text).not.toContain('Scalable graph learning');
    const html = await download({ type: 'html', ids: [ids.db] });
    const $ = cheerio.load((html.body as Buffer).toString('utf8'));
    expect($('body').text()).toContain('本文研究分布式数据库中的一致性协议。');
    expect($('script')).toHaveLength(0);
    const pdf = await download({ type: 'pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const state = ok<BookState>(await call(h, site.host, 'get', `${MANAGE}/book`, { token: site.manager }));
    expect(state).toMatchObject({ state: 'ready', stale: false });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'book-'));
    fs.writeFileSync(path.join(dir, 'b.pdf'), pdf.body as Buffer);
    const pdfText = execFileSync('pdftotext', ['-layout', path.join(dir, 'b.pdf'), '-']).toString();
    for (const title of ['Scalable graph learning on heterogeneous hardware', '分布式数据库的一致性', 'Reward shaping'])
      expect(pdfText).toContain(title);
    // Kept: the same bytes again.
    expect(Buffer.compare((await download({ type: 'pdf' })).body as Buffer, pdf.body as Buffer)).toBe(0);
    // A change the book prints makes it stale; the next download builds it again (a small conference: within the request).
    const a = await attendee(h, site.cid);
    ok(
      await call(h, site.host, 'post', '/conference/submission', {
        token: a.token,
        body: submissionBody(site, { title: 'A late paper' }),
      }),
    );
    expect(ok<BookState>(await call(h, site.host, 'get', `${MANAGE}/book`, { token: site.manager })).stale).toBe(true);
    const again = await download({ type: 'pdf' });
    expect(again.status).toBe(200);
    fs.writeFileSync(path.join(dir, 'c.pdf'), again.body as Buffer);
    expect(execFileSync('pdftotext', ['-layout', path.join(dir, 'c.pdf'), '-']).toString()).toContain('A late paper');
    expect(ok<BookState>(await call(h, site.host, 'get', `${MANAGE}/book`, { token: site.manager }))).toMatchObject({
      state: 'ready',
      stale: false,
    });
  });

  test('an unknown type or another conference asks for nothing', async () => {
    expect(JSON.parse(((await download({ type: 'exe' })).body as Buffer).toString())).toMatchObject({
      code: 400,
      field: 'type',
    });
    const other = await callConference(h, 'cfp-desk-other');
    const res = await request(h.app)
      .post(`/api${MANAGE}/download`)
      .set('Host', other.host)
      .set('Origin', `http://${other.host}`)
      .set('Cookie', `token=${other.manager}`)
      .send({ type: 'excel', ids: [ids.graph] });
    expect(res.body).toMatchObject({ code: 404, message: 'submissions:nothingToDownload' });
  });
});
