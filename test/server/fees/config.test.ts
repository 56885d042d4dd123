/**
 * The managers' fee configuration (spec 2.12 tabs, 3 fee item, 5 "Registration fee config"):
 * every rule with its own message in both languages, the price-change confirmation (spec 4),
 * delete of a held fee, 'Must be saved first', the two screens, and tenants kept apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { visit } from '../../helpers/http';
import { t } from '../../../server/platform/i18n';
import { inTransaction } from '../../../server/db/transaction';
import { call } from '../registration/helpers';
import { feeBody } from './helpers';

let h: Harness;
let cid: number;
let other: number;
let manager: string;
let otherManager: string;
const host = 'fees.localhost';
const otherHost = 'fees-b.localhost';
const PATH = '/conference/platform/manage/fee';

const feeCount = async () => Number((await h.db('fee_items').count({ n: '*' }).first())!.n);
const create = async (change: object = {}) => {
  const res = await call(h, host, 'post', PATH, { token: manager, body: feeBody(change) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<{ id: number }>;
};

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'fees', domains: [host] }));
  other = await h.provision(contractSite({ slug: 'fees-b', domains: [otherHost] }));
  manager = await h.login({ email: 'fee-manager@example.org', conferenceId: cid, roles: ['manager'] });
  otherManager = await h.login({ email: 'fee-manager-b@example.org', conferenceId: other, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('create, list, update', () => {
  test('a fee is saved with its prices in minor units and listed by kind with its used count', async () => {
    const res = await call(h, host, 'post', PATH, {
      token: manager,
      body: feeBody({ price: '1200.5', invitationCode: 'VIP-2027' }),
    });
    expect(res.body).toMatchObject({ code: 200, message: 'fees:saved' });
    expect(res.body.data.at(-1)).toMatchObject({
      kind: 'register',
      price: { amount: 120050, currency: 'CNY' },
      display: { amount: 17000, currency: 'USD' },
      used: 0,
      invitationCode: 'VIP-2027',
      priceVersion: 1,
    });
    const optional = await call(h, host, 'get', `${PATH}?kind=optional`, { token: manager });
    expect(optional.body.data).toEqual([]);
    const id = res.body.data.at(-1).id;
    const row = await h.db('fee_items').where({ id }).first();
    expect(row).toMatchObject({ conference_id: cid, price_amount: 120050, display_price_amount: 17000 });
    const updated = await call(h, host, 'put', `${PATH}/${id}`, {
      token: manager,
      body: feeBody({ categoryZh: 'Student', kind: 'optional' }),
    });
    // The kind stays what the fee was created as.
    expect(updated.body.data.find((f: { id: number }) => f.id === id)).toMatchObject({
      categoryZh: 'Student',
      kind: 'register',
    });
  });
});

// Each rule of spec 5, one broken at a time: its own key, on its field, resolved in both languages; nothing written.
const RULES: Array<[string, object, string, string]> = [
  ['no category', { categoryZh: '  ' }, 'fees:categoryRequired', 'categoryZh'],
  ['no English category', { categoryEn: '' }, 'fees:categoryEnRequired', 'categoryEn'],
  ['no zh title', { titleZh: '' }, 'fees:titleZhRequired', 'titleZh'],
  ['no en title', { titleEn: '' }, 'fees:titleEnRequired', 'titleEn'],
  ['no zh description', { descriptionZh: '' }, 'fees:descriptionZhRequired', 'descriptionZh'],
  ['no en description', { descriptionEn: '' }, 'fees:descriptionEnRequired', 'descriptionEn'],
  ['no currency', { currency: '' }, 'fees:currencyRequired', 'currency'],
  ['no display currency', { displayCurrency: '' }, 'fees:displayCurrencyRequired', 'displayCurrency'],
  ['no display price', { displayPrice: '' }, 'fees:displayPriceRequired', 'displayPrice'],
  ['no actual price', { price: '' }, 'fees:priceRequired', 'price'],
  ['a price of 0', { price: '0.00' }, 'fees:pricePositive', 'price'],
  ['a negative price', { price: '-5' }, 'fees:pricePositive', 'price'],
  ['no open date', { openDate: '' }, 'fees:openDateRequired', 'openDate'],
  ['no deadline', { deadline: '' }, 'fees:deadlineRequired', 'deadline'],
  ['a day that does not exist', { openDate: '2027-02-30' }, 'fees:dateInvalid', 'openDate'],
  ['open date = deadline', { openDate: '2027-03-01', deadline: '2027-03-01' }, 'fees:dateOrder', 'deadline'],
  ['open date after the deadline', { openDate: '2027-03-02', deadline: '2027-03-01' }, 'fees:dateOrder', 'deadline'],
  ['no maximum per category', { maxTotal: undefined }, 'fees:maxTotalRequired', 'maxTotal'],
  ['no maximum per account', { maxPerAccount: undefined }, 'fees:maxPerAccountRequired', 'maxPerAccount'],
  ['a maximum of 0', { maxTotal: 0 }, 'fees:maxInvalid', 'maxTotal'],
  ['per category below per account', { maxTotal: 1, maxPerAccount: 2 }, 'fees:maxTotalBelowPerAccount', 'maxTotal'],
  ['a bad user scope', { userScope: 'rich' }, 'fees:scopeInvalid', 'userScope'],
  ['a code with spaces', { invitationCode: 'a b' }, 'fees:codeInvalid', 'invitationCode'],
];

describe('the rules of spec 5', () => {
  test.each(RULES)('refuses %s (%s) and writes nothing', async (_name, change, key, field) => {
    const before = await feeCount();
    const res = await call(h, host, 'post', PATH, { token: manager, body: feeBody(change) });
    expect(res.body).toMatchObject({ code: 400, message: key, field });
    expect(await feeCount()).toBe(before);
  });

  test('money that is not a price: thousands separators, too many decimals, an unknown currency', async () => {
    expect(
      (await call(h, host, 'post', PATH, { token: manager, body: feeBody({ price: '1,000' }) })).body,
    ).toMatchObject({ code: 400, message: 'money.format', field: 'price' });
    expect(
      (await call(h, host, 'post', PATH, { token: manager, body: feeBody({ price: '1.005' }) })).body,
    ).toMatchObject({ code: 400, message: 'money.tooManyDecimals', field: 'price' });
    expect(
      (await call(h, host, 'post', PATH, { token: manager, body: feeBody({ currency: 'C1Y' }) })).body,
    ).toMatchObject({ code: 400, message: 'money.currency', field: 'currency' });
  });

  test('every message key of the fees resolves in Chinese and in English', () => {
    const keys = [
      ...RULES.map((r) => r[2]),
      'fees:maxPerAccountAboveTotal',
      'fees:maxBelowUsed',
      'fees:priceChangeConfirm',
      'fees:inUse',
      'fees:saveFirst',
      'fees:chooseFee',
      'fees:closed',
      'fees:scope',
      'fees:language',
      'fees:wrongCode',
      'fees:quantity',
      'fees:soldOut',
      'fees:perAccount',
      'fees:notFound',
      'fees:saved',
      'fees:deleted',
    ];
    for (const key of keys) {
      const zh = t('zh', key, { used: '3', unpaidOrders: '2' });
      const en = t('en', key, { used: '3', unpaidOrders: '2' });
      expect(zh, key).not.toBe(key.replace('fees:', ''));
      expect(en, key).not.toBe(key.replace('fees:', ''));
      expect(zh, key).not.toBe(en);
      expect(zh, key).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(t('en', 'fees:chooseFee')).toBe('please choose fee');
    expect(t('en', 'fees:saveFirst')).toBe('Must be saved first');
  });
});

describe('changes that orders depend on', () => {
  test('a new price of a held fee asks for confirmation, then bumps the version and raises fee.priceChanged', async () => {
    const id = (await create({ categoryZh: 'Held' })).at(-1)!.id;
    await inTransaction(h.db, (tx) =>
      h.fees.hold(tx, cid, { orderId: 9001, userId: 1, lines: [{ feeId: id, quantity: 1 }] }),
    );
    const raised: unknown[] = [];
    const off = h.events.on('fee.priceChanged', (_tx, p) => void raised.push(p));
    try {
      const asked = await call(h, host, 'put', `${PATH}/${id}`, {
        token: manager,
        body: feeBody({ categoryZh: 'Held', price: '999' }),
      });
      expect(asked.status).toBe(409);
      expect(asked.body).toMatchObject({
        code: 409,
        message: 'fees:priceChangeConfirm',
        params: { unpaidOrders: '1' },
      });
      expect(await h.db('fee_items').where({ id }).first()).toMatchObject({ price_amount: 120050, price_version: 1 });
      expect(raised).toEqual([]);
      // Other fields change without a question.
      expect(
        (await call(h, host, 'put', `${PATH}/${id}`, { token: manager, body: feeBody({ categoryZh: 'Held 2' }) })).body
          .code,
      ).toBe(200);
      const confirmed = await call(h, host, 'put', `${PATH}/${id}`, {
        token: manager,
        body: feeBody({ categoryZh: 'Held 2', price: '999', confirm: true }),
      });
      expect(confirmed.body.data.find((f: { id: number }) => f.id === id)).toMatchObject({
        price: { amount: 99900 },
        priceVersion: 2,
        used: 1,
      });
      expect(raised).toEqual([{ conferenceId: cid, feeId: id }]);
      // The maximum cannot go below the places taken.
      expect(
        (
          await call(h, host, 'put', `${PATH}/${id}`, {
            token: manager,
            body: feeBody({ categoryZh: 'Held 2', price: '999', maxTotal: 1, maxPerAccount: 1 }),
          })
        ).body.code,
      ).toBe(200);
    } finally {
      off();
    }
  });

  test('a fee an order holds cannot be deleted (fees:inUse); once released it can', async () => {
    const id = (await create({ categoryZh: 'Delete me' })).at(-1)!.id;
    await inTransaction(h.db, (tx) =>
      h.fees.hold(tx, cid, { orderId: 9002, userId: 9002, lines: [{ feeId: id, quantity: 1 }] }),
    );
    const refused = await call(h, host, 'delete', `${PATH}/${id}`, { token: manager });
    expect(refused.body).toMatchObject({ code: 409, message: 'fees:inUse' });
    expect(await h.db('fee_items').where({ id }).first()).toBeTruthy();
    expect(await inTransaction(h.db, (tx) => h.fees.release(tx, cid, 9002))).toBe(1);
    const deleted = await call(h, host, 'delete', `${PATH}/${id}`, { token: manager });
    expect(deleted.body).toMatchObject({ code: 200, message: 'fees:deleted' });
    expect(await h.db('fee_items').where({ id }).first()).toBeUndefined();
  });

  test('the maximum per category cannot go below the places taken (fees:maxBelowUsed)', async () => {
    const id = (await create({ kind: 'optional', categoryZh: 'Taken', maxTotal: 5, maxPerAccount: 3 })).at(-1)!.id;
    await inTransaction(h.db, (tx) =>
      h.fees.hold(tx, cid, { orderId: 9003, userId: 9003, lines: [{ feeId: id, quantity: 3 }] }),
    );
    const res = await call(h, host, 'put', `${PATH}/${id}`, {
      token: manager,
      body: feeBody({ kind: 'optional', categoryZh: 'Taken', maxTotal: 2, maxPerAccount: 1 }),
    });
    expect(res.body).toMatchObject({
      code: 400,
      message: 'fees:maxBelowUsed',
      field: 'maxTotal',
      params: { used: '3' },
    });
  });

  test("reorder: the saved fees in a new order; an unsaved one is refused ('Must be saved first')", async () => {
    const list = await create({ categoryZh: 'Last' });
    const ids = list.map((f) => f.id);
    const refused = await call(h, host, 'post', `${PATH}/reorder`, {
      token: manager,
      body: { kind: 'register', ids: [...ids, 999999] },
    });
    expect(refused.body).toMatchObject({ code: 400, message: 'fees:saveFirst' });
    const reversed = await call(h, host, 'post', `${PATH}/reorder`, {
      token: manager,
      body: { kind: 'register', ids: [...ids].reverse() },
    });
    expect(reversed.body.data.map((f: { id: number }) => f.id)).toEqual([...ids].reverse());
  });
});

describe('screens and tenants', () => {
  test("the two tabs are the managers' screens, with the fee island", async () => {
    for (const path of ['/platform/config/register/fee', '/platform/config/register/optional']) {
      const res = await visit(h.app, path, { host, token: manager, lang: 'en' });
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('data-island="RegisterConfigFees"');
      expect(res.text).toContain('Optional fee');
      const phone = await visit(h.app, path, { host, token: manager, lang: 'zh', mobile: true });
      expect(phone.status).toBe(200);
      expect(phone.text).toContain('可选费用');
      const anonymous = await visit(h.app, path, { host });
      expect(anonymous.status).toBe(302);
    }
  });

  test("another conference's manager cannot read, change or delete a fee (404)", async () => {
    const id = (await create({ categoryZh: 'Mine' })).at(-1)!.id;
    const before = await h.db('fee_items').where({ id }).first();
    expect((await call(h, otherHost, 'get', PATH, { token: otherManager })).body.data).toEqual([]);
    expect(
      (
        await call(h, otherHost, 'put', `${PATH}/${id}`, {
          token: otherManager,
          body: feeBody({ categoryZh: 'Stolen' }),
        })
      ).body,
    ).toMatchObject({ code: 404, message: 'fees:notFound' });
    expect((await call(h, otherHost, 'delete', `${PATH}/${id}`, { token: otherManager })).body).toMatchObject({
      code: 404,
      message: 'fees:notFound',
    });
    // A's manager's token on B's domain is no session there.
    expect((await call(h, otherHost, 'get', PATH, { token: manager })).body.code).not.toBe(200);
    expect(await h.db('fee_items').where({ id }).first()).toEqual(before);
  });
});
