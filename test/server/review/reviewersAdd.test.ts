/**
 * Reviewer management (issue 16; spec 3 "Reviewer", 4 "Reviewer", 7 "Reviewer management", 8):
 * adding by e-mail (with and without a platform account: invited alike), never twice (also under a
 * rush on MariaDB), the import with every bad row listed and nothing saved, the template, mail to
 * the selected, resending the activation, and access. Roles and deleting: reviewersRoles.test.ts.
 */
import { describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { serve, tally } from '../../helpers/concurrency';
import { attendee } from '../submissions/helpers';
import { hashKey } from '../../../server/modules/review/reviewers/mails';
import { isImportRefused, REVIEWER_LIMITS, type ImportRefused } from '../../../server/contract/reviewers';
import { t } from '../../../server/platform/i18n';
import {
  addReviewer,
  BASE,
  call,
  count,
  imported,
  importSheet,
  importWork,
  invitation,
  ok,
  sheet,
} from './reviewerHelpers';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { useReviewerSites, h, site, other, list } from './reviewersWorld';

useReviewerSites();

describe('adding a reviewer', () => {
  test('without an account: not activated, a single-use key stored hashed, the invitation carries the link', async () => {
    const added = await addReviewer(h, site, '  New.Person@Example.org ', {
      fullName: 'New Person',
      unit: 'Tsinghua University',
    });
    expect(added.reviewer).toMatchObject({
      email: 'new.person@example.org',
      active: false,
      name: 'New Person',
      unit: 'Tsinghua University',
      roles: [],
    });
    expect(added.mailWithheld).toBe(false);
    const row = await h.db('reviewers').where({ conference_id: site.cid, email: 'new.person@example.org' }).first();
    expect(row!.user_id).toBeNull();
    const mail = await invitation(h, 'new.person@example.org');
    expect(mail.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toMatch(new RegExp(`http://${site.host}(:\\d+)?/review/active/${mail.key}`));
    expect(row!.key_hash).toBe(hashKey(mail.key!));
    expect(row!.key_hash).not.toContain(mail.key!);
  });

  test('with a platform account: invited like anyone else (reviewerInvite.test.ts); a reviewer with the role once its owner accepts', async () => {
    await h.login({ email: 'has.account@example.org', conferenceId: null });
    const added = await addReviewer(h, site, 'has.account@example.org');
    expect(added.reviewer.active).toBe(false);
    const user = await h.db('users').where({ email: 'has.account@example.org' }).first();
    expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(
      0,
    );
    const { key } = await invitation(h, 'has.account@example.org');
    const form = {
      key,
      lastName: 'Holder',
      middleName: '',
      firstName: 'Account',
      fullName: 'Account Holder',
      unit: 'Zhejiang University',
      phone: '13900000000',
      countryArea: 'China',
      direction: 'Databases',
    };
    ok(await call(h, PLATFORM_HOST, 'post', `${BASE}/active`, { body: form }));
    const row = await h.db('reviewers').where({ conference_id: site.cid, email: 'has.account@example.org' }).first();
    expect(Number(row!.user_id)).toBe(Number(user!.id));
    expect(row!.key_hash).toBeNull();
    expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(
      1,
    );
  });

  test('twice: "The reviewer already exists" in both languages, nothing changed', async () => {
    await addReviewer(h, site, 'twice@example.org');
    const before = await list();
    const mails = await count(h, 'mail_outbox', { to_address: 'twice@example.org' });
    for (const [lang, text] of [
      ['zh', '该审稿人已存在'],
      ['en', 'The reviewer already exists'],
    ] as const) {
      const res = await call(h, site.host, 'post', BASE, {
        token: site.manager,
        lang,
        body: { email: 'TWICE@example.org' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ message: text, field: 'email' });
    }
    expect(await list()).toEqual(before);
    expect(await count(h, 'mail_outbox', { to_address: 'twice@example.org' })).toBe(mails);
  });

  test('an invalid e-mail is refused', async () => {
    for (const email of ['', 'not-an-email', 'a@b', 'x'.repeat(250) + '@example.org']) {
      const res = await call(h, site.host, 'post', BASE, { token: site.manager, lang: 'en', body: { email } });
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({ field: 'email', message: 'Please enter a valid e-mail address' });
    }
  });

  test('the same address in another conference is another reviewer', async () => {
    await addReviewer(h, other, 'twice@example.org');
    expect((await list(other)).rows.map((r) => r.email)).toContain('twice@example.org');
  });

  test('50 adds of one address at once: one row, 49 refusals', async () => {
    const server = await serve(h.app);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          server.post(site.host, BASE, { email: 'rush@example.org' }, `token=${site.manager}`),
        ),
      );
      const counts = tally(answers);
      expect(counts['200 reviewers:added'], JSON.stringify(counts)).toBe(1);
      expect(counts['409 reviewers:exists']).toBe(49);
    } finally {
      await server.close();
    }
    expect(await count(h, 'reviewers', { conference_id: site.cid, email: 'rush@example.org' })).toBe(1);
    expect(await count(h, 'mail_outbox', { to_address: 'rush@example.org' })).toBe(1);
  });
});

