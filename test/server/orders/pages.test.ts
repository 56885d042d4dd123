/**
 * The order screens as a browser receives them (spec 2.10, 2.11): each renders its island, in
 * both languages and on a phone, with no untranslated key; the personal centre highlights "my
 * orders" on the order pages and "fee payment" on the fee pages; another person's order pages are
 * not found; the managers' screen is for managers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { addFee, attendee, call, enableBankRemit, feeConference } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let manager: string;
let owner: { token: string; userId: number };
let orderId: number;
let attemptNo: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'order-pages'));
  manager = await h.login({ email: 'pages-boss@example.org', conferenceId: cid, roles: ['manager'] });
  const fee = await addFee(h, cid, { kind: 'register', price: 80_000 });
  await addFee(h, cid, { kind: 'optional', price: 15_000, maxPerAccount: 2 });
  await enableBankRemit(h, cid, { combined: true });
  owner = await attendee(h, cid);
  [orderId] = (
    await call(h, host, 'post', '/conference/order/fee', {
      token: owner.token,
      body: { picks: [{ feeId: fee, quantity: 1 }] },
    })
  ).body.data.orderIds;
  attemptNo = (
    await call(h, host, 'post', '/conference/order/pay', {
      token: owner.token,
      body: { orderIds: [orderId], method: 'bankRemit' },
    })
  ).body.data.attemptNo;
  await h.db('orders').where({ id: orderId }).update({ status: 'invalid' });
});
afterAll(() => h?.stop());

const screens = () =>
  [
    ['/profile/conference/fee', 'ProfileFees', '/profile/conference/fee'],
    ['/profile/order/list', 'ProfileOrders', '/profile/order/list'],
    [`/profile/order/pay/goto/${orderId}`, 'ProfilePay', '/profile/order/list'],
    [`/profile/order/pay/goto/result/${attemptNo}`, 'ProfilePayResult', '/profile/order/list'],
    [`/profile/conference/fee/register/update/${orderId}`, 'ProfileOrderUpdate', '/profile/conference/fee'],
  ] as const;

describe("the attendee's screens", () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const mobile of [false, true]) {
      test(`${lang}${mobile ? ' on a phone' : ''}: each renders its island, highlighted in the menu, with no raw key`, async () => {
        for (const [path, island, highlighted] of screens()) {
          const { res, $ } = await page(h.app, path, { host, token: owner.token, lang, mobile });
          expect(res.status, path).toBe(200);
          expect($(`[data-island="${island}"]`).length, path).toBe(1);
          expect(
            $(
              `a[href="${highlighted}"][aria-current="page"], a.active[href="${highlighted}"], .active a[href="${highlighted}"]`,
            ).length,
            `${path} highlights ${highlighted}`,
          ).toBeGreaterThan(0);
          const text = $('body').text();
          expect(text, path).not.toMatch(/\b(orders|fees|payments):[a-zA-Z.]+/);
        }
      });
    }
  }

  test("another person's order pages are not found", async () => {
    const stranger = await attendee(h, cid);
    for (const path of [
      `/profile/order/pay/goto/${orderId}`,
      `/profile/order/pay/goto/result/${attemptNo}`,
      `/profile/conference/fee/register/update/${orderId}`,
      '/profile/order/pay/goto/abc',
      `/profile/conference/fee/optional/update/${orderId}`,
    ]) {
      const { res } = await page(h.app, path, { host, token: stranger.token });
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe('/404');
    }
  });
});

test("the managers' order screen, and nobody else's", async () => {
  for (const lang of ['zh', 'en'] as const) {
    const { res, $ } = await page(h.app, '/platform/manage/order', { host, token: manager, lang });
    expect(res.status).toBe(200);
    expect($('[data-island="ManageOrders"]').length).toBe(1);
    expect($('body').text()).not.toMatch(/\borders:[a-zA-Z.]+/);
  }
  const { res } = await page(h.app, '/platform/manage/order', { host, token: owner.token });
  expect(res.status).toBe(302);
});

test('registering where fees are charged and the rule is register-then-pay leads to the fee page (spec 2.8)', async () => {
  // A conference of its own: the attendees above were written without the registration's numbering.
  const fresh = await feeConference(h, 'fees-redirect');
  const token = await h.login({ email: 'newcomer-fees@example.org', conferenceId: fresh.cid });
  const res = await call(h, fresh.host, 'post', '/conference/conferenceUser', {
    token,
    body: { version: 'default', answers: { fullName: '新人', tel: '13800138000', country: 'China', unit: 'ICT' } },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    code: 200,
    data: { redirect: '/profile/conference/fee' },
  });
});

describe('the fee page of a person who has not registered (issue 32)', () => {
  test('is the countdown to the registration, not /403, in both languages; the fee API still refuses them', async () => {
    const stranger = await h.login({ email: 'pages-stranger@example.org', conferenceId: cid, roles: [] });
    for (const lang of ['zh', 'en'] as const) {
      const { res, $ } = await page(h.app, '/profile/conference/fee', { host, token: stranger, lang });
      expect(res.status).toBe(200);
      const props = JSON.parse($('[data-island="ProfileFees"]').attr('data-props') ?? '{}');
      expect(props).toMatchObject({ notRegistered: true, offers: [] });
      expect($('a[href="/register"]').length).toBeGreaterThan(0);
    }
    expect(
      (
        await call(h, host, 'post', '/conference/order/fee', {
          token: stranger,
          body: { picks: [{ feeId: 1, quantity: 1 }] },
        })
      ).status,
    ).toBe(403);
  });

  test('a registered person sees what they already have: their registration-fee order and the rule', async () => {
    const { $ } = await page(h.app, '/profile/conference/fee', { host, token: owner.token, lang: 'en' });
    const props = JSON.parse($('[data-island="ProfileFees"]').attr('data-props') ?? '{}');
    expect(props.mine.map((o: { id: number }) => o.id)).toContain(orderId);
    expect(props.allowance).toEqual({ registerPerPerson: 1, registerHeld: 1 });
  });
});
