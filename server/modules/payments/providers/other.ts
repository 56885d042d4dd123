/**
 * "Other": the manager's own instructions as HTML, cleaned when saved (the service runs it through
 * sanitizeHtml), shown with the orders' references.
 */
import type { PaymentProvider } from '../provider';
import { transferReference } from '../provider';
import { configOfMethod } from './fields';

export const otherMethod: PaymentProvider = {
  method: 'other',
  online: false,
  ...configOfMethod('other'),
  async start({ orders, config }) {
    const reference = transferReference(orders);
    return {
      kind: 'instructions',
      reference,
      lines: [{ labelKey: 'payments:transferReference', value: reference }],
      html: config.html,
    };
  },
};
