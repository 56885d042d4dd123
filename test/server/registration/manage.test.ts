/**
 * Managers and registrants (spec 2.12 "User management", 7 "Conference users"): the list and
 * its name rule, details, adding and editing by hand, deleting, and the exports read back.
 */
import { fromDbInstant } from '../../../server/db/dialect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { postForBytes, zipEntry, zipNames } from '../../helpers/zip';
import { bytesOf } from '../../helpers/work';
import ExcelJS from 'exceljs';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, PDF, testForm } from './helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'manage.localhost';

const binary = (path: string, body: object, token: string) => postForBytes(h.app, host, path, body, token);

async function register(email: string, answers: Record<string, string | string[]>) {
  const token = await h.login({ email, name: 'Account Name', conferenceId: cid });
  const res = await call(h, host, 'post', '/conference/conferenceUser', {
    token,
    body: { version: 'default', answers: goodAnswers(answers) },
  });
  expect(res.body.code).toBe(200);
  return { token, id: (await h.db('registrants').where({ conference_id: cid, email }).first())!.id as number };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'manage', domains: [host] }));
  await openRegistration(h.db, cid, { prefix: 'M-' });
  await setForm(h.db, cid, 'default', testForm());
  manager = await h.login({ email: 'boss@example.org', name: 'Boss', conferenceId: cid, roles: ['manager'] });
  for (let i = 0; i < 22; i++)
    await register(`p${String(i).padStart(2, '0')}@example.org`, { fullName: `Person ${i}` });
});
afterAll(() => h?.stop());

describe('the list', () => {
  test('20 a page, newest first, with the total; search by name and by e-mail', async () => {
    const first = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { name: '', email: '', page: 1, size: 20 },
    });
    expect(first.body.data.total).toBe(22);
    expect(first.body.data.rows).toHaveLength(20);
    expect(first.body.data.rows[0]).toMatchObject({
      name: 'Person 21',
      email: 'p21@example.org',
      code: 'M-0022',
      unit: 'Institute of Computing Technology',
    });
    const second = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { page: 2, size: 20 },
    });
    expect(second.body.data.rows).toHaveLength(2);
    const byName = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { name: 'Person 1', page: 1, size: 20 },
    });
    expect(byName.body.data.total).toBe(11);
    const byEmail = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { email: 'P05@', page: 1, size: 20 },
    });
    expect(byEmail.body.data.rows.map((r: { email: string }) => r.email)).toEqual(['p05@example.org']);
    // '%' is a character, not a wildcard.
    expect(
      (
        await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
          token: manager,
          body: { name: '%', page: 1, size: 20 },
        })
      ).body.data.total,
    ).toBe(0);
  });

  test('the name rule: full name, else first middle last', async () => {
    const split = testForm();
    split.nameStyle = 'split';
    await setForm(h.db, cid, 'split', split);
    const token = await h.login({ email: 'split@example.org', conferenceId: cid });
    const { fullName: _f, ...rest } = goodAnswers();
    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'split', answers: { ...rest, firstName: 'Ada', middleName: 'K.', lastName: 'Lovelace' } },
    });
    expect(res.body.code).toBe(200);
    const list = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { email: 'split@', page: 1, size: 20 },
    });
    expect(list.body.data.rows[0].name).toBe('Ada K. Lovelace');
    expect((await h.db('users').where({ email: 'split@example.org' }).first())!.true_name).toBe('Test User');
  });

  test('only managers: attendees get 403, anonymous 401', async () => {
    const attendee = (await h.db('registrants').where({ conference_id: cid }).first())!.email;
    const token = await h.login({ email: attendee, conferenceId: cid });
    expect((await call(h, host, 'post', '/conference/conferenceUser/findByQuery', { token, body: {} })).status).toBe(
      403,
    );
    expect((await call(h, host, 'post', '/conference/conferenceUser/findByQuery', { body: {} })).status).toBe(401);
  });
});

