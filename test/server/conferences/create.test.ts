/** Creating a conference on the platform host, and the platform home's "My conferences". */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page, visit } from '../../helpers/http';
import { apiPost } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let token: string;
const platform = 'platform.localhost';
const valid = {
  nameZh: '2028 可持续发展研讨会',
  nameEn: 'Sustainability Symposium 2028',
  shortTitle: 'SS 2028',
  slug: 'ss-2028',
};
const create = (body: object, t = token, host = `${platform}:3000`) =>
  apiPost(h.app, host, '/conference/create', body, t ? `token=${t}` : undefined);

beforeAll(async () => {
  // One account creates many conferences here; the per-account limit has its own tests (createLimit).
  h = await createHarness({
    seedDemo: false,
    env: { CONFERENCE_CREATE_PER_HOUR: '100', CONFERENCE_CREATE_PER_DAY: '100' },
  });
  await h.provision(contractSite());
  token = await h.login({ email: 'creator@example.org', name: 'Chen Creator', conferenceId: null });
});
afterAll(() => h?.stop());

describe('create conference API', () => {
  test('creates a draft site with the starter pages and menus, and makes the user creator and manager', async () => {
    const res = await create(valid);
    expect(res.body).toMatchObject({ code: 200, message: 'manageConference:created' });
    const { conferenceId, domain, loginUrl, siteUrl } = res.body.data;
    expect(domain).toBe('ss-2028.localhost');
    expect(siteUrl).toBe('http://ss-2028.localhost:3000/');
    expect(loginUrl).toBe('http://ss-2028.localhost:3000/conferencelogin?redirect=%2Fplatform');

    const conference = await h.db('conferences').where({ id: conferenceId }).first();
    expect(conference).toMatchObject({ slug: 'ss-2028', status: '1' });
    const user = await h.db('users').where({ email: 'creator@example.org' }).first();
    expect(conference!.created_by).toBe(user!.id);
    const roles = await h
      .db('conference_roles')
      .where({ conference_id: conferenceId, user_id: user!.id })
      .pluck('role');
    expect(roles.sort()).toEqual(['creator', 'manager']);

    const config = await h.db('website_configs').where({ conference_id: conferenceId }).first();
    expect(config).toMatchObject({
      conference_name_zh: valid.nameZh,
      conference_name_en: valid.nameEn,
      short_title_zh: 'SS 2028',
      short_title_en: 'SS 2028',
      language_type: '3',
    });
    expect(await h.db('conference_modules').where({ conference_id: conferenceId }).first()).toMatchObject({
      module: 'register',
    });
    expect(Boolean((await h.db('conference_modules').where({ conference_id: conferenceId }).first())!.enabled)).toBe(
      true,
    );
    expect(await h.db('exteriors').where({ conference_id: conferenceId }).pluck('name')).toEqual(['Classic']);

    const pages = await h
      .db('pages')
      .where({ conference_id: conferenceId, type: 'PAGE', is_mobile: false })
      .orderBy('id')
      .select('name', 'lang', 'html');
    expect(pages.map((p) => `${p.lang}:${p.name}`).sort()).toEqual(
      ['en:About', 'en:Contact', 'en:Home', 'zh:会议简介', 'zh:联系我们', 'zh:首页'].sort(),
    );
    expect(pages.find((p) => p.name === 'Home')!.html).toContain('Welcome to Sustainability Symposium 2028');
    expect(pages.find((p) => p.name === '首页')!.html).toContain('欢迎参加2028 可持续发展研讨会');
    for (const lang of ['zh', 'en'] as const) {
      const menu = await h.db('menus').where({ conference_id: conferenceId, lang }).orderBy('sort').pluck('title');
      expect(menu).toEqual(lang === 'zh' ? ['首页', '会议简介', '联系我们'] : ['Home', 'About', 'Contact']);
    }
  });

  test('the new site answers on its domain at once: draft, so visitors see /unpublished, its manager logs in there', async () => {
    expect((await visit(h.app, '/', { host: 'ss-2028.localhost' })).headers.location).toBe('/unpublished');
    const conference = await h.db('conferences').where({ slug: 'ss-2028' }).first();
    const manager = await h.login({ email: 'creator@example.org', name: 'Chen Creator', conferenceId: conference!.id });
    const home = await page(h.app, '/', { host: 'ss-2028.localhost', token: manager, lang: 'en' });
    expect(home.res.status).toBe(200);
    expect(home.$('#template-menu').text()).toContain('About');
    const platformPage = await visit(h.app, '/platform', { host: 'ss-2028.localhost', token: manager });
    expect(platformPage.status).toBe(200);
    // the platform session does not carry over to the new domain
    expect((await visit(h.app, '/platform', { host: 'ss-2028.localhost', token })).headers.location).toBe(
      '/conferencelogin?redirect=%2Fplatform',
    );
  });

  test('names are required and at most 300 characters; the short title at most 100', async () => {
    expect((await create({ ...valid, slug: 'n-1', nameZh: '  ' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:nameZhRequired',
      field: 'nameZh',
    });
    expect((await create({ ...valid, slug: 'n-1', nameEn: undefined })).body).toMatchObject({
      code: 400,
      message: 'manageConference:nameEnRequired',
      field: 'nameEn',
    });
    expect((await create({ ...valid, slug: 'n-1', nameZh: 'x'.repeat(301) })).body).toMatchObject({
      message: 'manageConference:nameZhTooLong',
    });
    expect((await create({ ...valid, slug: 'n-1', nameEn: 'x'.repeat(301) })).body).toMatchObject({
      message: 'manageConference:nameEnTooLong',
    });
    expect((await create({ ...valid, slug: 'n-1', shortTitle: 'x'.repeat(101) })).body).toMatchObject({
      message: 'manageConference:shortTitleTooLong',
      field: 'shortTitle',
    });
    expect((await create({ ...valid, slug: 'n-1', languageType: '4' })).body).toMatchObject({
      message: 'manageConference:languageTypeInvalid',
      field: 'languageType',
    });
    expect(
      (
        await create({
          ...valid,
          slug: 'n-1',
          nameZh: 'x'.repeat(300),
          nameEn: 'y'.repeat(300),
          shortTitle: 'z'.repeat(100),
          languageType: '1',
        })
      ).body.code,
    ).toBe(200);
    expect(
      (await h
        .db('website_configs')
        .where({ conference_name_zh: 'x'.repeat(300) })
        .first())!.language_type,
    ).toBe('1');
  });

  test('the subdomain: 3–40 lowercase letters, digits, hyphens; not reserved; unique', async () => {
    for (const slug of ['ab', 'a'.repeat(41), 'has space', 'under_score', '-lead', 'trail-', 'dot.ted']) {
      expect((await create({ ...valid, slug })).body, slug).toMatchObject({
        code: 400,
        message: 'manageConference:slugInvalid',
        field: 'slug',
      });
    }
    for (const slug of ['www', 'platform', 'admin', 'api', 'demo', 'demo2', 'mail', 'WWW']) {
      expect((await create({ ...valid, slug })).body, slug).toMatchObject({
        code: 400,
        message: 'manageConference:slugReserved',
        field: 'slug',
      });
    }
    expect((await create({ ...valid, slug: 'ss-2028' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:slugTaken',
      field: 'slug',
    });
    // the contract fixture's slug is taken although its domain is not <slug>.localhost
    expect((await create({ ...valid, slug: 'contract' })).body).toMatchObject({
      message: 'manageConference:slugTaken',
    });
    expect((await create({ ...valid, slug: 'A'.repeat(3) + '-' + '4'.repeat(36) })).body.code).toBe(200);
    expect((await create({ ...valid, slug: undefined })).body).toMatchObject({
      code: 400,
      message: 'manageConference:slugRequired',
      field: 'slug',
    });
  });

  test('a custom domain instead, for super admins only: a valid host name, unique, not one of the platform, not nested in another conference', async () => {
    const admin = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
    const res = await create({ ...valid, slug: undefined, domain: 'Conf.Example.ORG.' }, admin);
    expect(res.body.data.domain).toBe('conf.example.org');
    expect(
      await h.db('conference_domains').where({ conference_id: res.body.data.conferenceId }).pluck('domain'),
    ).toEqual(['conf.example.org']);
    const refused = async (domain: string, message: string, t = admin) =>
      expect((await create({ ...valid, slug: undefined, domain }, t)).body, domain).toMatchObject({
        code: 400,
        message: `manageConference:${message}`,
        field: 'domain',
      });
    await refused('conf.example.org', 'domainTaken');
    await refused('contract.localhost', 'domainTaken');
    for (const domain of [
      'platform.localhost',
      'www.localhost',
      'api.localhost',
      'x.platform.localhost',
      'localhost.localhost',
    ])
      await refused(domain, 'domainReserved');
    // Under another conference's domain, or above one: that conference's cookies and names are its own.
    for (const domain of ['www.conf.example.org', 'a.b.conf.example.org', 'example.org', 'www.contract.localhost'])
      await refused(domain, 'domainNested');
    // Under SITE_DOMAIN only what a subdomain could be.
    for (const domain of ['x.localhost', 'a.b.localhost', 'no_.localhost'])
      await refused(domain, domain === 'no_.localhost' ? 'domainInvalid' : 'domainSubdomain');
    for (const domain of [
      'nodot',
      '1.2.3.4',
      'bad_host.org',
      '-a.org',
      'a..org',
      'http://x.org',
      'x.org/path',
      `${'a'.repeat(64)}.org`,
    ])
      await refused(domain, 'domainInvalid');
    expect((await create({ ...valid, slug: 'both-given', domain: 'both.example.org' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:slugOrDomain',
    });
  });

  test('an ordinary user may not claim a name outside SITE_DOMAIN; <name>.<SITE_DOMAIN> typed as a domain is that subdomain', async () => {
    const before = await h.db('conferences').count({ n: '*' }).first();
    const res = await create({ ...valid, slug: undefined, domain: 'my-own.example.net' });
    expect(res.body).toMatchObject({
      code: 400,
      message: 'manageConference:domainOutside',
      field: 'domain',
      params: { siteDomain: 'localhost' },
    });
    expect(await h.db('conferences').count({ n: '*' }).first()).toEqual(before);
    const typed = await create({ ...valid, slug: undefined, domain: 'Typed-Sub.localhost' });
    expect(typed.body.data.domain).toBe('typed-sub.localhost');
    expect((await h.db('conferences').where({ id: typed.body.data.conferenceId }).first())!.slug).toBe('typed-sub');
    expect((await create({ ...valid, slug: 'typed-sub' })).body).toMatchObject({
      code: 400,
      message: 'manageConference:slugTaken',
      field: 'slug',
    });
  });

  test('a long custom domain still gets a unique slug', async () => {
    const admin = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.example.org`;
    const res = await create({ ...valid, slug: undefined, domain }, admin);
    expect(res.body.code).toBe(200);
    const slug = (await h.db('conferences').where({ id: res.body.data.conferenceId }).first())!.slug;
    expect(slug.length).toBeLessThanOrEqual(64);
  });

  test('nothing is left behind when a creation fails', async () => {
    const before = await h.db('conferences').count({ n: '*' }).first();
    await create({ ...valid, slug: 'ss-2028' });
    await create({ ...valid, slug: 'ok-slug', nameZh: '' });
    expect(await h.db('conferences').count({ n: '*' }).first()).toEqual(before);
  });

  test('two creations of the same subdomain at once: exactly one succeeds', async () => {
    const results = await Promise.all([1, 2, 3].map(() => create({ ...valid, slug: 'race-2028' })));
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 400, 400]);
    expect(
      results.filter((r) => r.body.code === 400).every((r) => r.body.message === 'manageConference:slugTaken'),
    ).toBe(true);
    expect(await h.db('conferences').where({ slug: 'race-2028' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  test('only signed-in users on the platform host', async () => {
    expect((await create(valid, '')).status).toBe(401);
    const contract = await h.db('conferences').where({ slug: 'contract' }).first();
    const onSite = await h.login({ email: 'creator@example.org', conferenceId: contract!.id });
    expect((await create({ ...valid, slug: 'from-site' }, onSite, 'contract.localhost')).status).toBe(404);
    expect(await h.db('conferences').where({ slug: 'from-site' }).first()).toBeUndefined();
  });
});

describe('create conference page', () => {
  test('anonymous visitors log in first', async () => {
    expect((await visit(h.app, '/conference/new', { host: platform })).headers.location).toBe(
      '/conferencelogin?redirect=%2Fconference%2Fnew',
    );
  });

  test('a signed-in user gets the form, with the platform domain', async () => {
    const { res, $ } = await page(h.app, '/conference/new', { host: platform, token, lang: 'en' });
    expect(res.status).toBe(200);
    expect($('h2').first().text()).toBe('Create a conference');
    const props = JSON.parse($('[data-island="CreateConference"]').attr('data-props')!);
    // Outside domains are for super admins: the form offers them the choice only.
    expect(props).toEqual({ lang: 'en', mobile: false, siteDomain: 'localhost', customDomain: false });
    expect($('[data-island="CreateConference"] form').length).toBe(1);
  });

  test('it is not a page of conference domains', async () => {
    expect((await visit(h.app, '/conference/new', { host: 'contract.localhost', token })).headers.location).toBe(
      '/404',
    );
  });
});

describe('my conferences on the platform home', () => {
  test('a signed-in user sees the conferences they manage or created, any status, with a link to manage them', async () => {
    const contract = await h.db('conferences').where({ slug: 'contract' }).first();
    await h.login({ email: 'other@example.org', conferenceId: contract!.id, roles: ['manager'] });
    const mine = await h.login({ email: 'other@example.org', conferenceId: null });
    const { $ } = await page(h.app, '/', { host: `${platform}:3000`, token: mine, lang: 'en' });
    const props = JSON.parse($('[data-island="MyConferences"]').attr('data-props')!);
    expect(props.conferences).toEqual([
      {
        id: contract!.id,
        name: 'Contract Test Conference',
        shortTitle: 'CTC 2027',
        status: '4',
        domain: 'contract.localhost',
        url: 'http://contract.localhost:3000/platform',
        creator: false,
      },
    ]);
    expect($('[data-island="MyConferences"]').text()).toContain('My conferences');
    expect($('[data-island="MyConferences"] a[href="/conference/new"]').text()).toBe('Create conference');

    const creator = await page(h.app, '/', { host: platform, token, lang: 'zh' });
    const created = JSON.parse(creator.$('[data-island="MyConferences"]').attr('data-props')!).conferences;
    expect(created.find((c: { domain: string }) => c.domain === 'ss-2028.localhost')).toMatchObject({
      status: '1',
      creator: true,
      url: 'http://ss-2028.localhost/platform',
    });
    expect(creator.$('[data-island="MyConferences"]').text()).toContain('未发布');
  });

  test('attendees and reviewers do not see the conference there; anonymous visitors get no panel', async () => {
    const contract = await h.db('conferences').where({ slug: 'contract' }).first();
    await h.login({ email: 'attendee@example.org', conferenceId: contract!.id, roles: ['attendee', 'reviewer'] });
    const attendee = await h.login({ email: 'attendee@example.org', conferenceId: null });
    const { $ } = await page(h.app, '/', { host: platform, token: attendee });
    expect(JSON.parse($('[data-island="MyConferences"]').attr('data-props')!).conferences).toEqual([]);
    const anonymous = await page(h.app, '/', { host: platform });
    expect(anonymous.$('[data-island="MyConferences"]')).toHaveLength(0);
    expect(anonymous.$('.conference-list a').length).toBeGreaterThan(0);
  });
});
