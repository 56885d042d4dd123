/** Postal remittance: the payee's name and address and the orders' references for the money order. */
import type { PaymentProvider } from '../provider';
import { transferReference } from '../provider';
import { configOfMethod } from './fields';

export const postalRemit: PaymentProvider = {
  method: 'postalRemit',
  online: false,
  ...configOfMethod('postalRemit'),
  async start({ orders, config }) {
    const reference = transferReference(orders);
    const lines = [
      { labelKey: 'payments:field.payeeName', value: config.payeeName },
      { labelKey: 'payments:field.address', value: config.address },
      // The post code is optional: no empty line for it.
      ...(config.postCode ? [{ labelKey: 'payments:field.postCode', value: config.postCode }] : []),
      { labelKey: 'payments:transferReference', value: reference },
    ];
    return { kind: 'instructions', reference, lines };
  },
};
