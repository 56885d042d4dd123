/**
 * The provider contract's first implementations: the offline methods answer instructions with the
 * payee's details and the orders' references (what the statement import matches), "other" its
 * cleaned HTML; the five gateway methods refuse to start until issue 13. Started as orders will:
 * provider(method).start({ ..., config: configOf(...) }).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { money } from '../../../server/contract/money';
import { ONLINE_METHODS, PAYMENT_METHODS, type PaymentMethod } from '../../../server/contract/payments';
import type { StartInput } from '../../../server/modules/payments/provider';
import { providerRegistry } from '../../../server/modules/payments/registry';
import { BANK, fullConfig, POSTAL } from './helpers';

let h: Harness;
let cid: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'providers', domains: ['providers.localhost'] }));
  await h.payments.save(
    cid,
    fullConfig({
      generalMethods: [
        'bankRemit',
        'postalRemit',
        'other',
        ...ONLINE_METHODS.filter((m) => m !== 'cardDomestic' && m !== 'walletB'),
      ],
    }),
  );
});
afterAll(() => h?.stop());

async function start(method: PaymentMethod) {
  const input: StartInput = {
    conferenceId: cid,
    attemptNo: 'A20270301000001',
    amount: money(150000, 'CNY'),
    orders: [
      { orderNo: 'R2027000001', reference: 'PAY7K3Q' },
      { orderNo: 'O2027000002', reference: 'PAY9M2X' },
    ],
    subject: '注册费, 晚宴',
    passback: `cp${cid}-A20270301000001`,
    startedAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    lang: 'zh',
    returnUrl: 'http://providers.localhost/profile/order/pay/goto/result/A20270301000001',
    notifyUrl: 'http://providers.localhost/api/pay/notify',
    config: (await h.payments.configOf(cid, method)) ?? {},
  };
  return h.payments.provider(method).start(input);
}

test('every method has one provider, online exactly for the gateway methods', () => {
  const registry = providerRegistry();
  expect([...registry.keys()].sort()).toEqual([...PAYMENT_METHODS].sort());
  for (const method of PAYMENT_METHODS) expect(registry.get(method)!.online).toBe(ONLINE_METHODS.includes(method));
  expect(registry.get('cardForeign')!.secretFields).toEqual([
    'payPassword',
    'rootCertificate',
    'middleCertificate',
    'privateKeyCertificate',
    'certificatePassword',
  ]);
  expect(registry.get('bankRemit')!.secretFields).toEqual([]);
});

test('bank remittance: account name, account, bank and the references to write on the transfer', async () => {
  expect(await start('bankRemit')).toEqual({
    kind: 'instructions',
    reference: 'PAY7K3Q PAY9M2X',
    lines: [
      { labelKey: 'payments:field.accountName', value: BANK.accountName },
      { labelKey: 'payments:field.account', value: BANK.account },
      { labelKey: 'payments:field.bankName', value: BANK.bankName },
      { labelKey: 'payments:transferReference', value: 'PAY7K3Q PAY9M2X' },
    ],
  });
});

test('postal remittance: payee, address, post code and the references', async () => {
  const result = await start('postalRemit');
  expect(result).toEqual({
    kind: 'instructions',
    reference: 'PAY7K3Q PAY9M2X',
    lines: [
      { labelKey: 'payments:field.payeeName', value: POSTAL.payeeName },
      { labelKey: 'payments:field.address', value: POSTAL.address },
      { labelKey: 'payments:field.postCode', value: POSTAL.postCode },
      { labelKey: 'payments:transferReference', value: 'PAY7K3Q PAY9M2X' },
    ],
  });
});

test('other: its HTML as cleaned when saved, and the references', async () => {
  const result = await start('other');
  expect(result).toEqual({
    kind: 'instructions',
    reference: 'PAY7K3Q PAY9M2X',
    lines: [{ labelKey: 'payments:transferReference', value: 'PAY7K3Q PAY9M2X' }],
    html: '<p>到会务组现场缴费</p>',
  });
});

test.each(ONLINE_METHODS)('%s has its gateway: online, with checks of its keys', (method) => {
  const provider = providerRegistry().get(method)!;
  expect(provider.online).toBe(true);
  expect(typeof provider.parseNotification).toBe('function');
  expect(typeof provider.query).toBe('function');
  expect(typeof provider.refund).toBe('function');
});

test("a configuration is the conference's own: another conference has none", async () => {
  const other = await h.provision(contractSite({ slug: 'providers-b', domains: ['providers-b.localhost'] }));
  expect(await h.payments.configOf(other, 'bankRemit')).toBeNull();
  expect(await h.payments.methodsFor(other, 'general')).toEqual([]);
  expect(await h.payments.configOf(cid, 'bankRemit')).toEqual({
    ...BANK,
    accountNameEn: '',
    bankNameEn: '',
    swift: '',
    iban: '',
  });
});
