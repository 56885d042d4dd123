/**
 * Files in the registration form (spec 7 temp/upload, moveFiles): checked by size and content,
 * stored as temporary, claimed by the registration that names them, private to the managers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, PDF, PNG, testForm } from './helpers';

let h: Harness;
let cid: number;
const host = 'files.localhost';

function upload(bytes: Buffer, name: string, opts: { token?: string; kind?: string } = {}) {
  const req = request(h.app)
    .post(`/api/conference/conferenceUser/temp/upload${opts.kind ? `?kind=${opts.kind}` : ''}`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .attach('file', bytes, name);
  return opts.token ? req.set('Cookie', `token=${opts.token}`) : req;
}

const storedFiles = async () =>
  Number((await h.db('files').where({ conference_id: cid }).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'files', domains: [host] }));
  await openRegistration(h.db, cid);
  const form = testForm();
  form.items.find((i) => i.field === 'photo')!.mode = 'optional';
  await setForm(h.db, cid, 'default', form);
});
afterAll(() => h?.stop());

describe('temp/upload', () => {
  test('answers "temp/" + the stored name; the file is temporary and not public', async () => {
    const token = await h.login({ email: 'up@example.org', conferenceId: cid });
    const res = await upload(PDF, '简历.pdf', { token });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatch(/^temp\/[A-Za-z0-9_-]+\.pdf$/);
    const name = res.body.data.slice(5);
    const row = await h.db('files').where({ conference_id: cid, stored_name: name }).first();
    expect(row).toMatchObject({ kind: 'attachment', original_name: '简历.pdf' });
    expect(Boolean(row?.temporary)).toBe(true);
    // Participants' files are never served at /files/.
    expect((await request(h.app).get(`/files/${name}`).set('Host', host)).status).toBe(404);
  });

  test.each([
    ['a .png that is not a PNG', Buffer.from('not an image at all'), 'photo.png', 'photo', 'files:imageJpgPng'],
    ['a .pdf that is a PNG', PNG, 'cv.pdf', 'attachment', 'files:fileType'],
    ['a program', Buffer.from('MZ\x90\x00'), 'setup.exe', 'attachment', 'files:fileType'],
    ['a file over 20 MB', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'big.txt', 'attachment', 'files:fileTooLarge'],
  ])('refuses %s and stores nothing', async (_name, bytes, name, kind, message) => {
    const before = await storedFiles();
    const res = await upload(bytes, name, { kind });
    expect(res.body).toMatchObject({ code: 400, message });
    expect(await storedFiles()).toBe(before);
  });
});

describe('registering with files', () => {
  test('claims the uploads named by the answers; a refused registration claims none', async () => {
    const token = await h.login({ email: 'withfile@example.org', conferenceId: cid });
    const cv = (await upload(PDF, 'cv.pdf', { token })).body.data.slice(5);
    const photo = (await upload(PNG, 'me.png', { token, kind: 'photo' })).body.data.slice(5);
    const bad = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ c_cv: [cv], photo: [photo], tel: '1' }) },
    });
    expect(bad.body.message).toBe('phoneRequire');
    expect(
      await h
        .db('files')
        .where({ conference_id: cid, temporary: true })
        .whereIn('stored_name', [cv, photo])
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 2 });

    const ok = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers({ c_cv: [cv], photo: [photo] }) },
    });
    expect(ok.body.code).toBe(200);
    const registrant = await h.db('registrants').where({ conference_id: cid, email: 'withfile@example.org' }).first();
    const linked = await h
      .db('registrant_files')
      .where({ conference_id: cid, registrant_id: registrant!.id })
      .orderBy('field')
      .pluck('field');
    expect(linked).toEqual(['c_cv', 'photo']);
    expect(
      (await h.db('files').where({ conference_id: cid }).whereIn('stored_name', [cv, photo]).pluck('temporary')).map(
        Number,
      ),
    ).toEqual([0, 0]);
  });

  test("someone else's upload, or a made-up name, cannot be claimed", async () => {
    const owner = await h.login({ email: 'owner@example.org', conferenceId: cid });
    const theirs = (await upload(PDF, 'theirs.pdf', { token: owner })).body.data.slice(5);
    const thief = await h.login({ email: 'thief@example.org', conferenceId: cid });
    for (const name of [theirs, 'AAAAAAAAAAAAAAAAAAAAAAAA.pdf']) {
      const res = await call(h, host, 'post', '/conference/conferenceUser', {
        token: thief,
        body: { version: 'default', answers: goodAnswers({ c_cv: [name] }) },
      });
      expect(res.body).toMatchObject({ code: 400, message: 'registration:fileMissing', field: 'c_cv' });
    }
    expect(await h.db('registrants').where({ conference_id: cid, email: 'thief@example.org' }).first()).toBeUndefined();
  });
});

describe('uploads never claimed', () => {
  test('are removed two hours later; claimed ones stay', async () => {
    const token = await h.login({ email: 'forgetful@example.org', conferenceId: cid });
    const name = (await upload(PDF, 'forgotten.pdf', { token })).body.data.slice(5);
    const claimed = await h.db('files').where({ conference_id: cid, temporary: false }).count({ n: '*' }).first();
    expect(await h.files.sweepTemporary(new Date())).toBe(0);
    expect(await h.files.sweepTemporary(new Date(Date.now() + 110 * 60_000))).toBe(0);
    expect(await h.files.sweepTemporary(new Date(Date.now() + 125 * 60_000))).toBeGreaterThan(0);
    expect(await h.db('files').where({ conference_id: cid, stored_name: name }).first()).toBeUndefined();
    expect(await h.files.read(cid, name)).toBeNull();
    expect(await h.db('files').where({ conference_id: cid, temporary: false }).count({ n: '*' }).first()).toEqual(
      claimed,
    );
  });
});
