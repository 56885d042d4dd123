/** Bank remittance: the payee's account and the orders' references to write on the transfer. */
import type { PaymentProvider } from '../provider';
import { transferReference } from '../provider';
import { configOfMethod } from './fields';
import { ibanGroups } from '../../../contract/payments';

export const bankRemit: PaymentProvider = {
  method: 'bankRemit',
  online: false,
  ...configOfMethod('bankRemit'),
  async start({ orders, config, lang }) {
    const reference = transferReference(orders);
    // The English page shows the English names where the manager gave them (a transfer from abroad
    // is typed in Latin letters); the BIC and IBAN, when set, on every page.
    const en = lang === 'en';
    const lines = [
      { labelKey: 'payments:field.accountName', value: (en && config.accountNameEn) || config.accountName },
      { labelKey: 'payments:field.account', value: config.account },
      { labelKey: 'payments:field.bankName', value: (en && config.bankNameEn) || config.bankName },
      ...(config.swift ? [{ labelKey: 'payments:field.swift', value: config.swift }] : []),
      ...(config.iban ? [{ labelKey: 'payments:field.iban', value: ibanGroups(config.iban) }] : []),
      { labelKey: 'payments:transferReference', value: reference },
    ];
    return { kind: 'instructions', reference, lines };
  },
};