describe('details, add, edit, delete', () => {
  test('details give every answer with its title and the files', async () => {
    const { id } = await register('detail@example.org', { c_meal: 'any', c_topics: ['ai'] });
    const res = await call(h, host, 'get', `/conference/conferenceUser/details?id=${id}`, {
      token: manager,
      lang: 'en',
    });
    const answers = Object.fromEntries(
      res.body.data.answers.map((a: { title: string; value: string }) => [a.title, a.value]),
    );
    expect(answers).toMatchObject({ Meal: 'Any', Topics: 'AI', 'Full name': '张伟', 'Country/Region': 'China' });
  });

  test('a manager adds a registrant by hand: the account is made without a password; then edits them', async () => {
    const add = await call(h, host, 'post', '/conference/conferenceUser/addUser', {
      token: manager,
      body: { version: 'default', answers: goodAnswers({ email: 'Walk.In@Example.org', fullName: 'Walk In' }) },
    });
    expect(add.body).toMatchObject({ code: 200, message: 'registration:added' });
    const user = await h.db('users').where({ email: 'walk.in@example.org' }).first();
    expect(user!.password_hash).toBeNull();
    const row = await h.db('registrants').where({ conference_id: cid, email: 'walk.in@example.org' }).first();
    expect(row!.added_by).not.toBeNull();
    const again = await call(h, host, 'post', '/conference/conferenceUser/addUser', {
      token: manager,
      body: { version: 'default', answers: goodAnswers({ email: 'walk.in@example.org' }) },
    });
    expect(again.body.message).toBe('authentication.hasAttendConference');
    const edit = await call(h, host, 'post', '/conference/conferenceUser/updateUser', {
      token: manager,
      body: { id: row!.id, answers: goodAnswers({ fullName: 'Walk In Renamed', email: 'changed@example.org' }) },
    });
    expect(edit.body.code).toBe(200);
    expect(await h.db('registrants').where({ id: row!.id }).first()).toMatchObject({
      full_name: 'Walk In Renamed',
      email: 'walk.in@example.org',
    });
    const bad = await call(h, host, 'post', '/conference/conferenceUser/updateUser', {
      token: manager,
      body: { id: row!.id, answers: goodAnswers({ tel: 'x' }) },
    });
    expect(bad.body.message).toBe('phoneRequire');
    expect((await h.db('registrants').where({ id: row!.id }).first())!.phone).toBe('13800138000');
  });

  test('delete removes the registrant, the attendee role and their files', async () => {
    const token = await h.login({ email: 'leaving@example.org', conferenceId: cid });
    const up = await request(h.app)
      .post('/api/conference/conferenceUser/temp/upload')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .attach('file', PDF, 'cv.pdf');
    const name = up.body.data.slice(5);
    await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ c_cv: [name] }) },
    }).expect(200);
    const row = await h.db('registrants').where({ conference_id: cid, email: 'leaving@example.org' }).first();
    const res = await call(h, host, 'delete', `/conference/conferenceUser/?id=${row!.id}`, { token: manager });
    expect(res.body).toMatchObject({ code: 200, message: 'registration:deleted' });
    expect(await h.db('registrants').where({ id: row!.id }).first()).toBeUndefined();
    expect(await h.db('files').where({ conference_id: cid, stored_name: name }).first()).toBeUndefined();
    expect(
      await h.db('conference_roles').where({ conference_id: cid, user_id: row!.user_id, role: 'attendee' }).first(),
    ).toBeUndefined();
    expect(
      (await call(h, host, 'delete', `/conference/conferenceUser/?id=${row!.id}`, { token: manager })).body.message,
    ).toBe('registration:registrantNotFound');
  });
});

