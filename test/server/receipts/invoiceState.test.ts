/**
 * After an invoice request (issue 32): the order list shows the request's state instead of
 * offering "Request invoice" again, and the request form starts from what the platform knows of
 * the person (their registration's name, phone and e-mail). SQLite and MariaDB.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, call, dayOf, feeConference, paidOrder } from './helpers';

let h: Harness;
let cid: number;
let host: string;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'invoice-state'));
});
afterAll(() => h?.stop());

test('the order list carries the invoice state once requested; the form is prefilled from the registration', async () => {
  const person = await attendee(h, cid);
  await h
    .db('registrants')
    .where({ conference_id: cid, user_id: person.userId })
    .update({ full_name: '王小明', phone: '13900139000', unit: '中国科学院物理研究所' });
  const at = new Date();
  const orderId = await paidOrder(h, cid, person.userId, { at });
  const listed = async () =>
    (
      (await call(h, host, 'get', '/conference/order/list', { token: person.token })).body.data.here as Array<{
        id: number;
        invoice: string | null;
        can: { receipt: boolean };
      }>
    ).find((o) => o.id === orderId)!;
  expect(await listed()).toMatchObject({ invoice: null, can: { receipt: true } });

  const form = await page(h.app, `/profile/order/receipt/${orderId}`, { host, token: person.token, lang: 'zh' });
  const props = JSON.parse(form.$('[data-island="ProfileReceiptRequest"]').attr('data-props') ?? '{}');
  expect(props.prefill).toMatchObject({ name: '王小明', phone: '13900139000', unit: '中国科学院物理研究所' });
  expect(props.prefill.email).toContain('@example.org');

  const body = {
    type: 'ordinary',
    content: 'details',
    titleType: 'personal',
    titleName: '王小明',
    taxpayerId: '',
    recipientName: '王小明',
    phone: '13900139000',
    address: '北京',
    email: 'w@example.org',
    amount: '1500.00',
    paidDate: dayOf(at),
    attendees: ['王小明'],
    comment: '',
  };
  expect(
    (await call(h, host, 'post', `/conference/order/receipt/${orderId}`, { token: person.token, body })).body.code,
  ).toBe(200);
  expect((await listed()).invoice).toBe('unbilled');
  const list = await page(h.app, '/profile/order/list', { host, token: person.token, lang: 'en' });
  expect(list.$('[data-island="ProfileOrders"]').attr('data-props')).toContain('"invoice":"unbilled"');
});
