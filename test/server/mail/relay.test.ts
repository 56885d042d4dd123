/**
 * The platform's mailer is not an open relay (issue 10 #5): a conference that is not published
 * mails only people who came to it themselves, every conference has a daily budget of
 * recipients counted outside the request's transaction, and a failed request gives it back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';
import { MailBudget } from '../../../server/modules/mail/budget';
import { mailedCode } from '../../helpers/accounts';

const BUDGET = 8;
let h: Harness;
let draft: number;
let published: number;
let draftBoss: string;
let publishedBoss: string;
const DRAFT = 'draft-relay.localhost';
const PUBLISHED = 'pub-relay.localhost';

const outbox = (conferenceId: number) => h.db('mail_outbox').where({ conference_id: conferenceId }).orderBy('id');
const addUser = (host: string, token: string, email: string) =>
  call(h, host, 'post', '/conference/conferenceUser/addUser', {
    token,
    body: { version: 'default', answers: goodAnswers({ email, fullName: 'Added By Hand' }) },
  });
const budgetUsed = (conferenceId: number) => new MailBudget(h.db, { unpublished: 0, published: 0 }).used(conferenceId);

/**
 * Someone registers themself. On a draft only its staff may (the unpublished rule), so the
 * person is a reviewer there: people who came to the conference themselves.
 */
async function registerSelf(host: string, conferenceId: number, email: string) {
  const token = await h.login({ email, name: 'Self Registered', conferenceId, roles: ['reviewer'] });
  const res = await call(h, host, 'post', '/conference/conferenceUser', {
    token,
    body: { version: 'default', answers: goodAnswers() },
  });
  expect(res.body.code).toBe(200);
}

