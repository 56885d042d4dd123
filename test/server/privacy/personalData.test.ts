/**
 * A person's own data (issue 32): the export read back from its zip, the erasure by the person
 * (confirmed by an e-mail code) and by a super admin, checked by scanning every table for the
 * person's e-mail, name and phone; the money rows kept; co-authors kept; the managers' log;
 * an erasure stopped midway resumed. Runs on both dialects.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { mailedCode, PLATFORM_HOST } from '../../helpers/accounts';
import { page, visit } from '../../helpers/http';
import { bytesOf } from '../../helpers/work';
import { zipEntry, zipNames } from '../../helpers/zip';
import type { WorkView } from '../../../server/contract/work';
import { erasureOrder } from '../../../server/modules/privacy/erasure';
import { personWithData, type Person } from './fixture';
import { rowsNaming } from './fixtureRows';

let h: Harness;
let a: number;
let b: number;
let co: { email: string; userId: number };
const hostA = 'priv-a.localhost';
const hostB = 'priv-b.localhost';

const post = (path: string, token: string, body: object = {}) =>
  request(h.app)
    .post(`/api${path}`)
    .set('Host', PLATFORM_HOST)
    .set('Origin', `http://${PLATFORM_HOST}`)
    .set('Cookie', `token=${token}`)
    .send(body);
const get = (path: string, token: string) =>
  request(h.app).get(`/api${path}`).set('Host', PLATFORM_HOST).set('Cookie', `token=${token}`);

async function finishOwn(token: string, first: WorkView): Promise<WorkView> {
  let view = first;
  const until = Date.now() + 60_000;
  while (view.state === 'queued' || view.state === 'running') {
    if (Date.now() > until) throw new Error(`export still ${view.state}`);
    await new Promise((r) => setTimeout(r, 50));
    view = (await get(`/work/own/${first.id}`, token).expect(200)).body.data;
  }
  return view;
}

async function erasureDone(userId: number): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const row = await h.db('erasure_requests').where({ user_id: userId }).orderBy('id', 'desc').first();
    if (row?.state === 'done') return;
    if (Date.now() > until) throw new Error(`erasure of ${userId} still ${row?.state}`);
    // The job resumes what the kick left (here: at once, as the scheduler would every 5 s).
    await h.privacy.erasures.runPending();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Rows naming the person, minus what the law keeps (marked as such): checked apart. */
async function leftovers(p: Person) {
  const found = await rowsNaming(h.db, [p.email, p.name, p.phone]);
  return found.filter(
    (f) => !(['receipt_documents', 'invoice_requests'].includes(f.table) && f.row.personal_data_erased_at),
  );
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await h.provision(contractSite({ slug: 'priv-a', domains: [hostA] }));
  b = await h.provision(contractSite({ slug: 'priv-b', domains: [hostB] }));
  await h.login({ email: 'co@example.org', name: 'Co Author', conferenceId: a });
  co = {
    email: 'co@example.org',
    userId: Number((await h.db('users').where({ email: 'co@example.org' }).first())!.id),
  };
});
afterAll(() => h?.stop());