describe('exports', () => {
  test('user.xlsx: a column per answer, translated labels, no passwords; formulas and +phones stay text through the quote-prefix style', async () => {
    const { id } = await register('formula@example.org', {
      fullName: '=HYPERLINK("http://evil")',
      tel: '+86 138 0013 8000',
      c_note: '@SUM(A1)',
      c_topics: ['ai', 'db'],
    });
    const res = await binary('/conference/conferenceUser/download/excel', { ids: [id] }, manager);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('user.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining([
        '用户编号',
        '账号姓名',
        '报名时间（Asia/Shanghai）',
        '邮箱',
        '手机号码',
        '餐食',
        '议题',
        '说明',
        '简历',
      ]),
    );
    expect(header.join()).not.toMatch(/pwd|password|密码/i);
    const row = (sheet.getRow(2).values as string[]).slice(1);
    const cell = (title: string) => row[header.indexOf(title)];
    // As typed, with no visible apostrophe, and as strings (not formulas, not numbers).
    expect(cell('手机号码')).toBe('+86 138 0013 8000');
    expect(cell('说明')).toBe('@SUM(A1)');
    expect(row).toContain('=HYPERLINK("http://evil")');
    expect(cell('议题')).toBe('人工智能, 数据库');
    expect(cell('邮箱')).toBe('formula@example.org');
    // The registration time as the screens show it: the conference's zone (UTC+8), not UTC, as a date cell (issue 32).
    const created = fromDbInstant((await h.db('registrants').where({ id }).first())!.created_at)!;
    const shanghai = new Date(created.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
    const timeCell = sheet.getRow(2).getCell(header.indexOf('报名时间（Asia/Shanghai）') + 1);
    expect(timeCell.type).toBe(ExcelJS.ValueType.Date);
    expect((timeCell.value as Date).toISOString().slice(0, 19)).toBe(shanghai);
    for (let i = 1; i <= header.length; i++)
      expect(sheet.getRow(2).getCell(i).type, header[i - 1]).not.toBe(ExcelJS.ValueType.Formula);

    // In the file: those cells use a cell format with quotePrefix="1"; plain text does not.
    const styles = await zipEntry(res.body as Buffer, 'xl/styles.xml');
    const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '').matchAll(/<xf\b[^>]*?\/?>/g)].map(
      (m) => m[0],
    );
    const quoted = new Set(xfs.map((xf, i) => (xf.includes('quotePrefix="1"') ? i : -1)).filter((i) => i >= 0));
    expect(quoted.size).toBe(1);
    const xml = await zipEntry(res.body as Buffer, 'xl/worksheets/sheet1.xml');
    const styleOf = (col: number) =>
      Number(new RegExp(`<c r="${String.fromCharCode(64 + col)}2"(?: s="(\\d+)")?`).exec(xml)?.[1] ?? 0);
    expect(quoted.has(styleOf(header.indexOf('手机号码') + 1))).toBe(true);
    expect(quoted.has(styleOf(header.indexOf('说明') + 1))).toBe(true);
    expect(quoted.has(styleOf(header.indexOf('姓名') + 1))).toBe(true);
    expect(quoted.has(styleOf(header.indexOf('邮箱') + 1))).toBe(false);
  });

  test('the files of registrants as one zip, a folder each; download/files with a single-use token', async () => {
    const ids: number[] = [];
    const names: string[] = [];
    for (const who of ['zip1', 'zip2']) {
      const token = await h.login({ email: `${who}@example.org`, conferenceId: cid });
      const up = await request(h.app)
        .post('/api/conference/conferenceUser/temp/upload')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${token}`)
        .attach('file', PDF, `${who}-简历.pdf`);
      names.push(up.body.data.slice(5));
      await call(h, host, 'post', '/conference/conferenceUser', {
        token,
        body: { version: 'default', answers: goodAnswers({ fullName: who, c_cv: [up.body.data.slice(5)] }) },
      }).expect(200);
      ids.push(
        (await h
          .db('registrants')
          .where({ conference_id: cid, email: `${who}@example.org` })
          .first())!.id,
      );
    }
    const zip = await binary('/conference/conferenceUser/download/allFiles', { ids }, manager);
    expect(zip.headers['content-type']).toBe('application/zip');
    const listed = await zipNames(zip.body as Buffer);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(/^M-\d{4} zip1\/zip1-简历\.pdf$/);
    expect(listed[1]).toMatch(/^M-\d{4} zip2\/zip2-简历\.pdf$/);

    const form = (token: string) =>
      request(h.app)
        .post('/api/conference/conferenceUser/download/files')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .type('form')
        .send({ data: JSON.stringify([{ name: names[0], field: 'c_cv' }]), access_token: token });
    const { token } = (
      await call(h, host, 'post', '/conference/conferenceUser/download/token', { token: manager, body: {} })
    ).body.data;
    // A malformed list is the caller's mistake: 400, and the token is still good.
    for (const data of ['[{"name":', 'not json', '{}', '[]', JSON.stringify([{ name: 42 }])]) {
      const bad = await request(h.app)
        .post('/api/conference/conferenceUser/download/files')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .type('form')
        .send({ data, access_token: token });
      expect(bad.status, data).toBe(400);
      expect(bad.body, data).toMatchObject({ code: 400, message: 'commonMsg.invalidInput', field: 'data' });
    }
    const first = await form(token);
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toContain('zip1-');
    // Used once: the second post is refused.
    expect((await form(token)).status).toBe(403);
    expect((await form('x'.repeat(32))).status).toBe(403);

    // Both files, and a name no registrant's answer names: a zip of the two, at their places in the full zip.
    const fresh = async () =>
      (await call(h, host, 'post', '/conference/conferenceUser/download/token', { token: manager, body: {} })).body.data
        .token as string;
    const post = async (wanted: string[]) =>
      bytesOf(
        request(h.app)
          .post('/api/conference/conferenceUser/download/files')
          .set('Host', host)
          .set('Origin', `http://${host}`)
          .type('form')
          .send({ data: JSON.stringify(wanted.map((name) => ({ name }))), access_token: await fresh() }),
      );
    const both = await post([...names, 'not-a-registrant-file.pdf']);
    expect(both.status).toBe(200);
    expect(await zipNames(both.body as Buffer)).toEqual(listed);
    const none = await post(['not-a-registrant-file.pdf']);
    expect(none.status).toBe(404);
    expect(JSON.parse((none.body as Buffer).toString())).toMatchObject({ message: 'registration:noFiles' });
  });
});

