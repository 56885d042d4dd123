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
  const res = await call(h, host, 'post', '/conference/conferenceUser', { token, lang: 'en', body: { version: 'default', answers: goodAnswers(), noticeAccepted: true } });
  expect(res.body.code).toBe(200);
  const mail = await h.db('mail_outbox').where({ conference_id: cid, to_address: 'links@example.org', kind: 'registration' }).first();
  expect(mail.text_body).toContain('http://demo.localhost:3000/profile/userInfo');
  expect(mail.html_body).toContain('http://demo.localhost:3000');
  expect(`${mail.text_body}${mail.html_body}`).not.toContain('https://demo.localhost');
});

test('order mails and the other conferences’ order links use the same address', async () => {
  expect(await h.orders.mailSite(cid)).toMatchObject({ url: 'http://demo.localhost:3000' });
});