describe('import', () => {
  test('a good file: every row added in one go, each invited', async () => {
    const res = await imported(
      h,
      site,
      await sheet([
        ['imp1@example.org', 'Imp One', 'Peking University', '13800000000', 'China', 'Databases'],
        ['IMP2@example.org', 'Imp Two', '', '', '', ''],
        [],
        ['imp3@example.org'],
      ]),
    );
    expect(res).toEqual({ added: 3, mailWithheld: 0, alreadyImported: 0 });
    const rows = (await list()).rows.filter((r) => r.email.startsWith('imp'));
    expect(rows.map((r) => r.email)).toEqual(['imp1@example.org', 'imp2@example.org', 'imp3@example.org']);
    expect(rows[0]).toMatchObject({
      name: 'Imp One',
      unit: 'Peking University',
      phone: '13800000000',
      country: 'China',
      direction: 'Databases',
    });
    expect((await invitation(h, 'imp2@example.org')).key).toBeTruthy();
  });

  test('bad rows: every one listed with its row number, nothing saved', async () => {
    const before = await count(h, 'reviewers', { conference_id: site.cid });
    const mails = await count(h, 'mail_outbox', {});
    const res = await imported(
      h,
      site,
      await sheet([
        ['fine@example.org', 'Fine'],
        ['broken-address', 'Broken'],
        ['dup@example.org'],
        ['DUP@example.org'],
        ['imp1@example.org'],
        ['phone@example.org', '', '', 'call me'],
      ]),
      'en',
    );
    expect(isImportRefused(res)).toBe(true);
    expect(res).toMatchObject({ message: 'reviewers:importRowsBad', params: { count: '4' } });
    const rows = (res as ImportRefused).rows;
    expect(rows).toEqual([
      { row: 3, field: 'email', message: 'emailFormatError' },
      { row: 5, field: 'email', message: 'reviewers:importDuplicate' },
      { row: 6, field: 'email', message: 'reviewers:exists' },
      { row: 7, field: 'phone', message: 'phoneRequire' },
    ]);
    expect(await count(h, 'reviewers', { conference_id: site.cid })).toBe(before);
    expect(await count(h, 'mail_outbox', {})).toBe(mails);
  });

  test('a malformed file, an empty one, too many rows, no file, too large: a message each, nothing saved', async () => {
    const before = await count(h, 'reviewers', { conference_id: site.cid });
    const mails = await count(h, 'mail_outbox', {});
    // Not a spreadsheet: refused at once, before any work.
    const bad = await importSheet(h, site, Buffer.from('this is not a spreadsheet'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'reviewers:importFileBad', field: 'file' });
    // A zip that is no workbook, an empty sheet, more rows than allowed: found by reading it, the work fails with the message.
    expect(await importWork(h, site, Buffer.from('PK\u0003\u0004 and then nothing of a workbook'))).toMatchObject({
      state: 'failed',
      error: 'reviewers:importFileBad',
    });
    expect(await importWork(h, site, await sheet([]))).toMatchObject({
      state: 'failed',
      error: 'reviewers:importEmpty',
    });
    const many = await sheet(
      Array.from({ length: REVIEWER_LIMITS.importRows + 1 }, (_, i) => [`many${i}@example.org`]),
    );
    expect(await importWork(h, site, many)).toMatchObject({
      state: 'failed',
      error: 'reviewers:importTooMany',
      errorParams: { max: String(REVIEWER_LIMITS.importRows) },
    });
    const none = await request(h.app)
      .post(`/api${BASE}/import`)
      .set('Host', site.host)
      .set('Origin', `http://${site.host}`)
      .set('Cookie', `token=${site.manager}`);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('reviewers:importNoFile');
    const big = await importSheet(h, site, Buffer.alloc(3 * 1024 * 1024, 1));
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('reviewers:importTooLarge');
    expect(await count(h, 'reviewers', { conference_id: site.cid })).toBe(before);
    expect(await count(h, 'mail_outbox', {})).toBe(mails);
  });

  test('a large sheet is saved in batches, each reviewer invited once; the same sheet again after a stop midway adds the rest', async () => {
    const people = Array.from({ length: 130 }, (_, i) => [`batch${i}@example.org`, `Batch ${i}`, 'Unit']);
    // What a run stopped midway leaves: its first batches saved (here: the first 60 rows).
    expect(await imported(h, site, await sheet(people.slice(0, 60)))).toEqual({
      added: 60,
      mailWithheld: 0,
      alreadyImported: 0,
    });
    const work = await importWork(h, site, await sheet(people));
    expect(work).toMatchObject({
      state: 'done',
      summary: { added: 70, mailWithheld: 0, alreadyImported: 60 },
      done: 70,
      total: 70,
    });
    expect(await count(h, 'reviewers', { conference_id: site.cid, unit: 'Unit' })).toBe(130);
    for (const i of [0, 59, 60, 129]) expect((await invitation(h, `batch${i}@example.org`)).count).toBe(1);
    // A row whose address someone else already holds (other details) is still refused, and nothing is saved.
    const mixed = await imported(
      h,
      site,
      await sheet([...people.slice(0, 3), ['batch5@example.org', 'Someone else'], ['fresh@example.org']]),
    );
    expect(mixed).toMatchObject({
      message: 'reviewers:importRowsBad',
      rows: [{ row: 5, field: 'email', message: 'reviewers:exists' }],
    });
    expect(await count(h, 'reviewers', { conference_id: site.cid, email: 'fresh@example.org' })).toBe(0);
    for (const lang of ['zh', 'en'] as const)
      expect(t(lang, 'reviewers:import.alreadyImported', { count: 3 })).not.toMatch(/^reviewers:|^$/);
  });

  test('the template opens with exceljs and names the columns', async () => {
    const res = await request(h.app)
      .get(`/api${BASE}/template`)
      .set('Host', site.host)
      .set('Cookie', `token=${site.manager}; locale=en`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header).toEqual([
      'E-mail (required)',
      'Full name',
      'Organisation',
      'Phone',
      'Country or region',
      'Research direction',
    ]);
  });
});

