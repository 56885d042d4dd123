/**
 * The invoice request (spec 3 "Receipt (invoice)", 5 "Invoice", 9): every rule with its message in
 * both languages and nothing written; only one's own paid order, within 90 days of its payment,
 * once (reissue is not supported: 20 requests at once give one row).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { serve } from '../../helpers/concurrency';
import { page } from '../../helpers/http';
import { t } from '../../../server/platform/i18n';
import { toDbInstant } from '../../../server/db/dialect';
import { attendee, call, dayOf, feeConference, paidOrder } from './helpers';

let h: Harness;
let cid: number;
let host: string;
let other: { cid: number; host: string };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'invoices'));
  other = await feeConference(h, 'invoices-other');
});
afterAll(() => h?.stop());

const valid = (at: Date) => ({
  type: 'ordinary',
  content: 'details',
  titleType: 'company',
  titleName: '中国科学院计算技术研究所',
  taxpayerId: '12100000400012345X',
  recipientName: '张伟',
  phone: '13800138000',
  address: '北京市海淀区科学院南路6号',
  email: 'zw@example.org',
  amount: '1500.00',
  paidDate: dayOf(at),
  attendees: ['张伟', 'Li Na'],
  comment: '',
});
const request = (token: string, orderId: number, body: object, lang: 'zh' | 'en' = 'en') =>
  call(h, host, 'post', `/conference/order/receipt/${orderId}`, { token, body, lang });
const rowsOf = (orderId: number) => h.db('invoice_requests').where({ conference_id: cid, order_id: orderId });

async function paidPerson(at = new Date()) {
  const person = await attendee(h, cid);
  return { ...person, orderId: await paidOrder(h, cid, person.userId, { at }), at };
}

describe('a request', () => {
  test('is recorded unbilled, with the order amount, and shown on the request page', async () => {
    const p = await paidPerson();
    const res = await request(p.token, p.orderId, valid(p.at));
    expect(res.body).toMatchObject({
      code: 200,
      message: 'receipts:requested',
      data: {
        status: 'unbilled',
        amount: { amount: 150_000, currency: 'CNY' },
        attendees: ['张伟', 'Li Na'],
        titleType: 'company',
      },
    });
    const { res: screen, $ } = await page(h.app, `/profile/order/receipt/${p.orderId}`, {
      host,
      token: p.token,
      lang: 'en',
    });
    expect(screen.status).toBe(200);
    expect($('[data-island="ProfileReceiptRequest"]').attr('data-props')).toContain('"status":"unbilled"');
  });

  test('a personal title needs no taxpayer ID', async () => {
    const p = await paidPerson();
    const form = await page(h.app, `/profile/order/receipt/${p.orderId}`, {
      host,
      token: p.token,
      lang: 'zh',
      mobile: true,
    });
    expect(form.res.status).toBe(200);
    expect(form.res.text).toContain('纳税人识别号');
    expect(
      (await request(p.token, p.orderId, { ...valid(p.at), titleType: 'personal', titleName: '张伟', taxpayerId: '' }))
        .body.code,
    ).toBe(200);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no type', { type: undefined }, 'receipts:typeRequired'],
    ['no content', { content: '' }, 'receipts:contentRequired'],
    ['no title type', { titleType: 'x' }, 'receipts:titleTypeRequired'],
    ['no personal or company name', { titleName: '  ' }, 'receipts:titleNameRequired'],
    ['a company without taxpayer ID', { taxpayerId: '' }, 'receipts:taxpayerIdRequired'],
    ['a malformed taxpayer ID', { taxpayerId: 'ABC-123' }, 'receipts:taxpayerIdInvalid'],
    ['no recipient', { recipientName: '' }, 'receipts:recipientNameRequired'],
    ['no phone', { phone: '' }, 'receipts:phoneRequired'],
    ['a wrong phone', { phone: '12ab' }, 'receipts:phoneInvalid'],
    ['no address', { address: '' }, 'receipts:addressRequired'],
    ['no receiving email', { email: '' }, 'receipts:emailRequired'],
    ['a wrong email', { email: 'nope' }, 'receipts:emailInvalid'],
    ['no payment amount', { amount: '' }, 'receipts:amountRequired'],
    ['a non-numeric amount', { amount: 'abc' }, 'receipts:amountInvalid'],
    ['an amount other than paid', { amount: '1.00' }, 'receipts:amountMismatch'],
    ['no payment date', { paidDate: '' }, 'receipts:paidDateRequired'],
    ['another payment date', { paidDate: '2020-01-01' }, 'receipts:paidDateMismatch'],
    ['no attendee names', { attendees: [] }, 'receipts:attendeesRequired'],
    ['a blank attendee name', { attendees: ['张伟', ' '] }, 'receipts:attendeesRequired'],
    ['a long comment', { comment: 'x'.repeat(501) }, 'receipts:commentTooLong'],
  ];
  test.each(cases)(
    '%s is refused with its message in both languages, and nothing is written',
    async (_name, change, key) => {
      const p = await paidPerson();
      for (const lang of ['zh', 'en'] as const) {
        const res = await request(p.token, p.orderId, { ...valid(p.at), ...change }, lang);
        expect(res.body).toMatchObject({ code: 400, message: key });
        expect(res.body.field).toBeTruthy();
      }
      expect(t('zh', key)).not.toBe(key);
      expect(t('en', key)).not.toBe(key);
      expect(t('zh', key)).not.toBe(t('en', key));
      expect(await rowsOf(p.orderId)).toHaveLength(0);
    },
  );
});

describe('refusals', () => {
  test('an unpaid order', async () => {
    const p = await attendee(h, cid);
    const orderId = await paidOrder(h, cid, p.userId, { pay: false });
    expect((await request(p.token, orderId, valid(new Date()))).body).toMatchObject({
      code: 409,
      message: 'receipts:notPaid',
    });
    const { $ } = await page(h.app, `/profile/order/receipt/${orderId}`, { host, token: p.token, lang: 'zh' });
    expect($('[data-island="ProfileReceiptRequest"]').attr('data-props')).toContain('receipts:notPaid');
  });

  test('more than 90 days after payment, not at 89', async () => {
    const old = await paidPerson(new Date(Date.now() - 91 * 86_400_000));
    expect((await request(old.token, old.orderId, valid(old.at))).body).toMatchObject({
      code: 409,
      message: 'receipts:windowClosed',
    });
    const recent = await paidPerson();
    const at = new Date(Date.now() - 89 * 86_400_000);
    await h
      .db('orders')
      .where({ conference_id: cid, id: recent.orderId })
      .update({ paid_at: toDbInstant(at) });
    expect((await request(recent.token, recent.orderId, valid(at))).body.code).toBe(200);
    // moved back past the window: the page says so too
    const moved = await paidPerson();
    await h
      .db('orders')
      .where({ conference_id: cid, id: moved.orderId })
      .update({ paid_at: toDbInstant(new Date(Date.now() - 100 * 86_400_000)) });
    expect(
      (await request(moved.token, moved.orderId, valid(new Date(Date.now() - 100 * 86_400_000)))).body.message,
    ).toBe('receipts:windowClosed');
    expect(await rowsOf(moved.orderId)).toHaveLength(0);
  });

  test('a second request for the same order (reissue is not supported)', async () => {
    const p = await paidPerson();
    expect((await request(p.token, p.orderId, valid(p.at))).body.code).toBe(200);
    expect((await request(p.token, p.orderId, { ...valid(p.at), titleName: 'Other' })).body).toMatchObject({
      code: 409,
      message: 'receipts:alreadyRequested',
    });
    expect(await rowsOf(p.orderId)).toHaveLength(1);
  });

  test('20 requests at once for one order give exactly one row', async () => {
    const p = await paidPerson();
    const server = await serve(h.app);
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          server.post(host, `/conference/order/receipt/${p.orderId}`, valid(p.at), `token=${p.token}`),
        ),
      );
    } finally {
      await server.close();
    }
    const tally: Record<string, number> = {};
    for (const a of answers)
      tally[`${a.body.code} ${a.body.message}`] = (tally[`${a.body.code} ${a.body.message}`] ?? 0) + 1;
    expect(tally).toEqual({ '200 receipts:requested': 1, '409 receipts:alreadyRequested': 19 });
    expect(await rowsOf(p.orderId)).toHaveLength(1);
  });

  test("another person's order and another conference's order are not found", async () => {
    const owner = await paidPerson();
    const stranger = await attendee(h, cid);
    expect((await request(stranger.token, owner.orderId, valid(owner.at))).body).toMatchObject({
      code: 404,
      message: 'orders:notFound',
    });
    const { res } = await page(h.app, `/profile/order/receipt/${owner.orderId}`, { host, token: stranger.token });
    expect(res.text).not.toContain('ProfileReceiptRequest');
    const outsider = await attendee(h, other.cid);
    const cross = await call(h, other.host, 'post', `/conference/order/receipt/${owner.orderId}`, {
      token: outsider.token,
      body: valid(owner.at),
    });
    expect(cross.body).toMatchObject({ code: 404 });
    expect(await rowsOf(owner.orderId)).toHaveLength(0);
  });
});
