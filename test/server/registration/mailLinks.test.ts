/**
 * Links in mails reach the conference the way the README's own setup is reached (issue 18):
 * `npm start` with nothing configured answers at http://demo.localhost:3000, and so do its mails.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { openRegistration, setForm } from '../../helpers/registration';
import { conferenceIdForDomain } from '../../../server/modules/sites/repo';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
const host = 'demo.localhost';

beforeAll(async () => {
  // The README's start: the demo data, NODE_ENV and PUBLIC_* unset (development), PORT 3000.
  h = await createHarness({ env: { NODE_ENV: 'development' } });
  cid = (await conferenceIdForDomain(h.db, host))!;
  await openRegistration(h.db, cid, { prefix: 'DM-' });
  await setForm(h.db, cid, 'default', testForm());
});
afterAll(() => h?.stop());

test('the registration mail links to http://demo.localhost:3000', async () => {
  const token = await h.login({ email: 'links@example.org', conferenceId: cid });
  const res = await call(h, host, 'post', '/conference/conferenceUser', {
    token,
    lang: 'en',
    body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
  });
  expect(res.body.code).toBe(200);
  const mail = await h
    .db('mail_outbox')
    .where({ conference_id: cid, to_address: 'links@example.org', kind: 'registration' })
    .first();
  expect(mail!.text_body).toContain('http://demo.localhost:3000/profile/userInfo');
  expect(mail!.html_body).toContain('http://demo.localhost:3000');
  expect(`${mail!.text_body}${mail!.html_body}`).not.toContain('https://demo.localhost');
});

test('order mails and the other conferences’ order links use the same address', async () => {
  expect(await h.orders.mailSite(cid)).toMatchObject({ url: 'http://demo.localhost:3000' });
});

test('someone a manager registers is written to in the site’s languages, told an account was made and how to set its password', async () => {
  const manager = await h.login({ email: 'links-boss@example.org', conferenceId: cid, roles: ['manager'] });
  // The manager works in English; the person's language is not known: a bilingual site writes both.
  const add = await call(h, host, 'post', '/conference/conferenceUser/addUser', {
    token: manager,
    lang: 'en',
    body: { version: 'default', answers: goodAnswers({ email: 'walk-in@example.org' }) },
  });
  expect(add.body.code).toBe(200);
  const mail = await h
    .db('mail_outbox')
    .where({ conference_id: cid, to_address: 'walk-in@example.org', kind: 'registration' })
    .first();
  expect(mail!.subject).toMatch(/报名成功 \/ .*Registration confirmed/);
  expect(mail!.html_body).toContain('创建了平台账号');
  expect(mail!.html_body).toContain('created an account for you');
  expect(mail!.text_body).toContain('http://demo.localhost:3000/resetPassword');
  expect(mail!.html_body!.indexOf('尊敬的')).toBeLessThan(mail!.html_body!.indexOf('Dear'));

  // Someone who already has an account is told the organisers registered them, and nothing about a password.
  await h.login({ email: 'known@example.org', conferenceId: cid });
  await call(h, host, 'post', '/conference/conferenceUser/addUser', {
    token: manager,
    lang: 'en',
    body: { version: 'default', answers: goodAnswers({ email: 'known@example.org' }) },
  });
  const known = await h
    .db('mail_outbox')
    .where({ conference_id: cid, to_address: 'known@example.org', kind: 'registration' })
    .first();
  expect(known!.html_body).toContain('The organisers registered you');
  expect(known!.html_body).not.toContain('resetPassword');
});