describe('the export', () => {
  let p: Person;
  let token: string;
  beforeAll(async () => {
    p = await personWithData(
      h,
      { email: 'export.me@example.org', name: 'Xport Person', phone: '13800001111' },
      [a, b],
      co,
    );
    token = await h.login({ email: p.email, conferenceId: null });
  });

  test('a zip of every part, read back: JSON and the files, across both conferences', async () => {
    const started = await post('/platform/me/data/export', token).expect(202);
    const done = await finishOwn(token, started.body.data.work);
    expect(done.state).toBe('done');
    const file = await bytesOf(get(`/work/own/${done.id}/file`, token)).expect(200);
    expect(file.headers['content-type']).toContain('application/zip');
    const zip = file.body as Buffer;
    const names = await zipNames(zip);
    for (const part of [
      'about',
      'account',
      'registration',
      'orders',
      'receipts',
      'hotels',
      'submissions',
      'review',
      'feedback',
      'notices',
      'mail',
      'exports',
    ])
      expect(names).toContain(`${part}.json`);
    const json = async (name: string) => JSON.parse(await zipEntry(zip, name));
    expect((await json('account.json')).email).toBe(p.email);
    expect((await json('account.json')).singleSignOn).toHaveLength(1);
    const registrations = await json('registration.json');
    expect(registrations.map((r: { conferenceId: number }) => r.conferenceId).sort()).toEqual([a, b].sort());
    expect(registrations[0].answers.diet).toBe('vegetarian');
    const orders = await json('orders.json');
    expect(orders.orders.map((o: { paid: number }) => o.paid).sort()).toEqual([0, 120000]);
    expect(orders.orders.find((o: { paid: number }) => o.paid).items[0].titleEn).toBe('Registration fee');
    // the order's history, without the people who acted (their names are theirs)
    expect(orders.orders.find((o: { paid: number }) => o.paid).history).toEqual([
      expect.objectContaining({ by: 'person', action: 'created', amount: 120000, currency: 'CNY' }),
      expect.objectContaining({ by: 'gateway', action: 'paid', detail: 'walletA PA1' }),
      expect.objectContaining({ by: 'manager', action: 'remarked', detail: `call ${p.phone}` }),
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/actor_user_id|actorUserId|"who"/);
    expect((await json('receipts.json')).receipts[0].payerName).toBe(p.name);
    expect((await json('hotels.json'))[0].hotel).toBe('Test Hotel');
    const submissions = await json('submissions.json');
    expect(submissions.map((s: { submittedByYou: boolean }) => s.submittedByYou).sort()).toEqual([false, true]);
    expect((await json('review.json')).reviewsWritten[0].comment).toBe('A good paper.');
    expect((await json('feedback.json'))[0].content).toBe('When do letters come?');
    expect(await json('notices.json')).toHaveLength(2);
    // The mail sent to them (alone, or among others), not a manager's notice about them.
    expect((await json('mail.json')).map((m: { subject: string }) => m.subject).sort()).toEqual(['News', 'Your code']);
    const files = names.filter((n) => n.startsWith('files/'));
    expect(files.filter((n) => n.startsWith('files/registration/'))).toHaveLength(2);
    expect(files.some((n) => n.startsWith('files/feedback/') && n.endsWith('question.txt'))).toBe(true);
    expect(files.some((n) => n.startsWith('files/submissions/') && n.endsWith('paper.txt'))).toBe(true);
    expect(
      await zipEntry(
        zip,
        files.find((n) => n.endsWith('question.txt'))!,
      ),
    ).toBe(`question from ${p.name}`);
  });

  test("another person cannot see or fetch it; a conference manager's work calls do not show it", async () => {
    const mine = (await get('/platform/me/data/export', token).expect(200)).body.data as WorkView;
    const other = await h.login({ email: 'nosy@example.org', conferenceId: null });
    expect((await get(`/work/own/${mine.id}`, other)).status).toBe(404);
    expect((await get(`/work/own/${mine.id}/file`, other)).status).toBe(404);
    const manager = await h.login({ email: 'priv-manager@example.org', conferenceId: a, roles: ['manager'] });
    expect((await visit(h.app, `/api/work/${mine.id}`, { host: hostA, token: manager })).status).toBe(404);
    // Signed out: refused; on a conference host the route is out of its scope.
    expect((await request(h.app).get(`/api/work/own/${mine.id}`).set('Host', PLATFORM_HOST)).status).toBe(401);
  });

  test('bounded: a few exports a day per person, then 429', async () => {
    const other = await h.login({ email: 'many@example.org', conferenceId: null });
    for (let i = 0; i < 5; i++) {
      const res = await post('/platform/me/data/export', other).expect(202);
      await finishOwn(other, res.body.data.work);
    }
    expect((await post('/platform/me/data/export', other)).status).toBe(429);
  });
});

describe('the erasure', () => {
  test('by the person: a wrong code changes nothing; the right one signs them out everywhere and erases them', async () => {
    const p = await personWithData(
      h,
      { email: 'erase.me@example.org', name: 'Erin Erasable', phone: '13800002222' },
      [a, b],
      co,
    );
    const token = await h.login({ email: p.email, conferenceId: null });
    const conferenceToken = await h.login({ email: p.email, conferenceId: a });
    await post('/platform/me/erasure/code', token).expect(200);
    const code = await mailedCode(h.db, p.email);
    const wrong = await post('/platform/me/erasure', token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('userReg.verifyCodeError');
    expect(await h.db('erasure_requests').where({ user_id: p.userId }).first()).toBeUndefined();
    expect((await h.db('users').where({ id: p.userId }).first())!.email).toBe(p.email);

    const before = {
      order: (await h.db('orders').where({ user_id: p.userId, status: 'paid' }).first())!,
      receipt: await h.db('receipt_documents').where({ user_id: p.userId }).first(),
    }!;
    const res = await post('/platform/me/erasure', token, { code }).expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    // Every session ended at once, on the platform and on the conference's host.
    expect((await get('/platform/me/data/export', token)).status).toBe(401);
    expect((await visit(h.app, '/profile/userInfo', { host: hostA, token: conferenceToken })).status).toBe(302);
    await erasureDone(p.userId);

    expect(await leftovers(p)).toEqual([]);
    // Money kept, marked: the paid order's amounts and the receipt as issued (its payer's name), without the e-mail.
    const order = (await h.db('orders').where({ id: before.order.id }).first())!;
    expect([Number(order.total_amount), Number(order.paid_amount), order.status, order.order_no]).toEqual([
      120000,
      120000,
      'paid',
      before.order.order_no,
    ]);
    expect(order.personal_data_erased_at).toBeTruthy();
    // its log keeps every line (the money's history) and loses the remark it had copied
    const log = await h.db('order_log').where({ order_id: order.id }).orderBy('id');
    expect(log.map((l) => [l.action, l.detail])).toEqual([
      ['created', ''],
      ['paid', 'walletA PA1'],
      ['remarked', ''],
    ]);
    const receipt = await h.db('receipt_documents').where({ id: before.receipt!.id }).first();
    expect([receipt?.number, receipt?.payer_name, Number(receipt?.paid_amount), receipt?.payer_email]).toEqual([
      before.receipt?.number,
      p.name,
      120000,
      '',
    ]);
    const invoice = await h.db('invoice_requests').where({ user_id: p.userId }).first();
    expect([invoice?.title_name, invoice?.taxpayer_id, invoice?.phone, invoice?.address, invoice?.email]).toEqual([
      'Test Company Ltd',
      '91110000TEST',
      '',
      '',
      '',
    ]);
    // Co-authored manuscripts keep the other author; the person's entry is anonymised.
    for (const s of await h
      .db('submissions')
      .where({ conference_id: a })
      .whereIn('number', [`S${p.userId}1`, `S${p.userId}2`])) {
      const authors = await h.db('submission_authors').where({ submission_id: s.id }).orderBy('position');
      expect(authors).toHaveLength(2);
      expect(authors.filter((x: { email: string }) => x.email === co.email)).toHaveLength(1);
    }
    // The review stays, without its author's name; sign-in is gone (no password, no SSO link, no roles).
    expect(await h.db('reviews').where({ comment: 'A good paper.' }).count({ n: '*' }).first()).toMatchObject({
      n: expect.anything(),
    });
    expect(await h.db('user_identities').where({ user_id: p.userId }).first()).toBeUndefined();
    expect(await h.db('conference_roles').where({ user_id: p.userId }).first()).toBeUndefined();
    expect((await h.db('users').where({ id: p.userId }).first())!.password_hash).toBeNull();
    // The erasure's own record no longer holds the address or the name.
    const record = (await h.db('erasure_requests').where({ user_id: p.userId }).first())!;
    expect([record.email, record.name, record.origin]).toEqual([null, null, 'self']);
  });

  test("each affected conference's managers see it, with what is kept there", async () => {
    const erased = await h
      .db('users')
      .where({
        email:
          'erased-user' +
          (await h.db('erasure_requests').where({ origin: 'self' }).first())!.user_id +
          '@erased.invalid',
      })
      .first();
    expect(erased).toBeTruthy();
    for (const [cid, host] of [
      [a, hostA],
      [b, hostB],
    ] as const) {
      const manager = await h.login({ email: `m${cid}@example.org`, conferenceId: cid, roles: ['manager'] });
      const { res, $ } = await page(h.app, '/platform/manage/erasures', { host, token: manager, lang: 'en' });
      expect(res.status).toBe(200);
      const props = JSON.parse($('[data-island="ManageErasures"]').attr('data-props')!);
      const row = props.rows.find((r: { userId: number }) => r.userId === Number(erased!.id));
      expect(row).toBeTruthy();
      if (cid === a)
        expect(row.kept).toMatchObject({ paidOrders: 1, receipts: 1, invoiceRequests: 1, hotelBookings: 1 });
      if (cid === b) expect(row.kept).toMatchObject({ orders: 1, reviews: 1 });
    }
    // Another conference's manager does not see it.
    const c = await h.provision(contractSite({ slug: 'priv-c', domains: ['priv-c.localhost'] }));
    const other = await h.login({ email: 'mc@example.org', conferenceId: c, roles: ['manager'] });
    const { $ } = await page(h.app, '/platform/manage/erasures', {
      host: 'priv-c.localhost',
      token: other,
      lang: 'en',
    });
    expect(JSON.parse($('[data-island="ManageErasures"]').attr('data-props')!).rows).toEqual([]);
  });

  test('by a super admin, on request: the e-mail typed again must match; others may not', async () => {
    const p = await personWithData(
      h,
      { email: 'asked.by.letter@example.org', name: 'Letter Writer', phone: '13800003333' },
      [a, b],
      co,
    );
    const admin = await h.login({ email: 'root@example.org', conferenceId: null, superAdmin: true });
    const plain = await h.login({ email: 'plain@example.org', conferenceId: null });
    expect((await get(`/platform/admin/erasure/person?email=${encodeURIComponent(p.email)}`, plain)).status).toBe(403);
    const found = (await get(`/platform/admin/erasure/person?email=${encodeURIComponent(p.email)}`, admin).expect(200))
      .body.data;
    expect(found).toMatchObject({ userId: p.userId, name: p.name });
    expect((await get('/platform/admin/erasure/person?email=nobody%40example.org', admin)).status).toBe(404);
    const mismatch = await post('/platform/admin/erasure', admin, {
      userId: p.userId,
      confirmEmail: 'someone@example.org',
      note: 'letter',
    });
    expect([mismatch.status, mismatch.body.message]).toEqual([400, 'privacy:emailMismatch']);
    expect(await h.db('erasure_requests').where({ user_id: p.userId }).first()).toBeUndefined();
    expect((await post('/platform/admin/erasure', plain, { userId: p.userId, confirmEmail: p.email })).status).toBe(
      403,
    );
    await post('/platform/admin/erasure', admin, {
      userId: p.userId,
      confirmEmail: p.email,
      note: 'letter of 2026-11-20',
    }).expect(200);
    await erasureDone(p.userId);
    expect(await leftovers(p)).toEqual([]);
    const list = (await get('/platform/admin/erasure', admin).expect(200)).body.data;
    expect(list[0]).toMatchObject({ userId: p.userId, origin: 'admin', state: 'done' });
  });

  test('stopped midway (a crash after any batch), it resumes where it stopped and ends with nothing left', async () => {
    const p = await personWithData(
      h,
      { email: 'crash@example.org', name: 'Crash Victim', phone: '13800004444' },
      [a, b],
      co,
    );
    // The request as the confirming transaction writes it (without the kick, which would run it all at once).
    const [id] = await h
      .db('erasure_requests')
      .insert(
        {
          user_id: p.userId,
          origin: 'admin',
          requested_by: p.userId,
          email: p.email,
          name: p.name,
          state: 'erasing',
          step: erasureOrder(h.personalData)[0].name,
          changed: 0,
          created_at: new Date().toISOString().slice(0, 23).replace('T', ' '),
        },
        ['id'],
      )
      .then((r) => r.map((x) => Number(typeof x === 'object' ? x.id : x)));
    const steps: Array<string | null> = [];
    let rounds = 0;
    // One batch of one row per run, as a process that dies after every committed batch would leave it.
    while (!(await h.privacy.erasures.run(id, 1, undefined, 1))) {
      rounds++;
      const row = (await h.db('erasure_requests').where({ id }).first())!;
      if (steps.at(-1) !== row.step) steps.push(row.step);
      if (rounds === 2) expect((await leftovers(p)).length).toBeGreaterThan(0);
    }
    expect(rounds).toBeGreaterThan(15);
    expect(steps[0]).toBe(erasureOrder(h.personalData)[0].name);
    expect(steps.at(-1)).toBe('account');
    expect(await leftovers(p)).toEqual([]);
    expect((await h.db('erasure_requests').where({ id }).first())!.state).toBe('done');
  });
});