describe('mail to registrants', () => {
  test("'Please select the user to send' when none is chosen; then one message per batch", async () => {
    const none = await call(h, host, 'post', '/conference/conferenceUser/sendEmail', {
      token: manager,
      body: { data: { type: 'NotAll', ids: [], title: 'Hi', content: 'Hello' } },
    });
    expect(none.body).toMatchObject({ code: 400, message: 'registration:userMsg' });
    const empty = await call(h, host, 'post', '/conference/conferenceUser/sendEmail', {
      token: manager,
      body: { data: { type: '', title: ' ', content: 'Hello' } },
    });
    expect(empty.body.message).toBe('registration:mailTitleRequired');
    const before = Number((await h.db('mail_outbox').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
    const all = await call(h, host, 'post', '/conference/conferenceUser/sendEmail', {
      token: manager,
      body: { data: { type: '', title: '会议通知', content: 'Hello <b>all</b>\nsee you' } },
    });
    expect(all.body).toMatchObject({ code: 200, message: 'registration:sendMsg' });
    const rows = await h.db('mail_outbox').where({ conference_id: cid }).orderBy('id').offset(before);
    const registrants = Number((await h.db('registrants').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
    // At most 20 a message, all in Bcc: nobody sees another's address.
    expect(rows).toHaveLength(Math.ceil(registrants / 20));
    expect(rows.every((r) => r.to_address === '' && r.bcc_address!.split(', ').length <= 20)).toBe(true);
    expect(rows.flatMap((r) => r.bcc_address!.split(', ')).sort()).toEqual(
      (await h.db('registrants').where({ conference_id: cid }).pluck('email')).sort(),
    );
    expect(all.body.data).toMatchObject({ recipients: registrants, messages: rows.length });
    expect(rows[0].subject).toBe('会议通知');
    expect(rows[0].html_body).toContain('Hello &lt;b&gt;all&lt;/b&gt;<br>see you');
  });
});

describe('another conference', () => {
  test("a manager of another conference reaches none of this one's registrants", async () => {
    const otherId = await h.provision(contractSite({ slug: 'other', domains: ['other.localhost'] }));
    const otherManager = await h.login({ email: 'other-boss@example.org', conferenceId: otherId, roles: ['manager'] });
    const row = await h.db('registrants').where({ conference_id: cid }).first();
    expect(
      (
        await call(h, 'other.localhost', 'get', `/conference/conferenceUser/details?id=${row!.id}`, {
          token: otherManager,
        })
      ).body.message,
    ).toBe('registration:registrantNotFound');
    expect(
      (await call(h, 'other.localhost', 'delete', `/conference/conferenceUser/?id=${row!.id}`, { token: otherManager }))
        .body.message,
    ).toBe('registration:registrantNotFound');
    expect(
      (
        await call(h, 'other.localhost', 'post', '/conference/conferenceUser/findByQuery', {
          token: otherManager,
          body: {},
        })
      ).body.data.total,
    ).toBe(0);
    // Its token is not valid here at all.
    expect(
      (await call(h, host, 'post', '/conference/conferenceUser/findByQuery', { token: otherManager, body: {} })).status,
    ).toBe(401);
  });
});
