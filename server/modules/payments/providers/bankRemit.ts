/** Bank remittance: the payee's account and the orders' references to write on the transfer. */
import type { PaymentProvider } from '../provider';
import { transferReference } from '../provider';
import { configOfMethod } from './fields';

export const bankRemit: PaymentProvider = {
  method: 'bankRemit',
  online: false,
  ...configOfMethod('bankRemit'),
  async start({ orders, config }) {
    const reference = transferReference(orders);
    return {
      kind: 'instructions',
      reference,
      lines: [
        { labelKey: 'payments:field.accountName', value: config.accountName },
        { labelKey: 'payments:field.account', value: config.account },
        { labelKey: 'payments:field.bankName', value: config.bankName },
        { labelKey: 'payments:transferReference', value: reference },
      ],
    };
  },
};
