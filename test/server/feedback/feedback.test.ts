/** Feedback with the e-mail code, the managers' mail and reply (spec 3, 5 "Feedback"), and notices. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { mailedCode } from '../../helpers/accounts';
import { page } from '../../helpers/http';
import { call, PDF, PNG } from '../registration/helpers';

let h: Harness;
let cid: number;
let writer: string;
let manager: string;
const host = 'fb.localhost';
const email = 'writer@example.org';

function upload(bytes: Buffer, name: string, token = writer) {
  return request(h.app)
    .post('/api/conference/feedback/upload')
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`)
    .attach('file', bytes, name);
}

async function code(to = email): Promise<string> {
  await h.db('verification_codes').where({ email: to }).delete();
  await call(h, host, 'post', '/conference/conferenceRegUserConfig/sendEmailCode', {
    body: { data: { email: to, type: 'feedbackCode' } },
  }).expect(200);
  return mailedCode(h.db, to);
}

const body = (extra: object = {}) => ({
  title: 'Visa letter?',
  name: 'Writer',
  email,
  phone: '13800138000',
  type: 'Registration',
  content: 'When do invitation letters come?',
  ...extra,
});
const count = async () => Number((await h.db('feedback').where({ conference_id: cid }).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'fb', domains: [host] }));
  // Stored as before (one string each, one of them "zh / en"): read as pairs.
  await h
    .db('website_configs')
    .where({ conference_id: cid })
    .update({ feedback_types: JSON.stringify(['Registration', '住宿 / Hotel']) });
  await h.sites.siteChanged(cid);
  writer = await h.login({ email, conferenceId: cid });
  manager = await h.login({ email: 'fb-manager@example.org', conferenceId: cid, roles: ['manager'] });
  await h.login({ email: 'fb-creator@example.org', conferenceId: cid, roles: ['creator'] });
});
afterAll(() => h?.stop());

describe('sending feedback', () => {
  test.each([
    ['no title', { title: ' ' }, 'feedback:titleRequired', 'title'],
    ['no content', { content: '' }, 'feedback:contentRequired', 'content'],
    ['no type', { type: '' }, 'feedback:typeRequired', 'type'],
    ['a type the conference does not have', { type: 'Gossip' }, 'feedback:typeRequired', 'type'],
    ['a phone that is not one', { phone: '12345' }, 'phoneRequire', 'phone'],
    ['no code', { verifyCode: '' }, 'inputVerifyCode', 'verifyCode'],
  ])('refuses %s; nothing is written', async (_name, change, message, field) => {
    const before = await count();
    const res = await call(h, host, 'post', '/conference/feedback', {
      token: writer,
      body: { verifyCode: '123456', ...body(change) },
    });
    expect(res.body).toMatchObject({ code: 400, message, field });
    expect(await count()).toBe(before);
  });

  test('a wrong code, then an expired one, are refused', async () => {
    const right = await code();
    const wrong = right === '000000' ? '111111' : '000000';
    expect(
      (await call(h, host, 'post', '/conference/feedback', { token: writer, body: { ...body(), verifyCode: wrong } }))
        .body.message,
    ).toBe('userReg.verifyCodeError');
    await h.db('verification_codes').where({ email }).update({ expires_at: '2000-01-01 00:00:00.000' });
    expect(
      (await call(h, host, 'post', '/conference/feedback', { token: writer, body: { ...body(), verifyCode: right } }))
        .body.message,
    ).toBe('userReg.validateTimeError');
  });

  test('attachments: documents only, checked by content', async () => {
    expect((await upload(PNG, 'photo.png')).body.message).toBe('files:feedbackFileType');
    expect((await upload(Buffer.from('not a pdf'), 'fake.pdf')).body.message).toBe('files:feedbackFileType');
    const ok = await upload(PDF, '问题说明.pdf');
    expect(ok.body.data.originalName).toBe('问题说明.pdf');
  });

  test('sent with the code and an attachment: every manager gets a mail, markup stays text', async () => {
    const attachment = (await upload(PDF, 'details.pdf')).body.data.name;
    const content = '<script>alert(1)</script> Is there a shuttle?';
    const res = await call(h, host, 'post', '/conference/feedback', {
      token: writer,
      body: { ...body({ title: '<b>Shuttle</b>', content, type: 'Hotel' }), attachment, verifyCode: await code() },
    });
    expect(res.body).toMatchObject({
      code: 200,
      message: 'feedback:sent',
      data: { title: '<b>Shuttle</b>', attachment: { name: attachment, originalName: 'details.pdf' }, reply: null },
    });
    const mails = await h
      .db('mail_outbox')
      .where({ conference_id: cid })
      .where('subject', 'like', '%Shuttle%')
      .orderBy('to_address');
    expect(mails.map((m) => m.to_address)).toEqual(['fb-creator@example.org', 'fb-manager@example.org']);
    expect(mails[0].html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mails[0].html_body).not.toContain('<script>');
    // The manager's screen shows it escaped.
    const screen = await page(h.app, '/platform/manage/userFeedBack', { host, token: manager });
    expect(screen.res.text).toContain('&lt;b&gt;Shuttle&lt;/b&gt;');
    expect(screen.res.text).not.toContain('<script>alert(1)');
    // The writer's attachment is theirs and the managers' only.
    const id = res.body.data.id;
    expect(
      (
        await request(h.app)
          .get(`/api/conference/platform/manage/feedback/${id}/attachment`)
          .set('Host', host)
          .set('Cookie', `token=${manager}`)
      ).status,
    ).toBe(200);
    const other = await h.login({ email: 'other@example.org', conferenceId: cid });
    expect((await call(h, host, 'get', `/conference/feedback/mine/${id}/attachment`, { token: other })).status).toBe(
      404,
    );
    expect((await request(h.app).get(`/files/${attachment}`).set('Host', host)).status).toBe(404);
  });

  test('a manager replies; the writer reads it and gets it by mail', async () => {
    const [fb] = (await call(h, host, 'get', '/conference/feedback/mine', { token: writer })).body.data;
    expect(
      (
        await call(h, host, 'post', `/conference/platform/manage/feedback/${fb.id}/reply`, {
          token: manager,
          body: { reply: ' ' },
        })
      ).body.message,
    ).toBe('feedback:replyRequired');
    const res = await call(h, host, 'post', `/conference/platform/manage/feedback/${fb.id}/reply`, {
      token: manager,
      lang: 'en',
      body: { reply: 'Yes, from the airport every hour.' },
    });
    expect(res.body.data.reply).toBe('Yes, from the airport every hour.');
    const mine = await call(h, host, 'get', `/conference/feedback/mine/${fb.id}`, { token: writer });
    expect(mine.body.data).toMatchObject({ reply: 'Yes, from the airport every hour.', repliedAt: expect.any(String) });
    const mail = await h
      .db('mail_outbox')
      .where({ conference_id: cid, to_address: email })
      .where('subject', 'like', '%Reply to your feedback%')
      .first();
    expect(mail!.text_body).toContain('Yes, from the airport every hour.');
    // Followed from a mail box: the conference's outside address, with the try-out's port (PUBLIC_PORT unset → PORT).
    expect(mail!.text_body).toContain(`http://fb.localhost:3000/profile/feedBackDetails?id=${fb.id}`);
    const details = await page(h.app, `/profile/feedBackDetails?id=${fb.id}`, { host, token: writer });
    expect(details.$('[data-island="ProfileFeedbackDetails"]').length).toBe(1);
    const list = await call(h, host, 'get', '/conference/platform/manage/feedback?replied=no', { token: manager });
    expect(list.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(fb.id);
  });

  test('a type is chosen by either of its names and kept with both; the form offers the reader’s language', async () => {
    const res = await call(h, host, 'post', '/conference/feedback', {
      token: writer,
      body: { ...body({ title: 'Room', type: '住宿' }), verifyCode: await code() },
    });
    expect(res.body.data.type).toBe('住宿 / Hotel');
    const screen = await page(h.app, '/profile/feedback', { host, token: writer, lang: 'en' });
    const props = JSON.parse(screen.$('[data-island="ProfileFeedback"]').attr('data-props')!);
    expect(props.types).toEqual([
      { value: 'Registration', label: 'Registration' },
      { value: '住宿 / Hotel', label: 'Hotel' },
    ]);
    const zh = await page(h.app, '/profile/feedback', { host, token: writer, lang: 'zh' });
    expect(JSON.parse(zh.$('[data-island="ProfileFeedback"]').attr('data-props')!).types[1].label).toBe('住宿');
  });

  test('from a verified account address no code is needed; another address still needs one; the phone comes from the registration', async () => {
    const verified = 'verified@example.org';
    const token = await h.login({ email: verified, conferenceId: cid });
    await h.db('users').where({ email: verified }).update({ email_verified_at: '2026-01-01 00:00:00.000' });
    const before = await count();
    const own = await call(h, host, 'post', '/conference/feedback', {
      token,
      body: { ...body({ email: verified }), verifyCode: '' },
    });
    expect(own.body.code, JSON.stringify(own.body)).toBe(200);
    expect(await count()).toBe(before + 1);
    const other = await call(h, host, 'post', '/conference/feedback', {
      token,
      body: { ...body({ email: 'elsewhere@example.org' }) },
    });
    expect(other.body).toMatchObject({ code: 400, message: 'inputVerifyCode', field: 'verifyCode' });
    // Not verified: the code is asked for even from the account's own address.
    expect((await call(h, host, 'post', '/conference/feedback', { token: writer, body: body() })).body.message).toBe(
      'inputVerifyCode',
    );
    const screen = await page(h.app, '/profile/feedback', { host, token });
    expect(JSON.parse(screen.$('[data-island="ProfileFeedback"]').attr('data-props')!)).toMatchObject({
      verifiedEmail: verified,
      phone: '',
    });
  });

  test('another conference’s manager sees none of it', async () => {
    const other = await h.provision(contractSite({ slug: 'fb2', domains: ['fb2.localhost'] }));
    const otherManager = await h.login({ email: 'fb2-manager@example.org', conferenceId: other, roles: ['manager'] });
    expect(
      (await call(h, 'fb2.localhost', 'get', '/conference/platform/manage/feedback', { token: otherManager })).body.data
        .total,
    ).toBe(0);
    const [fb] = (await call(h, host, 'get', '/conference/feedback/mine', { token: writer })).body.data;
    expect(
      (
        await call(h, 'fb2.localhost', 'post', `/conference/platform/manage/feedback/${fb.id}/reply`, {
          token: otherManager,
          body: { reply: 'x' },
        })
      ).body.message,
    ).toBe('feedback:notFound');
  });
});

describe('notices', () => {
  test('managers write them, signed-in people read them, newest first', async () => {
    const bad = await call(h, host, 'post', '/conference/platform/manage/notice', {
      token: manager,
      body: { time: new Date().toISOString() },
    });
    expect(bad.body).toMatchObject({ code: 400, message: 'notices:titleRequired' });
    await call(h, host, 'post', '/conference/platform/manage/notice', {
      token: manager,
      body: { titleZh: '旧通知', time: '2027-01-01T00:00:00.000Z', contentZh: '<p>旧</p>' },
    }).expect(200);
    const created = await call(h, host, 'post', '/conference/platform/manage/notice', {
      token: manager,
      body: {
        titleZh: '注册开放',
        titleEn: 'Registration open',
        sourceEn: 'Committee',
        time: '2027-03-01T08:00:00.000Z',
        contentEn: '<p>Now <b>open</b></p>',
      },
    });
    expect(created.body.data.map((n: { titleZh: string }) => n.titleZh)).toEqual(['注册开放', '旧通知']);
    const read = await call(h, host, 'get', '/conference/notice', { token: writer });
    expect(read.body.data[0]).toMatchObject({
      titleEn: 'Registration open',
      contentEn: '<p>Now <b>open</b></p>',
      time: '2027-03-01T08:00:00.000Z',
    });
    expect((await call(h, host, 'get', '/conference/notice')).status).toBe(401);
    expect(
      (
        await call(h, host, 'post', '/conference/platform/manage/notice', {
          token: writer,
          body: { titleZh: 'x', time: '2027-01-01T00:00:00.000Z' },
        })
      ).status,
    ).toBe(403);
    const id = created.body.data[0].id;
    expect(
      (
        await call(h, host, 'put', `/conference/platform/manage/notice/${id}`, {
          token: manager,
          body: { titleZh: '注册已开放', time: '2027-03-01T08:00:00.000Z' },
        })
      ).body.data[0].titleZh,
    ).toBe('注册已开放');
    expect(
      (await call(h, host, 'delete', `/conference/platform/manage/notice/${id}`, { token: manager })).body.data,
    ).toHaveLength(1);
    const screen = await page(h.app, '/profile/notice', { host, token: writer });
    expect(screen.$('[data-island="ProfileNotices"]').length).toBe(1);
  });
});
