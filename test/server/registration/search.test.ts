/**
 * The registrant search keyword (issue 18): a name however it was given — full, or first and last
 * joined either way round, with or without a space — the user number and the organisation, with
 * LIKE's wildcards taken as characters.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'search.localhost';

async function register(email: string, version: string, answers: Record<string, string>) {
  const token = await h.login({ email, conferenceId: cid });
  const { fullName: _f, ...rest } = goodAnswers();
  const res = await call(h, host, 'post', '/conference/conferenceUser', {
    token,
    body: { version, answers: { ...rest, ...answers } },
  });
  expect(res.body.code).toBe(200);
}

/** The e-mails the keyword finds, in the order of registration. */
async function found(keyword: string): Promise<string[]> {
  const res = await call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
    token: manager,
    body: { name: keyword, page: 1, size: 50 },
  });
  expect(res.body.code).toBe(200);
  return (res.body.data.rows as Array<{ email: string }>).map((r) => r.email).reverse();
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'search', domains: [host] }));
  await openRegistration(h.db, cid, { prefix: 'S-' });
  await setForm(h.db, cid, 'default', testForm());
  const split = testForm();
  split.nameStyle = 'split';
  await setForm(h.db, cid, 'split', split);
  manager = await h.login({ email: 'boss@example.org', conferenceId: cid, roles: ['manager'] });
  await register('john@example.org', 'split', { firstName: 'John', lastName: 'Smith', unit: 'Acme University' });
  await register('zhang@example.org', 'split', { firstName: '三', lastName: '张', unit: '计算技术研究所' });
  await register('full@example.org', 'default', { fullName: 'Mary Jones', unit: '100% Research_Lab' });
});
afterAll(() => h?.stop());

test('first and last name joined either way round, with or without a space', async () => {
  expect(await found('John Smith')).toEqual(['john@example.org']);
  expect(await found('Smith John')).toEqual(['john@example.org']);
  expect(await found('smith')).toEqual(['john@example.org']);
  expect(await found('张三')).toEqual(['zhang@example.org']);
  expect(await found('张 三')).toEqual(['zhang@example.org']);
  expect(await found('三')).toEqual(['zhang@example.org']);
  expect(await found('Mary Jones')).toEqual(['full@example.org']);
  expect(await found('John Jones')).toEqual([]);
});

test('the user number and the organisation', async () => {
  const code = (await h.db('registrants').where({ conference_id: cid, email: 'zhang@example.org' }).first())!
    .code as string;
  expect(code).toMatch(/^S-/);
  expect(await found(code)).toEqual(['zhang@example.org']);
  expect(await found('S-')).toHaveLength(3);
  expect(await found('Acme')).toEqual(['john@example.org']);
  expect(await found('技术研究')).toEqual(['zhang@example.org']);
});

test('% and _ are characters, not wildcards', async () => {
  expect(await found('%')).toEqual(['full@example.org']);
  expect(await found('_')).toEqual(['full@example.org']);
  expect(await found('100%')).toEqual(['full@example.org']);
  expect(await found('J%n')).toEqual([]);
});

test('the keyword and the e-mail narrow the list together', async () => {
  const both = (email: string) =>
    call(h, host, 'post', '/conference/conferenceUser/findByQuery', {
      token: manager,
      body: { name: 'Smith John', email, page: 1, size: 50 },
    });
  expect((await both('john@')).body.data.total).toBe(1);
  expect((await both('zhang@')).body.data.total).toBe(0);
});
