/**
 * Same person, same language (issue 18): the language chosen with the switch on one host (the
 * platform's) is where a conference's pages start for that person, until they choose there; a
 * single-language site keeps its language; bad input changes nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { contractSite } from '../../fixtures/contractSite';
import { visit } from '../../helpers/http';

let h: Harness;
let cid: number;
let zhOnly: number;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'lang-both', domains: ['lang-both.localhost'] }));
  zhOnly = await h.provision(contractSite({ slug: 'lang-zh', domains: ['lang-zh.localhost'], languageType: '1' }));
});
afterAll(() => h?.stop());

const choose = (host: string, token: string | null, body: unknown) => {
  const req = request(h.app)
    .put('/api/base/user/locale')
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .send(body as object);
  return token ? req.set('Cookie', `token=${token}`) : req;
};
const localeCookie = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith('locale='));

test('chosen on the platform, a conference starts in it and remembers it; a choice made there wins', async () => {
  const email = 'lang-person@example.org';
  const platform = await h.login({ email, conferenceId: null });
  expect((await choose(PLATFORM_HOST, platform, { lang: 'en' })).body.code).toBe(200);
  expect((await h.db('users').where({ email }).first())!.lang).toBe('en');

  const conference = await h.login({ email, conferenceId: cid });
  const first = await visit(h.app, '/profile/userInfo', { host: 'lang-both.localhost', token: conference });
  expect(first.status).toBe(200);
  expect(first.text).toContain('<html lang="en"');
  expect(localeCookie(first)).toMatch(/^locale=en;/);
  // The host has its own choice now: the cookie wins over the account.
  const chosenHere = await visit(h.app, '/profile/userInfo', {
    host: 'lang-both.localhost',
    token: conference,
    lang: 'zh',
  });
  expect(chosenHere.text).toContain('<html lang="zh-CN"');
  expect(localeCookie(chosenHere)).toBeUndefined();
  // A Chinese-only site stays Chinese.
  const zh = await visit(h.app, '/profile/userInfo', {
    host: 'lang-zh.localhost',
    token: await h.login({ email, conferenceId: zhOnly }),
  });
  expect(zh.text).toContain('<html lang="zh-CN"');
});

test('someone who never chose keeps the site default; anonymous and bad input change nothing', async () => {
  const email = 'lang-never@example.org';
  const token = await h.login({ email, conferenceId: cid });
  const page = await visit(h.app, '/profile/userInfo', { host: 'lang-both.localhost', token });
  expect(page.text).toContain('<html lang="zh-CN"');
  expect(localeCookie(page)).toBeUndefined();
  for (const body of [{ lang: 'fr' }, { lang: '' }, {}, { lang: ['en'] }]) {
    const res = await choose('lang-both.localhost', token, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
  }
  expect((await choose('lang-both.localhost', null, { lang: 'en' })).status).toBe(401);
  expect((await h.db('users').where({ email }).first())!.lang).toBeNull();
});

test("the switch posts to the address the server answers (the zod-free endpoint is the contract's)", async () => {
  const { accountsApi } = await import('../../../server/contract/accounts');
  const { localeEndpoint } = await import('../../../server/contract/locale');
  expect([accountsApi.locale.method, accountsApi.locale.path]).toEqual([localeEndpoint.method, localeEndpoint.path]);
});
