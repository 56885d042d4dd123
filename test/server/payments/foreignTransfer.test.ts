/**
 * Bank transfer details for attendees abroad (issue 32): the payee's and the bank's names in
 * English, the BIC (SWIFT code) and an IBAN in the payment configuration, each checked (a wrong
 * format or check digits: its message in both languages, nothing saved), kept compact and in
 * capitals; the English pay instructions show the English names, the Chinese ones the Chinese,
 * both the BIC and the IBAN (in groups of four).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { money } from '../../../server/contract/money';
import { ibanGroups, isBic, isIban } from '../../../server/contract/payments';
import { t } from '../../../server/platform/i18n';
import { call } from '../registration/helpers';
import { BANK, fullConfig } from './helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'pay-abroad.localhost';
const CONFIG = '/conference/platform/config/pay';
const ABROAD = {
  ...BANK,
  accountName: '会议组织有限公司',
  bankName: '中国银行北京分行',
  accountNameEn: 'Conference Org Ltd',
  bankNameEn: 'Bank of China, Beijing Branch',
  swift: 'bkch cn bj 110',
  iban: 'gb82 west 1234 5698 7654 32',
};
const withBank = (fields: Record<string, string>) =>
  fullConfig({ methods: fullConfig().methods.map((m) => (m.method === 'bankRemit' ? { ...m, fields } : m)) });

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'pay-abroad', domains: [host] }));
  manager = await h.login({ email: 'pay-abroad-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

const save = (body: object, lang: 'zh' | 'en' = 'en') => call(h, host, 'post', CONFIG, { token: manager, body, lang });

describe('the formats', () => {
  test('BIC: 8 or 11 characters of the right kinds', () => {
    for (const ok of ['BKCHCNBJ', 'BKCHCNBJ110', 'DEUTDEFF500', 'ICBKCNBJ']) expect(isBic(ok), ok).toBe(true);
    for (const bad of ['BKCHCNB', 'BKCHCNBJ11', '1KCHCNBJ', 'BKCH1NBJ', 'bkchcnbj', 'BKCHCNBJ1100'])
      expect(isBic(bad), bad).toBe(false);
  });
  test('IBAN: shape and mod-97 check digits', () => {
    for (const ok of ['GB82WEST12345698765432', 'DE89370400440532013000', 'FR1420041010050500013M02606'])
      expect(isIban(ok), ok).toBe(true);
    for (const bad of ['GB83WEST12345698765432', 'DE8937040044053201300', 'XX', '6222000011112222'])
      expect(isIban(bad), bad).toBe(false);
    expect(ibanGroups('gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });
});

describe('the configuration', () => {
  test('saved compact, in capitals, shown back to the manager', async () => {
    const res = await save(withBank(ABROAD));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const got = (await call(h, host, 'get', CONFIG, { token: manager })).body.data;
    const bank = got.methods.find((m: { method: string }) => m.method === 'bankRemit');
    expect(bank.fields).toMatchObject({
      accountNameEn: 'Conference Org Ltd',
      bankNameEn: 'Bank of China, Beijing Branch',
      swift: 'BKCHCNBJ110',
      iban: 'GB82WEST12345698765432',
    });
  });

  test.each([
    ['a BIC of 9 characters', { swift: 'BKCHCNBJ1' }, 'payments:bicInvalid', 'bankRemit.swift'],
    ['a BIC with a digit for the country', { swift: 'BKCH1NBJ' }, 'payments:bicInvalid', 'bankRemit.swift'],
    [
      'an IBAN whose check digits do not match',
      { iban: 'GB83 WEST 1234 5698 7654 32' },
      'payments:ibanInvalid',
      'bankRemit.iban',
    ],
    ['a Chinese account number as an IBAN', { iban: '6222 0000 1111 2222' }, 'payments:ibanInvalid', 'bankRemit.iban'],
  ])('%s: its message, nothing saved', async (_name, change, key, field) => {
    const before = await h.db('payment_methods').where({ conference_id: cid, method: 'bankRemit' }).first();
    for (const lang of ['zh', 'en'] as const) {
      const res = await save(withBank({ ...ABROAD, ...change }), lang);
      expect(res.body).toMatchObject({ code: 400, message: key, field });
      expect(t(lang, key)).not.toBe(key.replace(/^\w+:/, ''));
    }
    expect(await h.db('payment_methods').where({ conference_id: cid, method: 'bankRemit' }).first()).toEqual(before);
  });

  test('the English fields, the BIC and the IBAN are optional: a domestic account needs none', async () => {
    expect((await save(withBank(BANK))).body.code).toBe(200);
    await save(withBank(ABROAD));
  });
});

describe('the pay instructions', () => {
  const start = async (lang: 'zh' | 'en'): Promise<{ lines: Array<{ labelKey: string; value: string }> }> => {
    const result = await h.payments.provider('bankRemit').start({
      conferenceId: cid,
      attemptNo: 'A20270301000009',
      amount: money(150000, 'CNY'),
      orders: [{ orderNo: 'R2027000001', reference: 'PAY7K3Q' }],
      subject: '注册费',
      passback: 'x',
      startedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      lang,
      returnUrl: 'http://x/r',
      notifyUrl: 'http://x/n',
      config: (await h.payments.configOf(cid, 'bankRemit')) ?? {},
    });
    if (result.kind !== 'instructions') throw new Error(result.kind);
    return result;
  };

  test('English: the English names, the BIC and the IBAN in groups of four', async () => {
    expect((await start('en')).lines).toEqual([
      { labelKey: 'payments:field.accountName', value: 'Conference Org Ltd' },
      { labelKey: 'payments:field.account', value: BANK.account },
      { labelKey: 'payments:field.bankName', value: 'Bank of China, Beijing Branch' },
      { labelKey: 'payments:field.swift', value: 'BKCHCNBJ110' },
      { labelKey: 'payments:field.iban', value: 'GB82 WEST 1234 5698 7654 32' },
      { labelKey: 'payments:transferReference', value: 'PAY7K3Q' },
    ]);
  });

  test('Chinese: the Chinese names, the BIC and the IBAN all the same', async () => {
    const lines = (await start('zh')).lines;
    expect(lines.slice(0, 3).map((l) => l.value)).toEqual(['会议组织有限公司', BANK.account, '中国银行北京分行']);
    expect(lines.map((l) => l.labelKey)).toContain('payments:field.swift');
  });

  test('without English names, the English page shows the names as configured', async () => {
    await save(withBank({ ...ABROAD, accountNameEn: '', bankNameEn: '' }));
    expect((await start('en')).lines.slice(0, 3).map((l) => l.value)).toEqual([
      '会议组织有限公司',
      BANK.account,
      '中国银行北京分行',
    ]);
    await save(withBank(ABROAD));
  });
});