beforeAll(async () => {
  h = await createHarness({
    seedDemo: false,
    env: { MAIL_DAILY_BUDGET_UNPUBLISHED: String(BUDGET), MAIL_DAILY_BUDGET_PUBLISHED: String(BUDGET) },
  });
  draft = await h.provision(contractSite({ slug: 'draft-relay', domains: [DRAFT], status: '1' }));
  published = await h.provision(contractSite({ slug: 'pub-relay', domains: [PUBLISHED] }));
  for (const id of [draft, published]) {
    await openRegistration(h.db, id, { prefix: 'R-' });
    await setForm(h.db, id, 'default', testForm());
  }
  draftBoss = await h.login({ email: 'draft-boss@example.org', conferenceId: draft, roles: ['manager'] });
  publishedBoss = await h.login({ email: 'pub-boss@example.org', conferenceId: published, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('a conference that is not published', () => {
  test('addUser of a stranger: the registrant is added, and no mail goes to the typed address', async () => {
    const res = await addUser(DRAFT, draftBoss, 'victim@example.net');
    expect(res.body).toMatchObject({ code: 200, message: 'registration:addedNoMail', data: { mailed: false } });
    expect(await h.db('registrants').where({ conference_id: draft, email: 'victim@example.net' }).first()).toBeTruthy();
    expect(await outbox(draft)).toHaveLength(0);
    expect(await budgetUsed(draft)).toBe(0);
  });

  test('adding the stranger as a manager first does not make them a recipient', async () => {
    await call(h, DRAFT, 'post', '/conference/platform/manage/managers', {
      token: draftBoss,
      body: { email: 'victim2@example.net' },
    }).expect(200);
    const res = await addUser(DRAFT, draftBoss, 'victim2@example.net');
    expect(res.body.data.mailed).toBe(false);
    expect(await outbox(draft)).toHaveLength(0);
  });

  test('mail to registrants with a stranger among them is refused as a whole; nothing is queued or counted', async () => {
    await registerSelf(DRAFT, draft, 'came-myself@example.org');
    const before = (await outbox(draft)).length;
    const res = await call(h, DRAFT, 'post', '/conference/conferenceUser/sendEmail', {
      token: draftBoss,
      body: { data: { type: '', title: 'Your account is locked', content: 'Click here' } },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:unpublishedRecipients', params: { count: '2' } });
    expect(await outbox(draft)).toHaveLength(before);
  });

  test('people who came themselves are mailed: signed in, registered themselves, wrote feedback', async () => {
    const self = await h.db('registrants').where({ conference_id: draft, email: 'came-myself@example.org' }).first();
    const res = await call(h, DRAFT, 'post', '/conference/conferenceUser/sendEmail', {
      token: draftBoss,
      body: { data: { type: 'NotAll', ids: [self!.id], title: 'Welcome', content: 'Hello' } },
    });
    expect(res.body).toMatchObject({ code: 200, data: { recipients: 1, messages: 1 } });
    // Signed in to the conference (a session for it), then added by a manager: mailed.
    await h.login({ email: 'visitor@example.org', conferenceId: draft });
    expect((await addUser(DRAFT, draftBoss, 'visitor@example.org')).body).toMatchObject({
      code: 200,
      message: 'registration:added',
      data: { mailed: true },
    });
    // Wrote feedback (checked by an e-mail code), then added by hand: mailed.
    await h.db('users').insert({
      email: 'writer@example.org',
      true_name: 'W',
      created_at: '2026-01-01 00:00:00.000',
      updated_at: '2026-01-01 00:00:00.000',
    });
    const writer = await h.db('users').where({ email: 'writer@example.org' }).first();
    await h.db('feedback').insert({
      conference_id: draft,
      user_id: writer!.id,
      title: 't',
      name: 'n',
      email: 'writer@example.org',
      type: 'x',
      content: 'c',
      created_at: '2026-01-01 00:00:00.000',
    });
    expect((await addUser(DRAFT, draftBoss, 'writer@example.org')).body.data.mailed).toBe(true);
    const kinds = (await outbox(draft)).map(
      (r: { kind: string | null; bcc_address: string | null; to_address: string }) =>
        `${r.kind}:${r.to_address || r.bcc_address}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'bulk:came-myself@example.org',
        'registration:visitor@example.org',
        'registration:writer@example.org',
      ]),
    );
    expect(kinds.join()).not.toContain('victim');
  });

  test('feedback mails only the managers who came to the conference, not the ones typed in', async () => {
    // victim2 was made a manager by address only; draft-boss signed in.
    // On a draft only its staff may write feedback (the unpublished rule): a reviewer.
    const writer = await h.login({ email: 'fb-writer@example.org', conferenceId: draft, roles: ['reviewer'] });
    await call(h, DRAFT, 'post', '/conference/conferenceRegUserConfig/sendEmailCode', {
      body: { data: { email: 'fb-writer@example.org', type: 'feedbackCode' } },
    }).expect(200);
    const code = await mailedCode(h.db, 'fb-writer@example.org');
    const res = await call(h, DRAFT, 'post', '/conference/feedback', {
      token: writer,
      body: {
        title: 'Please read',
        name: 'W',
        email: 'fb-writer@example.org',
        phone: '13800138000',
        type: 'Other',
        content: 'Phishing text',
        verifyCode: code,
      },
    });
    expect(res.body.code).toBe(200);
    const feedbackMail = (await outbox(draft))
      .filter((r: { subject: string }) => r.subject.includes('Please read'))
      .map((r: { to_address: string }) => r.to_address);
    expect(feedbackMail).toEqual(['draft-boss@example.org']);
  });

  test('resending a failed message to a stranger from the log is refused', async () => {
    const [id] = await h.db('mail_outbox').insert({
      conference_id: draft,
      to_address: 'stranger@example.net',
      subject: 's',
      text_body: 't',
      status: 'failed',
      attempts: 7,
      next_attempt_at: '2026-01-01 00:00:00.000',
      created_at: '2026-01-01 00:00:00.000',
    });
    const res = await call(h, DRAFT, 'post', `/conference/platform/mail/log/${id}/resend`, {
      token: draftBoss,
      body: {},
    });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:unpublishedRecipients' });
    expect((await h.db('mail_outbox').where({ id }).first())!.status).toBe('failed');
  });
});

describe('a published conference', () => {
  test('addUser mails the typed address; the daily budget counts it', async () => {
    const res = await addUser(PUBLISHED, publishedBoss, 'new-person@example.org');
    expect(res.body).toMatchObject({ code: 200, message: 'registration:added', data: { mailed: true } });
    expect((await outbox(published)).map((r: { to_address: string }) => r.to_address)).toEqual([
      'new-person@example.org',
    ]);
    expect(await budgetUsed(published)).toBe(1);
  });

  test('a failed addUser gives its place back', async () => {
    await openRegistration(h.db, published, { prefix: 'R-', registerFlag: true, registerNum: 1 });
    const res = await addUser(PUBLISHED, publishedBoss, 'over-cap@example.org');
    expect(res.body).toMatchObject({ code: 400, message: 'userReg.registerMsg' });
    expect(await budgetUsed(published)).toBe(1);
    await openRegistration(h.db, published, { prefix: 'R-', registerFlag: false, registerNum: 0 });
  });

  test('beyond the budget: mail to registrants is refused whole with the limit, nothing queued', async () => {
    for (let i = 0; i < 8; i++) await registerSelf(PUBLISHED, published, `fan${i}@example.org`);
    // Their own registration mails are not a manager's: not counted, and out of the way here.
    await h
      .db('mail_outbox')
      .where({ conference_id: published, kind: 'registration' })
      .andWhere('to_address', 'like', 'fan%')
      .delete();
    // 8 registrants + new-person: 9 recipients, 7 places left.
    const res = await call(h, PUBLISHED, 'post', '/conference/conferenceUser/sendEmail', {
      token: publishedBoss,
      body: { data: { type: '', title: 'News', content: 'x' } },
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 429, message: 'mail:budgetExhausted', params: { limit: String(BUDGET) } });
    expect(await outbox(published)).toHaveLength(1);
    expect(await budgetUsed(published)).toBe(1);
    const ids = (await h.db('registrants').where({ conference_id: published }).orderBy('id').limit(7)).map(
      (r: { id: number }) => r.id,
    );
    expect(
      (
        await call(h, PUBLISHED, 'post', '/conference/conferenceUser/sendEmail', {
          token: publishedBoss,
          body: { data: { type: 'NotAll', ids, title: 'News', content: 'x' } },
        })
      ).body.code,
    ).toBe(200);
    expect(await budgetUsed(published)).toBe(BUDGET);
    const over = await addUser(PUBLISHED, publishedBoss, 'one-more@example.org');
    expect(over.body).toMatchObject({ code: 429, message: 'mail:budgetExhausted' });
    expect(
      await h.db('registrants').where({ conference_id: published, email: 'one-more@example.org' }).first(),
    ).toBeUndefined();
  });
});

describe('the budget under concurrency', () => {
  test('300 concurrent reservations against a budget of 100: exactly 100 granted, none beyond', async () => {
    const conferenceId = await h.provision(contractSite({ slug: 'budget-race', domains: ['budget-race.localhost'] }));
    const budget = new MailBudget(h.db, { unpublished: 100, published: 100 });
    const results = await Promise.all(Array.from({ length: 300 }, () => budget.reserve(conferenceId, true, 1)));
    expect(results.filter(Boolean)).toHaveLength(100);
    expect(await budget.used(conferenceId)).toBe(100);
    await Promise.all(
      results
        .filter((r) => r !== null)
        .slice(0, 10)
        .map((r) => budget.release(r!)),
    );
    expect(await budget.used(conferenceId)).toBe(90);
  });

  test('200 concurrent addUser calls against a budget of 8: exactly 8 registrants and 8 mails', async () => {
    const host = 'budget-users.localhost';
    const conferenceId = await h.provision(contractSite({ slug: 'budget-users', domains: [host] }));
    await openRegistration(h.db, conferenceId, { prefix: 'B-' });
    await setForm(h.db, conferenceId, 'default', testForm());
    const boss = await h.login({ email: 'budget-boss@example.org', conferenceId, roles: ['manager'] });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => addUser(host, boss, `rush${i}@example.org`)),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(BUDGET);
    expect(codes.filter((c) => c !== 200).every((c) => c === 429)).toBe(true);
    expect(await h.db('registrants').where({ conference_id: conferenceId }).count({ n: '*' }).first()).toMatchObject({
      n: BUDGET,
    });
    expect(await outbox(conferenceId)).toHaveLength(BUDGET);
    expect(await budgetUsed(conferenceId)).toBe(BUDGET);
  }, 60_000);
});
