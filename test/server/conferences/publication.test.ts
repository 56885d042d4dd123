/**
 * The publication workflow (spec 4, "Conference website"): apply, withdraw, approve or reject
 * by a platform administrator, cancel publishing, close, reopen; the overview's panel, the
 * queue screen, and what visitors see.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let conferenceId: number;
let manager: string;
let root: string;
const host = 'contract.localhost';
const platform = 'platform.localhost';

function onSite(path: string, token?: string, body: object = {}) {
  const req = request(h.app).post(`/api/conference/platform/${path}`).set('Host', host).set('Origin', `http://${host}`);
  if (token) req.set('Cookie', `token=${token}`);
  return req.send(body);
}
function admin(method: 'get' | 'post', path: string, token = root, body: object = {}) {
  const req = request(h.app)
    [method](`/api/platform/admin/publications${path}`)
    .set('Host', platform)
    .set('Origin', `http://${platform}`)
    .set('Cookie', `token=${token}`);
  return method === 'post' ? req.send(body) : req;
}
const status = async () => (await h.db('conferences').where({ id: conferenceId }).first())!.status;
const setStatus = (s: string) => h.db('conferences').where({ id: conferenceId }).update({ status: s });
const requests = () =>
  h.db('publication_requests').where({ conference_id: conferenceId }).orderBy('id').select('status', 'reason');
async function pendingId(): Promise<number> {
  return (await h.db('publication_requests').where({ conference_id: conferenceId, status: 'pending' }).first())!.id;
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite({ status: '1' }));
  manager = await h.login({ email: 'manager@example.org', name: 'Mia Manager', conferenceId, roles: ['manager'] });
  root = await h.login({ email: 'root@example.org', name: 'Root', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());
beforeEach(async () => {
  await h.db('publication_requests').where({ conference_id: conferenceId }).delete();
  await setStatus('1');
  await h.sites.siteChanged(conferenceId);
});

describe('manager actions', () => {
  test('apply to publish: draft → waiting for review, with a pending request', async () => {
    const res = await onSite('applyRelease', manager);
    expect(res.body).toMatchObject({
      code: 200,
      message: 'manageConference:applied',
      data: { status: '2', actions: ['withdraw', 'close'], rejection: null },
    });
    expect(res.body.data.requestedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await status()).toBe('2');
    const [row] = await h.db('publication_requests').where({ conference_id: conferenceId });
    expect(row).toMatchObject({
      status: 'pending',
      requested_by: (await h.db('users').where({ email: 'manager@example.org' }).first())!.id,
    });
    // not twice
    expect((await onSite('applyRelease', manager)).body).toMatchObject({
      code: 409,
      message: 'manageConference:invalidTransition',
    });
    expect(await requests()).toHaveLength(1);
  });

  test('withdraw the request: back to draft, the request is withdrawn', async () => {
    await onSite('applyRelease', manager);
    const res = await onSite('withdrawRelease', manager);
    expect(res.body).toMatchObject({
      code: 200,
      message: 'manageConference:withdrawn',
      data: { status: '1', actions: ['apply', 'close'] },
    });
    expect(await requests()).toEqual([{ status: 'withdrawn', reason: null }]);
    expect((await onSite('withdrawRelease', manager)).body).toMatchObject({
      code: 409,
      message: 'manageConference:invalidTransition',
    });
  });

  test('cancel publishing (spec 7 cancelRelease): published → draft; only when published', async () => {
    expect((await onSite('cancelRelease', manager)).body).toMatchObject({
      code: 409,
      message: 'manageConference:invalidTransition',
    });
    await setStatus('4');
    const res = await onSite('cancelRelease', manager);
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:cancelled', data: { status: '1' } });
    expect(await status()).toBe('1');
  });

  test('close from any state but closed; a pending request is withdrawn; reopen → draft', async () => {
    for (const from of ['1', '3', '4']) {
      await setStatus(from);
      expect((await onSite('closeConference', manager)).body, from).toMatchObject({
        code: 200,
        message: 'manageConference:closed',
        data: { status: '5', actions: ['reopen'] },
      });
      expect((await onSite('closeConference', manager)).body).toMatchObject({ code: 409 });
      expect((await onSite('reopenConference', manager)).body).toMatchObject({
        code: 200,
        message: 'manageConference:reopened',
        data: { status: '1' },
      });
    }
    await onSite('applyRelease', manager);
    await onSite('closeConference', manager);
    expect(await requests()).toEqual([{ status: 'withdrawn', reason: null }]);
    expect((await onSite('applyRelease', manager)).body).toMatchObject({
      code: 409,
      message: 'manageConference:invalidTransition',
    });
    expect((await onSite('reopenConference', manager)).body.data.status).toBe('1');
    expect((await onSite('reopenConference', manager)).body).toMatchObject({ code: 409 });
  });

  test('the state answers which actions apply', async () => {
    const get = () =>
      request(h.app).get('/api/conference/platform/publication').set('Host', host).set('Cookie', `token=${manager}`);
    const expected: Record<string, string[]> = {
      '1': ['apply', 'close'],
      '2': ['withdraw', 'close'],
      '3': ['apply', 'close'],
      '4': ['cancelRelease', 'close'],
      '5': ['reopen'],
    };
    for (const [s, actions] of Object.entries(expected)) {
      await setStatus(s);
      expect((await get()).body.data.actions, s).toEqual(actions);
    }
  });

  test('only managers act; attendees, reviewers and anonymous visitors change nothing', async () => {
    const attendee = await h.login({ email: 'attendee@example.org', conferenceId, roles: ['attendee', 'reviewer'] });
    for (const path of ['applyRelease', 'withdrawRelease', 'cancelRelease', 'closeConference', 'reopenConference']) {
      expect((await onSite(path, attendee)).status, path).toBe(403);
      expect((await onSite(path)).status, path).toBe(401);
    }
    expect(await status()).toBe('1');
    expect(await requests()).toEqual([]);
  });
});

describe('platform administrators decide', () => {
  test('the queue lists pending requests with conference, domain, requester and time', async () => {
    await onSite('applyRelease', manager);
    const res = await admin('get', '');
    expect(res.body.data).toEqual([
      {
        requestId: await pendingId(),
        conferenceId,
        name: '契约测试会议',
        domain: 'contract.localhost',
        requestedBy: 'Mia Manager <manager@example.org>',
        requestedAt: expect.stringMatching(/Z$/),
      },
    ]);
  });

  test("approve: published, with 'The conference has been successfully published'", async () => {
    await onSite('applyRelease', manager);
    const res = await admin('post', `/${await pendingId()}/approve`);
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:published', data: [] });
    expect(await status()).toBe('4');
    const [row] = await requests();
    expect(row.status).toBe('approved');
    const decided = await h.db('publication_requests').where({ conference_id: conferenceId }).first();
    expect(decided!.decided_by).toBe((await h.db('users').where({ email: 'root@example.org' }).first())!.id);
    expect(decided!.decided_at).toBeTruthy();
    // the public site is open at once (the caches were dropped)
    expect((await visit(h.app, '/', { host })).status).toBe(200);
  });

  test('reject needs a reason of at most 1000 characters; the manager sees it and may apply again', async () => {
    await onSite('applyRelease', manager);
    const id = await pendingId();
    expect((await admin('post', `/${id}/reject`, root, {})).body).toMatchObject({
      code: 400,
      message: 'manageConference:reasonRequired',
      field: 'reason',
    });
    expect((await admin('post', `/${id}/reject`, root, { reason: '   ' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:reasonRequired',
    });
    expect((await admin('post', `/${id}/reject`, root, { reason: 'x'.repeat(1001) })).body).toMatchObject({
      code: 400,
      message: 'manageConference:reasonTooLong',
    });
    expect(await status()).toBe('2');
    const res = await admin('post', `/${id}/reject`, root, {
      reason: 'Please add the conference dates and a contact address.',
    });
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:rejected' });
    expect(await status()).toBe('3');

    const state = await request(h.app)
      .get('/api/conference/platform/publication')
      .set('Host', host)
      .set('Cookie', `token=${manager}`);
    expect(state.body.data).toMatchObject({
      status: '3',
      actions: ['apply', 'close'],
      rejection: { reason: 'Please add the conference dates and a contact address.' },
    });
    const overview = await page(h.app, '/platform', { host, token: manager, lang: 'en' });
    expect(overview.$('[data-island="PublicationActions"]').text()).toContain(
      'Reason: Please add the conference dates and a contact address.',
    );
    expect(overview.$('.status-tag').text()).toBe('Publication request rejected');

    expect((await onSite('applyRelease', manager)).body.data).toMatchObject({ status: '2', rejection: null });
    expect((await admin('post', `/${await pendingId()}/reject`, root, { reason: 'y'.repeat(1000) })).body.code).toBe(
      200,
    );
  });

  test('a decided or withdrawn request cannot be decided again', async () => {
    await onSite('applyRelease', manager);
    const id = await pendingId();
    await onSite('withdrawRelease', manager);
    expect((await admin('post', `/${id}/approve`)).body).toMatchObject({
      code: 409,
      message: 'manageConference:requestNotPending',
    });
    expect(await status()).toBe('1');
    await onSite('applyRelease', manager);
    const second = await pendingId();
    await admin('post', `/${second}/approve`);
    expect((await admin('post', `/${second}/reject`, root, { reason: 'late' })).body).toMatchObject({
      code: 409,
      message: 'manageConference:requestNotPending',
    });
    expect(await status()).toBe('4');
    expect((await admin('post', '/999999/approve')).status).toBe(404);
  });

  test('two decisions at once cannot cross: exactly one wins', async () => {
    await onSite('applyRelease', manager);
    const id = await pendingId();
    const results = await Promise.all([
      admin('post', `/${id}/approve`),
      admin('post', `/${id}/reject`, root, { reason: 'no' }),
      admin('post', `/${id}/approve`),
    ]);
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    const winner = results.find((r) => r.body.code === 200)!.body.message;
    expect(await status()).toBe(winner === 'manageConference:published' ? '4' : '3');
    expect((await requests()).map((r) => r.status)).toEqual([
      winner === 'manageConference:published' ? 'approved' : 'rejected',
    ]);
  });

  test('a withdrawal and a decision at once cannot cross either', async () => {
    await onSite('applyRelease', manager);
    const id = await pendingId();
    const [withdraw, approve] = await Promise.all([
      onSite('withdrawRelease', manager),
      admin('post', `/${id}/approve`),
    ]);
    expect([withdraw.body.code, approve.body.code].sort()).toEqual([200, 409]);
    const final = await status();
    expect(final).toBe(withdraw.body.code === 200 ? '1' : '4');
  });

  test('only super admins, and only on the platform host', async () => {
    await onSite('applyRelease', manager);
    const id = await pendingId();
    const user = await h.login({ email: 'someone@example.org', conferenceId: null });
    expect((await admin('get', '', user)).status).toBe(403);
    expect((await admin('post', `/${id}/approve`, user)).status).toBe(403);
    // a super admin's session on a conference domain does not reach the queue
    const rootOnSite = await h.login({ email: 'root@example.org', conferenceId, superAdmin: true });
    const res = await request(h.app)
      .post(`/api/platform/admin/publications/${id}/approve`)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${rootOnSite}`)
      .send({});
    expect(res.status).toBe(404);
    expect(await status()).toBe('2');
  });
});

describe('screens', () => {
  test('the overview shows the panel with the actions that apply, to managers only', async () => {
    const { $ } = await page(h.app, '/platform', { host, token: manager, lang: 'en' });
    const island = $('[data-island="PublicationActions"]');
    expect(JSON.parse(island.attr('data-props')!)).toMatchObject({
      lang: 'en',
      mobile: false,
      state: { status: '1', actions: ['apply', 'close'] },
    });
    expect(
      island
        .find('button')
        .not('#maintenance-switch')
        .map((_, b) => $(b).text())
        .get(),
    ).toEqual(['Apply to publish', 'Close the conference']);
    await setStatus('4');
    await h.sites.siteChanged(conferenceId);
    const published = await page(h.app, '/platform', { host, token: manager, lang: 'zh', mobile: true });
    expect(published.$('[data-island="PublicationActions"]').text()).toContain('会议发布成功');
    expect(
      published
        .$('[data-island="PublicationActions"] button')
        .not('#maintenance-switch')
        .map((_, b) => published.$(b).text())
        .get(),
    ).toEqual(['取消发布', '关闭会议']);
    const reviewer = await h.login({ email: 'rev@example.org', conferenceId, roles: ['reviewer'] });
    const reviewerPage = await page(h.app, '/platform/submissionManage/user', { host, token: reviewer });
    expect(reviewerPage.$('[data-island="PublicationActions"]')).toHaveLength(0);
  });

  test('waiting for review: the overview says so', async () => {
    await onSite('applyRelease', manager);
    const { $ } = await page(h.app, '/platform', { host, token: manager, lang: 'en' });
    expect($('.status-tag').text()).toBe('Waiting for platform administrator review');
    expect($('[data-island="PublicationActions"]').text()).toContain('Waiting for platform administrator review');
    expect(
      $('[data-island="PublicationActions"] button')
        .not('#maintenance-switch')
        .map((_, b) => $(b).text())
        .get(),
    ).toEqual(['Withdraw the request', 'Close the conference']);
  });

  test('the queue screen: super admins only, on the platform host, in the admin menu', async () => {
    await onSite('applyRelease', manager);
    const { res, $ } = await page(h.app, '/admin/publications', { host: `${platform}:3000`, token: root, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('.side-menu li.active a').attr('href')).toBe('/admin/publications');
    expect($('.side-menu li.active a').text()).toBe('Publication requests');
    const props = JSON.parse($('[data-island="AdminPublications"]').attr('data-props')!);
    expect(props).toMatchObject({ lang: 'en', scheme: 'http://', port: ':3000' });
    expect(props.requests).toHaveLength(1);
    expect($('[data-island="AdminPublications"] table').text()).toContain('contract.localhost');
    // The reviewer reaches the draft as it will look and its management area from the queue, on the conference's address.
    const links = $('[data-island="AdminPublications"] table a')
      .map((_, a) => $(a).attr('href'))
      .get();
    expect(links).toEqual(
      expect.arrayContaining([
        'http://contract.localhost:3000/conferencelogin?redirect=%2F',
        'http://contract.localhost:3000/conferencelogin?redirect=%2Fplatform',
      ]),
    );
    const rootThere = await h.login({ email: 'root@example.org', conferenceId });
    expect((await visit(h.app, '/', { host, token: rootThere })).status).toBe(200);
    expect((await visit(h.app, '/platform', { host, token: rootThere })).status).toBe(200);
    expect((await visit(h.app, '/', { host })).headers.location).toBe('/unpublished');
    const phone = await page(h.app, '/admin/publications', { host: platform, token: root, mobile: true });
    expect(phone.$('[data-island="AdminPublications"] table')).toHaveLength(0);

    expect((await visit(h.app, '/admin/publications', { host: platform })).headers.location).toBe(
      '/conferencelogin?redirect=%2Fadmin%2Fpublications',
    );
    const user = await h.login({ email: 'someone@example.org', conferenceId: null });
    expect((await visit(h.app, '/admin/publications', { host: platform, token: user })).headers.location).toBe('/403');
    expect((await visit(h.app, '/admin/publications', { host, token: manager })).headers.location).toBe('/404');
  });

  test('visitors of a closed conference are sent to /unpublished; its managers still see it', async () => {
    await setStatus('4');
    await h.sites.siteChanged(conferenceId);
    expect((await visit(h.app, '/', { host })).status).toBe(200);
    await onSite('closeConference', manager);
    expect((await visit(h.app, '/', { host })).headers.location).toBe('/unpublished');
    const about = await h.db('pages').where({ conference_id: conferenceId, type: 'PAGE' }).first();
    expect((await visit(h.app, `/page/${about!.id}`, { host })).headers.location).toBe('/unpublished');
    const attendee = await h.login({ email: 'visitor@example.org', conferenceId, roles: ['attendee'] });
    expect((await visit(h.app, '/', { host, token: attendee })).headers.location).toBe('/unpublished');
    expect((await visit(h.app, '/', { host, token: manager })).status).toBe(200);
    expect((await visit(h.app, '/unpublished', { host })).status).toBe(200);
  });
});
