/**
 * Documents (spec 3 "Document template config", 2.12 export badges, 2.10 download): the PDFs are
 * read back with poppler (pdfinfo, pdftotext, pdftoppm), the template settings and their rules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'docs.localhost';
const people: Array<{ token: string; id: number }> = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-docs-'));

function pdf(method: 'get' | 'post', url: string, token: string, body?: object) {
  const req = request(h.app)
    [method](`/api${url}`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`);
  return (body ? req.send(body) : req).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

function read(bytes: Buffer, name: string): { pages: number; text: string; file: string } {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  return { pages, text: execFileSync('pdftotext', ['-layout', file, '-']).toString(), file };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'docs', domains: [host] }));
  await openRegistration(h.db, cid, { prefix: 'DOC-' });
  await setForm(h.db, cid, 'default', testForm());
  manager = await h.login({ email: 'docs-boss@example.org', conferenceId: cid, roles: ['manager'] });
  const names = ['张伟', 'Ada Lovelace', '欧阳娜娜', 'Grace Hopper', 'Alan Turing'];
  for (const [i, name] of names.entries()) {
    const token = await h.login({ email: `doc${i}@example.org`, conferenceId: cid });
    await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ fullName: name }) },
    }).expect(200);
    people.push({
      token,
      id: (await h
        .db('registrants')
        .where({ conference_id: cid, email: `doc${i}@example.org` })
        .first())!.id,
    });
  }
});
afterAll(async () => {
  await h?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('system layouts', () => {
  test('badge.pdf of five people: four to an A4 sheet, Chinese names and codes as text', async () => {
    const res = await pdf('post', '/conference/conferenceUser/exportPdf', manager, { ids: people.map((p) => p.id) });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('badge.pdf');
    const { pages, text, file } = read(res.body as Buffer, 'badge');
    expect(pages).toBe(2);
    expect(text).toContain('张伟');
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('DOC-0001');
    // It renders to pixels (pdftoppm), and is not blank.
    execFileSync('pdftoppm', ['-r', '30', '-png', '-f', '1', '-l', '1', file, path.join(tmp, 'badge')]);
    expect(fs.statSync(path.join(tmp, 'badge-1.png')).size).toBeGreaterThan(5000);
  });

  test('an attendee downloads their own letter (in the asked language) and ticket, never anyone else’s', async () => {
    const letter = await pdf('get', '/conference/document/mine/INVITATION?lang=en', people[0].token);
    const read1 = read(letter.body as Buffer, 'letter');
    expect(read1.text).toContain('LETTER OF INVITATION');
    expect(read1.text).toContain('张伟');
    expect(read1.text).not.toContain('Ada Lovelace');
    // The footer's address is read on paper: the outside one, with the try-out's port (PUBLIC_PORT unset → PORT).
    expect(read1.text).toContain('http://docs.localhost:3000');
    const zh = read(
      (await pdf('get', '/conference/document/mine/INVITATION?lang=zh', people[1].token)).body as Buffer,
      'letter-zh',
    );
    expect(zh.text).toContain('邀');
    expect(zh.text).toContain('Ada Lovelace');
    const ticket = read(
      (await pdf('get', '/conference/document/mine/TICKET', people[1].token)).body as Buffer,
      'ticket',
    );
    expect(ticket.text).toContain('DOC-0002');
    const stranger = await h.login({ email: 'stranger@example.org', conferenceId: cid });
    const refused = await call(h, host, 'get', '/conference/document/mine/BADGE', { token: stranger });
    expect(refused.body).toMatchObject({ code: 404, message: 'documents:notRegistered' });
    expect((await call(h, host, 'get', '/conference/document/mine/RECEIPT', { token: people[0].token })).status).toBe(
      404,
    );
  });
});

describe('template settings', () => {
  test('disabled: the badge export and download are refused and the list hides the button', async () => {
    const saved = await call(h, host, 'post', '/conference/admin/register/config/template/save', {
      token: manager,
      body: { type: 'BADGE', enabledType: 'DISABLED' },
    });
    expect(saved.body.data).toMatchObject({ type: 'BADGE', enabledType: 'DISABLED' });
    expect(
      (await call(h, host, 'get', '/conference/admin/register/config/template/find/BADGE', { token: manager })).body
        .data.enabledType,
    ).toBe('DISABLED');
    expect(
      (
        await call(h, host, 'post', '/conference/conferenceUser/exportPdf', {
          token: manager,
          body: { ids: [people[0].id] },
        })
      ).body.message,
    ).toBe('documents:disabled');
    expect(
      (await call(h, host, 'get', '/conference/document/mine/BADGE', { token: people[0].token })).body.message,
    ).toBe('documents:disabled');
    expect((await call(h, host, 'get', '/conference/document/mine', { token: people[0].token })).body.data).toEqual([
      'INVITATION',
      'TICKET',
    ]);
    await call(h, host, 'post', '/conference/admin/register/config/template/save', {
      token: manager,
      body: { type: 'BADGE', enabledType: 'DEFAULT' },
    }).expect(200);
  });

  test('a custom template: a background image with fields placed on it', async () => {
    const up = await request(h.app)
      .post('/api/conference/file/upload?kind=banner')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${manager}`)
      .attach(
        'file',
        fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/banner/classic-thumb.png')),
        'bg.png',
      );
    const layout = {
      page: { width: 90, height: 130 },
      items: [
        { field: 'name', x: 5, y: 40, width: 80, size: 20, bold: true, align: 'center', color: '#112233' },
        { field: 'c_meal', x: 5, y: 60, width: 80, size: 10, bold: false, align: 'center', color: '#112233' },
        { field: 'qr', x: 30, y: 90, width: 30, size: 30, bold: false, align: 'center', color: '#000000' },
      ],
    };
    const saved = await call(h, host, 'post', '/conference/admin/register/config/template/save', {
      token: manager,
      body: { type: 'BADGE', enabledType: 'CUSTOM', background: up.body.data.name, layout },
    });
    expect(saved.body.data).toMatchObject({
      enabledType: 'CUSTOM',
      backgroundUrl: `/files/${up.body.data.name}`,
      layout,
    });
    const { pages, text } = read(
      (await pdf('post', '/conference/conferenceUser/exportPdf', manager, { ids: people.map((p) => p.id) }))
        .body as Buffer,
      'custom',
    );
    expect(pages).toBe(2);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('素食');
    const preview = read(
      (
        await pdf('post', '/conference/admin/register/config/template/preview', manager, {
          type: 'TICKET',
          enabledType: 'DEFAULT',
          lang: 'en',
        })
      ).body as Buffer,
      'preview',
    );
    expect(preview.text).toContain('SAMPLE-0001');
  });

  test.each([
    [
      'a field outside the page',
      {
        enabledType: 'CUSTOM',
        background: 'x',
        layout: {
          page: { width: 90, height: 130 },
          items: [{ field: 'name', x: 80, y: 10, width: 50, size: 12, bold: false, align: 'left', color: '#000000' }],
        },
      },
      'documents:outsidePage',
    ],
    [
      'a custom template without a background',
      { enabledType: 'CUSTOM', background: null, layout: { page: { width: 90, height: 130 }, items: [] } },
      'documents:backgroundRequired',
    ],
    [
      'another conference’s or a made-up background',
      {
        enabledType: 'CUSTOM',
        background: 'AAAAAAAAAAAAAAAAAAAAAAAA.png',
        layout: { page: { width: 90, height: 130 }, items: [] },
      },
      'documents:backgroundRequired',
    ],
    [
      'a colour that is not one',
      {
        enabledType: 'CUSTOM',
        background: 'x',
        layout: {
          page: { width: 90, height: 130 },
          items: [{ field: 'name', x: 1, y: 1, width: 50, size: 12, bold: false, align: 'left', color: 'red' }],
        },
      },
      'documents:colorInvalid',
    ],
    ['an unknown state', { enabledType: 'SOMETIMES' }, 'documents:enabledInvalid'],
  ])('refuses %s and changes nothing', async (_name, body, message) => {
    const before = await h.db('document_templates').where({ conference_id: cid }).orderBy('type');
    const res = await call(h, host, 'post', '/conference/admin/register/config/template/save', {
      token: manager,
      body: { type: 'TICKET', ...body },
    });
    expect(res.body).toMatchObject({ code: 400, message });
    expect(await h.db('document_templates').where({ conference_id: cid }).orderBy('type')).toEqual(before);
  });

  test('another conference’s manager changes only their own templates', async () => {
    const other = await h.provision(contractSite({ slug: 'docs2', domains: ['docs2.localhost'] }));
    const otherManager = await h.login({ email: 'docs2-boss@example.org', conferenceId: other, roles: ['manager'] });
    const before = await h.db('document_templates').where({ conference_id: cid }).orderBy('type');
    await call(h, 'docs2.localhost', 'post', '/conference/admin/register/config/template/save', {
      token: otherManager,
      body: { type: 'BADGE', enabledType: 'DISABLED' },
    }).expect(200);
    expect(await h.db('document_templates').where({ conference_id: cid }).orderBy('type')).toEqual(before);
    expect(
      (await call(h, host, 'get', '/conference/admin/register/config/template/find/BADGE', { token: otherManager }))
        .status,
    ).toBe(401);
  });
});
