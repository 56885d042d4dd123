/**
 * Adding a reviewer by e-mail tells the manager nothing about platform accounts, and gives nobody
 * the role without their consent (server/modules/review/reviewers/service.ts `invite`): the answer, the
 * list row and the mail are the same for an address with an account and one without; the account's
 * owner becomes a reviewer only by activating through the mailed link (no password asked).
 * Before, an address with an account came back active at once, holding the conference role.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { callConference, type CallSite } from '../submissions/helpers';
import type { ActivationView, ReviewerList } from '../../../server/contract/reviewers';
import { BASE, call, count, imported, invitation, ok, sheet } from './reviewerHelpers';

let h: Harness;
let site: CallSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'rv-invite');
});
afterAll(() => h?.stop());

/** An answer with what differs by nature between two reviewers (id, address, times) taken out. */
const shape = (v: unknown) =>
  JSON.parse(JSON.stringify(v, (k, x) => (['id', 'email', 'name', 'invitedAt'].includes(k) ? '·' : x)));

test('the answer, the list and the mail are the same with or without an account; the role waits for the owner', async () => {
  await h.login({ email: 'has.account@example.org', name: 'Account Holder', conferenceId: null });
  const user = await h.db('users').where({ email: 'has.account@example.org' }).first();
  const withAccount = await call(h, site.host, 'post', BASE, {
    token: site.manager,
    lang: 'en',
    body: { email: 'has.account@example.org' },
  });
  const without = await call(h, site.host, 'post', BASE, {
    token: site.manager,
    lang: 'en',
    body: { email: 'no.account@example.org' },
  });
  expect(withAccount.status).toBe(200);
  expect(withAccount.body.message).toBe(without.body.message);
  expect(shape(withAccount.body)).toEqual(shape(without.body));
  expect(withAccount.body.data.reviewer).toMatchObject({ active: false, expired: false });

  const rows = ok<ReviewerList>(await call(h, site.host, 'get', BASE, { token: site.manager })).rows;
  const [a, b] = ['has.account@example.org', 'no.account@example.org'].map((e) => rows.find((r) => r.email === e)!);
  expect(shape(a)).toEqual(shape(b));

  // Nothing granted: no role, no link to the account, no review area.
  expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(0);
  const row = await h.db('reviewers').where({ conference_id: site.cid, email: 'has.account@example.org' }).first();
  expect(row!.user_id).toBeNull();
  expect(Boolean(row!.active)).toBe(false);

  // Both mails carry an activation link; the owner accepts without a password, and only then is a reviewer.
  const [mailA, mailB] = [
    await invitation(h, 'has.account@example.org'),
    await invitation(h, 'no.account@example.org'),
  ];
  expect(mailA.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(mailB.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(mailA.text.replaceAll(mailA.key!, 'KEY').replaceAll('has.account', 'X')).toBe(
    mailB.text.replaceAll(mailB.key!, 'KEY').replaceAll('no.account', 'X'),
  );
  expect(ok<ActivationView>(await call(h, PLATFORM_HOST, 'get', `${BASE}/key/${mailA.key}`)).hasAccount).toBe(true);
  const done = await call(h, PLATFORM_HOST, 'post', `${BASE}/active`, {
    body: {
      key: mailA.key,
      lastName: 'Holder',
      middleName: '',
      firstName: 'Account',
      fullName: 'Account Holder',
      unit: 'Zhejiang University',
      phone: '13900000000',
      countryArea: 'China',
      direction: 'Databases',
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(
    Number(
      (await h.db('reviewers').where({ conference_id: site.cid, email: 'has.account@example.org' }).first())!.user_id,
    ),
  ).toBe(Number(user!.id));
  expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(1);
});

test('the import treats an address with an account like any other', async () => {
  await h.login({ email: 'imported.account@example.org', conferenceId: null });
  const user = await h.db('users').where({ email: 'imported.account@example.org' }).first();
  expect(
    await imported(h, site, await sheet([['imported.account@example.org', 'Imported Holder', '', '', '', '']])),
  ).toMatchObject({ added: 1 });
  const row = await h.db('reviewers').where({ conference_id: site.cid, email: 'imported.account@example.org' }).first();
  expect(row!.user_id).toBeNull();
  expect(await count(h, 'conference_roles', { conference_id: site.cid, user_id: user!.id, role: 'reviewer' })).toBe(0);
  expect((await invitation(h, 'imported.account@example.org')).key).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
