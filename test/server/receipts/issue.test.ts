/**
 * The payment receipt (issue 12 "Receipts"): issued in the paying transaction when an order
 * becomes paid, numbered from the conference's counter (never reused, even after a deletion),
 * its lines copied at issue; its PDF for its owner only, refused when the template is disabled.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, call, feeConference, paidOrder } from './helpers';
import { addFee } from '../orders/helpers';

let h: Harness;
let cid: number;
let host: string;
let other: { cid: number; host: string };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  ({ cid, host } = await feeConference(h, 'receipts'));
  other = await feeConference(h, 'receipts-other');
});
afterAll(() => h?.stop());

const receiptsOf = (orderIds: number[]) =>
  h.db('receipt_documents').where({ conference_id: cid }).whereIn('order_id', orderIds).orderBy('id');
const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());

describe('issuing', () => {
  test('a paid order gets one receipt with the next number, the payer and the lines of the order', async () => {
    const { userId } = await attendee(h, cid);
    const first = await paidOrder(h, cid, userId, {
      lines: [
        { titleZh: '注册费', titleEn: 'Registration fee', unit: 150_000, quantity: 1 },
        { titleZh: '晚宴', titleEn: 'Dinner', unit: 20_050, quantity: 2 },
      ],
    });
    const second = await paidOrder(h, cid, userId);
    const [a, b] = await receiptsOf([first, second]);
    expect(a.number).toBe(`R${year()}-000001`);
    expect(b.number).toBe(`R${year()}-000002`);
    expect(a).toMatchObject({ user_id: userId, currency: 'CNY', method: 'bankRemit', payer_name: 'Test User' });
    expect(Number(a.total_amount)).toBe(190_100);
    expect(Number(a.paid_amount)).toBe(190_100);
    expect(a.payer_email).toMatch(/@example\.org$/);
    expect(JSON.parse(a.lines)).toEqual([
      { titleZh: '注册费', titleEn: 'Registration fee', unit: 150_000, quantity: 1 },
      { titleZh: '晚宴', titleEn: 'Dinner', unit: 20_050, quantity: 2 },
    ]);
  });

  test('an unpaid order has none; numbers are not reused after a receipt is deleted', async () => {
    const { userId } = await attendee(h, cid);
    const unpaid = await paidOrder(h, cid, userId, { pay: false });
    expect(await receiptsOf([unpaid])).toHaveLength(0);
    const before = await h.db('receipt_counters').where({ conference_id: cid }).first();
    const a = await paidOrder(h, cid, userId);
    await h.db('receipt_documents').where({ conference_id: cid, order_id: a }).delete();
    const b = await paidOrder(h, cid, userId);
    const [rb] = await receiptsOf([b]);
    expect(rb.number).toBe(`R${year()}-${String(Number(before!.last_no) + 2).padStart(6, '0')}`);
  });

  test('each conference counts its own numbers', async () => {
    const { userId } = await attendee(h, other.cid);
    const id = await paidOrder(h, other.cid, userId);
    const row = await h.db('receipt_documents').where({ conference_id: other.cid, order_id: id }).first();
    expect(row?.number).toBe(`R${year()}-000001`);
  });

  test('orders paid at the same moment get distinct numbers with no gap, from the first receipt of a conference on', async () => {
    const fresh = await feeConference(h, 'receipts-rush');
    const people = await Promise.all(Array.from({ length: 12 }, () => attendee(h, fresh.cid)));
    const orders = await Promise.all(people.map((p) => paidOrder(h, fresh.cid, p.userId)));
    const rows = await h.db('receipt_documents').where({ conference_id: fresh.cid }).whereIn('order_id', orders);
    expect(rows.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `R${year()}-${String(i + 1).padStart(6, '0')}`),
    );
  });

  test('the lines stay as issued when the order lines (and the fee behind them) change later', async () => {
    const { userId } = await attendee(h, cid);
    const id = await paidOrder(h, cid, userId);
    await h
      .db('order_items')
      .where({ conference_id: cid, order_id: id })
      .update({ title_en: 'Renamed', unit_amount: 999 });
    if (await h.db.schema.hasTable('fee_items'))
      await h.db('fee_items').where({ conference_id: cid }).update({ price_amount: 1, title_en: 'Renamed' });
    const [r] = await receiptsOf([id]);
    expect(JSON.parse(r.lines)).toEqual([
      { titleZh: '注册费', titleEn: 'Registration fee', unit: 150_000, quantity: 1 },
    ]);
  });
});

describe('through the fee page and the manager deal', () => {
  test("a fee chosen, paid by the deal: its receipt keeps the fee's title and price after the fee changes", async () => {
    const manager = await h.login({ email: 'boss@example.org', conferenceId: cid, roles: ['manager'] });
    const fee = await addFee(h, cid, { kind: 'optional', price: 30_000, maxPerAccount: 2 });
    const p = await attendee(h, cid);
    const chosen = await call(h, host, 'post', '/conference/order/fee', {
      token: p.token,
      body: { picks: [{ feeId: fee, quantity: 2 }] },
    });
    expect(chosen.body.code).toBe(200);
    const [orderId] = chosen.body.data.orderIds;
    const deal = await call(h, host, 'post', `/conference/platform/manage/order/${orderId}/deal`, {
      token: manager,
      body: { status: 'paid', actualPay: '600.00' },
    });
    expect(deal.body).toMatchObject({ code: 200, data: { status: 'paid' } });
    await h
      .db('fee_items')
      .where({ conference_id: cid, id: fee })
      .update({ price_amount: 99_900, title_en: 'Renamed', price_version: 1 });
    const [r] = await receiptsOf([orderId]);
    expect(r).toMatchObject({ method: 'manual', currency: 'CNY' });
    expect(Number(r.paid_amount)).toBe(60_000);
    expect(JSON.parse(r.lines)).toEqual([
      { titleZh: '注册费', titleEn: 'Registration fee', unit: 30_000, quantity: 2 },
    ]);
  });
});

describe('downloading', () => {
  test('the owner lists and downloads the PDF in both languages; another person and another conference get 404', async () => {
    const owner = await attendee(h, cid);
    const stranger = await attendee(h, cid);
    await paidOrder(h, cid, owner.userId);
    const mine = (await call(h, host, 'get', '/conference/receipt/mine', { token: owner.token })).body.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      total: { amount: 150_000, currency: 'CNY' },
      number: expect.stringMatching(/^R\d{4}-\d{6}$/),
    });
    for (const lang of ['zh', 'en']) {
      const res = await call(h, host, 'get', `/conference/receipt/${mine[0].id}/pdf?lang=${lang}`, {
        token: owner.token,
      }).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.body.subarray(0, 4).toString()).toBe('%PDF');
    }
    expect(
      (await call(h, host, 'get', `/conference/receipt/${mine[0].id}/pdf`, { token: stranger.token })).body,
    ).toMatchObject({ code: 404, message: 'receipts:notFound' });
    const outsider = await h.login({
      email: `${owner.userId}@example.org`.replace(/^/, 'x'),
      conferenceId: other.cid,
      roles: ['attendee'],
    });
    expect(
      (await call(h, other.host, 'get', `/conference/receipt/${mine[0].id}/pdf`, { token: outsider })).body,
    ).toMatchObject({ code: 404 });
    expect((await call(h, host, 'get', '/conference/receipt/abc/pdf', { token: owner.token })).body).toMatchObject({
      message: 'receipts:notFound',
    });
  });

  test('the downloads page lists the receipts; disabled, they are gone and the PDF is 404', async () => {
    const owner = await attendee(h, cid);
    await paidOrder(h, cid, owner.userId);
    const [r] = (await call(h, host, 'get', '/conference/receipt/mine', { token: owner.token })).body.data;
    const { $ } = await page(h.app, '/profile/download', { host, token: owner.token, lang: 'en' });
    expect($('[data-island="ProfileDownloads"]').attr('data-props')).toContain(r.number);
    await h.documents.save(cid, { type: 'RECEIPT', enabledType: 'DISABLED' });
    try {
      expect(
        (await call(h, host, 'get', `/conference/receipt/${r.id}/pdf`, { token: owner.token })).body,
      ).toMatchObject({ code: 404, message: 'documents:disabled' });
      const again = await page(h.app, '/profile/download', { host, token: owner.token, lang: 'en' });
      expect(again.$('[data-island="ProfileDownloads"]').attr('data-props')).not.toContain(r.number);
    } finally {
      await h.documents.save(cid, { type: 'RECEIPT', enabledType: 'DEFAULT' });
    }
  });
});
