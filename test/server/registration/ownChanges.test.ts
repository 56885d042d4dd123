/**
 * What attendees may do with their own registration afterwards, each a manager's choice (issue 18):
 * change it after the window closed (off by default: the deadline ends changes too), and withdraw
 * it (off by default; never after paying — the organisers refund and remove).
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { todayIn } from '../../../server/platform/localTime';
import { call, goodAnswers, testForm } from './helpers';

const host = 'own.localhost';
const BASIC = '/conference/admin/register/config/basic';
const DAY = 86_400_000;
let h: Harness;
let cid: number;
let manager: string;

const day = (offset: number) => todayIn('Asia/Shanghai', new Date(Date.now() + offset * DAY));

async function basic(change: object): Promise<void> {
  const current = (await call(h, host, 'get', `${BASIC}/find`, { token: manager })).body.data;
  const { registered: _r, cap: _c, windowOpen: _w, timeZone: _z, ...config } = current;
  const res = await call(h, host, 'post', `${BASIC}/save`, { token: manager, body: { ...config, ...change } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
}

async function registered(email: string): Promise<string> {
  const token = await h.login({ email, conferenceId: cid });
  const res = await call(h, host, 'post', '/conference/conferenceUser', {
    token,
    body: { version: 'default', answers: goodAnswers({ email }), noticeAccepted: true },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return token;
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'own', domains: [host] }));
  await openRegistration(h.db, cid);
  await setForm(h.db, cid, 'default', testForm());
  manager = await h.login({ email: 'own-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());
beforeEach(() => openRegistration(h.db, cid));

test('the two choices are saved and read back, off by default', async () => {
  const before = (await call(h, host, 'get', `${BASIC}/find`, { token: manager })).body.data;
  expect(before).toMatchObject({ editAfterClose: false, allowWithdraw: false });
  await basic({ editAfterClose: true, allowWithdraw: true });
  expect((await call(h, host, 'get', `${BASIC}/find`, { token: manager })).body.data).toMatchObject({
    editAfterClose: true,
    allowWithdraw: true,
  });
  await basic({ editAfterClose: false, allowWithdraw: false });
});

test('after the window an attendee cannot change their registration, unless the managers allow it', async () => {
  const token = await registered('late@example.org');
  await openRegistration(h.db, cid, { start: day(-20), end: day(-1) });
  const refused = await call(h, host, 'put', '/conference/conferenceUser', {
    token,
    lang: 'en',
    body: { answers: goodAnswers({ email: 'late@example.org', fullName: 'Too Late' }) },
  });
  expect(refused.body).toMatchObject({ code: 400, message: 'registration:changesClosed' });
  expect(
    (await h.db('registrants').where({ conference_id: cid, email: 'late@example.org' }).first())!.full_name,
  ).not.toBe('Too Late');
  await basic({ registerStartDate: day(-20), registerEndDate: day(-1), editAfterClose: true });
  const allowed = await call(h, host, 'put', '/conference/conferenceUser', {
    token,
    body: { answers: goodAnswers({ email: 'late@example.org', fullName: 'Changed Later' }) },
  });
  expect(allowed.body.code).toBe(200);
  await basic({ registerStartDate: day(-10), registerEndDate: day(10), editAfterClose: false });
});

test('withdrawing: refused while the managers do not allow it; allowed, the registration is gone; not after paying', async () => {
  const token = await registered('leaving@example.org');
  expect((await call(h, host, 'post', '/conference/conferenceUser/withdraw', { token })).body).toMatchObject({
    code: 403,
    message: 'registration:withdrawOff',
  });
  await basic({ allowWithdraw: true });
  const paidToken = await registered('paid@example.org');
  const payer = await h.db('users').where({ email: 'paid@example.org' }).first();
  const now = '2027-01-01 00:00:00.000';
  await h.db('orders').insert({
    conference_id: cid,
    user_id: payer!.id,
    order_no: 'T-PAID-1',
    type: 'register',
    reference: 'x',
    currency: 'CNY',
    total_amount: 100,
    paid_amount: 100,
    status: 'paid',
    deadline_at: now,
    paid_at: now,
    created_at: now,
    updated_at: now,
  });
  expect((await call(h, host, 'post', '/conference/conferenceUser/withdraw', { token: paidToken })).body).toMatchObject(
    { code: 409, message: 'registration:withdrawPaid' },
  );
  expect(await h.db('registrants').where({ conference_id: cid, email: 'paid@example.org' }).first()).toBeTruthy();

  expect((await call(h, host, 'post', '/conference/conferenceUser/withdraw', { token })).body).toMatchObject({
    code: 200,
    message: 'registration:withdrawn',
  });
  expect(await h.db('registrants').where({ conference_id: cid, email: 'leaving@example.org' }).first()).toBeUndefined();
  // Withdrawn, they may register again while the registration is open.
  expect(
    (
      await call(h, host, 'post', '/conference/conferenceUser', {
        token,
        body: { version: 'default', answers: goodAnswers({ email: 'leaving@example.org' }), noticeAccepted: true },
      })
    ).body.code,
  ).toBe(200);
});

test('hiding or removing an item registrants answered is said first; the answers stay readable in the details and the export', async () => {
  const SAVE = '/conference/conferenceRegUserConfig/saveRules';
  const token = await registered('answered@example.org');
  const form = testForm();
  const meal = form.items.find((i) => i.field === 'c_meal')!;
  await call(h, host, 'put', '/conference/conferenceUser', {
    token,
    body: { answers: goodAnswers({ email: 'answered@example.org', c_meal: 'veg' }) },
  });
  const hiding = {
    ...form,
    items: form.items.map((i) => (i.field === 'c_meal' ? { ...i, mode: 'hidden' as const } : i)),
  };
  const warned = await call(h, host, 'post', SAVE, { token: manager, body: { version: 'default', rules: hiding } });
  expect(warned.body).toMatchObject({
    code: 409,
    message: 'registration:answeredItemsHidden',
    params: { items: meal.titleZh },
  });
  expect(
    JSON.parse(
      (await h.db('registration_forms').where({ conference_id: cid, version: 'default' }).first())!.rules,
    ).items.find((i: { field: string }) => i.field === 'c_meal').mode,
  ).toBe(meal.mode);
  expect(
    (
      await call(h, host, 'post', SAVE, {
        token: manager,
        body: { version: 'default', rules: hiding, confirmAnswered: true },
      })
    ).body.code,
  ).toBe(200);
  const id = (await h.db('registrants').where({ conference_id: cid, email: 'answered@example.org' }).first())!.id;
  const details = (
    await call(h, host, 'get', `/conference/conferenceUser/details?id=${id}`, { token: manager, lang: 'en' })
  ).body.data.answers;
  expect(details.find((a: { field: string }) => a.field === 'c_meal')).toMatchObject({
    title: `${meal.titleEn} (hidden)`,
  });
  // Removed altogether: still read, as a removed item.
  const removing = { ...form, items: form.items.filter((i) => i.field !== 'c_meal') };
  expect(
    (
      await call(h, host, 'post', SAVE, {
        token: manager,
        body: { version: 'default', rules: removing, confirmAnswered: true },
      })
    ).body.code,
  ).toBe(200);
  const after = (
    await call(h, host, 'get', `/conference/conferenceUser/details?id=${id}`, { token: manager, lang: 'en' })
  ).body.data.answers;
  expect(after.find((a: { field: string }) => a.field === 'c_meal')).toMatchObject({
    title: 'c_meal (removed item)',
    value: 'veg',
  });
  await call(h, host, 'post', SAVE, {
    token: manager,
    body: { version: 'default', rules: form, confirmAnswered: true },
  });
});
