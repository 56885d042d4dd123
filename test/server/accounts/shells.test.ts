/** The navigation guard of spec 2.2 on the server, the personal centre and the management shell. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { apiPost } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let conferenceId: number;
let draftId: number;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conferenceId = await h.provision(contractSite());
  draftId = await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '2' }));
});
afterAll(() => h?.stop());

const as = (roles: Array<'attendee' | 'manager' | 'reviewer'>, conference = conferenceId, superAdmin = false) =>
  h.login({
    email: `${roles.join('-') || 'plain'}-${conference}${superAdmin ? '-sa' : ''}@example.org`,
    name: '测试用户',
    conferenceId: conference,
    roles,
    superAdmin,
  });

describe('guard', () => {
  test.each(['/profile/userInfo', '/platform', '/platform/manage/user'])(
    'anonymous %s goes to the login page with redirect',
    async (path) => {
      const res = await visit(h.app, path, { host });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/conferencelogin?redirect=${encodeURIComponent(path)}`);
    },
  );

  test('managers and super admins have the whole /platform area', async () => {
    expect((await visit(h.app, '/platform', { host, token: await as(['manager']) })).status).toBe(200);
    expect((await visit(h.app, '/platform', { host, token: await as([], conferenceId, true) })).status).toBe(200);
  });

  test('a reviewer may open only /platform/submissionManage; elsewhere they land on its user page', async () => {
    const token = await as(['reviewer']);
    expect((await visit(h.app, '/platform', { host, token })).headers.location).toBe('/platform/submissionManage/user');
    expect((await visit(h.app, '/platform/config/website', { host, token })).headers.location).toBe(
      '/platform/submissionManage/user',
    );
    expect((await visit(h.app, '/platform/submissionManage/user', { host, token })).status).toBe(200);
  });

  test('anyone else opening /platform goes to /403', async () => {
    expect((await visit(h.app, '/platform', { host, token: await as(['attendee']) })).headers.location).toBe('/403');
    expect((await visit(h.app, '/platform/manage/order', { host, token: await as([]) })).headers.location).toBe('/403');
  });

  test('an unpublished conference sends non-staff to /unpublished, staff pass', async () => {
    expect(
      (await visit(h.app, '/profile/userInfo', { host: 'draft.localhost', token: await as(['attendee'], draftId) }))
        .headers.location,
    ).toBe('/unpublished');
    expect(
      (await visit(h.app, '/platform', { host: 'draft.localhost', token: await as(['manager'], draftId) })).status,
    ).toBe(200);
  });

  test('a screen of the management area that does not exist is a 404 for a manager', async () => {
    expect(
      (await visit(h.app, '/platform/no-such-screen', { host, token: await as(['manager']) })).headers.location,
    ).toBe('/404');
  });
});

describe('personal centre', () => {
  test('/profile goes to /profile/userInfo, which shows the account and highlights its menu entry', async () => {
    const token = await as(['attendee']);
    expect((await visit(h.app, '/profile', { host, token })).headers.location).toBe('/profile/userInfo');
    const { $ } = await page(h.app, '/profile/userInfo', { host, token });
    expect($('.side-menu li.active a').attr('href')).toBe('/profile/userInfo');
    expect($('.info-list').text()).toContain('测试用户');
    expect($('.info-list').text()).toContain('已报名');
  });

  test('the Edit screen highlights /profile/userInfo and saves the name through the API', async () => {
    const token = await as([]);
    const { $ } = await page(h.app, '/profile/userInfo/Edit', { host, token, lang: 'en' });
    expect($('.side-menu li.active a').attr('href')).toBe('/profile/userInfo');
    expect($('[data-island="ProfileEditForm"]')).toHaveLength(1);
    const res = await request(h.app)
      .put('/api/base/user/info')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .send({ trueName: '新名字' });
    expect(res.body.data.trueName).toBe('新名字');
    const after = await page(h.app, '/', { host, token });
    expect(after.$('#template-user-name-container').text()).toBe('新名字');
    expect(JSON.parse(after.$('#conference-site-data').text()).config.userInfo.trueName).toBe('新名字');
  });

  test('a blank name is refused and changes nothing', async () => {
    const token = await as([]);
    const res = await request(h.app)
      .put('/api/base/user/info')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .send({ trueName: '   ' });
    expect(res.body).toMatchObject({ code: 400, message: 'nameRequire', field: 'trueName' });
    expect(await apiPost(h.app, 'platform.localhost', '/base/oauth/localLogin', {}).then((r) => r.status)).toBe(400);
  });
});

describe('management shell', () => {
  test('the overview states the conference, its status and the caller’s roles', async () => {
    const { $ } = await page(h.app, '/platform', {
      host: 'draft.localhost',
      token: await as(['manager'], draftId),
      lang: 'en',
    });
    expect($('.status-tag').text()).toBe('Waiting for platform administrator review');
    expect($('.info-list').text()).toContain('Conference manager');
    // The managers' dashboard first (issue 33), then the overview; features add their screens after it (MANAGE_MENU).
    expect(
      $('.side-menu a')
        .map((_, a) => $(a).text())
        .get()
        .slice(0, 2),
    ).toEqual(['Dashboard', 'Overview']);
  });
});
