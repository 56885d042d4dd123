/** The managers of a conference (spec 6, "Adding managers"): the screen and its API. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let conferenceId: number;
let creator: string;
let creatorId: number;
const host = 'contract.localhost';
const PATH = '/api/conference/platform/manage/managers';

function call(method: 'get' | 'post' | 'delete', path: string, token?: string, body?: object) {
  const req = request(h.app)[method](path).set('Host', host).set('Origin', `http://${host}`);
  if (token) req.set('Cookie', `token=${token}`);
  return body ? req.send(body) : req;
}
const emails = (res: { body: { data: Array<{ email: string }> } }) => res.body.data.map((m) => m.email);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite({ status: '1' }));
  creator = await h.login({
    email: 'creator@example.org',
    name: 'Chen Creator',
    conferenceId,
    roles: ['creator', 'manager'],
  });
  creatorId = (await h.db('users').where({ email: 'creator@example.org' }).first())!.id;
});
afterAll(() => h?.stop());

describe('managers API', () => {
  test('lists the managers with the creator marked', async () => {
    const res = await call('get', PATH, creator);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual([
      {
        userId: creatorId,
        email: 'creator@example.org',
        trueName: 'Chen Creator',
        creator: true,
        hasPassword: false,
        since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  test('any valid e-mail can be added; a new account is created without a password', async () => {
    const res = await call('post', PATH, creator, { email: 'New.Manager@Example.org' });
    // Unpublished: the platform does not mail an address typed by a manager (the mail gate); the screen says so.
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:addedNoMail' });
    expect(emails(res)).toEqual(['creator@example.org', 'new.manager@example.org']);
    const user = await h.db('users').where({ email: 'new.manager@example.org' }).first();
    expect(user!.password_hash).toBeNull();
    expect(
      await h.db('conference_roles').where({ conference_id: conferenceId, user_id: user!.id }).pluck('role'),
    ).toEqual(['manager']);
  });

  test('an existing account keeps its other roles and gets the manager role', async () => {
    await h.login({ email: 'attendee@example.org', name: 'Ann Attendee', conferenceId, roles: ['attendee'] });
    const res = await call('post', PATH, creator, { email: 'attendee@example.org' });
    expect(res.body.data.find((m: { email: string }) => m.email === 'attendee@example.org')).toMatchObject({
      trueName: 'Ann Attendee',
      creator: false,
    });
    const user = await h.db('users').where({ email: 'attendee@example.org' }).first();
    expect(
      (await h.db('conference_roles').where({ conference_id: conferenceId, user_id: user!.id }).pluck('role')).sort(),
    ).toEqual(['attendee', 'manager']);
  });

  test("'Already an administrator, can't add again' — the creator too", async () => {
    expect((await call('post', PATH, creator, { email: 'new.manager@example.org' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:alreadyManager',
      field: 'email',
    });
    expect((await call('post', PATH, creator, { email: 'CREATOR@example.org' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:alreadyManager',
    });
  });

  test("'Non-pass users cannot be added as administrators': an e-mail that fails the format check; nothing is created", async () => {
    const before = await h.db('users').count({ n: '*' }).first();
    for (const email of ['not-an-email', 'a@b', '', '   ', 'x@y.c', 'a b@example.org']) {
      expect((await call('post', PATH, creator, { email })).body, email).toMatchObject({
        code: 400,
        message: 'manageConference:nonPassUser',
        field: 'email',
      });
    }
    expect((await call('post', PATH, creator, {})).body).toMatchObject({
      code: 400,
      message: 'manageConference:nonPassUser',
    });
    expect(await h.db('users').count({ n: '*' }).first()).toEqual(before);
  });

  test('the creator cannot be removed; nobody can remove themself', async () => {
    const other = await h.login({ email: 'new.manager@example.org', conferenceId });
    expect((await call('delete', `${PATH}/${creatorId}`, other)).body).toMatchObject({
      code: 400,
      message: 'manageConference:cannotRemoveCreator',
    });
    expect((await call('delete', `${PATH}/${creatorId}`, creator)).body).toMatchObject({
      code: 400,
      message: 'manageConference:cannotRemoveSelf',
    });
    const otherId = (await h.db('users').where({ email: 'new.manager@example.org' }).first())!.id;
    expect((await call('delete', `${PATH}/${otherId}`, other)).body).toMatchObject({
      code: 400,
      message: 'manageConference:cannotRemoveSelf',
    });
    expect(
      await h.db('conference_roles').where({ conference_id: conferenceId, role: 'creator' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
  });

  test('a manager is removed: only the manager role goes, and their access ends at once', async () => {
    const attendee = await h.login({ email: 'attendee@example.org', conferenceId });
    expect((await call('get', PATH, attendee)).status).toBe(200);
    const id = (await h.db('users').where({ email: 'attendee@example.org' }).first())!.id;
    const res = await call('delete', `${PATH}/${id}`, creator);
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:removed' });
    expect(emails(res)).not.toContain('attendee@example.org');
    expect(await h.db('conference_roles').where({ conference_id: conferenceId, user_id: id }).pluck('role')).toEqual([
      'attendee',
    ]);
    expect((await call('get', PATH, attendee)).status).toBe(403);
  });

  test('removing someone who is not a manager here is a 404; a malformed id a 400', async () => {
    const id = (await h.db('users').where({ email: 'attendee@example.org' }).first())!.id;
    expect((await call('delete', `${PATH}/${id}`, creator)).status).toBe(404);
    expect((await call('delete', `${PATH}/999999`, creator)).status).toBe(404);
    expect((await call('delete', `${PATH}/abc`, creator)).body).toMatchObject({
      code: 400,
      message: 'commonMsg.notFound',
    });
  });

  test('at least one manager stays', async () => {
    // A conference without a creator (seeded), with two managers; a super admin can act there too.
    const lone = await h.provision(contractSite({ slug: 'lone', domains: ['lone.localhost'] }));
    const m1 = await h.login({ email: 'm1@example.org', conferenceId: lone, roles: ['manager'] });
    await h.login({ email: 'm2@example.org', conferenceId: lone, roles: ['manager'] });
    const root = await h.login({ email: 'root@example.org', conferenceId: lone, superAdmin: true });
    const id = async (email: string) => (await h.db('users').where({ email }).first())!.id;
    const del = (token: string, userId: number) =>
      request(h.app)
        .delete(`${PATH}/${userId}`)
        .set('Host', 'lone.localhost')
        .set('Origin', 'http://lone.localhost')
        .set('Cookie', `token=${token}`);
    expect((await del(m1, await id('m2@example.org'))).body.code).toBe(200);
    expect((await del(root, await id('m1@example.org'))).body).toMatchObject({
      code: 400,
      message: 'manageConference:lastManager',
    });
    expect(await h.db('conference_roles').where({ conference_id: lone, role: 'manager' }).pluck('user_id')).toEqual([
      await id('m1@example.org'),
    ]);
  });

  test('only managers: anonymous 401, attendees and reviewers 403, nothing changes', async () => {
    expect((await call('get', PATH)).status).toBe(401);
    const reviewer = await h.login({ email: 'reviewer@example.org', conferenceId, roles: ['reviewer', 'attendee'] });
    expect((await call('get', PATH, reviewer)).status).toBe(403);
    expect((await call('post', PATH, reviewer, { email: 'sneaky@example.org' })).status).toBe(403);
    expect((await call('delete', `${PATH}/${creatorId}`, reviewer)).status).toBe(403);
    expect(await h.db('users').where({ email: 'sneaky@example.org' }).first()).toBeUndefined();
  });

  test('state changes need a same-origin request', async () => {
    const res = await request(h.app)
      .post(PATH)
      .set('Host', host)
      .set('Origin', 'http://evil.example')
      .set('Cookie', `token=${creator}`)
      .send({ email: 'x@example.org' });
    expect(res.status).toBe(403);
    expect(await h.db('users').where({ email: 'x@example.org' }).first()).toBeUndefined();
  });
});

describe('managers screen', () => {
  test('managers get the screen with the island and the menu entry; others are guarded', async () => {
    const { res, $ } = await page(h.app, '/platform/manage/managers', { host, token: creator, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('.side-menu li.active a').attr('href')).toBe('/platform/manage/managers');
    expect($('.side-menu li.active a').text()).toBe('Managers');
    const props = JSON.parse($('[data-island="ManageManagers"]').attr('data-props')!);
    expect(props).toMatchObject({ lang: 'en', mobile: false, selfId: creatorId });
    expect(props.managers.map((m: { email: string }) => m.email)).toEqual([
      'creator@example.org',
      'new.manager@example.org',
    ]);
    expect($('[data-island="ManageManagers"] table').length).toBe(1);

    const phone = await page(h.app, '/platform/manage/managers', { host, token: creator, lang: 'zh', mobile: true });
    expect(phone.$('[data-island="ManageManagers"] table').length).toBe(0);
    expect(phone.$('[data-island="ManageManagers"] .ant-list').length).toBe(1);
    expect(phone.$('[data-island="ManageManagers"]').text()).toContain('创建者');

    expect((await visit(h.app, '/platform/manage/managers', { host })).headers.location).toBe(
      '/conferencelogin?redirect=%2Fplatform%2Fmanage%2Fmanagers',
    );
    const reviewer = await h.login({ email: 'reviewer@example.org', conferenceId });
    expect((await visit(h.app, '/platform/manage/managers', { host, token: reviewer })).headers.location).toBe(
      '/platform/submissionManage/user',
    );
    const attendee = await h.login({ email: 'plain@example.org', conferenceId, roles: ['attendee'] });
    expect((await visit(h.app, '/platform/manage/managers', { host, token: attendee })).headers.location).toBe(
      '/unpublished',
    );
  });

  test('the screen is not on the platform host', async () => {
    const platformToken = await h.login({ email: 'creator@example.org', conferenceId: null });
    expect(
      (await visit(h.app, '/platform/manage/managers', { host: 'platform.localhost', token: platformToken })).headers
        .location,
    ).toBe('/404');
  });
});

/** Asset names carry build hashes; ids of elements and dates vary between runs. */
function stable(html: string): string {
  return html
    .replace(/\/assets\/([\w/-]+?)[.-][\w-]{8}\.js/g, '/assets/$1.[hash].js')
    .replace(/\/_styles\/antd\.[0-9a-f]{16}\.css/g, '/_styles/antd.[hash].css')
    .replace(/\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d\.\d{3}Z)?/g, '[date]');
}

describe.each([
  ['zh', false],
  ['en', true],
] as const)('snapshot of the managers screen, %s, phone: %s', (lang, mobile) => {
  test('server HTML', async () => {
    const { res, $ } = await page(h.app, '/platform/manage/managers', { host, token: creator, lang, mobile });
    expect(res.status).toBe(200);
    expect(stable(res.text)).toContain('/_styles/antd.[hash].css');
    // The screen itself; the layout's menu grows as other features add their screens.
    expect(stable($.html('main.shell-main'))).toMatchSnapshot();
  });
});
