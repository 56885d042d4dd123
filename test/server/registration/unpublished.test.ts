/**
 * An unpublished conference (draft, waiting, rejected, closed) keeps its registration to its staff,
 * as its pages do (spec 2.2 step 7): anonymous visitors and signed-in non-staff get the pages'
 * refusal (403 commonMsg.unpublished) from the website config, the form, the count and every
 * registration call, and nothing is written; managers, reviewers and super admins go on working.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, PDF, testForm } from './helpers';
import request from 'supertest';

let h: Harness;
let cid: number;
const host = 'draft-reg.localhost';

type Call = [name: string, method: 'get' | 'post' | 'put', path: string, body?: object];
const CALLS: Call[] = [
  ['website config', 'get', '/conference/platform/config/website/findConferenceWebsiteConfig'],
  ['form', 'get', '/conference/conferenceRegUserConfig/getRuleByConference?version=default'],
  ['count', 'post', '/conference/conferenceUser/countUser', {}],
  [
    'register',
    'post',
    '/conference/conferenceUser',
    { version: 'default', answers: goodAnswers({ email: 'someone@example.org' }) },
  ],
  ['change own', 'put', '/conference/conferenceUser', { answers: goodAnswers() }],
  ['registered?', 'get', '/conference/conferenceUser/checkRegisteredUser'],
  ['version', 'get', '/conference/conferenceUser/getCurrentVersion'],
  ['identity', 'post', '/conference/conferenceUser/getEdugainInfo', {}],
];

const run = (token: string | undefined, [, method, path, body]: Call) => call(h, host, method, path, { token, body });
const upload = (token?: string) => {
  const req = request(h.app)
    .post('/api/conference/conferenceUser/temp/upload')
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .attach('file', PDF, 'cv.pdf');
  return token ? req.set('Cookie', `token=${token}`) : req;
};
const written = async () => ({
  registrants: await h.db('registrants').where({ conference_id: cid }).count({ n: '*' }).first(),
  files: await h.db('files').where({ conference_id: cid }).count({ n: '*' }).first(),
  users: await h.db('users').count({ n: '*' }).first(),
});

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'draft-reg', domains: [host], status: '1' }));
  await openRegistration(h.db, cid);
  await setForm(h.db, cid, 'default', testForm());
});
afterAll(() => h?.stop());

describe('an unpublished conference', () => {
  test('anonymous visitors get the refusal of the pages from every call, and nothing is written', async () => {
    const before = await written();
    for (const c of CALLS) {
      const res = await run(undefined, c);
      // Calls for signed-in people still ask to sign in first; the others are refused as unpublished.
      if (res.status === 401) continue;
      expect(res.body, c[0]).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
    }
    // Registering needs a session first (the account is made in the platform's frame): 401.
    for (const c of CALLS.slice(0, 4))
      expect((await run(undefined, c)).status, c[0]).toBe(c[0] === 'register' ? 401 : 403);
    expect((await upload()).body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
    expect(await written()).toEqual(before);
  });

  test('signed-in people who are not its staff too, attendees included', async () => {
    const user = await h.login({ email: 'visitor@example.org', conferenceId: cid });
    const attendee = await h.login({ email: 'attendee@example.org', conferenceId: cid, roles: ['attendee'] });
    const before = await written();
    for (const token of [user, attendee]) {
      for (const c of CALLS) {
        const res = await run(token, c);
        // Changing a registration is for attendees: others are refused before the rule is asked.
        if (c[0] === 'change own' && token === user) expect(res.status).toBe(403);
        else expect(res.body, c[0]).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
      }
      expect((await upload(token)).body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
      // Its other forms too: feedback and its attachment.
      const attachment = await request(h.app)
        .post('/api/conference/feedback/upload')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${token}`)
        .attach('file', PDF, 'notes.pdf');
      expect(attachment.body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
      const feedback = await call(h, host, 'post', '/conference/feedback', {
        token,
        body: {
          title: 'Hi',
          name: 'A',
          email: 'visitor@example.org',
          phone: '13800138000',
          type: 'other',
          content: 'x',
          verifyCode: '123456',
        },
      });
      expect(feedback.body).toMatchObject({ code: 403, message: 'commonMsg.unpublished' });
    }
    expect(await written()).toEqual(before);
  });

  test('its managers and reviewers read the config, the form and the count, and may register', async () => {
    for (const role of ['manager', 'reviewer'] as const) {
      const token = await h.login({ email: `${role}@example.org`, conferenceId: cid, roles: [role] });
      for (const c of CALLS.slice(0, 3)) expect((await run(token, c)).body.code, `${role} ${c[0]}`).toBe(200);
      const res = await call(h, host, 'post', '/conference/conferenceUser', {
        token,
        body: { version: 'default', answers: goodAnswers() },
      });
      expect(res.body.code, role).toBe(200);
      expect((await run(token, CALLS[5])).body).toMatchObject({ code: 200, data: true });
    }
  });

  test('once published, everyone may', async () => {
    await h.db('conferences').where({ id: cid }).update({ status: '4' });
    await h.sites.siteChanged(cid);
    for (const c of CALLS.slice(0, 3)) expect((await run(undefined, c)).body.code, c[0]).toBe(200);
    const user = await h.login({ email: 'visitor@example.org', conferenceId: cid });
    expect(
      (
        await call(h, host, 'post', '/conference/conferenceUser', {
          token: user,
          body: { version: 'default', answers: goodAnswers() },
        })
      ).body.code,
    ).toBe(200);
  });
});