describe('mail and the activation again', () => {
  test('to nobody: "Please select a reviewer to send an email"', async () => {
    for (const [lang, text] of [
      ['zh', '请选择要发送邮件的审稿人'],
      ['en', 'Please select a reviewer to send an email'],
    ] as const) {
      const res = await call(h, site.host, 'post', `${BASE}/mail`, {
        token: site.manager,
        lang,
        body: { ids: [], subject: 'Hi', content: 'Hello' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: text, field: 'ids' });
    }
  });

  test('a free message reaches the selected, escaped', async () => {
    const ids = (await list()).rows.filter((r) => r.email.startsWith('imp')).map((r) => r.id);
    const before = await count(h, 'mail_outbox', { kind: 'bulk' });
    const res = ok<{ sent: number }>(
      await call(h, site.host, 'post', `${BASE}/mail`, {
        token: site.manager,
        body: { ids, subject: 'Review timeline', content: 'Dear all,\n<b>reviews</b> open soon.' },
      }),
    );
    expect(res.sent).toBe(3);
    const mail = await h.db('mail_outbox').where({ kind: 'bulk' }).orderBy('id', 'desc').first();
    expect(await count(h, 'mail_outbox', { kind: 'bulk' })).toBe(before + 1);
    expect(mail!.bcc_address).toContain('imp1@example.org');
    expect(mail!.html_body).toContain('&lt;b&gt;reviews&lt;/b&gt;');
    expect(mail!.html_body).toContain('Dear all,<br>');
  });

  test("another conference's reviewer is not found", async () => {
    const theirs = (await list(other)).rows[0].id;
    const res = await call(h, site.host, 'post', `${BASE}/mail`, {
      token: site.manager,
      body: { ids: [theirs], subject: 'x', content: 'y' },
    });
    expect(res.status).toBe(404);
  });

  test('resending gives a fresh key; the old one stops working', async () => {
    const { key: old } = await invitation(h, 'imp3@example.org');
    const id = (await list()).rows.find((r) => r.email === 'imp3@example.org')!.id;
    const active = (await list()).rows.find((r) => r.active)!.id;
    const res = ok<{ sent: number; skipped: number }>(
      await call(h, site.host, 'post', `${BASE}/mail`, {
        token: site.manager,
        body: { ids: [id, active], kind: 'invite' },
      }),
    );
    expect(res).toMatchObject({ sent: 1, skipped: 1 });
    const { key: fresh, count: sent } = await invitation(h, 'imp3@example.org');
    expect(sent).toBe(2);
    expect(fresh).not.toBe(old);
    expect((await call(h, site.host, 'get', `${BASE}/key/${old}`)).status).toBe(404);
    expect((await call(h, site.host, 'get', `${BASE}/key/${fresh}`)).status).toBe(200);
  });
});

test('an attendee gets 403 and anyone signed out 401 on every manager call', async () => {
  const { token } = await attendee(h, site.cid);
  const id = (await list()).rows[0].id;
  const calls: Array<['get' | 'post' | 'delete', string, object?]> = [
    ['get', BASE],
    ['post', BASE, { email: 'x@example.org' }],
    ['post', `${BASE}/import`],
    ['get', `${BASE}/template`],
    ['get', `${BASE}/check?email=x@example.org`],
    ['get', `${BASE}/info/${id}`],
    ['delete', `${BASE}/${id}`],
    ['get', `${BASE}/role/${id}`],
    ['post', `${BASE}/role`, { reviewerId: id, sessionId: site.sessionA, role: 'chair' }],
    ['delete', `${BASE}/role/1`],
    ['post', `${BASE}/mail`, { ids: [id], subject: 's', content: 'c' }],
  ];
  for (const [method, path, body] of calls) {
    expect((await call(h, site.host, method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    expect((await call(h, site.host, method, path, { body })).status, `${method} ${path}`).toBe(401);
  }
  expect(await count(h, 'reviewers', { conference_id: site.cid, email: 'x@example.org' })).toBe(0);
});
