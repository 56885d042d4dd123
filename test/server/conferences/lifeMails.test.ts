/**
 * The platform's mail about a conference's life (issue 18): a new manager is told how to sign in
 * (and to set a password first when the account has none) — not while the conference is
 * unpublished, where the mail gate keeps typed addresses out; the platform administrators are told
 * of a publication request, at most once an hour per conference; the managers of the decision,
 * with the reason escaped.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let published: number;
let draft: number;
let boss: string;
let draftBoss: string;
let root: string;

function post(host: string, path: string, token: string, body: object = {}) {
  return request(h.app)
    .post(`/api${path}`)
    .set({ Host: host, Origin: `http://${host}`, Cookie: `token=${token}` })
    .send(body);
}
const outbox = (where: object) => h.db('mail_outbox').where(where).orderBy('id');

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  published = await h.provision(contractSite({ slug: 'pub', domains: ['pub.localhost'], status: '4' }));
  draft = await h.provision(contractSite({ slug: 'drf', domains: ['drf.localhost'], status: '1' }));
  boss = await h.login({ email: 'boss@example.org', conferenceId: published, roles: ['creator', 'manager'] });
  draftBoss = await h.login({
    email: 'draft-boss@example.org',
    name: 'Dora Draft',
    conferenceId: draft,
    roles: ['creator', 'manager'],
  });
  root = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
  await h.login({ email: 'root2@example.org', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());

test('a new manager of a published conference is told where to sign in, and to set a password first', async () => {
  const res = await post('pub.localhost', '/conference/platform/manage/managers', boss, {
    email: 'New.Boss@example.org',
  });
  expect(res.body).toMatchObject({ code: 200, message: 'manageConference:added' });
  const [mail] = await outbox({ conference_id: published, to_address: 'new.boss@example.org' });
  expect(mail.kind).toBe('managerAdded');
  // The contract site is bilingual: Chinese first, then English.
  expect(mail.subject).toMatch(/您已成为会议管理员 \/ .*You are now a manager/);
  expect(mail.html_body).toContain('/conferencelogin?redirect=%2Fplatform');
  expect(mail.html_body).toContain('/resetPassword');
  expect(mail.html_body!.indexOf('尚未设置密码')).toBeLessThan(mail.html_body!.indexOf('no password yet'));
});

test('someone with a password is not told to set one', async () => {
  await h.login({ email: 'has-password@example.org', conferenceId: null });
  await h.db('users').where({ email: 'has-password@example.org' }).update({ password_hash: 'x' });
  await post('pub.localhost', '/conference/platform/manage/managers', boss, {
    email: 'has-password@example.org',
  }).expect(200);
  const [mail] = await outbox({ conference_id: published, to_address: 'has-password@example.org' });
  expect(mail.html_body).not.toContain('/resetPassword');
});

test('unpublished: the manager is added, no mail goes to the typed address, and the answer says so', async () => {
  const res = await post('drf.localhost', '/conference/platform/manage/managers', draftBoss, {
    email: 'stranger@example.net',
  });
  expect(res.body).toMatchObject({ code: 200, message: 'manageConference:addedNoMail' });
  expect(res.body.data.map((m: { email: string }) => m.email)).toContain('stranger@example.net');
  expect(await outbox({ conference_id: draft })).toHaveLength(0);
});

test('a publication request mails every platform administrator once; a second one within the hour does not', async () => {
  await post('drf.localhost', '/conference/platform/applyRelease', draftBoss).expect(200);
  const mails = await outbox({ kind: 'publicationRequested' });
  expect(mails).toHaveLength(1);
  expect(mails[0].conference_id).toBeNull();
  expect(mails[0].to_address.split(', ')).toEqual(expect.arrayContaining(['root2@example.org', 'root@example.org']));
  expect(mails[0].html_body).toContain('/admin/publications');
  expect(mails[0].html_body).toContain('Dora Draft');
  await post('drf.localhost', '/conference/platform/withdrawRelease', draftBoss).expect(200);
  await post('drf.localhost', '/conference/platform/applyRelease', draftBoss).expect(200);
  expect(await outbox({ kind: 'publicationRequested' })).toHaveLength(1);
});

test('the managers learn the decision, with the reason escaped', async () => {
  const pending = await h.db('publication_requests').where({ conference_id: draft, status: 'pending' }).first();
  const res = await request(h.app)
    .post(`/api/platform/admin/publications/${pending!.id}/reject`)
    .set({ Host: 'platform.localhost', Origin: 'http://platform.localhost', Cookie: `token=${root}` })
    .send({ reason: 'Add the <b>venue</b>' });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const [mail] = await outbox({ conference_id: draft, kind: 'publicationDecided' });
  expect(mail.to_address.split(', ')).toContain('draft-boss@example.org');
  expect(mail.html_body).toContain('Add the &lt;b&gt;venue&lt;/b&gt;');
  expect(mail.subject).toContain('发布申请未通过');
});
